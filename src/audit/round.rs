//! One round rebuilt from events: the hands at each betting space, the dealer's hand, and every
//! chip movement, with the order in which things happened.
//!
//! [`Round::apply`] takes one event. Checks that depend on the state of the table at that moment
//! (was the hand a pair when the split wager went down?) are made here; checks over the whole
//! round are made in `settle` when the round ends. An event that cannot have happened as logged
//! (a card to a space with no wager) makes the round unreconstructable.

use crate::events::Id;
use crate::events::{Bet, Cents, Event, EventKind, MAX_HANDS, MAX_SPACE, Money, Target, WagerKind};
use crate::rules::cards::{Card, Rank};
use crate::rules::twenty_one::{DoubleAmount, HandValue, HouseRules};

use super::finding::{Finding, FindingKind, dollars};

/// Cards whose target is kept for the dealing-order check: two to each of up to
/// `MAX_SPACE` spaces and two to the dealer, with room to spare.
pub const DEAL_ORDER_KEPT: usize = 32;

/// Most cards one hand can hold in the audit (eleven make 21 at most; the rest is slack).
pub const MAX_CARDS: usize = 16;

/// The cards of one hand, in the order dealt; a fixed-size list so a round allocates nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CardList {
    len: u8,
    cards: [Option<Card>; MAX_CARDS],
}

impl CardList {
    /// Number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True when there are no cards.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends a card; false when full.
    pub fn push(&mut self, c: Option<Card>) -> bool {
        if self.len() == MAX_CARDS {
            return false;
        }
        self.cards[self.len()] = c;
        self.len += 1;
        true
    }

    /// Removes and returns the last card.
    pub fn pop(&mut self) -> Option<Option<Card>> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len()])
    }

    /// The cards (None for a face-down card not yet seen).
    pub fn as_slice(&self) -> &[Option<Card>] {
        &self.cards[..self.len()]
    }

    /// The hand's value, when every card is known.
    pub fn value(&self) -> Option<HandValue> {
        let mut v = HandValue::default();
        for c in self.as_slice() {
            v.add(c.as_ref()?.rank);
        }
        Some(v)
    }
}

impl std::fmt::Display for CardList {
    /// The cards separated by spaces ("10h 9c"), `??` for a face-down card, `-` for none.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, c) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match c {
                Some(c) => write!(f, "{c}")?,
                None => f.write_str("??")?,
            }
        }
        Ok(())
    }
}

impl serde::Serialize for CardList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

/// Chips that moved on one bet, and when.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Flow {
    /// Paid to the bet from the tray.
    pub paid: Cents,
    /// Taken from the bet into the tray.
    pub collected: Cents,
    /// Handed back to the player.
    pub returned: Cents,
    /// The payout was made early as even money on a natural against an ace (08-09(2)(b)).
    pub even_money: bool,
    /// Time of the first movement (or 0).
    pub t_first: f64,
    /// Time of the last movement (or 0).
    pub t_last: f64,
}

impl Flow {
    fn touch(&mut self, t: f64) {
        if self.t_first == 0.0 && self.t_last == 0.0 {
            self.t_first = t;
        }
        self.t_last = t;
    }

    /// True when any chips moved.
    pub fn moved(&self) -> bool {
        self.paid != 0 || self.collected != 0 || self.returned != 0
    }
}

/// One player hand at a betting space.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HandState {
    /// Cards in the order dealt.
    pub cards: CardList,
    /// The original wager (hand 1) or the split wager (split hands), as placed.
    pub stake: Cents,
    /// `stake` is only a lower bound (`at_least`: a stack seen by its top chip).
    pub stake_min: bool,
    /// Double-down wager, as placed.
    pub double: Cents,
    /// Cards the hand held when it was doubled.
    pub cards_at_double: u8,
    /// The hand came from a split: a two-card 21 is not a natural (08-09(2)(c)).
    pub from_split: bool,
    /// The hand is one of split aces: one card only (08-09(2)(c), 08-11(3)(a)).
    pub split_aces: bool,
    /// The hand's cards were picked up before the end of the round.
    pub cleared: bool,
    /// Chips on the hand's main bet.
    pub flow: Flow,
    /// Time of the hand's first card.
    pub t_first: f64,
    /// Time of the hand's last event.
    pub t_last: f64,
    /// The value of `cards`, kept in step by `push_card` and `pop_card`.
    val: HandValue,
}

impl HandState {
    /// The hand's value (every player card is known).
    pub fn value(&self) -> HandValue {
        self.val
    }

    /// Adds a card; false when the hand is full.
    pub fn push_card(&mut self, c: Option<Card>) -> bool {
        let ok = self.cards.push(c);
        if let (true, Some(c)) = (ok, c) {
            self.val.add(c.rank);
        }
        ok
    }

    /// Removes the last card.
    pub fn pop_card(&mut self) -> Option<Option<Card>> {
        let c = self.cards.pop();
        self.val = self.cards.value().unwrap_or_default();
        c
    }

    /// A natural: two cards making 21, not from a split (08-09(2)(c)) and not doubled (08-11(11)).
    pub fn is_natural(&self) -> bool {
        !self.from_split && self.double == 0 && self.value().is_two_card_21()
    }
}

