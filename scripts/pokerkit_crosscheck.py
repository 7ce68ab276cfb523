"""Cross-checks pitwatch's hold'em pots against PokerKit, an independent poker engine.

Plays random no-limit hold'em hands in PokerKit (2 to 9 players, uneven stacks so that all-ins
and side pots are common, antes in some hands), writes each hand as a pitwatch table-event log
(docs/events.md: button, posts, hole cards, bets, checks, folds, burns, board cards, hands shown,
pots pushed), runs `pitwatch audit --game holdem --format json` over it, and requires:

- for every hand and seat, the amount pitwatch's rules award equals what PokerKit pushed;
- no findings: PokerKit deals and bets by the rules, so any finding is a disagreement. The one
  exception is the order hands are shown in, which PokerKit does not take from N.D. Admin. Code
  99-01.3-09-04(23): it does not show side-pot players before a player all in for the main pot
  only (23(e)), and when the last round is checked through it starts with the first player in
  the hand rather than the first who acted (23(c)). `showdown_order` findings are counted and
  printed, not failed on.

One difference is bridged, and counted: when a tied pot leaves two or more odd chips, PokerKit
gives them all to the first winner clockwise from the button; N.D. Admin. Code 99-01.3-09-04(27)
("divide split pots as evenly as possible") gives one each to the winners in that order. Those
pushes are re-divided one chip each before comparing.

Usage: python pokerkit_crosscheck.py PITWATCH_BINARY [HANDS] [SEED]
"""

import json
import random
import subprocess
import sys
import tempfile

from pokerkit import (
    AntePosting,
    Automation,
    BetCollection,
    BlindOrStraddlePosting,
    BoardDealing,
    CardBurning,
    CheckingOrCalling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
    NoLimitTexasHoldem,
)

CHIP = 100  # one PokerKit chip is $1 (100 cents), the smallest chip at the table

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def card_text(c):
    r = c.rank.value  # '2'..'9', 'T', 'J', 'Q', 'K', 'A'
    return ("10" if r == "T" else r) + c.suit.value


def play(rng):
    """One random hand; returns (state, starting stacks, ante)."""
    n = rng.randint(2, 9)
    ante = rng.choice([0, 0, 1])
    stacks = [
        rng.randint(4, 40) if rng.random() < 0.25 else rng.randint(40, 400) for _ in range(n)
    ]
    state = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, ante, (1, 2), 2, tuple(stacks), n
    )
    while state.status:
        if state.actor_index is None:
            break
        r = rng.random()
        if state.can_fold() and r < 0.3:
            state.fold()
        elif state.can_complete_bet_or_raise_to() and r < 0.5:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            amount = hi if rng.random() < 0.12 else rng.randint(lo, max(lo, min(hi, lo * 3)))
            state.complete_bet_or_raise_to(amount)
        else:
            state.check_or_call()
    return state, stacks, ante


def even_odd_chips(amounts):
    """PokerKit gives every odd chip of a tied push to its first winner; 09-04(27) one each."""
    winners = [i for i, a in enumerate(amounts) if a > 0]
    if len(winners) < 2:
        return amounts, False
    lo = min(amounts[i] for i in winners)
    extra = sum(amounts[i] - lo for i in winners)
    if extra <= 1 or any(amounts[i] - lo not in (0, extra) for i in winners):
        return amounts, False
    out = list(amounts)
    for k, i in enumerate(winners):
        out[i] = lo + (1 if k < extra else 0)
    return out, True


