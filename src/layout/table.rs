//! The twenty-one table's design in table centimetres: where the betting spaces, the dealer's
//! cards, the chip tray, the shoe and the discard holder are, and where each card and chip goes.
//!
//! Placement follows the chapter: a player's second card and hit cards cover no more than the
//! lower left-hand quarter of the card before (N.D. Admin. Code 99-01.3-08-10(2)); split hands
//! lie side by side, the first at the left (08-11(3)(a)); a double-down card and the card on a
//! split ace lie at a right angle (08-11(3)); the dealer's hit cards go to the immediate right
//! of the first two (08-11(10)(f)); a tip bet touches the lower left edge of the betting space
//! (08-09(2)(a)). Left and right are the dealer's.

use super::geometry::TablePt;

/// A playing card's width, in centimetres (a standard 2.5 by 3.5 inch card).
pub const CARD_W: f64 = 6.35;
/// A playing card's height, in centimetres.
pub const CARD_H: f64 = 8.89;
/// A chip's diameter, in centimetres.
pub const CHIP_D: f64 = 3.9;
/// How far apart split hands' wagers lie side by side (08-11(3)(a)), centre to centre, in
/// centimetres: room for a hand's wager with its payoff fanned beside it toward the dealer
/// ([`TableDesign::payout`], 1.4 chips right of the bet), and 1.1 cm between that payoff and the
/// next hand's wager fanned toward the dealer too (08-11(16)(a)). Their cards lie closer, a
/// card's width and 2 cm apart, nearer their own space's cards than the next space's.
pub const SPLIT_STEP: f64 = 10.5;
/// How far the hands of a space split three or four ways beside a space in play may reach to
/// the right of where the first card was dealt, centre to centre, in centimetres: the last
/// hand's cards clear of the next space's hit cards, which cover the lower left-hand quarter
/// of the card before and so reach toward it (08-10(2)), at the end spaces, where the spaces
/// lie closest (their first cards 19 cm apart).
const CLOSE_CARDS_RIGHT: f64 = 6.5;
/// How far they may reach to the left, centimetres: the first hand's hit cards clear of the
/// previous space's first card.
const CLOSE_CARDS_LEFT: f64 = 8.9;
/// How far their wagers may reach to the right of the first hand's, centre to centre, in
/// centimetres: clear of the next space's tip bet at the lower left of its circle.
const CLOSE_BETS_REACH: f64 = 14.0;

/// How a space's split hands lie side by side within the space, the first at the left
/// (08-11(3)(a)), up to four (08-09(2)(c)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Spread {
    /// A card's width and 2 cm apart from where the first card was dealt, wagers
    /// [`SPLIT_STEP`] apart, each payoff beside its wager to the right: two hands, or more
    /// where the space to the right is not in play and its felt is free for them.
    #[default]
    Wide,
    /// Closer, for this many hands (three or four) beside a space in play to the right: the
    /// first hand's card moved to the left as the pair is parted, the hands spread across the
    /// space (four overlapping at their sides by a fifth of a card), wagers a fifth of a chip
    /// apart (for four), each payoff on the player's side of its wager. (Not further left
    /// where the space to the left is free: at the first space the shoe lies there.)
    Close(u8),
}

impl Spread {
    /// Across the space from where the first card was dealt to where hand `hand`'s first card
    /// lies, centimetres (to the dealer's right).
    pub fn card_x(self, hand: u8) -> f64 {
        let k = f64::from(hand.max(1)) - 1.0;
        match self {
            Spread::Wide => k * (CARD_W + 2.0),
            Spread::Close(n) => {
                let gaps = f64::from(n.max(2) - 1);
                let step = ((CLOSE_CARDS_LEFT + CLOSE_CARDS_RIGHT) / gaps).min(CARD_W + 2.0);
                let first = (CLOSE_CARDS_RIGHT - CLOSE_CARDS_LEFT) / 2.0 - step * gaps / 2.0;
                first + k * step
            }
        }
    }

    /// Centre to centre from one split hand's wager to the next's, centimetres.
    pub fn bet_step(self) -> f64 {
        match self {
            Spread::Wide => SPLIT_STEP,
            Spread::Close(n) => (CLOSE_BETS_REACH / f64::from(n.max(2) - 1)).min(SPLIT_STEP),
        }
    }
}

