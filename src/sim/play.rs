//! Twenty-one played by a dealer who follows the chapter exactly, written as a table-event log.
//!
//! Players follow a basic-strategy-like policy with some variation, take insurance and even
//! money, split (resplitting aces), double down, and tip. The dealer deals in the order of the
//! house's dealing method, burns after every shuffle and dealer change, plays the dealer's hand by
//! 08-11(10), collects from the right to the left, and pays hand by hand with fanned chips. The
//! result is the ground truth that the audit must find clean; the benchmarks, the property tests
//! and the bundled sample use it.

use crate::events::Id;
use crate::events::{Bet, Cents, Chips, Event, EventKind, Money, Target, WagerKind};
use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::twenty_one::{
    Collection, DealingMethod, HandValue, HouseRules, TipDouble, must_draw,
};

use super::mistakes::{Injected, Mistake};
use super::rng::Rng;
use super::scene::SHUFFLE_S;

/// Seconds the dealer takes, beyond the usual pause between two acts, to pick up the cards
/// that end a round: every hand's and the dealer's (99-01.3-08-11(17)).
const CLEAR_S: f64 = 1.0;

/// Settings for generated play.
#[derive(Debug, Clone)]
pub struct PlayConfig {
    /// House rules the dealer follows.
    pub rules: HouseRules,
    /// Table id written on every event (one shared id for all of them).
    pub table: Id,
    /// Random seed.
    pub seed: u64,
    /// Betting spaces at the table (1..=7).
    pub spaces: u8,
    /// Chance that each space holds a wager in a round.
    pub occupancy: f64,
    /// Write chips by denomination on every wager and payout, not just amounts.
    pub with_chips: bool,
    /// Footage time of the first event, in seconds.
    pub t0: f64,
    /// Chance that a round carries a dealer mistake (0: a clean shift).
    pub errors: f64,
    /// The mistakes to choose from.
    pub mistakes: Vec<Mistake>,
    /// Wall clock at footage time 0, as (date, seconds since midnight): every event then
    /// carries its wall-clock time as the recorder's overlay shows it.
    pub wall: Option<(String, u32)>,
    /// Chance that a player's first two cards are made a pair, aces more often than not, by
    /// arranging the shoe before each is dealt (0: cards as shuffled). For training footage,
    /// where split hands (08-11(3)) are otherwise too rare to learn from.
    pub pairs: f64,
}

impl PlayConfig {
    /// Defaults for a table under `rules`.
    pub fn new(rules: HouseRules, seed: u64) -> PlayConfig {
        PlayConfig {
            rules,
            table: "1".into(),
            seed,
            spaces: 7,
            occupancy: 0.6,
            with_chips: false,
            t0: 0.0,
            errors: 0.0,
            mistakes: Mistake::ALL.to_vec(),
            wall: None,
            pairs: 0.0,
        }
    }
}

#[derive(Debug, Clone, Default)]
struct PHand {
    cards: Vec<Card>,
    stake: Cents,
    double: Cents,
    from_split: bool,
    split_aces: bool,
    settled: bool,
    /// Bust, chips left on the cards until the dealer's hand is known (08-11(8)).
    bust_waiting: bool,
}

impl PHand {
    fn value(&self) -> HandValue {
        HandValue::of(self.cards.iter().map(|c| c.rank))
    }
    fn natural(&self) -> bool {
        !self.from_split && self.double == 0 && self.value().is_two_card_21()
    }
}

#[derive(Debug, Clone, Default)]
struct PSpace {
    space: u8,
    original: Cents,
    tip: Cents,
    tip_double: Cents,
    insurance: Cents,
    even_money: bool,
    hands: Vec<PHand>,
}

/// A dealer at one table, producing events round after round.
#[derive(Debug)]
pub struct Table {
    cfg: PlayConfig,
    rng: Rng,
    shoe: Vec<Card>,
    next: usize,
    cut: usize,
    t: f64,
    rounds: u64,
    out: Vec<Event>,
    /// Player labels by space ("P1".."P7"), shared by every wager event.
    players: Vec<Id>,
    /// Draws the mistakes, apart from play so a clean shift is the same with or without them.
    err_rng: Rng,
    /// The mistake waiting for its chance in this round (or a later one), and the round it
    /// was drawn in: one that finds no chance in five rounds is dropped.
    pending: Option<Mistake>,
    pending_since: u64,
    /// The mistakes made so far.
    injected: Vec<Injected>,
    /// A round is being dealt (a shuffle between rounds belongs to the next one).
    dealing: bool,
}

