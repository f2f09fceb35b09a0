"""Adversarial Legendary boards against Discord's limits: five players with the longest
display names Discord allows, a full city of the longest-named Villains each holding
many Bystanders, a long turn of played cards, big Escape and KO piles, a prompt with
many long options; the board, the panel, the update message, the setup and options
screens, the log and the end sentence all fit, and the public board shows no hand."""

from __future__ import annotations

from typing import Any

from cogs.common.text import (
    CONTENT_MAX,
    DESCRIPTION_MAX,
    EMBEDS_TOTAL_MAX,
    FIELD_VALUE_MAX,
    TITLE_MAX,
)
from cogs.legendary import render
from cogs.legendary.components import panel_buttons
from cogs.legendary.table import Seat, Table, TableOptions
from content.legendary.loader import load_default_pack
from rules.core.events import Event
from rules.legendary import engine
from rules.legendary.cards import HeroCard, VillainCard
from rules.legendary.scenario import scenario
from rules.legendary.state import Option, Options, Prompt, PromptKind, Result
from rules.legendary.view import view

PACK = load_default_pack()
NAMES = [f"{'W' * 28}-{i}{'m' * 2}" for i in range(5)]  # 32 characters, Discord's most


def _longest(kind: type, n: int) -> list[str]:
    cards = [c for c in PACK.cards.values() if isinstance(c, kind)]
    return [c.id for c in sorted(cards, key=lambda c: -len(c.name))[:n]]


def _embed_len(e: Any) -> int:
    n = len(e.title or "") + len(e.description or "") + len(e.footer.text or "")
    return n + sum(len(f.name) + len(f.value) for f in e.fields)


def _check(e: Any) -> None:
    assert _embed_len(e) <= EMBEDS_TOTAL_MAX
    assert len(e.title or "") <= TITLE_MAX
    assert len(e.description or "") <= DESCRIPTION_MAX
    assert len(e.fields) <= 25
    for f in e.fields:
        assert len(f.value) <= FIELD_VALUE_MAX and len(f.name) <= 256


def _table(g: Any, n: int = 5) -> Table:
    seats = tuple(Seat(person=str(i + 1) if i % 2 == 0 else None, name=NAMES[i]) for i in range(n))
    return Table(id="t-adv", owner="1", seats=seats, game=g, version=123456)


def _worst(prompt: bool = False) -> tuple[Table, Any]:
    villains = _longest(VillainCard, 5)
    heroes = _longest(HeroCard, 14)
    by = PACK.bystander[0]
    g = scenario(
        PACK,
        players=5,
        names=NAMES,
        hands={i: heroes[:10] for i in range(5)},
        played={0: heroes * 2},
        discards={i: heroes for i in range(5)},
        victory={i: villains for i in range(5)},
        hq=heroes[:5],
        city={i: (v, [by] * 12) for i, v in enumerate(villains)},
        escape=villains * 6,
        ko=heroes * 4,
        recruit=99,
        attack=99,
        twists=7,
    )
    if prompt:
        options = tuple(Option(id=f"o{i}", label="X" * 120) for i in range(40))
        p = Prompt(
            kind=PromptKind.CHOOSE_CARD,
            seat=2,
            text="Y" * 500,
            options=options,
            op=g.pending[0] if g.pending else _op(),
        )
        g = g.model_copy(update={"prompt": p})
    return _table(g), g


def _op() -> Any:
    from rules.legendary.state import OpNextTurn

    return OpNextTurn()


def test_the_worst_board_fits_and_names_the_city() -> None:
    t, g = _worst()
    pub = view(g, PACK, None)
    e = render.board_embed(pub, t, note="N" * 3000)
    _check(e)
    city = next(f.value for f in e.fields if f.name == "City")
    assert city.count("(Attack") == 5
    players = next(f.value for f in e.fields if f.name == "Players")
    assert players.count("hand 10") == 5


def test_the_worst_board_names_no_hand_card() -> None:
    t, g = _worst()
    pub = view(g, PACK, None)
    e = render.board_embed(pub, t)
    text = " ".join([e.title or "", e.description or "", *(f.value for f in e.fields)])
    public = {c.name for c in pub.hq if c is not None}
    public |= {c.name for c in pub.played_this_turn}
    for p in pub.players:
        public |= {c.name for c in [*p.discard, *p.victory, *p.played]}
    for seat in range(5):
        for c in view(g, PACK, seat).players[seat].hand or ():
            if c.name not in public:
                assert c.name not in text


def test_a_prompt_with_many_long_options_fits_the_panel() -> None:
    t, g = _worst(prompt=True)
    v = view(g, PACK, 2)
    legal = engine.legal_actions(g, PACK, 2)
    assert len(legal) == 40
    e = render.hand_embed(v, ["🔒 " + "Z" * 1500] * 6)
    _check(e)
    buttons, hidden = panel_buttons(legal, v, t.id, t.version)
    assert buttons is not None
    assert len(buttons.children) <= 25 and len(buttons.children) + hidden == 40
    for b in buttons.children:
        item = getattr(b, "item", b)
        assert len(getattr(item, "label", "") or "") <= 80
        assert len(getattr(item, "custom_id", "") or "") <= 100
    # The public board says who is asked, never the options.
    board = render.board_embed(view(g, PACK, None), t)
    _check(board)
    assert "X" * 80 not in (board.description or "")


def test_texts_fit_a_message() -> None:
    t, g = _worst()
    g = g.model_copy(update={"result": Result.GOOD, "over": True})
    end = render.end_sentence(view(g, PACK, None), [999] * 5, [0, 1, 2, 3, 4])
    assert len(end) <= CONTENT_MAX and all(n in end for n in NAMES)
    lobby = Table(
        id="t-adv",
        owner="1",
        seats=_table(None).seats,
        options=TableOptions(
            rules=Options(extra_twists=3, mastermind_attack_mod=5), turn_timer=86400
        ),
    )
    assert len(render.setup_text(lobby, PACK)) <= CONTENT_MAX
    assert len(render.options_text(lobby)) <= CONTENT_MAX
    lines = ["L" * 400] * 200
    assert len(render.log_text(lines)) <= CONTENT_MAX
    assert render.log_text(lines).startswith("**Recent events**")
    assert len(render.event_lines(["E" * 300] * 100)) <= CONTENT_MAX


def test_uru_lines_say_won_or_failed() -> None:
    reveal = Event(kind="uru_reveal", text="Revealed for Uru-Enchanted Weapons: A, B (+4)")
    fight = Event(
        kind="fight",
        text="alice fights Saint (Uru-Enchanted Weapons: +4, 7 Attack)",
        data={"seat": 0, "target": "c1", "bonus": 4},
    )
    fail = Event(kind="uru_fail", text="alice fails to defeat Saint")
    won = render.public_lines([reveal, fight, Event(kind="defeat", text="alice defeats Saint")])
    assert won[0] == (
        "⚔️ alice fights Saint with Uru-Enchanted Weapons: revealed A, B (+4), so it takes 7 Attack."
    )
    assert won[1].startswith("✅ Uru fight won: alice") and won[2] == "alice defeats Saint"
    lost = render.public_lines([reveal, fight, fail])
    assert len(lost) == 2 and lost[1].startswith("❌ Uru fight failed: alice had less than 7")
    # An ordinary fight is left as the engine says it.
    plain = Event(kind="fight", text="alice fights Drone")
    assert render.public_lines([plain]) == ["alice fights Drone"]