/// Chip denominations in the tray, in cents, from the dealer's left.
pub const TRAY_DENOMS: [i64; 6] = [50, 100, 200, 500, 2_500, 10_000];

/// The fewest tray chips that make `cents`, largest first (a dealer pays and makes change
/// so: a $10.00 payoff is two $5 chips, a $2.00 one a single $2). What the tray's chips cannot
/// make (under 50 cents) is left out.
pub fn fewest_chips(cents: i64) -> Vec<i64> {
    let mut left = cents.max(0);
    let mut chips = Vec::new();
    for &d in TRAY_DENOMS.iter().rev() {
        chips.extend(std::iter::repeat_n(d, (left / d) as usize));
        left %= d;
    }
    chips
}

/// Where one object lies on the table: its centre and its turn (radians, counter-clockwise
/// seen from above with `y` away from the dealer).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Placement {
    /// Centre, table centimetres.
    pub at: TablePt,
    /// Turn, radians.
    pub angle: f64,
}

/// The table's design: seven betting spaces on an arc and the dealer's furniture.
#[derive(Debug, Clone, PartialEq)]
pub struct TableDesign {
    /// Betting spaces on the layout (1..=7).
    pub spaces: u8,
    /// Half-width of the felt, centimetres.
    pub half_width: f64,
    /// Depth of the felt from the dealer's edge to the far rail, centimetres.
    pub depth: f64,
}

impl Default for TableDesign {
    fn default() -> TableDesign {
        TableDesign {
            spaces: 7,
            half_width: 100.0,
            depth: 86.0,
        }
    }
}

impl TableDesign {
    /// The felt's outline, counter-clockwise from the dealer's right corner.
    pub fn outline(&self) -> Vec<TablePt> {
        let n = 64;
        let mut v: Vec<TablePt> = (0..=n)
            .map(|i| {
                let a = std::f64::consts::PI * f64::from(i) / f64::from(n);
                TablePt::new(self.half_width * a.cos(), self.depth * a.sin())
            })
            .collect();
        v.push(TablePt::new(-self.half_width, 0.0));
        v
    }

    /// The angle (radians) at which betting space `space` sits on the arc: space 1 at the
    /// dealer's far left, the last at the far right.
    pub fn space_angle(&self, space: u8) -> f64 {
        let n = f64::from(self.spaces.max(1));
        let first = 150f64.to_radians();
        let last = 30f64.to_radians();
        let f = if n > 1.0 {
            (f64::from(space) - 1.0) / (n - 1.0)
        } else {
            0.5
        };
        first + (last - first) * f
    }

    fn on_arc(&self, space: u8, rx: f64, ry: f64) -> TablePt {
        let a = self.space_angle(space);
        TablePt::new(rx * a.cos(), ry * a.sin())
    }

    /// How the cards and chips of a space are turned: toward the middle of the table.
    pub fn space_turn(&self, space: u8) -> f64 {
        (self.space_angle(space) - std::f64::consts::FRAC_PI_2) * 0.45
    }

    /// Centre of the betting circle of a space.
    pub fn bet_centre(&self, space: u8) -> TablePt {
        self.on_arc(space, 74.0, 64.0)
    }

    /// Radius of a betting circle, centimetres.
    pub fn bet_radius(&self) -> f64 {
        4.6
    }

    /// Moves `d` (given in the space's own frame: x to the dealer's right, y away) into table
    /// coordinates from `origin`, turned as the space is.
    fn in_space(&self, space: u8, origin: TablePt, dx: f64, dy: f64) -> TablePt {
        let (s, c) = self.space_turn(space).sin_cos();
        origin.offset(dx * c - dy * s, dx * s + dy * c)
    }

    /// Where the first card of hand 1 of a space goes.
    fn first_card(&self, space: u8) -> TablePt {
        self.on_arc(space, 62.0, 49.0)
    }

    /// Where card `index` (0-based) of hand `hand` (1-based) goes. Each card after the first
    /// covers the lower left-hand quarter of the one before (08-10(2)); split hands lie side by
    /// side from the left (08-11(3)(a)); a card placed at a right angle (double-down, split
    /// aces) is turned a quarter. At a space whose pair was split see [`TableDesign::card_across`].
    pub fn card(&self, space: u8, hand: u8, index: usize, rotated: bool) -> Placement {
        self.card_spread(space, hand, index, rotated, Spread::Wide)
    }