impl Table {
    /// A table with a fresh shoe, not yet shuffled.
    pub fn new(cfg: PlayConfig) -> Table {
        let mut shoe = Vec::with_capacity(usize::from(cfg.rules.decks) * 52);
        for _ in 0..cfg.rules.decks {
            for r in Rank::ALL {
                for s in Suit::ALL {
                    shoe.push(Card::new(r, s));
                }
            }
        }
        let rng = Rng::new(cfg.seed);
        let seed = cfg.seed;
        let t = cfg.t0;
        let n = shoe.len();
        Table {
            cfg,
            rng,
            shoe,
            next: n,
            cut: 0,
            t,
            rounds: 0,
            out: Vec::new(),
            players: (0..=7).map(|s| Id::from(format!("P{s}"))).collect(),
            err_rng: Rng::new(cfg_seed_for_errors(seed)),
            pending: None,
            pending_since: 0,
            injected: Vec::new(),
            dealing: false,
        }
    }

    /// The mistakes made so far, in order.
    pub fn injected(&self) -> &[Injected] {
        &self.injected
    }

    /// Time of the last event written, seconds.
    pub fn now(&self) -> f64 {
        self.out.last().map_or(self.t, |e| e.t)
    }

    /// Takes the pending mistake if it is `m`: the caller then makes it.
    fn take(&mut self, m: Mistake) -> bool {
        if self.pending == Some(m) {
            self.pending = None;
            true
        } else {
            false
        }
    }

    /// Records that mistake `m` was just made (in the last event written).
    fn note(&mut self, m: Mistake, space: Option<u8>) {
        let t = self.now();
        self.injected.push(Injected {
            mistake: m,
            round: self.rounds + u64::from(!self.dealing),
            space,
            t,
        });
    }

    /// Plays `n` rounds and returns their events (with any shuffles between them).
    pub fn play(&mut self, n: usize) -> Vec<Event> {
        for _ in 0..n {
            self.round();
        }
        std::mem::take(&mut self.out)
    }

    fn emit(&mut self, kind: EventKind) {
        self.t += self.rng.uniform(0.4, 1.6);
        let t = (self.t * 100.0).round() / 100.0;
        let wall = self.cfg.wall.as_ref().map(|(date, s0)| {
            let s = u64::from(*s0) + t as u64;
            Id::from(format!(
                "{date}T{:02}:{:02}:{:02}",
                (s / 3600) % 24,
                (s / 60) % 60,
                s % 60
            ))
        });
        self.out.push(Event {
            t,
            wall,
            table: self.cfg.table.clone(),
            kind,
        });
    }

    fn money(&self, amount: Cents) -> Money {
        if !self.cfg.with_chips {
            return Money::cents(amount);
        }
        let mut left = amount;
        let mut v = Vec::new();
        for d in [10_000, 2_500, 500, 200, 100, 50, 1] {
            let n = left / d;
            if n > 0 {
                v.push((d, n as u32));
                left -= n * d;
            }
        }
        v.sort_unstable();
        Money {
            amount,
            chips: Some(Chips(v.into_boxed_slice())),
        }
    }

    fn draw(&mut self) -> Card {
        if self.next >= self.shoe.len() {
            // 08-12(9): not enough cards to finish the round: reshuffle, cut and burn.
            self.shuffle();
        }
        let c = self.shoe[self.next];
        self.next += 1;
        c
    }

    fn shuffle(&mut self) {
        let mut shoe = std::mem::take(&mut self.shoe);
        self.rng.shuffle(&mut shoe);
        self.shoe = shoe;
        self.next = 0;
        // 08-08(2): the indicator card goes fifty to one hundred cards from the bottom.
        self.cut = self.shoe.len() - self.rng.range(50, 100) as usize;
        // The shuffle takes its time at the table (the scene lays its piles out before the
        // dealer for it); its event is when the cards are back in the shoe.
        self.t += SHUFFLE_S;
        self.emit(EventKind::Shuffle);
        self.emit(EventKind::Cut);
        if self.take(Mistake::NoBurn) {
            // The first card dealt is the finding's moment; the cut marks where it began.
            self.note(Mistake::NoBurn, None);
            return;
        }
        self.burn();
    }

    /// Brings a card of `rank` from further down the shoe to be the next dealt (a swap, so the
    /// shoe keeps its cards); nothing where none is left before the shoe's end.
    fn stack_next(&mut self, rank: Rank) {
        if let Some(k) = (self.next..self.shoe.len()).find(|&k| self.shoe[k].rank == rank) {
            self.shoe.swap(self.next, k);
        }
    }

    fn burn(&mut self) {
        let _ = self.draw();
        self.emit(EventKind::Burn {
            card: None,
            from: None,
        });
    }

    fn deal(&mut self, to: Target, face_up: bool, rotated: Option<bool>) -> Card {
        let c = self.draw();
        self.emit(EventKind::Card {
            to,
            card: face_up.then_some(c),
            rotated,
            or: None,
        });
        c
    }

    fn wager(&mut self, space: u8, hand: u8, kind: WagerKind, amount: Cents) {
        let money = self.money(amount);
        let player =
            (kind == WagerKind::Original).then(|| self.players[usize::from(space)].clone());
        self.emit(EventKind::Wager {
            space,
            hand,
            kind,
            money,
            player,
            at_least: false,
        });
    }