/// One betting space.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpaceState {
    /// Original wager as placed before the first card.
    pub original: Cents,
    /// Tip bet.
    pub tip: Cents,
    /// Double-down on the tip bet.
    pub tip_double: Cents,
    /// Insurance bet.
    pub insurance: Cents,
    /// The last player id seen at this space, kept from round to round so a regular's id is
    /// not copied (nor its count touched) every round; [`SpaceState::player`] says whether it
    /// belongs to this round.
    last_player: Option<Id>,
    /// A hash of `last_player`.
    last_player_key: u64,
    /// A hash of this round's player id (0 when the log names none), so spaces are compared
    /// without comparing text.
    pub player_key: u64,
    /// Hands in use (1..=4 once cards are dealt).
    pub nhands: u8,
    /// The hands; only the first `nhands` are in use.
    pub hands: [HandState; MAX_HANDS as usize],
    /// Chips on the tip bet.
    pub tip_flow: Flow,
    /// Chips on the insurance bet.
    pub ins_flow: Flow,
    /// Time of the space's first event.
    pub t_first: f64,
    /// A main-bet wager here (original, split or double) is known only as at least its
    /// amount (`at_least`: a stack seen by its top chip): findings that a larger wager would
    /// undo are not made.
    pub stake_min: bool,
    /// The original wager is known only as at least its amount.
    pub original_min: bool,
    /// Main-bet chips taken from here (collected or returned) are known only as at least their
    /// amount.
    pub taken_min: bool,
    /// A main-bet payoff here is known only as at least its amount (a stack not fanned, seen
    /// by its top chip): it is not found short.
    pub paid_min: bool,
    /// Where `paid_min`, how much more than their amounts the main-bet payoffs known only as
    /// at least theirs can hold, cents, all together (see `paid_unbounded`). A payoff short
    /// of what is owed by more than this is short, seen whole or not.
    pub paid_slack: Cents,
    /// One of the main-bet payoffs known only as at least its amount has no upper bound.
    pub paid_unbounded: bool,
    /// A tip or insurance bet here, or chips paid or taken on one, known only as at least its
    /// amount: only that bet's settlement is unsure. A tip beside a wager counted chip by
    /// chip leaves the wager's payoff sure (held-out shift seed 27 at 2527 s: a $6 wager paid
    /// $11, its $1 tip a stack seen by its top chip, the overpay not found).
    pub side_min: bool,
}

impl SpaceState {
    /// Empties the space for a new round. Hands are not wiped: each is written whole when it
    /// comes into use, and only the first `nhands` are ever read.
    fn clear(&mut self) {
        self.original = 0;
        self.tip = 0;
        self.tip_double = 0;
        self.insurance = 0;
        self.player_key = 0;
        self.nhands = 0;
        self.tip_flow = Flow::default();
        self.ins_flow = Flow::default();
        self.t_first = 0.0;
        self.stake_min = false;
        self.original_min = false;
        self.taken_min = false;
        self.paid_min = false;
        self.paid_slack = 0;
        self.paid_unbounded = false;
        self.side_min = false;
    }

    /// Chips taken on `bet` here are known only as at least their amount.
    fn unsure_take(&mut self, bet: Bet) {
        if bet == Bet::Main {
            self.taken_min = true;
        } else {
            self.side_min = true;
        }
    }

    /// Who placed this round's wager, when the log says.
    pub fn player(&self) -> Option<&str> {
        self.last_player.as_deref().filter(|_| self.player_key != 0)
    }

    /// The hands in use.
    pub fn hands(&self) -> &[HandState] {
        &self.hands[..usize::from(self.nhands)]
    }

    /// True when the space holds an original wager.
    pub fn active(&self) -> bool {
        self.original > 0
    }
}

/// A card in the dealer's hand.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DealerCard {
    /// The card, `None` while face down.
    pub card: Option<Card>,
    /// It was dealt face up.
    pub dealt_face_up: bool,
    /// It was later taken off and burned (08-12(10), 08-12(14)).
    pub burned: bool,
    /// Order within the round.
    pub seq: u32,
    /// When it was dealt.
    pub t: f64,
}

/// A chip movement after the dealer's hand was revealed, kept for order checks (08-11(13), (16)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settlement {
    /// Betting space.
    pub space: u8,
    /// Hand.
    pub hand: u8,
    /// Which bet.
    pub bet: Bet,
    /// True for a payout, false for a collection.
    pub payout: bool,
    /// The hand the chips belong to (hand 1 for a tip) was bust.
    pub bust: bool,
    /// When.
    pub t: f64,
}

/// The round as rebuilt so far.
#[derive(Debug, Clone)]
pub struct Round {
    /// Table id.
    pub table: Id,
    /// Round number at the table, from 1.
    pub number: u32,
    /// Time of the first event.
    pub t_start: f64,
    /// Time of the last event.
    pub t_end: f64,
    /// Wall clock of the first event.
    pub wall: Option<Id>,
    /// Events applied so far.
    pub seq: u32,
    /// Order of the first card dealt.
    pub first_card_seq: Option<u32>,
    /// Betting spaces 1..=MAX_SPACE at index 0.. .
    pub spaces: [SpaceState; MAX_SPACE as usize],
    /// Highest betting space any event of the round touched (0 for none).
    pub top: u8,
    /// The dealer's cards.
    pub dealer: [DealerCard; MAX_CARDS],
    /// Number of dealer cards.
    pub ndealer: u8,
    /// When the hole card was turned up.
    pub hole_turned_seq: Option<u32>,
    /// Order of the last player decision carried out (a hit, split or double).
    pub last_player_action_seq: u32,
    /// When that decision was carried out.
    pub last_player_action_t: f64,
    /// When the hole card was turned up.
    pub hole_turned_t: f64,
    /// Targets of the first cards dealt, in order (0 = dealer, else space); see `deal_order`.
    deal_to: [u8; DEAL_ORDER_KEPT],
    /// When each of those cards was dealt.
    deal_t: [f64; DEAL_ORDER_KEPT],
    /// How many of `deal_to` are in use.
    ndeal: u8,
    /// Payouts and collections after the dealer's hand was revealed.
    pub settlements: Vec<Settlement>,
    /// Why the round cannot be rebuilt, and when that became clear.
    pub broken: Option<(String, f64)>,
    /// Findings made while applying events.
    pub findings: Vec<Finding>,
}

