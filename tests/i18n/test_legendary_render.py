"""Legendary 2099 in English and Polish: every message kind (board, hand panel and its
buttons and select menus, the update's event lines, the setup and options screens, the
log, the end, reminders, a card, the rules help) renders within Discord's limits in
both languages (Polish runs longer) from adversarial states and from every step of
whole games, the Polish reads Polish, and the hidden-information scan holds in both."""

from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.common.text import CONTENT_MAX
from cogs.legendary import render
from cogs.legendary.components import board_buttons, panel_buttons
from cogs.legendary.howto import RULES, card_text, rules_text
from cogs.legendary.runtime import LegendaryRuntime
from cogs.legendary.table import Seat, Table, TableOptions
from rules.core.events import Event
from rules.legendary import engine, setup
from rules.legendary.ai import make_agent
from rules.legendary.state import Game, Options, Result
from rules.legendary.view import events_for, view
from tests.legendary_discord.test_render_limits import NAMES, PACK, _check, _table, _worst

LANGS = ("en", "pl")
BUTTON_LABEL_MAX = 80
SELECT_LABEL_MAX = 100
PLACEHOLDER_MAX = 150
FIELDS = {
    "en": ["Mastermind", "Scheme", "City", "HQ", "Escape pile", "Decks", "Players"],
    "pl": ["Mastermind", "Intryga", "Miasto", "HQ", "Stos Ucieczki", "Talie", "Gracze"],
}


def _items(view_: discord.ui.View | None) -> list[Any]:
    """The buttons and select menus of a view (the house wraps them in dynamic items)."""
    return [getattr(b, "item", b) for b in (view_.children if view_ is not None else ())]


def _components(view_: discord.ui.View | None) -> None:
    items = _items(view_)
    assert all(isinstance(i, discord.ui.Button | discord.ui.Select) for i in items), items
    for item in items:
        if isinstance(item, discord.ui.Button):
            assert len(item.label or "") <= BUTTON_LABEL_MAX, item.label
            assert len(item.custom_id or "") <= 100
        elif isinstance(item, discord.ui.Select):
            assert len(item.placeholder or "") <= PLACEHOLDER_MAX
            assert all(len(o.label) <= SELECT_LABEL_MAX for o in item.options)


def _labels(view_: discord.ui.View | None) -> list[str]:
    out = []
    for item in _items(view_):
        out.append(str(getattr(item, "label", "") or getattr(item, "placeholder", "") or ""))
        out += [o.label for o in getattr(item, "options", [])]
    return out


def _text(e: discord.Embed) -> str:
    return "\n".join(
        [e.title or "", e.description or "", e.footer.text or ""]
        + [f"{f.name}\n{f.value}" for f in e.fields]
    )


@pytest.mark.parametrize("loc", LANGS)
def test_the_worst_board_and_panel_fit(loc: str) -> None:
    t, g = _worst()
    board = render.board_embed(view(g, PACK, None), t, "N" * 3000, PACK, loc)
    _check(board)
    assert [f.name for f in board.fields] == FIELDS[loc]
    _components(board_buttons(t.id, t.version, loc))
    t, g = _worst(prompt=True)
    v = view(g, PACK, 2)
    legal = engine.legal_actions(g, PACK, 2)
    panel = render.hand_embed(v, ["🔒 " + "Z" * 1500] * 6, loc, PACK)
    _check(panel)
    buttons, hidden = panel_buttons(legal, v, t.id, t.version, loc)
    assert hidden == 0
    _components(buttons)
    placeholders = [getattr(b, "placeholder", "") for b in _items(buttons)]
    assert placeholders[0] == ("Choose (1 of 2)" if loc == "en" else "Wybierz (1 z 2)")


@pytest.mark.parametrize("loc", LANGS)
def test_the_text_messages_fit(loc: str) -> None:
    t, g = _worst()
    over = g.model_copy(update={"result": Result.GOOD, "over": True})
    end = render.end_sentence(view(over, PACK, None), [999] * 5, [0, 1, 2, 3, 4], loc)
    assert len(end) <= CONTENT_MAX and all(n in end for n in NAMES)
    lobby = Table(
        id="t-adv",
        owner="1",
        seats=_table(None).seats,
        options=TableOptions(
            rules=Options(extra_twists=3, mastermind_attack_mod=5, open_hands=True),
            turn_timer=86400,
            language="pl",
        ),
    )
    texts = [
        render.setup_text(lobby, PACK, loc),
        render.options_text(lobby, loc),
        render.log_text(["L" * 400] * 200, loc=loc),
        render.log_text([], loc=loc),
        render.event_lines(["E" * 300] * 100),
        rules_text(None, loc),
        rules_text("nonsense" * 10, loc),
        *(rules_text(k, loc) for k in RULES),
        *(card_text(c, PACK, loc) for c in PACK.cards.values()),
    ]
    fake_rt: Any = SimpleNamespace(public_locale=lambda state: loc)
    for prompt in (False, True):
        st = _worst(prompt)[0]
        said = LegendaryRuntime.reminder_text(fake_rt, st, 3, "<@12345678901234567>", 1440)
        # A reminder is public: it speaks the table's language (here `loc`).
        assert said.startswith("⏰ Reminder 3 of" if loc == "en" else "⏰ Przypomnienie 3 z")
        texts.append(said)
    for text in texts:
        assert len(text) <= CONTENT_MAX, text[:200]
        assert "{" not in text.replace("{'", ""), text[:200]