    /// [`TableDesign::card`] at a space whose split hands lie as `spread` says.
    pub fn card_spread(
        &self,
        space: u8,
        hand: u8,
        index: usize,
        rotated: bool,
        spread: Spread,
    ) -> Placement {
        let i = index as f64;
        let dx = spread.card_x(hand) - i * CARD_W / 2.0;
        let dy = -i * CARD_H / 2.0;
        let at = self.in_space(space, self.first_card(space), dx, dy);
        let turn = self.space_turn(space);
        Placement {
            at,
            angle: if rotated {
                turn + std::f64::consts::FRAC_PI_2
            } else {
                turn
            },
        }
    }

    /// Where a card placed at a right angle goes at a space whose pair was split (split aces,
    /// 08-11(3)(a); a split hand doubled, 08-11(3)(b)): across its own hand, centred on the
    /// hand's cards side to side and toward the dealer by half a card per card before it, as
    /// a hit card is. Split hands lie side by side a card's width and 2 cm apart, so a card
    /// turned a quarter and shifted left as a hit card is would lie over the next hand's.
    /// Where hands lie so close that turned cards side by side would overlap by more than a
    /// twelfth of each ([`Spread::Close`]), every second hand's lies a card's width further
    /// toward the dealer, clear of its neighbours'.
    pub fn card_across(&self, space: u8, hand: u8, index: usize, spread: Spread) -> Placement {
        let i = index as f64;
        let dx = spread.card_x(hand) - (i - 1.0).max(0.0) * CARD_W / 4.0;
        // Turned cards of neighbouring hands overlapping by more than a twelfth of each.
        let narrow = spread.card_x(2) - spread.card_x(1) < CARD_H * 11.0 / 12.0;
        let stagger = if narrow && hand % 2 == 0 {
            CARD_W + 0.5
        } else {
            0.0
        };
        let dy = -i * CARD_H / 2.0 - stagger;
        Placement {
            at: self.in_space(space, self.first_card(space), dx, dy),
            angle: self.space_turn(space) + std::f64::consts::FRAC_PI_2,
        }
    }

    /// Where the main bet of a hand sits: hand 1 in the betting circle, split and double
    /// wagers beside it.
    pub fn bet(&self, space: u8, hand: u8) -> TablePt {
        self.bet_spread(space, hand, Spread::Wide)
    }

    /// [`TableDesign::bet`] at a space whose split hands lie as `spread` says.
    pub fn bet_spread(&self, space: u8, hand: u8, spread: Spread) -> TablePt {
        let c = self.bet_centre(space);
        if hand <= 1 {
            c
        } else {
            self.in_space(space, c, (f64::from(hand) - 1.0) * spread.bet_step(), 0.0)
        }
    }

    /// Where a double-down wager goes: beside the hand's bet, toward the dealer.
    pub fn double(&self, space: u8, hand: u8, spread: Spread) -> TablePt {
        self.in_space(
            space,
            self.bet_spread(space, hand, spread),
            0.0,
            -CHIP_D * 1.3,
        )
    }

    /// Where a payout is placed: to the dealer's right of the bet it pays; where split hands
    /// lie close ([`Spread::Close`]), on the player's side of it, the next hand's wager lying
    /// at its right.
    pub fn payout(&self, space: u8, hand: u8, spread: Spread) -> TablePt {
        let bet = self.bet_spread(space, hand, spread);
        match spread {
            Spread::Wide => self.in_space(space, bet, CHIP_D * 1.4, 0.0),
            Spread::Close(_) => self.in_space(space, bet, 0.0, CHIP_D * 1.25),
        }
    }

    /// Where the tip bet goes: outside the betting circle, touching its lower left edge
    /// (08-09(2)(a)).
    pub fn tip(&self, space: u8) -> TablePt {
        let r = self.bet_radius() + CHIP_D / 2.0;
        let d = std::f64::consts::FRAC_1_SQRT_2 * r;
        self.in_space(space, self.bet_centre(space), -d, -d)
    }

    /// Where an insurance bet goes: on the insurance line in front of the space.
    pub fn insurance(&self, space: u8) -> TablePt {
        self.on_arc(space, 46.0, 33.0)
    }

    /// The insurance line's arc: radii (x, y) of its middle, centimetres.
    pub fn insurance_arc(&self) -> (f64, f64) {
        (46.0, 33.0)
    }

