"""The search AI: it can't cheat, it is deterministic given its seed, and every level plays
only legal moves, over positions taken from real duels."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from content.tcg.loader import load_default_pack
from rules.core.rng import Rng
from rules.tcg import actions as act
from rules.tcg.ai.basic import GreedyPlayer, RandomPlayer, score_action
from rules.tcg.ai.rollout import quick_score
from rules.tcg.ai.search import SearchPlayer
from rules.tcg.board import Board
from rules.tcg.cards import CardType, TcgContent
from rules.tcg.engine import apply
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.sim import Player, play_duel, start
from rules.tcg.state import Duel, evolve
from rules.tcg.view import DuelView, view

PACK = load_default_pack()
DECKS = sorted(PACK.decks.values(), key=lambda d: d.id)


def positions(seed: int, every: int = 9) -> Iterator[tuple[Duel, int]]:
    """Every `every`-th decision of a greedy duel: (state, the seat to act)."""
    d = start(PACK, (DECKS[seed % 4], DECKS[(seed + 1) % 4]), seed)
    rng = random.Random(seed)
    step = 0
    while d.result is None:
        seat = to_act(d)
        assert seat is not None
        legal = [a for a in legal_actions(d, PACK, f"p{seat}") if a.type != "concede"]
        if step % every == 0 and len(legal) > 1:
            yield d, seat
        d = apply(d, GreedyPlayer().choose(view(d, PACK, seat), legal, PACK, rng), PACK).state
        step += 1


def rehide(d: Duel, me: int, rng: random.Random) -> Duel:
    """Another duel that differs from `d` only in what seat `me` can't see: the rival's
    hand and deck dealt again from the pack's cards of their colours, my own deck order,
    which Legend lies in which face-down slot (both sides), and the RNG seed."""
    cards = dict(d.cards)
    rival = d.seats[1 - me]
    colours = {PACK.cards[cards[i]].colour for i in rival.hand + rival.deck}
    pool = [
        c.id for c in PACK.cards.values() if c.type is not CardType.LEGEND and c.colour in colours
    ]
    for i in rival.hand + rival.deck:
        cards[i] = rng.choice(pool)
    seats = list(d.seats)
    mine = seats[me]
    deck = list(mine.deck)
    rng.shuffle(deck)
    seats[me] = evolve(mine, deck=tuple(deck))
    for s, st in enumerate(seats):
        down = [k for k, sl in enumerate(st.legends) if sl.inst is not None and not sl.face_up]
        insts = [st.legends[k].inst for k in down]
        rng.shuffle(insts)
        slots = list(st.legends)
        for k, i in zip(down, insts, strict=True):
            slots[k] = evolve(slots[k], inst=i)
        seats[s] = evolve(st, legends=tuple(slots))
    return evolve(d, cards=cards, seats=(seats[0], seats[1]), rng=Rng(seed=rng.randrange(1 << 30)))


def test_two_worlds_differing_only_in_hidden_rival_info_get_the_same_decision() -> None:
    tested = 0
    changed = 0
    for seed in (3, 8, 13):
        for d, me in positions(seed):
            other = rehide(d, me, random.Random(seed * 31 + d.version))
            changed += other.cards != d.cards or other.seats != d.seats
            v1, v2 = view(d, PACK, me), view(other, PACK, me)
            if v1.peeked:
                continue  # a peek shows my deck's top: not hidden from me then
            assert v1 == v2
            l1 = legal_actions(d, PACK, f"p{me}")
            assert l1 == legal_actions(other, PACK, f"p{me}")
            legal = [a for a in l1 if a.type != "concede"]
            search = SearchPlayer(samples=3, my_deck=DECKS[(seed + me) % 4])
            c1 = search.choose(v1, legal, PACK, random.Random(seed))
            c2 = search.choose(v2, legal, PACK, random.Random(seed))
            assert c1 == c2
            tested += 1
    assert tested >= 20 and changed >= tested


def test_the_search_player_only_ever_gets_a_view() -> None:
    class Spy(SearchPlayer):
        def choose(
            self,
            seen: DuelView,
            legal: Sequence[act.Action],
            content: TcgContent,
            rng: random.Random,
        ) -> act.Action:
            assert type(seen) is DuelView and seen.viewer is not None
            assert all(s.hand is None for i, s in enumerate(seen.seats) if i != seen.viewer)
            return super().choose(seen, legal, content, rng)

    r = play_duel(PACK, (DECKS[1], DECKS[2]), (Spy(samples=1, max_steps=20), GreedyPlayer()), 4)
    assert r.finished


def test_the_same_seed_gives_the_same_decision() -> None:
    for d, me in positions(5, every=23):
        v = view(d, PACK, me)
        legal = [a for a in legal_actions(d, PACK, f"p{me}") if a.type != "concede"]
        picks = {
            SearchPlayer(samples=2, my_deck=DECKS[me]).choose(v, legal, PACK, random.Random(9))
            for _ in range(2)
        }
        assert len(picks) == 1


class _Checked:
    """Wraps a player: every choice must be one of the legal actions it was offered."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.choices = 0

    def choose(
        self,
        seen: DuelView,
        legal: Sequence[act.Action],
        content: TcgContent,
        rng: random.Random,
    ) -> act.Action:
        pick = self.inner.choose(seen, legal, content, rng)
        assert pick in legal
        self.choices += 1
        return pick


@pytest.mark.parametrize("seed", [1, 2])
def test_every_level_picks_only_legal_actions(seed: int) -> None:
    for make in (RandomPlayer, GreedyPlayer, lambda: SearchPlayer(samples=1, max_steps=15)):
        a, b = _Checked(make()), _Checked(RandomPlayer())  # type: ignore[no-untyped-call]
        r = play_duel(PACK, (DECKS[seed], DECKS[seed + 1]), (a, b), seed)
        assert r.finished and a.choices > 10


def test_the_rollout_policy_scores_actions_as_the_greedy_player_does() -> None:
    # Rollouts score moves on the sampled state (no view per step): the same numbers.
    n = 0
    for seed in (0, 6):
        for d, me in positions(seed, every=1):
            seen, b = view(d, PACK, me), Board(d, PACK)
            for a in legal_actions(d, PACK, f"p{me}"):
                if a.type != "concede":
                    assert quick_score(b, me, a) == score_action(seen, a, PACK), a
                    n += 1
    assert n > 500


def test_the_evaluation_prefers_more_gigs_eddies_and_cards() -> None:
    from rules.tcg.ai.evaluate import evaluate
    from rules.tcg.scenario import Side, Table

    def score(me: Side, rival: Side) -> float:
        return evaluate(Table(PACK, me, rival).state, PACK, 0)

    even = score(Side(gigs=["d6:3"]), Side(gigs=["d6:3"]))
    assert even == 0.0
    # A stolen Gig (the rival's d8 now mine) is worth more; a Gig rolled in from the fixer
    # early is not, since both players roll one a turn anyway.
    fixer = [4, 10, 12, 20]
    stolen = score(Side(gigs=["d6:3", "d8:2"], fixer=fixer), Side(gigs=["d6:3"], fixer=fixer))
    assert stolen > even
    assert score(Side(gigs=["d6:3"], eddies=3), Side(gigs=["d6:3"])) > even
    assert score(Side(gigs=["d6:3"], hand=["road-flare"]), Side(gigs=["d6:3"])) > even
    assert score(Side(gigs=["d6:3"]), Side(gigs=["d6:3"], field=["neon-bruiser"])) < even