    fn pay(&mut self, space: u8, hand: u8, bet: Bet, amount: Cents) {
        let money = self.money(amount);
        // 08-11(16)(a): fanned at a surveilled table; 08-11(15)(d): insurance payoffs always.
        let must_fan = self.cfg.rules.video_surveillance || bet == Bet::Insurance;
        // One chip lies the same fanned or stacked: no mistake can be made with it (the
        // round's chance of one is spent all the same, so the rest of the shift plays as
        // before).
        let took = must_fan && self.take(Mistake::NotFanned);
        let stacked = took && money.chips.as_ref().is_none_or(|c| c.count() > 1);
        self.emit(EventKind::Payout {
            space,
            hand,
            bet,
            money,
            fanned: Some(!stacked),
            at_least: false,
            at_most: None,
        });
        if stacked {
            self.note(Mistake::NotFanned, Some(space));
        }
    }

    fn collect(&mut self, space: u8, hand: u8, bet: Bet, amount: Cents) {
        let money = self.money(amount);
        self.emit(EventKind::Collect {
            space,
            hand,
            bet,
            money,
            at_least: false,
        });
    }

    fn give_back(&mut self, space: u8, hand: u8, bet: Bet, amount: Cents) {
        let money = self.money(amount);
        self.emit(EventKind::Return {
            space,
            hand,
            bet,
            money,
            at_least: false,
        });
    }

