"""Property tests over random playouts (hypothesis): zones, dice, determinism, JSON round
trip, legal actions accepted, views and public events never showing hidden cards."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content.tcg.loader import load_default_pack
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.tcg import actions as act
from rules.tcg.ai.basic import RandomPlayer
from rules.tcg.cards import CardType, DeckList, TcgContent
from rules.tcg.decks import deck_problems
from rules.tcg.engine import apply
from rules.tcg.legal import legal_actions, payment_variants, to_act
from rules.tcg.sim import start
from rules.tcg.state import DICE, Duel
from rules.tcg.view import view
from tests.tcg.pack import (
    DECK,
    NEW_DECK,
    NEWEST_CORE,
    NEWEST_DECK,
    PACK,
    with_newer_cards,
)

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def zones(d: Duel) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for i, s in enumerate(d.seats):
        out[f"{i}.deck"] = list(s.deck)
        out[f"{i}.hand"] = list(s.hand)
        out[f"{i}.field"] = [u.inst for u in s.field]
        out[f"{i}.gear"] = [g for u in s.field for g in u.gear] + [
            g for sl in s.legends for g in sl.gear
        ]
        out[f"{i}.legends"] = [sl.inst for sl in s.legends if sl.inst is not None]
        out[f"{i}.eddies"] = [e.inst for e in s.eddies]
        out[f"{i}.trash"] = list(s.trash)
        out[f"{i}.removed"] = list(s.removed)
    out["resolving"] = [f.source for f in d.frames if f.program]
    return out


def check_invariants(d: Duel, content: TcgContent = PACK) -> None:
    z = zones(d)
    everywhere = [i for v in z.values() for i in v]
    assert sorted(everywhere) == sorted(d.cards), "every card in exactly one zone"
    for name, insts in z.items():
        for inst in insts:
            if content.cards[d.cards[inst]].type is CardType.LEGEND:
                assert name.split(".")[-1] in ("field", "legends", "removed"), (name, inst)
    dice = [f"{i}d{size}" for i, s in enumerate(d.seats) for size in s.fixer]
    for s in d.seats:
        for die in s.gigs:
            assert 1 <= die.value <= die.size
            dice.append(die.id)
    assert sorted(dice) == sorted(f"{i}d{size}" for i in (0, 1) for size in DICE)
    assert Duel.model_validate_json(d.model_dump_json()) == d


def hidden_insts(d: Duel, viewer: int | None) -> set[str]:
    """Instances the viewer must never see: decks, others' hands, face-down slots, unseen
    Eddies (peeked cards excepted for the peeker)."""
    out: set[str] = set()
    peeked = {i for s, i in d.peeked if s == viewer}
    for i, s in enumerate(d.seats):
        out |= set(s.deck) - peeked
        if i != viewer:
            out |= set(s.hand)
        out |= {sl.inst for sl in s.legends if sl.inst is not None and not sl.face_up}
        out |= {e.inst for e in s.eddies if not e.known}
    return out


def check_views(d: Duel, content: TcgContent = PACK) -> None:
    for viewer in (0, 1, None):
        text = view(d, content, viewer).model_dump_json()
        for inst in hidden_insts(d, viewer):
            assert not re.search(rf'"{re.escape(inst)}"', text), (viewer, inst)
        assert str(d.rng.seed) not in re.findall(r'"seed"', text)
        assert '"seed"' not in text


def playout(
    seed: int,
    check_legal: bool,
    content: TcgContent = PACK,
    decks: tuple[DeckList, DeckList] = (DECK, DECK),
    events: list[Event] | None = None,
) -> list[Duel]:
    d = start(content, decks, seed)
    rng = random.Random(seed)
    p = RandomPlayer()
    states = [d]
    for _ in range(400):
        if d.result is not None:
            break
        seat = to_act(d)
        assert seat is not None
        legal = [a for a in legal_actions(d, content, f"p{seat}") if a.type != "concede"]
        assert legal, "a waiting seat always has a legal action"
        if check_legal:
            for a in rng.sample(legal, min(3, len(legal))):
                apply(d, a, content)  # every listed action is accepted
                for v in payment_variants(d, content, a)[:4]:
                    apply(d, v, content)  # and so is every way to pay for it (T27)
            other = legal_actions(d, content, f"p{1 - seat}")
            assert all(isinstance(a, act.Concede) for a in other), "only one seat acts"
        a = p.choose(view(d, content, seat), legal, content, rng)
        out = apply(d, a, content)
        if events is not None:
            events.extend(out.events)
        assert out.state.version == d.version + 1
        for e in out.events:
            if e.public and isinstance(e.data.get("inst"), str):
                assert e.data["inst"] not in hidden_insts(out.state, None)
        d = out.state
        states.append(d)
    return states


@SETTINGS
@given(st.integers(0, 10_000))
def test_random_playouts_keep_every_invariant(seed: int) -> None:
    for d in playout(seed, check_legal=True)[::3]:
        check_invariants(d)
        check_views(d)


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 3), st.integers(0, 3))
def test_random_playouts_with_the_bundled_decks_keep_every_invariant(
    seed: int, a: int, b: int
) -> None:
    pack = load_default_pack()
    decks = sorted(pack.decks.values(), key=lambda d: d.id)
    for d in playout(seed, True, pack, (decks[a], decks[b]))[::4]:
        check_invariants(d, pack)
        check_views(d, pack)


@SETTINGS
@given(st.integers(0, 10_000))
def test_random_playouts_with_the_newer_effect_kinds_keep_every_invariant(seed: int) -> None:
    # NEW_DECK: name/tag filters, watchers, replacements, prevention, choose one, steal
    # modifiers (tests/tcg/pack.py).
    for d in playout(seed, True, PACK, (NEW_DECK, NEW_DECK))[::3]:
        check_invariants(d)
        check_views(d)


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 3), st.integers(0, 3))
def test_random_playouts_with_the_newer_bundled_cards_keep_every_invariant(
    seed: int, a: int, b: int
) -> None:
    pack = load_default_pack()
    decks = [with_newer_cards(d, pack) for d in sorted(pack.decks.values(), key=lambda d: d.id)]
    assert all(deck_problems(d, pack) == [] for d in decks)
    for d in playout(seed, True, pack, (decks[a], decks[b]))[::4]:
        check_invariants(d, pack)
        check_views(d, pack)


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 3), st.integers(0, 3))
def test_random_playouts_with_the_newest_bundled_cards_keep_every_invariant(
    seed: int, a: int, b: int
) -> None:
    pack = load_default_pack()
    decks = [
        with_newer_cards(d, pack, NEWEST_CORE)
        for d in sorted(pack.decks.values(), key=lambda d: d.id)
    ]
    assert all(deck_problems(d, pack) == [] for d in decks)
    for d in playout(seed, True, pack, (decks[a], decks[b]))[::4]:
        check_invariants(d, pack)
        check_views(d, pack)


@SETTINGS
@given(st.integers(0, 10_000))
def test_random_playouts_with_other_replacements_and_group_statics_keep_every_invariant(
    seed: int,
) -> None:
    # NEWEST_DECK: draw / steal / return-to-hand / trash replacements, steal prevention,
    # group statics (tests/tcg/pack.py).
    for d in playout(seed, True, PACK, (NEWEST_DECK, NEWEST_DECK))[::3]:
        check_invariants(d)
        check_views(d)


def test_random_playouts_with_other_replacements_reach_them() -> None:
    events: list[Event] = []
    for seed in range(16):
        playout(seed, False, PACK, (NEWEST_DECK, NEWEST_DECK), events)
    text = " ".join(e.text for e in events)
    for what in (
        "would draw a card; instead",
        "would be stolen; instead",
        "would return to its owner's hand; instead",
        "would be trashed; instead",
        "Gig would be stolen; it is prevented",
    ):
        assert what in text, what


def test_random_playouts_with_the_newer_kinds_reach_them() -> None:
    """The playouts above are worth something only if they get to the new kinds."""
    kinds: set[str] = set()
    events: list[Event] = []
    for seed in range(16):
        states = playout(seed, False, PACK, (NEW_DECK, NEW_DECK), events)
        kinds |= {d.prompt.kind.value for d in states if d.prompt is not None}
    assert {"mode", "give_gig"} <= kinds, kinds
    text = " ".join(e.text for e in events)
    for label in ("you steal", "you play", "friendly defeated", "you adjust"):
        assert f": {label} triggers." in text, label
    assert "is shielded from defeat." in text and "would be defeated; instead," in text
    assert "steals +" in text  # a steal bonus effect


@SETTINGS
@given(st.integers(0, 10_000))
def test_the_same_seed_and_actions_give_the_same_duel(seed: int) -> None:
    a = playout(seed, check_legal=False)
    b = playout(seed, check_legal=False)
    assert a[-1] == b[-1]
    assert a[-1].model_dump_json() == b[-1].model_dump_json()


def candidates(d: Duel) -> list[act.Action]:
    out: list[act.Action] = []
    insts = sorted(d.cards) + ["nope", "9-9"]
    for p in ("p0", "p1"):
        for i in insts:
            out += [
                act.Play(player=p, card=i),
                act.Sell(player=p, card=i),
                act.Attack(player=p, unit=i),
                act.Block(player=p, unit=i),
                act.Activate(player=p, card=i, ability=0),
            ]
        out += [act.Call(player=p, slot=s) for s in range(3)]
        out += [act.Roll(player=p, die=s) for s in DICE]
        out += [
            act.Pass(player=p),
            act.End(player=p),
            act.Keep(player=p),
            act.Choose(player=p, option="first"),
        ]
    return out


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_refused_actions_leave_the_duel_unchanged_and_are_never_listed(seed: int, at: int) -> None:
    states = playout(seed, check_legal=False)
    state = states[min(at, len(states) - 1)]
    before = state.model_dump_json()
    listed = {a.model_dump_json() for p in ("p0", "p1") for a in legal_actions(state, PACK, p)}
    for action in candidates(state):
        try:
            apply(state, action, PACK)
        except IllegalAction as e:
            assert e.refusal.message.count("\n") >= 1  # what is wrong, then what to do
            assert action.model_dump_json() not in listed
        assert state.model_dump_json() == before
