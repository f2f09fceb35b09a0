"""The Legendary board and hand panel within Discord's limits, with a full city (five
Villains with the longest names, each holding Bystanders), a full HQ and a long hand;
the public board names no hand card."""

from __future__ import annotations

from typing import Any

from cogs.common.text import EMBEDS_TOTAL_MAX, FIELD_VALUE_MAX
from cogs.legendary import render
from cogs.legendary.components import panel_buttons
from cogs.legendary.table import Seat, Table
from content.legendary.loader import load_default_pack
from rules.legendary import engine
from rules.legendary.cards import HeroCard, VillainCard
from rules.legendary.scenario import scenario
from rules.legendary.view import view

PACK = load_default_pack()


def _longest(kind: type, n: int) -> list[str]:
    cards = [c for c in PACK.cards.values() if isinstance(c, kind)]
    return [c.id for c in sorted(cards, key=lambda c: -len(c.name))[:n]]


def _embed_len(e: Any) -> int:
    n = len(e.title or "") + len(e.description or "") + len(e.footer.text or "")
    return n + sum(len(f.name) + len(f.value) for f in e.fields)


def _full() -> tuple[Table, Any]:
    villains = _longest(VillainCard, 5)
    heroes = _longest(HeroCard, 12)
    by = PACK.bystander[0]
    g = scenario(
        PACK,
        players=2,
        names=["alice", "AI 1"],
        hands={0: heroes[5:12], 1: heroes[:3]},
        hq=heroes[:5],
        city={i: (v, [by, by, by]) for i, v in enumerate(villains)},
        recruit=9,
        attack=30,
    )
    t = Table(
        id="t1",
        owner="1",
        seats=(Seat(person="1", name="alice"), Seat(person=None, name="AI 1")),
        game=g,
    )
    return t, g


def test_full_city_board_fits_discord_limits_and_shows_the_board() -> None:
    t, g = _full()
    e = render.board_embed(view(g, PACK, None), t)
    assert _embed_len(e) <= EMBEDS_TOTAL_MAX
    assert len(e.fields) <= 25
    for f in e.fields:
        assert len(f.value) <= FIELD_VALUE_MAX
    city = next(f.value for f in e.fields if f.name == "City")
    assert city.count("(Attack") == 5 and "holds 3 Bystanders" in city
    assert "alice's turn" in (e.description or "")
    assert "Recruit 9 · Attack 30" in (e.description or "")
    hq = next(f.value for f in e.fields if f.name == "HQ")
    for h in view(g, PACK, None).hq:
        assert h is not None and f"{h.name} ({h.cost})" in hq
    assert "Officer (" in hq


def test_public_board_names_no_hand_card() -> None:
    t, g = _full()
    pub = view(g, PACK, None)
    e = render.board_embed(pub, t)
    text = " ".join([e.description or "", *(f.value for f in e.fields)])
    public_names = {c.name for c in pub.hq if c is not None}
    for c in view(g, PACK, 1).players[1].hand or ():
        if c.name not in public_names:
            assert c.name not in text


def test_hand_panel_fits_and_offers_the_legal_actions() -> None:
    t, g = _full()
    v = view(g, PACK, 0)
    legal = engine.legal_actions(g, PACK, 0)
    e = render.hand_embed(v)
    assert _embed_len(e) <= EMBEDS_TOTAL_MAX
    buttons, hidden = panel_buttons(legal, v, t.id, t.version)
    assert buttons is not None
    items = buttons.children
    assert len(items) + hidden >= len(legal)
    assert len(items) <= 25
    for b in items:
        assert len(getattr(getattr(b, "item", b), "label", "") or "") <= 80
        assert len(getattr(getattr(b, "item", b), "custom_id", "") or "") <= 100
    assert any(getattr(getattr(b, "item", b), "label", "") == "End turn" for b in items)
