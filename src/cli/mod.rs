//! The command line: one module per subcommand. `anyhow` is used here and in `main` only.

pub mod analyze;
pub mod audit;
pub mod detect;
pub mod eval;
pub mod eval_vision;
pub mod picture;
pub mod play;
pub mod progress;
pub mod simulate;

use clap::{Parser, Subcommand};

/// pitwatch watches recorded casino-table footage and finds dealer mistakes.
#[derive(Debug, Parser)]
#[command(name = "pitwatch", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse recorded footage: events, findings with evidence pictures, a reviewer's summary.
    #[command(
        after_help = "Exit status: 0 no findings, 1 findings, 2 a file could not be read (the others are still analysed)."
    )]
    Analyze(analyze::AnalyzeArgs),
    /// Audit a table-event log (JSON Lines) against the twenty-one rules.
    #[command(after_help = "Exit status: 0 no findings, 1 findings, 2 bad input or usage.")]
    Audit(audit::AuditArgs),
    /// Write the event log of rounds dealt exactly by the rules (a clean shift).
    Play(play::PlayArgs),
    /// Find cards and chips in still pictures with a YOLOv8/YOLO11 ONNX export.
    Detect(detect::DetectArgs),
    /// Hold what `analyze` recovered from simulator footage against its truth: events and
    /// findings, precision and recall.
    Eval(eval::EvalArgs),
    /// Score the recognizer on simulator footage: precision, recall, faces and values read.
    EvalVision(eval_vision::EvalVisionArgs),
    /// Film simulated play: H.264 footage with its exact event log, findings, layout and
    /// per-frame annotations.
    Simulate(simulate::SimulateArgs),
}

/// Exit status: no findings.
pub const EXIT_CLEAN: u8 = 0;
/// Exit status: findings reported.
pub const EXIT_FINDINGS: u8 = 1;
/// Exit status: bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Runs a parsed command line and returns the exit status.
pub fn run(cli: Cli) -> anyhow::Result<u8> {
    match cli.command {
        Command::Analyze(a) => analyze::run(&a),
        Command::Audit(a) => audit::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Simulate(a) => simulate::run(&a),
        Command::Detect(a) => detect::run(&a),
        Command::Eval(a) => eval::run(&a),
        Command::EvalVision(a) => eval_vision::run(&a),
    }
}