impl Round {
    /// An empty round.
    pub fn new(table: Id) -> Round {
        Round {
            table,
            number: 0,
            t_start: 0.0,
            t_end: 0.0,
            wall: None,
            seq: 0,
            first_card_seq: None,
            spaces: Default::default(),
            top: 0,
            dealer: [DealerCard::default(); MAX_CARDS],
            ndealer: 0,
            hole_turned_seq: None,
            last_player_action_seq: 0,
            last_player_action_t: 0.0,
            hole_turned_t: 0.0,
            deal_to: [0; DEAL_ORDER_KEPT],
            deal_t: [0.0; DEAL_ORDER_KEPT],
            ndeal: 0,
            settlements: Vec::new(),
            broken: None,
            findings: Vec::new(),
        }
    }

    /// Clears the round for reuse as round `number`, keeping allocations.
    pub fn reset(&mut self, number: u32, t: f64, wall: Option<&Id>) {
        self.number = number;
        self.t_start = t;
        self.t_end = t;
        self.wall = wall.cloned();
        self.seq = 0;
        self.first_card_seq = None;
        let top = usize::from(self.top);
        self.top = 0;
        for s in &mut self.spaces[..top] {
            if s.original != 0
                || s.nhands != 0
                || s.tip != 0
                || s.insurance != 0
                || s.player_key != 0
            {
                s.clear();
            }
        }
        self.ndealer = 0;
        self.hole_turned_seq = None;
        self.last_player_action_seq = 0;
        self.last_player_action_t = 0.0;
        self.hole_turned_t = 0.0;
        self.ndeal = 0;
        self.settlements.clear();
        self.broken = None;
        self.findings.clear();
    }

    /// Records where a card went, while the first cards of the round are being kept.
    #[inline(always)]
    fn note_deal(&mut self, to: u8, t: f64) {
        let n = usize::from(self.ndeal);
        if n < DEAL_ORDER_KEPT {
            self.deal_to[n] = to;
            self.deal_t[n] = t;
            self.ndeal += 1;
        }
    }

    /// Where the round's first cards went, in order (0 = the dealer, else the betting space),
    /// and when each was dealt: enough cards for two rounds of the initial deal to every space.
    pub fn deal_order(&self) -> (&[u8], &[f64]) {
        let n = usize::from(self.ndeal);
        (&self.deal_to[..n], &self.deal_t[..n])
    }

    /// The betting spaces up to the highest one the round touched.
    pub fn used(&self) -> &[SpaceState] {
        &self.spaces[..usize::from(self.top)]
    }

    /// The dealer's cards.
    pub fn dealer_cards(&self) -> &[DealerCard] {
        &self.dealer[..usize::from(self.ndealer)]
    }

    /// The dealer's face-up card among the first two (the "upcard").
    pub fn upcard(&self) -> Option<Card> {
        self.dealer_cards()
            .iter()
            .take(2)
            .find(|d| d.dealt_face_up)
            .and_then(|d| d.card)
    }

    /// The order at which the dealer's hand was revealed: the hole card turned, or, without a
    /// hole card, the dealer's second card dealt.
    pub fn reveal_seq(&self, rules: &HouseRules) -> Option<u32> {
        if rules.dealing_method.has_hole_card() {
            self.hole_turned_seq
        } else {
            self.dealer_cards().get(1).map(|d| d.seq)
        }
    }

    /// True once the dealer's hand has been revealed.
    fn revealed(&self, rules: &HouseRules) -> bool {
        self.reveal_seq(rules).is_some()
    }

    /// Notes that an event touched betting space `n`, so the round's end looks at it.
    #[inline(always)]
    fn touch(&mut self, n: u8) {
        self.top = self.top.max(n);
    }

    fn space(&self, n: u8) -> &SpaceState {
        &self.spaces[usize::from(n - 1)]
    }

    fn space_mut(&mut self, n: u8) -> &mut SpaceState {
        &mut self.spaces[usize::from(n - 1)]
    }

    /// Marks the round unreconstructable (the first reason wins).
    #[cold]
    #[inline(never)]
    pub fn break_with(&mut self, reason: String, t: f64) {
        if self.broken.is_none() {
            self.broken = Some((reason, t));
        }
    }