    /// Plays one round.
    pub fn round(&mut self) {
        let rules = self.cfg.rules.clone();
        if self.pending.is_some() && self.rounds >= self.pending_since + 5 {
            self.pending = None;
        }
        if self.pending.is_none()
            && self.cfg.errors > 0.0
            && !self.cfg.mistakes.is_empty()
            && self.err_rng.chance(self.cfg.errors)
        {
            let i = self.err_rng.below(self.cfg.mistakes.len() as u64) as usize;
            self.pending = Some(self.cfg.mistakes[i]);
            self.pending_since = self.rounds;
        }
        if self.next >= self.cut || self.rounds == 0 {
            self.shuffle();
        } else if self.rng.chance(0.01) {
            let id = format!("D{}", self.rng.below(20));
            self.emit(EventKind::DealerChange {
                dealer: Some(id.into()),
            });
            self.burn();
        }
        self.rounds += 1;
        self.dealing = true;
        let mut spaces: Vec<PSpace> = Vec::new();
        for s in 1..=self.cfg.spaces {
            if self.rng.chance(self.cfg.occupancy) {
                spaces.push(PSpace {
                    space: s,
                    ..Default::default()
                });
            }
        }
        if spaces.is_empty() {
            spaces.push(PSpace {
                space: self.rng.range(1, i64::from(self.cfg.spaces)) as u8,
                ..Default::default()
            });
        }
        // Wagers before the first card (08-09(2)).
        let (min, max) = (
            i64::from(rules.min_wager_dollars),
            i64::from(rules.max_wager_dollars),
        );
        let over = self.take(Mistake::OverLimit);
        for (i, sp) in spaces.iter_mut().enumerate() {
            sp.original = self.rng.range(min, max.min(min + 24)) * 100;
            if over && i == 0 {
                sp.original = (max + 5) * 100;
            }
            if rules.tip_betting && self.rng.chance(0.12) {
                sp.tip = [50, 100, 200][self.rng.below(3) as usize].min(rules.tip_max());
            }
        }
        for (i, sp) in spaces.iter().enumerate() {
            self.wager(sp.space, 1, WagerKind::Original, sp.original);
            if over && i == 0 {
                self.note(Mistake::OverLimit, Some(sp.space));
            }
            if sp.tip > 0 {
                self.wager(sp.space, 1, WagerKind::Tip, sp.tip);
            }
        }
        // The deal (08-10(1)).
        let hole = rules.dealing_method.has_hole_card();
        let reversed = spaces.len() >= 2 && self.take(Mistake::DealingOrder);
        if reversed {
            spaces.reverse();
        }
        let mut paired = vec![false; spaces.len()];
        for (i, sp) in spaces.iter_mut().enumerate() {
            if self.cfg.pairs > 0.0 && self.rng.chance(self.cfg.pairs) {
                paired[i] = true;
                let rank = if self.rng.chance(0.6) {
                    Rank::Ace
                } else {
                    Rank::ALL[self.rng.below(13) as usize]
                };
                self.stack_next(rank);
            }
            let c = self.deal(
                Target::Hand {
                    space: sp.space,
                    hand: 1,
                },
                true,
                None,
            );
            sp.hands.push(PHand {
                cards: vec![c],
                stake: sp.original,
                ..Default::default()
            });
        }
        if reversed {
            spaces.reverse();
            paired.reverse();
            self.note(Mistake::DealingOrder, None);
        }
        let up = self.deal(Target::Dealer, true, None);
        let mut dealer = vec![up];
        for (i, sp) in spaces.iter_mut().enumerate() {
            if paired[i] {
                self.stack_next(sp.hands[0].cards[0].rank);
            }
            let c = self.deal(
                Target::Hand {
                    space: sp.space,
                    hand: 1,
                },
                true,
                None,
            );
            sp.hands[0].cards.push(c);
        }
        let mut hole_card = None;
        if hole {
            hole_card = Some(self.deal(Target::Dealer, false, None));
        }
        let ace_up = up.rank == Rank::Ace;
        let ten_up = up.rank.is_ten_count();
        // Insurance and even money (08-09(2)(b)).
        if ace_up && rules.insurance {
            for sp in spaces.iter_mut() {
                let (space, original) = (sp.space, sp.original);
                if sp.hands[0].natural() && rules.even_money && self.rng.chance(0.5) {
                    self.pay(space, 1, Bet::Main, original);
                    self.emit(EventKind::CardsCleared { space: Some(space) });
                    sp.even_money = true;
                    sp.hands[0].settled = true;
                } else if self.rng.chance(0.15) {
                    let wrong = self.take(Mistake::InsuranceAmount);
                    let ins = if wrong {
                        original / 2 + 100
                    } else {
                        original / 2
                    };
                    self.wager(space, 1, WagerKind::Insurance, ins);
                    sp.insurance = ins;
                    if wrong {
                        self.note(Mistake::InsuranceAmount, Some(space));
                    }
                }
            }
        }
        let dealer_natural =
            hole_card.is_some_and(|h| HandValue::of([up.rank, h.rank]).is_two_card_21());
        // 08-10(3): with a reading device the dealer checks an ace or ten-count upcard now.
        let mut revealed = false;
        if rules.dealing_method == DealingMethod::ReadingDevice && (ace_up || ten_up) {
            if dealer_natural {
                let h = hole_card.unwrap();
                self.emit(EventKind::HoleCardTurned { card: h, or: None });
                dealer.push(h);
                revealed = true;
            } else {
                for sp in spaces.iter_mut().rev() {
                    if sp.insurance > 0 {
                        let (s, a) = (sp.space, sp.insurance);
                        self.collect(s, 1, Bet::Insurance, a);
                        sp.insurance = 0;
                    }
                }
            }
        }
        if !revealed {
            self.players_act(&mut spaces, up, &rules);
            // Reveal unless every hand is finished and nothing hangs on a dealer natural (08-11(9)).
            let waiting = spaces.iter().any(|sp| {
                sp.insurance > 0
                    || sp
                        .hands
                        .iter()
                        .any(|h| !h.settled && (!h.value().is_bust() || h.bust_waiting))
            });
            if waiting {
                match hole_card {
                    Some(h) => {
                        self.emit(EventKind::HoleCardTurned { card: h, or: None });
                        dealer.push(h);
                    }
                    None => {
                        let c = self.deal(Target::Dealer, true, None);
                        dealer.push(c);
                    }
                }
                revealed = true;
            }
        }
        if revealed {
            let dv = HandValue::of(dealer.iter().map(|c| c.rank));
            if dv.is_two_card_21() {
                self.settle_dealer_natural(&mut spaces);
            } else {
                let live = spaces
                    .iter()
                    .flat_map(|s| &s.hands)
                    .any(|h| !h.settled && !h.value().is_bust() && !h.natural());
                // 08-11(10)(a)-(b): insurance, busted split or doubled hands and naturals are
                // settled at once, before the dealer draws (subdivisions f and g).
                self.settle_before_drawing(&mut spaces, &rules);
                let mut v = dv;
                while live && must_draw(v, rules.soft_17) {
                    if v.total() >= 12 && self.take(Mistake::StoodAt16) {
                        self.note(Mistake::StoodAt16, None);
                        break;
                    }
                    let c = self.deal(Target::Dealer, true, None);
                    v.add(c.rank);
                }
                if live && !v.is_bust() && self.take(Mistake::DrewAt17) {
                    // A card drawn at 17 or more; the hands are still settled on the total
                    // the dealer had to stand on.
                    self.deal(Target::Dealer, true, None);
                    self.note(Mistake::DrewAt17, None);
                }
                self.settle(&mut spaces, v, &rules);
            }
        } else {
            // Every hand finished before the reveal: pay any tip won by a natural paid at once.
            self.pay_tips(&spaces, &|sp: &PSpace| {
                sp.hands[0].natural() && !sp.even_money
            });
        }
        // The payoffs lie a moment before the cards are picked up and the players take their
        // chips: the dealer moves the hands away from each payoff (08-11(16)(a)) and picks up
        // the cards hand by hand, the dealer's last (08-11(17)). Without it a payoff could
        // lie still under half a second, three looks of a camera read five times a second.
        self.t += CLEAR_S;
        self.emit(EventKind::CardsCleared { space: None });
        self.dealing = false;
    }