def to_events(table, state, stacks, rng):
    """The hand as pitwatch events, and PokerKit's award per seat in cents."""
    n = len(stacks)
    seats_sorted = sorted(rng.sample(range(1, 11), n))
    k = rng.randrange(n)  # the button's position among the seats
    seat = [seats_sorted[(k + 1 + i) % n] for i in range(n)]  # PokerKit index 0 is left of it
    button = seat[n - 1]
    t = [0.0]
    events = []

    def ev(ty, **kw):
        t[0] = round(t[0] + 0.5, 1)
        d = {"t": t[0], "table": table, "type": ty}
        d.update(kw)
        events.append(d)

    ev("button", seat=button)
    left = list(stacks)
    street = [0] * n
    put_in = [0] * n
    pushed = [0] * n
    odd = 0
    for op in state.operations:
        if isinstance(op, AntePosting):
            i = op.player_index
            left[i] -= op.amount
            put_in[i] += op.amount
            ev("post", seat=seat[i], kind="ante", amount_cents=op.amount * CHIP)
        elif isinstance(op, BlindOrStraddlePosting):
            i = op.player_index
            left[i] -= op.amount
            put_in[i] += op.amount
            street[i] += op.amount
            kind = "small_blind" if op.amount == 1 else "big_blind"
            ev("post", seat=seat[i], kind=kind, amount_cents=op.amount * CHIP)
        elif isinstance(op, HoleDealing):
            for _ in op.cards:
                ev("card", to=seat[op.player_index], face_down=True)
        elif isinstance(op, CardBurning):
            ev("burn")
        elif isinstance(op, BoardDealing):
            for c in op.cards:
                ev("board", card=card_text(c))
        elif isinstance(op, CheckingOrCalling):
            i = op.player_index
            if op.amount == 0:
                ev("check", seat=seat[i])
            else:
                left[i] -= op.amount
                put_in[i] += op.amount
                street[i] += op.amount
                ev("bet", seat=seat[i], amount_cents=op.amount * CHIP, all_in=left[i] == 0)
        elif isinstance(op, CompletionBettingOrRaisingTo):
            i = op.player_index
            add = op.amount - street[i]
            left[i] -= add
            put_in[i] += add
            street[i] = op.amount
            ev("bet", seat=seat[i], amount_cents=add * CHIP, all_in=left[i] == 0)
        elif isinstance(op, Folding):
            ev("fold", seat=seat[op.player_index])
        elif isinstance(op, BetCollection):
            street = [0] * n
        elif isinstance(op, HoleCardsShowingOrMucking):
            if op.hole_cards:
                ev("show", seat=seat[op.player_index], cards=[card_text(c) for c in op.hole_cards])
            else:
                ev("fold", seat=seat[op.player_index])
        elif isinstance(op, ChipsPushing):
            amounts, changed = even_odd_chips(list(op.amounts))
            odd += changed
            for i, a in enumerate(amounts):
                pushed[i] += a
    # What went back to each seat: its final stack less what it had left after betting. That
    # holds PokerKit's pushes and any uncalled bet handed back; swap PokerKit's pushes for the
    # re-divided ones.
    raw = [state.stacks[i] - left[i] for i in range(n)]
    pk_pushed = [0] * n
    for op in state.operations:
        if isinstance(op, ChipsPushing):
            for i, a in enumerate(op.amounts):
                pk_pushed[i] += a
    award = {seat[i]: raw[i] - pk_pushed[i] + pushed[i] for i in range(n)}
    total_raw = sum(raw)
    assert sum(award.values()) == total_raw
    for i in range(n):
        if award[seat[i]] > 0:
            ev("pot", seat=seat[i], amount_cents=award[seat[i]] * CHIP)
    ev("cards_cleared")
    all_in = any(x == 0 for x in left)
    return events, {s: a * CHIP for s, a in award.items()}, all_in, odd


def main():
    binary = sys.argv[1]
    hands = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 2026
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles its deck with the module's generator
    truth = {}
    all_ins = side_pots = splits = odd_pushes = showdowns = 0
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as log:
        for h in range(hands):
            state, stacks, _ = play(rng)
            table = f"H{h:05d}"
            events, award, all_in, odd = to_events(table, state, stacks, rng)
            truth[table] = award
            all_ins += all_in
            odd_pushes += odd
            pushes = [op for op in state.operations if isinstance(op, ChipsPushing)]
            side_pots += len({op.pot_index for op in pushes}) > 1
            splits += any(sum(1 for a in op.amounts if a) > 1 for op in pushes)
            showdowns += any(e["type"] == "show" for e in events)
            for e in events:
                log.write(json.dumps(e, separators=(",", ":")) + "\n")
        path = log.name
    run = subprocess.run(
        [binary, "audit", "--game", "holdem", "--format", "json", path],
        capture_output=True,
        text=True,
    )
    if run.returncode not in (0, 1):
        print(run.stderr, file=sys.stderr)
        sys.exit(f"pitwatch audit failed with status {run.returncode}")
    mismatches = 0
    findings = []
    order = 0
    seen = 0
    for line in run.stdout.splitlines():
        rec = json.loads(line)
        if rec["record"] == "finding":
            if rec["kind"] == "showdown_order":
                order += 1
            else:
                findings.append(rec)
        elif rec["record"] == "hand":
            seen += 1
            want = truth[rec["table"]]
            got = {s["seat"]: s["expected_cents"] for s in rec["seats"]}
            for seat in set(want) | set(got):
                if want.get(seat, 0) != got.get(seat, 0):
                    mismatches += 1
                    if mismatches <= 5:
                        print(
                            f"{rec['table']} seat {seat}: PokerKit {want.get(seat, 0)}, "
                            f"pitwatch {got.get(seat, 0)}",
                            file=sys.stderr,
                        )
    for f in findings[:5]:
        print(f"finding: {f['table']} {f['kind']}: {f['message']}", file=sys.stderr)
    print(
        f"{hands} hands ({showdowns} to a showdown, {all_ins} with an all-in, {side_pots} with "
        f"side pots, {splits} split pots, {odd_pushes} with odd chips re-divided): "
        f"{seen} judged, {mismatches} seat awards differ, {len(findings)} findings "
        f"(besides {order} showdown_order where PokerKit's showing order is not 09-04(23)'s)"
    )
    if seen != hands or mismatches or findings:
        sys.exit(1)


if __name__ == "__main__":
    main()