    /// Records a finding about this round.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    #[inline(never)]
    pub fn find(
        &mut self,
        kind: FindingKind,
        citation: Option<&str>,
        at: (Option<u8>, Option<u8>),
        span: (f64, f64),
        expected: String,
        observed: String,
        cents: Option<(Cents, Cents)>,
        message: String,
    ) {
        if let Some(space) = at.0
            && self.unsure(kind, space, cents)
        {
            return;
        }
        self.findings.push(Finding {
            kind,
            severity: kind.severity(),
            citation: citation.unwrap_or(kind.citation()).to_string(),
            table: self.table.clone(),
            round: self.number,
            space: at.0,
            hand: at.1,
            t_start: span.0,
            t_end: span.1,
            wall: self.wall.clone(),
            expected,
            observed,
            expected_cents: cents.map(|c| c.0),
            observed_cents: cents.map(|c| c.1),
            message,
        });
    }

    /// True when a money finding at `space` may come only from an amount the log gives as a
    /// lower bound (`at_least`): a paid or taken amount above what a larger wager would call
    /// for, or a take short of the wager when the take itself was not counted. Findings that
    /// hold for any larger wager (a payoff short of what the seen amount already calls for, a
    /// payoff on a losing hand) stand, and so does a payoff short even at the most its chips
    /// unseen can be worth (`at_most`).
    fn unsure(&self, kind: FindingKind, space: u8, cents: Option<(Cents, Cents)>) -> bool {
        let Some(sp) = usize::from(space)
            .checked_sub(1)
            .and_then(|i| self.spaces.get(i))
        else {
            return false;
        };
        let (exp, obs) = cents.unwrap_or((0, 0));
        match kind {
            FindingKind::Overpay | FindingKind::Overcollected => sp.stake_min && exp > 0,
            FindingKind::ExcessNotReturned => sp.stake_min || sp.taken_min,
            FindingKind::VoidedWagerCollected => sp.stake_min || sp.taken_min || sp.side_min,
            FindingKind::LosingWagerNotCollected => sp.taken_min && obs > 0,
            FindingKind::Underpay => {
                sp.paid_min && (sp.paid_unbounded || obs + sp.paid_slack >= exp)
            }
            FindingKind::TipSettledWrong | FindingKind::InsuranceSettledWrong => sp.side_min,
            FindingKind::WagerOutsideLimits => sp.stake_min && obs < exp,
            FindingKind::WagerChangedAfterDeal => sp.stake_min || sp.side_min,
            _ => false,
        }
    }

    /// Applies one event that belongs to the round. Table-level effects (the shoe's card
    /// counts, burns owed after a shuffle or dealer change) are the auditor's.
    #[inline(always)]
    pub fn apply(&mut self, ev: &Event, rules: &HouseRules) {
        self.seq += 1;
        self.t_end = ev.t;
        if self.broken.is_some() {
            return;
        }
        let t = ev.t;
        match &ev.kind {
            EventKind::Card {
                to, card, rotated, ..
            } => {
                if let Target::Hand { space, .. } = to {
                    self.touch(*space);
                }
                self.card(*to, *card, *rotated, t, rules)
            }
            EventKind::Wager {
                space,
                hand,
                kind,
                money,
                player,
                at_least,
            } => {
                self.touch(*space);
                // A main-bet stack whose top chip alone is the table's maximum holds that, as
                // the table's limits allow no more (08-09(1); a larger wager is valued at the
                // maximum): no lower bound (shift seed 14 at 862 s, a $25 chip at a $25
                // table paid $30, an overpay not found).
                let main = matches!(
                    kind,
                    WagerKind::Original | WagerKind::Split | WagerKind::Double
                );
                let at_least = *at_least && !(main && money.amount >= rules.max_wager_cents());
                if at_least {
                    let sp = self.space_mut(*space);
                    if main {
                        sp.stake_min = true;
                    } else {
                        sp.side_min = true;
                    }
                }
                self.wager(
                    *space,
                    *hand,
                    (*kind, at_least),
                    money,
                    player.as_ref(),
                    t,
                    rules,
                )
            }
            EventKind::HoleCardTurned { card, .. } => {
                let seq = self.seq;
                match self.dealer[..usize::from(self.ndealer)]
                    .iter_mut()
                    .find(|d| d.card.is_none() && !d.burned)
                {
                    Some(d) => d.card = Some(*card),
                    None => {
                        return self.break_with(
                            "the hole card was turned, but the dealer has no face-down card".into(),
                            t,
                        );
                    }
                }
                if self.hole_turned_seq.is_none() {
                    self.hole_turned_seq = Some(seq);
                    self.hole_turned_t = t;
                }
            }
            EventKind::Burn {
                from: Some(target), ..
            } => {
                if let Target::Hand { space, .. } = target {
                    self.touch(*space);
                }
                self.burn_from(*target, t)
            }
            EventKind::Collect {
                space,
                hand,
                bet,
                money,
                at_least,
            } => {
                self.touch(*space);
                if *at_least {
                    self.space_mut(*space).unsure_take(*bet);
                }
                self.chips(*space, *hand, *bet, money, Move::Collect, t, rules)
            }
            EventKind::Payout {
                space,
                hand,
                bet,
                money,
                fanned,
                at_least,
                at_most,
            } => {
                self.touch(*space);
                if *at_least {
                    let sp = self.space_mut(*space);
                    if *bet == Bet::Main {
                        sp.paid_min = true;
                        match at_most {
                            Some(m) => sp.paid_slack += (m.get() - money.amount).max(0),
                            None => sp.paid_unbounded = true,
                        }
                    } else {
                        sp.side_min = true;
                    }
                }
                self.chips(*space, *hand, *bet, money, Move::Pay(*fanned), t, rules)
            }
            EventKind::Return {
                space,
                hand,
                bet,
                money,
                at_least,
            } => {
                self.touch(*space);
                if *at_least {
                    self.space_mut(*space).unsure_take(*bet);
                }
                self.chips(*space, *hand, *bet, money, Move::Return, t, rules)
            }
            EventKind::CardsCleared { space: Some(s) } => {
                self.touch(*s);
                let sp = self.space_mut(*s);
                for h in &mut sp.hands[..usize::from(sp.nhands)] {
                    h.cleared = true;
                }
            }
            k if k.is_poker() => self.break_with(
                format!(
                    "a poker event (`{}`) in a twenty-one round; audit the log as hold'em",
                    k.type_name()
                ),
                t,
            ),
            // Shuffle, cut, shoe burns, dealer changes and the end of the round are the auditor's.
            _ => {}
        }
    }