    fn players_act(&mut self, spaces: &mut [PSpace], up: Card, rules: &HouseRules) {
        let up_count = if up.rank == Rank::Ace {
            11
        } else {
            up.rank.count()
        };
        let ace_or_ten = up.rank == Rank::Ace || up.rank.is_ten_count();
        for sp in spaces.iter_mut() {
            if sp.even_money {
                continue;
            }
            let space = sp.space;
            if sp.hands[0].natural() {
                // 08-11(11): against a non-ace, non-ten upcard the natural may be paid at once.
                if !ace_or_ten {
                    let pay = sp.original.min(rules.max_wager_cents()) * 3 / 2;
                    self.pay(space, 1, Bet::Main, pay);
                    sp.hands[0].settled = true;
                }
                continue;
            }
            let mut hi = 0;
            while hi < sp.hands.len() {
                self.play_hand(sp, hi, up_count, ace_or_ten, rules);
                hi += 1;
            }
            let _ = space;
        }
    }

    fn play_hand(
        &mut self,
        sp: &mut PSpace,
        hi: usize,
        up_count: u8,
        ace_or_ten: bool,
        rules: &HouseRules,
    ) {
        let space = sp.space;
        let hand = hi as u8 + 1;
        let target = Target::Hand { space, hand };
        // A split hand first gets its second card.
        if sp.hands[hi].cards.len() == 1 {
            let rot = sp.hands[hi].split_aces.then_some(true);
            let c = self.deal(target, true, rot);
            sp.hands[hi].cards.push(c);
        }
        loop {
            let h = sp.hands[hi].clone();
            let v = h.value();
            if h.split_aces {
                // Split aces take one card each, but a new ace may be split again (08-09(2)(c)).
                if h.cards.len() == 2
                    && h.cards[1].rank == Rank::Ace
                    && sp.hands.len() < 4
                    && self.rng.chance(0.5)
                {
                    self.split(sp, hi);
                    continue;
                }
                if h.cards.len() == 2 && self.take(Mistake::DoubleOnSplitAces) {
                    self.wager(space, hand, WagerKind::Double, h.stake);
                    sp.hands[hi].double = h.stake;
                    self.note(Mistake::DoubleOnSplitAces, Some(space));
                }
                break;
            }
            if h.cards.len() == 2 {
                let (a, b) = (h.cards[0].rank, h.cards[1].rank);
                let pair = a == b || (a.is_ten_count() && b.is_ten_count());
                let want_split = pair
                    && sp.hands.len() < 4
                    && match a.count() {
                        1 | 8 => true,
                        10 | 5 => self.rng.chance(0.03),
                        _ => self.rng.chance(0.5),
                    };
                if want_split {
                    self.split(sp, hi);
                    continue;
                }
                let t = v.total();
                if !v.is_soft() && (9..=11).contains(&t) && self.rng.chance(0.7) {
                    let stake = h.stake;
                    self.wager(space, hand, WagerKind::Double, stake);
                    sp.hands[hi].double = stake;
                    if hi == 0
                        && sp.tip > 0
                        && rules.tip_double != TipDouble::NotPermitted
                        && self.rng.chance(0.5)
                    {
                        self.wager(space, 1, WagerKind::TipDouble, sp.tip);
                        sp.tip_double = sp.tip;
                    }
                    let c = self.deal(target, true, Some(true));
                    sp.hands[hi].cards.push(c);
                    break;
                }
            }
            if v.is_bust() || v.total() == 21 {
                break;
            }
            let t = v.total();
            let hit = if v.is_soft() {
                t <= 17 || (t == 18 && up_count >= 9)
            } else if t <= 11 {
                true
            } else if t >= 17 {
                false
            } else if up_count >= 7 {
                !self.rng.chance(0.1)
            } else {
                self.rng.chance(0.1) || (t == 12 && up_count <= 3)
            };
            if !hit {
                break;
            }
            let c = self.deal(target, true, None);
            sp.hands[hi].cards.push(c);
        }
        if sp.hands[hi].value().is_bust() {
            self.bust(sp, hi, ace_or_ten);
        }
    }

    fn split(&mut self, sp: &mut PSpace, hi: usize) {
        let space = sp.space;
        let hand = hi as u8 + 1;
        self.wager(space, hand, WagerKind::Split, sp.original);
        let moved = sp.hands[hi].cards.pop().expect("a pair");
        let aces = moved.rank == Rank::Ace;
        sp.hands[hi].from_split = true;
        sp.hands[hi].split_aces |= aces;
        sp.hands.push(PHand {
            cards: vec![moved],
            stake: sp.original,
            from_split: true,
            split_aces: aces,
            ..Default::default()
        });
        let c = self.deal(Target::Hand { space, hand }, true, aces.then_some(true));
        sp.hands[hi].cards.push(c);
    }