    /// Where the dealer's card `index` goes: the first two side by side, hit cards to the
    /// immediate right (08-11(10)(f)).
    pub fn dealer_card(&self, index: usize) -> Placement {
        Placement {
            at: TablePt::new(-CARD_W * 0.6 + index as f64 * (CARD_W * 1.15), 20.0),
            angle: 0.0,
        }
    }

    /// The chip tray: centre and size (w, h), centimetres, along the dealer's edge.
    pub fn tray(&self) -> (TablePt, f64, f64) {
        (TablePt::new(0.0, 7.0), 56.0, 9.0)
    }

    /// Where chips of a denomination are stacked in the tray.
    pub fn tray_slot(&self, cents: i64) -> TablePt {
        let i = TRAY_DENOMS.iter().position(|&d| d == cents).unwrap_or(0);
        let (c, w, _) = self.tray();
        let step = w / TRAY_DENOMS.len() as f64;
        TablePt::new(c.x - w / 2.0 + step * (i as f64 + 0.5), c.y)
    }

    /// The dealing shoe at the dealer's left: centre, size (w, h) and turn.
    pub fn shoe(&self) -> (TablePt, f64, f64, f64) {
        (TablePt::new(-76.0, 15.0), 11.0, 24.0, 0.3)
    }

    /// Where a card leaves the shoe.
    pub fn shoe_mouth(&self) -> TablePt {
        TablePt::new(-71.0, 26.0)
    }

    /// The discard holder at the dealer's right: centre, size (w, h) and turn.
    pub fn discard(&self) -> (TablePt, f64, f64, f64) {
        (TablePt::new(76.0, 14.0), 9.0, 12.0, -0.25)
    }

    /// The table-number placard: centre and size (w, h).
    pub fn placard(&self) -> (TablePt, f64, f64) {
        (TablePt::new(88.0, 3.5), 12.0, 5.0)
    }

    /// Where a player's chips come from and go to: beyond the rail behind the space.
    pub fn player_side(&self, space: u8) -> TablePt {
        self.on_arc(space, 112.0, 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dealer pays with the fewest chips: what a stack's top chip may be.
    #[test]
    fn the_fewest_chips_are_taken_largest_first() {
        assert_eq!(fewest_chips(1_000), vec![500, 500]);
        assert_eq!(fewest_chips(200), vec![200]);
        assert_eq!(fewest_chips(300), vec![200, 100]);
        assert_eq!(fewest_chips(3_750), vec![2_500, 500, 500, 200, 50]);
        // Below the smallest chip, and nothing, make no chips.
        assert_eq!(fewest_chips(25), Vec::<i64>::new());
        assert!(fewest_chips(0).is_empty() && fewest_chips(-500).is_empty());
    }

    #[test]
    fn spaces_run_from_the_dealers_left() {
        let d = TableDesign::default();
        let xs: Vec<f64> = (1..=7).map(|s| d.bet_centre(s).x).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        // Every betting circle lies on the felt, clear of its neighbours.
        for s in 1..=6u8 {
            let gap = d.bet_centre(s).dist(d.bet_centre(s + 1));
            assert!(
                gap > 2.0 * d.bet_radius() + 5.0,
                "spaces {s}, {} at {gap}",
                s + 1
            );
        }
    }

    #[test]
    fn hit_cards_cover_only_the_lower_left_quarter() {
        // 08-10(2): the next card covers no more than the lower left-hand quarter, so the one
        // before keeps its upper left corner (its index) in view.
        let d = TableDesign::default();
        for s in 1..=7u8 {
            let a = d.card(s, 1, 0, false);
            let b = d.card(s, 1, 1, false);
            let (sn, cs) = (-a.angle).sin_cos();
            let (dx, dy) = (b.at.x - a.at.x, b.at.y - a.at.y);
            let (lx, ly) = (dx * cs - dy * sn, dx * sn + dy * cs);
            assert!((lx + CARD_W / 2.0).abs() < 1e-9 && (ly + CARD_H / 2.0).abs() < 1e-9);
        }
    }

    #[test]
    fn the_tip_touches_the_lower_left_of_the_circle() {
        let d = TableDesign::default();
        let (c, t) = (d.bet_centre(4), d.tip(4));
        assert!((c.dist(t) - (d.bet_radius() + CHIP_D / 2.0)).abs() < 1e-9);
        assert!(t.x < c.x && t.y < c.y);
    }
}