    fn card(
        &mut self,
        to: Target,
        card: Option<Card>,
        rotated: Option<bool>,
        t: f64,
        rules: &HouseRules,
    ) {
        let seq = self.seq;
        self.first_card_seq.get_or_insert(seq);
        match to {
            Target::Dealer => {
                if usize::from(self.ndealer) == MAX_CARDS {
                    return self.break_with(
                        format!("more than {MAX_CARDS} cards dealt to the dealer"),
                        t,
                    );
                }
                self.note_deal(0, t);
                self.dealer[usize::from(self.ndealer)] = DealerCard {
                    card,
                    dealt_face_up: card.is_some(),
                    burned: false,
                    seq,
                    t,
                };
                self.ndealer += 1;
            }
            Target::Hand { space, hand } => {
                let Some(card) = card else {
                    return self.break_with(
                        format!(
                            "a card was dealt face down to space {space}; its value is unknown"
                        ),
                        t,
                    );
                };
                if !self.space(space).active() {
                    return self.break_with(
                        format!("a card ({card}) was dealt to space {space}, which has no wager"),
                        t,
                    );
                }
                let sp = self.space(space);
                if sp.nhands == 0 && hand == 1 {
                    let sp = self.space_mut(space);
                    sp.nhands = 1;
                    sp.hands[0] = HandState {
                        stake: sp.original,
                        stake_min: sp.original_min,
                        t_first: t,
                        ..HandState::default()
                    };
                } else if hand > sp.nhands {
                    return self.break_with(
                        format!("a card ({card}) was dealt to hand {hand} at space {space}, which has {} hand(s)", sp.nhands),
                        t,
                    );
                }
                self.note_deal(space, t);
                let h = &self.space(space).hands[usize::from(hand - 1)];
                let n = h.cards.len();
                // A hand that is finished, doubled or of split aces takes its cards under
                // rules of its own; the checks for those are apart from the common path.
                if h.cleared || h.value().is_bust() || h.double > 0 || h.split_aces {
                    self.card_to_special_hand(space, hand, card, rotated, t, rules);
                }
                // The first two cards of hand 1, before any decision, are the initial deal.
                let initial = hand == 1 && n < 2 && self.last_player_action_seq == 0;
                if !initial {
                    self.last_player_action_seq = seq;
                    self.last_player_action_t = self.t_end;
                }
                let hs = &mut self.space_mut(space).hands[usize::from(hand - 1)];
                if !hs.push_card(Some(card)) {
                    return self.break_with(
                        format!("more than {MAX_CARDS} cards at space {space} hand {hand}"),
                        t,
                    );
                }
                hs.t_last = t;
                if hs.t_first == 0.0 {
                    hs.t_first = t;
                }
            }
        }
    }

    /// The checks on a card dealt to a hand that is finished (picked up or bust), doubled, or
    /// one of split aces (08-09(2)(c)-(d), 08-11(3)), made before the card is added.
    #[cold]
    #[inline(never)]
    fn card_to_special_hand(
        &mut self,
        space: u8,
        hand: u8,
        card: Card,
        rotated: Option<bool>,
        t: f64,
        rules: &HouseRules,
    ) {
        let h = self.space(space).hands[usize::from(hand - 1)];
        let n = h.cards.len();
        let at = (Some(space), Some(hand));
        if h.cleared || h.value().is_bust() {
            self.find(
                FindingKind::CardToFinishedHand,
                None,
                at,
                (h.t_first, t),
                "no card: the hand was finished".into(),
                format!(
                    "{card} dealt to a hand that was {}",
                    if h.cleared { "picked up" } else { "bust" }
                ),
                None,
                format!(
                    "Card {card} dealt to space {space} hand {hand} after the hand was finished."
                ),
            );
        } else if h.double > 0 && n > usize::from(h.cards_at_double) {
            self.find(
                FindingKind::DoubleRuleBroken,
                Some("N.D. Admin. Code 99-01.3-08-09(2)(d)"),
                at,
                (h.t_first, t),
                "one card after a double-down".into(),
                format!("a further card ({card})"),
                None,
                format!("Space {space} hand {hand} doubled down but was dealt a further card {card}; only one card may follow a double."),
            );
        } else if h.split_aces && n >= 2 {
            self.find(
                FindingKind::SplitRuleBroken,
                Some("N.D. Admin. Code 99-01.3-08-09(2)(c)"),
                at,
                (h.t_first, t),
                "one card on each split ace".into(),
                format!("a further card ({card})"),
                None,
                format!("Split aces at space {space} hand {hand} drew a further card {card}; split aces draw only one card each."),
            );
        }
        // A double-down card, and the card on a split ace, lie at a right angle (08-11(3)).
        let double_card = h.double > 0 && n == usize::from(h.cards_at_double);
        let ace_card = h.split_aces && n == 1;
        if rotated == Some(false) && ((double_card && rules.video_surveillance) || ace_card) {
            let cite = if ace_card {
                "N.D. Admin. Code 99-01.3-08-11(3)(a)"
            } else {
                "N.D. Admin. Code 99-01.3-08-11(3)(b)"
            };
            let what = if ace_card { "split ace" } else { "double-down" };
            self.find(
                FindingKind::CardNotAtRightAngle,
                Some(cite),
                at,
                (t, t),
                "card at a right angle".into(),
                "card placed square".into(),
                None,
                format!("The {what} card {card} at space {space} hand {hand} was not placed at a right angle."),
            );
        }
    }