    fn bust(&mut self, sp: &mut PSpace, hi: usize, ace_or_ten: bool) {
        let space = sp.space;
        if self.take(Mistake::CardToBustHand) {
            let target = Target::Hand {
                space,
                hand: hi as u8 + 1,
            };
            let c = self.deal(target, true, None);
            sp.hands[hi].cards.push(c);
            self.note(Mistake::CardToBustHand, Some(space));
        }
        let special = sp.hands.len() > 1 || sp.hands[hi].double > 0 || sp.insurance > 0;
        if special && ace_or_ten {
            // 08-11(8): chips wait on the busted cards until the dealer's hand is known.
            sp.hands[hi].bust_waiting = true;
            return;
        }
        // 08-11(6)-(7): collect at once, with the tip bet assigned to the hand.
        let h = &sp.hands[hi];
        let amount = h.stake + h.double;
        self.collect(space, hi as u8 + 1, Bet::Main, amount);
        if hi == 0 && sp.tip + sp.tip_double > 0 {
            self.collect(space, 1, Bet::Tip, sp.tip + sp.tip_double);
            sp.tip = 0;
            sp.tip_double = 0;
        }
        sp.hands[hi].settled = true;
        if sp.hands.len() == 1 {
            self.emit(EventKind::CardsCleared { space: Some(space) });
        }
    }

    fn settle_dealer_natural(&mut self, spaces: &mut [PSpace]) {
        // 08-11(10)(c)-(e): insurance pays two to one; original wagers and tips lose unless the
        // original hand is a natural (push); split and double wagers are voided and returned.
        for sp in spaces.iter().rev() {
            if sp.insurance > 0 {
                self.pay(sp.space, 1, Bet::Insurance, sp.insurance * 2);
            }
        }
        for sp in spaces.iter_mut().rev() {
            let space = sp.space;
            for hi in (0..sp.hands.len()).rev() {
                let h = sp.hands[hi].clone();
                if h.settled {
                    continue;
                }
                let hand = hi as u8 + 1;
                if hi == 0 {
                    if !h.natural() {
                        self.collect(
                            space,
                            1,
                            Bet::Main,
                            h.stake.min(self.cfg.rules.max_wager_cents()),
                        );
                        if sp.tip > 0 {
                            self.collect(space, 1, Bet::Tip, sp.tip);
                        }
                    }
                    if h.double > 0 {
                        self.give_back(space, 1, Bet::Main, h.double);
                    }
                } else {
                    self.give_back(space, hand, Bet::Main, h.stake + h.double);
                }
            }
            if sp.tip_double > 0 {
                self.give_back(space, 1, Bet::Tip, sp.tip_double);
            }
        }
    }

    /// What 08-11(10)(a)-(b) settles as soon as the hole card shows no natural, before the
    /// dealer plays the hand out: insurance bets and busted split or doubled hands collected,
    /// then naturals paid, each pass from the dealer's right to left.
    fn settle_before_drawing(&mut self, spaces: &mut [PSpace], rules: &HouseRules) {
        let max = rules.max_wager_cents();
        let sweep = rules.collection == Collection::Sweep;
        if sweep {
            for sp in spaces.iter().rev() {
                if sp.insurance > 0 {
                    self.collect(sp.space, 1, Bet::Insurance, sp.insurance);
                }
            }
        }
        for sp in spaces.iter_mut().rev() {
            if !sp.hands.iter().any(|h| h.bust_waiting) && (sweep || sp.insurance == 0) {
                continue;
            }
            if !sweep && sp.insurance > 0 {
                self.collect(sp.space, 1, Bet::Insurance, sp.insurance);
            }
            for hi in (0..sp.hands.len()).rev() {
                if sp.hands[hi].bust_waiting {
                    let amount = sp.hands[hi].stake + sp.hands[hi].double;
                    self.collect(sp.space, hi as u8 + 1, Bet::Main, amount);
                    if hi == 0 && sp.tip + sp.tip_double > 0 {
                        self.collect(sp.space, 1, Bet::Tip, sp.tip + sp.tip_double);
                        sp.tip = 0;
                        sp.tip_double = 0;
                    }
                    sp.hands[hi].settled = true;
                }
            }
        }
        // Naturals (08-11(10)(a)-(b)), then every other hand.
        for sp in spaces.iter_mut().rev() {
            if !sp.even_money && !sp.hands[0].settled && sp.hands[0].natural() {
                let even = self.take(Mistake::NaturalPaidEven);
                let stake = sp.original.min(max);
                self.pay(
                    sp.space,
                    1,
                    Bet::Main,
                    if even { stake } else { stake * 3 / 2 },
                );
                if even {
                    self.note(Mistake::NaturalPaidEven, Some(sp.space));
                }
                sp.hands[0].settled = true;
            }
        }
    }