def test_polish_reads_polish_and_english_as_it_did() -> None:
    t, g = _worst()
    en = render.board_embed(view(g, PACK, None), t, pack=PACK)
    assert _text(en) == _text(render.board_embed(view(g, PACK, None), t, pack=PACK, loc="en-US"))
    pl = _text(render.board_embed(view(g, PACK, None), t, pack=PACK, loc="pl"))
    for word in ("Atak", "Rekrutacja", "Talia Złoczyńców", "Kanały", "Dachy", "Most", "PZ"):
        assert word in pl, word
    for word in ("Attack", "Recruit", "Villain Deck", "Sewers", "Rooftops", "Bridge"):
        assert word not in pl, word
    lobby = Table(id="t", owner="1", seats=_table(None).seats)
    assert "**Intryga:** losowo" in render.setup_text(lobby, PACK, "pl")
    assert "**Talia Złoczyńców dla 5 graczy:**" in render.setup_text(lobby, PACK, "pl")
    assert "`dodatkowe_zwroty`" in render.options_text(lobby, "pl")
    assert "`extra_twists`" in render.options_text(lobby, "en")
    # A Polish reader sees the pack's Polish card texts, an English one the printed text.
    sludge = PACK.cards["sludge"]
    assert "**Szlam**" in card_text(sludge, PACK, "pl")
    assert "**Sludge**" in card_text(sludge, PACK, "en")
    wound = card_text(PACK.cards["wound"], PACK, "pl")
    assert PACK.text_for("wound", "text", "pl") in wound and "koszt" not in wound
    lines = render.public_lines([Event(kind="turn", text="Ana's turn")], "pl")
    assert lines == ["Tura gracza Ana"]


SUPPLY = {PACK.agent, PACK.trooper, PACK.officer, PACK.wound, *PACK.bystander}


def _secret(g: Game) -> set[str]:
    """The names of the Heroes in hands that are nowhere public, in either language (the
    supply's cards are left out: "Wound" is also a word of every board)."""
    pub = view(g, PACK, None)
    public: set[str] = set()
    public |= {c.name for c in pub.hq if c is not None}
    public |= {c.name for c in [*pub.played_this_turn, *pub.escape, *pub.ko, *pub.revealed]}
    public |= {c.name for c in pub.scheme_stack}
    public |= {s.villain.name for s in pub.city if s.villain is not None}
    for p in pub.players:
        public |= {c.name for c in [*p.discard, *p.victory, *p.played]}
    held: set[str] = set()
    for seat in range(g.players):
        for c in view(g, PACK, seat).players[seat].hand or ():
            if c.id not in SUPPLY:
                held |= {c.name, PACK.text_for(c.id, "name", "pl")}
    return held - public


@functools.cache
def _steps(scheme: str, players: int, seed: int) -> tuple[tuple[Game, tuple[Event, ...]], ...]:
    s = setup.Setup(names=tuple(f"gracz{i}" for i in range(players)), scheme=scheme)
    outcome = setup.new_game(PACK, s, seed)
    g, out = outcome.state, [(outcome.state, tuple(outcome.events))]
    agents = [make_agent("greedy", seed + i) for i in range(players)]
    for _ in range(200):
        if g.over:
            break
        seat = engine.decision_seat(g)
        assert seat is not None
        action = agents[seat].decide(view(g, PACK, seat), engine.legal_actions(g, PACK, seat), PACK)
        step = engine.apply(g, action, PACK)
        g = step.state
        out.append((g, tuple(step.events)))
    return tuple(out)


@pytest.mark.parametrize("loc", LANGS)
@pytest.mark.parametrize(
    ("scheme", "players", "seed"),
    [("flood-the-undercity", 3, 4), ("seize-the-council", 2, 9)],
)
def test_every_step_fits_and_hides_hands(loc: str, scheme: str, players: int, seed: int) -> None:
    scanned = 0
    for n, (g, events) in enumerate(_steps(scheme, players, seed)):
        seats = tuple(Seat(person=str(i + 1), name=f"gracz{i}") for i in range(players))
        t = Table(id="t-run", owner="1", seats=seats, game=g, version=n)
        public = events_for(list(events), None)
        secret = {s for s in _secret(g) if not any(s in e.text for e in public)}
        lines = render.event_lines(render.public_lines(public, loc))
        assert len(lines) <= CONTENT_MAX
        board = render.board_embed(view(g, PACK, None), t, pack=PACK, loc=loc)
        _check(board)
        buttons = board_buttons(t.id, t.version, loc)
        _components(buttons)
        shown = "\n".join([_text(board), lines, *_labels(buttons)])
        scanned += len(secret)
        for name in secret:
            assert name not in shown, f"{loc} step {n}: the public update shows {name!r}"
        for seat in range(players):
            v = view(g, PACK, seat)
            notes = [f"🔒 {e.text}" for e in events_for(list(events), seat) if e.seats]
            panel = render.hand_embed(v, notes, loc, PACK)
            _check(panel)
            legal = engine.legal_actions(g, PACK, seat) if engine.decision_seat(g) == seat else []
            pb, _ = panel_buttons(legal, v, t.id, t.version, loc)
            _components(pb)
    assert scanned > 20, "the scan had hardly any hidden card to look for"