    fn burn_from(&mut self, target: Target, t: f64) {
        match target {
            Target::Dealer => {
                let n = usize::from(self.ndealer);
                match self.dealer[..n].iter_mut().rev().find(|d| !d.burned) {
                    Some(d) => d.burned = true,
                    None => self.break_with(
                        "a card was burned from the dealer's hand, which holds none".into(),
                        t,
                    ),
                }
            }
            Target::Hand { space, hand } => {
                let sp = self.space_mut(space);
                let ok = hand <= sp.nhands && sp.hands[usize::from(hand - 1)].pop_card().is_some();
                if !ok {
                    self.break_with(
                        format!(
                            "a card was burned from space {space} hand {hand}, which holds none"
                        ),
                        t,
                    );
                }
            }
        }
    }

    /// A wager placed: `kind` with whether its amount is only a lower bound (`at_least`).
    #[allow(clippy::too_many_arguments)]
    fn wager(
        &mut self,
        space: u8,
        hand: u8,
        (kind, at_least): (WagerKind, bool),
        money: &Money,
        player: Option<&Id>,
        t: f64,
        rules: &HouseRules,
    ) {
        let dealt = self.first_card_seq.is_some();
        let amount = money.amount;
        {
            let sp = self.space_mut(space);
            if sp.t_first == 0.0 {
                sp.t_first = t;
            }
            if let Some(p) = player {
                // A shared id: keeping it costs a reference count, not a copy.
                if !sp.last_player.as_ref().is_some_and(|q| Id::ptr_eq(q, p)) {
                    sp.last_player_key = name_key(p);
                    sp.last_player = Some(p.clone());
                }
                sp.player_key = sp.last_player_key;
            }
        }
        match kind {
            WagerKind::Original | WagerKind::Tip => {
                let old = if kind == WagerKind::Original {
                    self.space(space).original
                } else {
                    self.space(space).tip
                };
                if dealt {
                    if old != amount {
                        let name = if kind == WagerKind::Original {
                            "original wager"
                        } else {
                            "tip bet"
                        };
                        self.find(
                            FindingKind::WagerChangedAfterDeal,
                            None,
                            (Some(space), None),
                            (t, t),
                            format!("{name} of {} kept as placed before the first card", dollars(old)),
                            format!("{name} changed to {}", dollars(amount)),
                            Some((old, amount)),
                            format!("The {name} at space {space} changed from {} to {} after the first card was dealt.", dollars(old), dollars(amount)),
                        );
                    }
                    // A wager on a space no card has reached yet is late but still in play;
                    // otherwise the stake stays as it was before the deal.
                    let late_new = old == 0 && self.space(space).nhands == 0;
                    if !late_new {
                        return;
                    }
                }
                let sp = self.space_mut(space);
                if kind == WagerKind::Original {
                    sp.original = amount;
                    sp.original_min = at_least;
                } else {
                    sp.tip = amount;
                }
            }
            _ => self.later_wager(space, hand, kind, (amount, at_least), t, rules),
        }
    }