    /// Settles every hand still in play on the dealer's final hand (08-11(10)(f)-(g),
    /// 08-11(13)-(16)), from the dealer's right to left, tip bets paid last (08-11(16)(b)).
    fn settle(&mut self, spaces: &mut [PSpace], dealer: HandValue, rules: &HouseRules) {
        let max = rules.max_wager_cents();
        let d = if dealer.is_bust() { 0 } else { dealer.total() };
        let mut tip_wins = Vec::new();
        for sp in spaces.iter_mut().rev() {
            let space = sp.space;
            for hi in (0..sp.hands.len()).rev() {
                let h = sp.hands[hi].clone();
                let tip = if hi == 0 { sp.tip + sp.tip_double } else { 0 };
                let won = if h.settled {
                    h.natural() && !sp.even_money
                } else {
                    h.value().total() > d
                };
                let lost = !h.settled && h.value().total() < d;
                if !h.settled {
                    let amount = h.stake.min(max) + h.double;
                    let hand = hi as u8 + 1;
                    if won {
                        if self.take(Mistake::Overpay) {
                            self.pay(space, hand, Bet::Main, amount + 500);
                            self.note(Mistake::Overpay, Some(space));
                        } else if self.take(Mistake::Underpay) {
                            self.pay(space, hand, Bet::Main, (amount / 2).max(50));
                            self.note(Mistake::Underpay, Some(space));
                        } else {
                            self.pay(space, hand, Bet::Main, amount);
                        }
                    } else if lost {
                        if self.take(Mistake::LosingNotCollected) {
                            self.note(Mistake::LosingNotCollected, Some(space));
                        } else {
                            self.collect(space, hand, Bet::Main, amount);
                        }
                    } else if self.take(Mistake::PaidPush) {
                        self.pay(space, hand, Bet::Main, amount);
                        self.note(Mistake::PaidPush, Some(space));
                    }
                }
                if tip > 0 && hi == 0 {
                    if won {
                        tip_wins.push((space, tip));
                    } else if lost {
                        self.collect(space, 1, Bet::Tip, tip);
                    }
                }
            }
        }
        // 08-11(16)(b): tip bets are paid after every winning hand.
        for (space, tip) in tip_wins {
            self.pay(space, 1, Bet::Tip, tip);
        }
    }

    fn pay_tips(&mut self, spaces: &[PSpace], won: &dyn Fn(&PSpace) -> bool) {
        for sp in spaces.iter().rev() {
            let tip = sp.tip + sp.tip_double;
            if tip > 0 && won(sp) {
                self.pay(sp.space, 1, Bet::Tip, tip);
            }
        }
    }
}

/// Plays `rounds` rounds at one table and returns the event log.
pub fn play(cfg: PlayConfig, rounds: usize) -> Vec<Event> {
    Table::new(cfg).play(rounds)
}