    /// Insurance, split, double-down and tip-double wagers: placed during play, each checked
    /// against the state of the hand at that moment (08-09(2), 08-11(10)).
    #[inline(never)]
    fn later_wager(
        &mut self,
        space: u8,
        hand: u8,
        kind: WagerKind,
        (amount, at_least): (Cents, bool),
        t: f64,
        rules: &HouseRules,
    ) {
        let seq = self.seq;
        let at = (Some(space), Some(hand));
        match kind {
            WagerKind::Original | WagerKind::Tip => {}
            WagerKind::Insurance => {
                let up = self.upcard();
                let original = self.space(space).original;
                let t0 = self.space(space).t_first;
                let mut wrong = Vec::new();
                if !rules.insurance {
                    wrong.push("insurance is not permitted at this table".to_string());
                }
                if up.map(|c| c.rank) != Some(Rank::Ace) {
                    wrong.push(format!(
                        "the dealer's upcard is {}, not an ace",
                        up.map_or("not showing".to_string(), |c| c.to_string())
                    ));
                }
                if certainly_unequal(
                    (amount * 2, at_least),
                    (original, self.space(space).original_min),
                ) {
                    wrong.push(format!(
                        "{} is not one-half of the {} original wager",
                        dollars(amount),
                        dollars(original)
                    ));
                }
                if self.revealed(rules) {
                    wrong.push("it was placed after the dealer's hand was revealed".into());
                }
                if self.space(space).insurance > 0 {
                    wrong.push("the space already had an insurance bet".into());
                }
                if !wrong.is_empty() {
                    self.find(
                        FindingKind::InsuranceRuleBroken,
                        None,
                        (Some(space), None),
                        (t0, t),
                        format!(
                            "insurance of {} against a dealer ace, before the hole card",
                            dollars(original / 2)
                        ),
                        format!("insurance of {}", dollars(amount)),
                        Some((original / 2, amount)),
                        format!("Insurance at space {space}: {}.", wrong.join("; ")),
                    );
                }
                self.space_mut(space).insurance += amount;
            }
            WagerKind::Split => self.split(space, hand, (amount, at_least), t, seq, rules),
            WagerKind::Double => {
                let sp = self.space(space);
                if hand > sp.nhands {
                    return self.break_with(
                        format!(
                            "a double-down wager at space {space} hand {hand}, which has no cards"
                        ),
                        t,
                    );
                }
                let h = sp.hands[usize::from(hand - 1)];
                let mut wrong = Vec::new();
                if h.cards.len() != 2 {
                    wrong.push(format!(
                        "the hand held {} cards, not its first two",
                        h.cards.len()
                    ));
                }
                if h.split_aces {
                    wrong.push("doubling down on split aces is not permitted".into());
                }
                if h.double > 0 {
                    wrong.push("the hand was already doubled".into());
                }
                // (The hand's stake is the original wager, or the split wager that must equal
                // it; either may be known only as at least its top chip.)
                let stake = (h.stake, h.stake_min);
                let limit_ok = match rules.double_down {
                    DoubleAmount::Equal => !certainly_unequal((amount, at_least), stake),
                    DoubleAmount::UpTo => !certainly_more((amount, at_least), stake),
                };
                if !limit_ok {
                    let rule = match rules.double_down {
                        DoubleAmount::Equal => "equal to",
                        DoubleAmount::UpTo => "at most",
                    };
                    wrong.push(format!(
                        "{} is not {rule} the {} wager",
                        dollars(amount),
                        dollars(h.stake)
                    ));
                }
                if self.revealed(rules) {
                    wrong.push("it was placed after the dealer's hand was revealed".into());
                }
                if !wrong.is_empty() {
                    self.find(
                        FindingKind::DoubleRuleBroken,
                        None,
                        at,
                        (h.t_first, t),
                        format!(
                            "a double-down of {} on the first two cards",
                            dollars(h.stake)
                        ),
                        format!("double-down of {}", dollars(amount)),
                        Some((h.stake, amount)),
                        format!(
                            "Double-down at space {space} hand {hand}: {}.",
                            wrong.join("; ")
                        ),
                    );
                }
                self.last_player_action_seq = seq;
                self.last_player_action_t = self.t_end;
                let hs = &mut self.space_mut(space).hands[usize::from(hand - 1)];
                hs.double += amount;
                if hs.cards_at_double == 0 {
                    hs.cards_at_double = hs.cards.len() as u8;
                }
            }
            WagerKind::TipDouble => {
                // Checked against the tip and the hand's double when the round ends.
                self.last_player_action_seq = seq;
                self.last_player_action_t = self.t_end;
                self.space_mut(space).tip_double += amount;
            }
        }
    }

    fn split(
        &mut self,
        space: u8,
        hand: u8,
        (amount, at_least): (Cents, bool),
        t: f64,
        seq: u32,
        rules: &HouseRules,
    ) {
        let sp = self.space(space);
        if hand > sp.nhands {
            return self.break_with(
                format!("a split wager at space {space} hand {hand}, which has no cards"),
                t,
            );
        }
        let h = sp.hands[usize::from(hand - 1)];
        if h.cards.len() != 2 {
            return self.break_with(
                format!("a split wager at space {space} hand {hand}, which holds {} card(s), not a pair", h.cards.len()),
                t,
            );
        }
        if sp.nhands >= MAX_HANDS {
            return self.break_with(
                format!("a fifth hand split at space {space}; a space holds at most four"),
                t,
            );
        }
        let (a, b) = (
            h.cards.as_slice()[0].unwrap(),
            h.cards.as_slice()[1].unwrap(),
        );
        let mut wrong = Vec::new();
        if !(a.rank == b.rank || (a.rank.is_ten_count() && b.rank.is_ten_count())) {
            wrong.push(format!("{a} and {b} are not a pair"));
        }
        if certainly_unequal((amount, at_least), (sp.original, sp.original_min)) {
            wrong.push(format!(
                "the split wager {} does not equal the original {}",
                dollars(amount),
                dollars(sp.original)
            ));
        }
        if h.double > 0 {
            wrong.push("the hand was doubled".into());
        }
        if h.split_aces && a.rank != Rank::Ace {
            wrong.push("split aces may only be split again on an ace".into());
        }
        if self.revealed(rules) {
            wrong.push("it was placed after the dealer's hand was revealed".into());
        }
        if !wrong.is_empty() {
            self.find(
                FindingKind::SplitRuleBroken,
                None,
                (Some(space), Some(hand)),
                (h.t_first, t),
                format!("a split of a pair for {}", dollars(sp.original)),
                format!("split of {a} {b} for {}", dollars(amount)),
                Some((sp.original, amount)),
                format!("Split at space {space} hand {hand}: {}.", wrong.join("; ")),
            );
        }
        self.last_player_action_seq = seq;
        self.last_player_action_t = self.t_end;
        let sp = self.space_mut(space);
        let new = usize::from(sp.nhands);
        sp.nhands += 1;
        let aces = a.rank == Rank::Ace && b.rank == Rank::Ace;
        let moved = sp.hands[usize::from(hand - 1)].pop_card().flatten();
        let old = &mut sp.hands[usize::from(hand - 1)];
        old.from_split = true;
        old.split_aces |= aces;
        let mut nh = HandState {
            stake: amount,
            stake_min: at_least,
            from_split: true,
            split_aces: aces,
            t_first: t,
            t_last: t,
            ..Default::default()
        };
        nh.push_card(moved);
        sp.hands[new] = nh;
    }