/// The seed of the mistake draws, apart from the seed of play.
fn cfg_seed_for_errors(seed: u64) -> u64 {
    seed ^ 0xE220_5EED_0000_0001
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_act_of_a_round_lies_a_moment_before_its_cards_are_picked_up() {
        // 08-11(16)(a), (17): the payoffs lie while the dealer picks up the cards hand by
        // hand. Picked up at once, the last payoff lay under half a second before the players
        // took their chips (shift seed 12 at 141 s and 2111 s: 0.46 s and 0.63 s).
        let events = play(PlayConfig::new(HouseRules::default(), 12), 300);
        let mut rounds = 0;
        for w in events.windows(2) {
            if matches!(w[1].kind, EventKind::CardsCleared { space: None }) {
                rounds += 1;
                let gap = w[1].t - w[0].t;
                assert!(
                    gap >= CLEAR_S + 0.39,
                    "{gap:.2} s before the clear at {} s",
                    w[1].t
                );
            }
        }
        assert_eq!(rounds, 300);
    }

    #[test]
    fn insurance_busted_waiting_hands_and_naturals_are_settled_before_the_dealer_draws() {
        // 08-11(10)(a)-(b): once the dealer's hand shows no natural, the dealer collects the
        // insurance bets, then the busted split or doubled hands, then pays the naturals, and
        // only then plays the hand out (subdivisions f and g).
        use std::collections::{HashMap, HashSet};
        let (mut insurance, mut busted, mut naturals) = (0, 0, 0);
        for method in [DealingMethod::HoleCardNoPeek, DealingMethod::NoHoleCard] {
            for seed in 1..=6 {
                let rules = HouseRules {
                    dealing_method: method,
                    ..HouseRules::default()
                };
                let mut cfg = PlayConfig::new(rules, seed);
                cfg.errors = 0.0;
                let events = play(cfg, 150);
                let mut dealer = 0;
                // The dealer's hand shown: the hole card turned, or the second card dealt.
                let mut shown = false;
                let mut hands: HashMap<u8, Vec<Rank>> = HashMap::new();
                let mut split = HashSet::new();
                // What was settled before the dealer drew, only counted where the dealer drew.
                let mut before = (0, 0, 0);
                for e in &events {
                    let drawing = dealer > 2;
                    match &e.kind {
                        EventKind::Card {
                            to: Target::Dealer, ..
                        } => {
                            dealer += 1;
                            shown |= method == DealingMethod::NoHoleCard && dealer == 2;
                            if dealer == 3 {
                                insurance += before.0;
                                busted += before.1;
                                naturals += before.2;
                            }
                        }
                        EventKind::Card {
                            to: Target::Hand { space, hand: 1 },
                            card: Some(c),
                            ..
                        } => hands.entry(*space).or_default().push(c.rank),
                        EventKind::HoleCardTurned { .. } => shown = true,
                        EventKind::Wager {
                            space,
                            kind: WagerKind::Split,
                            ..
                        } => {
                            split.insert(*space);
                        }
                        EventKind::Collect {
                            bet: Bet::Insurance,
                            ..
                        } => {
                            assert!(!drawing, "insurance collected at {} s", e.t);
                            before.0 += 1;
                        }
                        EventKind::Collect {
                            space,
                            bet: Bet::Main,
                            hand: 1,
                            ..
                        } if shown
                            && !split.contains(space)
                            && HandValue::of(hands[space].iter().copied()).is_bust() =>
                        {
                            // Busted while the players acted, it waited on the dealer's hand.
                            assert!(!drawing, "busted hand collected at {} s", e.t);
                            before.1 += 1;
                        }
                        EventKind::Payout {
                            space,
                            bet: Bet::Main,
                            hand: 1,
                            ..
                        } if !split.contains(space)
                            && HandValue::of(hands[space].iter().copied()).is_two_card_21() =>
                        {
                            assert!(!drawing, "natural paid at {} s", e.t);
                            before.2 += 1;
                        }
                        EventKind::CardsCleared { space: None } => {
                            dealer = 0;
                            shown = false;
                            hands.clear();
                            split.clear();
                            before = (0, 0, 0);
                        }
                        _ => {}
                    }
                }
            }
        }
        assert!(
            insurance >= 5,
            "{insurance} insurance bets collected before a draw"
        );
        assert!(busted >= 5, "{busted} busted hands collected before a draw");
        assert!(naturals >= 20, "{naturals} naturals paid before a draw");
    }

    #[test]
    fn a_payoff_of_one_chip_is_never_made_stacked() {
        // 08-11(16)(a) asks for payoff chips fanned: one chip lies the same either way, so no
        // mistake can be made with it. Payoffs of two chips or more are still stacked.
        let (mut one, mut stacked) = (0, 0);
        for seed in 1..=6 {
            let mut cfg = PlayConfig::new(HouseRules::default(), seed);
            cfg.with_chips = true;
            cfg.errors = 1.0;
            cfg.mistakes = vec![Mistake::NotFanned];
            for e in Table::new(cfg).play(30) {
                if let EventKind::Payout {
                    money,
                    fanned: Some(false),
                    ..
                } = &e.kind
                {
                    let chips = money.chips.as_ref().map_or(0, Chips::count);
                    one += usize::from(chips == 1);
                    stacked += 1;
                }
            }
        }
        assert_eq!(one, 0, "payoffs of one chip made stacked");
        assert!(stacked >= 20, "payoffs stacked: {stacked}");
    }

    #[test]
    fn training_pairs_deal_each_player_a_pair_and_keep_the_shoe_whole() {
        // A shift for training split hands (08-11(3)): with pairs = 1 every player's first
        // two cards share a rank (but where the shoe has run short of one), aces are split
        // every round or two, and the audit finds the play clean (the shoe was only
        // rearranged: no card is dealt twice from one deck).
        use std::collections::HashMap;
        let mut cfg = PlayConfig::new(HouseRules::default(), 5);
        cfg.pairs = 1.0;
        let events = play(cfg.clone(), 40);
        let mut dealt: HashMap<u8, Vec<Card>> = HashMap::new();
        let (mut hands, mut pairs, mut ace_splits) = (0, 0, 0);
        for e in &events {
            match &e.kind {
                EventKind::Card {
                    to: Target::Hand { space, hand: 1 },
                    card: Some(c),
                    ..
                } => dealt.entry(*space).or_default().push(*c),
                EventKind::Wager {
                    space,
                    kind: WagerKind::Split,
                    ..
                } if dealt[space][0].rank == Rank::Ace => ace_splits += 1,
                EventKind::CardsCleared { space: None } => {
                    for cards in dealt.values() {
                        hands += 1;
                        pairs += usize::from(cards[0].rank == cards[1].rank);
                    }
                    dealt.clear();
                }
                _ => {}
            }
        }
        assert!(hands > 100, "{hands} hands");
        // All but where the shoe's last cards hold no card of the rank.
        assert!(pairs * 50 >= hands * 49, "{pairs} pairs in {hands} hands");
        assert!(ace_splits >= 20, "{ace_splits} aces split in 40 rounds");
        assert!(crate::audit::audit(&events, &cfg.rules).findings.is_empty());
        // The default deals the shoe as shuffled.
        let plain = play(PlayConfig::new(HouseRules::default(), 5), 40);
        assert_ne!(format!("{plain:?}"), format!("{events:?}"));
    }
}