    #[allow(clippy::too_many_arguments)]
    fn chips(
        &mut self,
        space: u8,
        hand: u8,
        bet: Bet,
        money: &Money,
        mv: Move,
        t: f64,
        rules: &HouseRules,
    ) {
        if self.first_card_seq.is_none() {
            return self.break_with(
                format!(
                    "chips were {} at space {space} before any card was dealt",
                    mv.verb()
                ),
                t,
            );
        }
        let sp = self.space(space);
        if !sp.active() {
            return self.break_with(
                format!(
                    "chips were {} at space {space}, which has no wager",
                    mv.verb()
                ),
                t,
            );
        }
        if bet == Bet::Main && hand > sp.nhands {
            return self.break_with(
                format!(
                    "chips were {} at space {space} hand {hand}, which has no cards",
                    mv.verb()
                ),
                t,
            );
        }
        let revealed = self.revealed(rules);
        // A payout on a natural against an ace before the dealer's hand is known is the
        // even-money option (08-09(2)(b)).
        let even_money = matches!(mv, Move::Pay(_))
            && bet == Bet::Main
            && hand == 1
            && !revealed
            && sp.nhands == 1
            && sp.hands[0].flow.paid == 0
            && sp.hands[0].is_natural()
            && self.upcard().map(|c| c.rank) == Some(Rank::Ace);
        if let Move::Pay(Some(false)) = mv {
            // 08-11(16)(a): at a surveilled table every payoff is fanned; 08-11(15)(d): an
            // insurance payoff is fanned at any table. A payoff of one chip, where the log
            // says which chips, lies the same either way: there is nothing to fan.
            let one_chip = money.chips.as_ref().is_some_and(|c| c.count() == 1);
            if (rules.video_surveillance || bet == Bet::Insurance) && !one_chip {
                let cite = if rules.video_surveillance {
                    "N.D. Admin. Code 99-01.3-08-11(16)(a)"
                } else {
                    "N.D. Admin. Code 99-01.3-08-11(15)(d)"
                };
                self.find(
                    FindingKind::PayoutNotFanned,
                    Some(cite),
                    (Some(space), (bet == Bet::Main).then_some(hand)),
                    (t, t),
                    "payoff chips fanned".into(),
                    "payoff chips stacked".into(),
                    Some((money.amount, money.amount)),
                    format!("Payoff of {} on the {} bet at space {space} was not fanned for the camera.", dollars(money.amount), bet.as_str()),
                );
            }
        }
        if revealed && !matches!(mv, Move::Return) {
            let sp = self.space(space);
            let bust = match bet {
                Bet::Main => sp.hands[usize::from(hand - 1)].value().is_bust(),
                Bet::Tip => sp.hands().first().is_some_and(|h| h.value().is_bust()),
                Bet::Insurance => false,
            };
            self.settlements.push(Settlement {
                space,
                hand,
                bet,
                payout: matches!(mv, Move::Pay(_)),
                bust,
                t,
            });
        }
        let sp = self.space_mut(space);
        let flow = match bet {
            Bet::Main => &mut sp.hands[usize::from(hand - 1)].flow,
            Bet::Tip => &mut sp.tip_flow,
            Bet::Insurance => &mut sp.ins_flow,
        };
        flow.touch(t);
        match mv {
            Move::Collect => flow.collected += money.amount,
            Move::Return => flow.returned += money.amount,
            Move::Pay(_) => {
                flow.even_money |= even_money;
                flow.paid += money.amount;
            }
        }
    }
}

/// FNV-1a hash of a name, never 0.
pub fn name_key(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h | 1
}

#[derive(Debug, Clone, Copy)]
enum Move {
    Collect,
    Return,
    Pay(Option<bool>),
}

impl Move {
    fn verb(self) -> &'static str {
        match self {
            Move::Collect => "collected",
            Move::Return => "returned",
            Move::Pay(_) => "paid",
        }
    }
}

/// True when an amount `a` cannot equal `b` whatever the stacks held: each is its cents and
/// whether that is only a lower bound (`at_least`, a stack seen by its top chip).
fn certainly_unequal(a: (Cents, bool), b: (Cents, bool)) -> bool {
    match (a.1, b.1) {
        (false, false) => a.0 != b.0,
        (false, true) => a.0 < b.0,
        (true, false) => a.0 > b.0,
        (true, true) => false,
    }
}

/// True when an amount `a` is more than `b` whatever the stacks held (see `certainly_unequal`).
fn certainly_more(a: (Cents, bool), b: (Cents, bool)) -> bool {
    !b.1 && a.0 > b.0
}
