"""Issue 14's board, part by part (found missing by the issue 14 audit: the Scheme's Evil
Wins were shown only for the vote and token Schemes): the Mastermind (an Adapting one's
current Tactic, Tactics left, captured Bystanders), the Scheme with its Twist count and
Evil Wins, the city with each Villain's Attack and captives, the HQ with costs, the
Escape pile by class, deck counts, every player's hand and deck counts and VP, whose
turn and the pools."""

from __future__ import annotations

import pytest

from cogs.legendary import render
from cogs.legendary.table import Seat, Table
from content.legendary.loader import load_default_pack
from rules.legendary.cards import HeroCard
from rules.legendary.scenario import scenario
from rules.legendary.view import view

PACK = load_default_pack()


def _table(**kw: object) -> tuple[Table, dict[str, str]]:
    g = scenario(PACK, players=2, names=["alice", "bob"], **kw)  # type: ignore[arg-type]
    t = Table(
        id="t1",
        owner="1",
        seats=(Seat(person="1", name="alice"), Seat(person="2", name="bob")),
        game=g,
    )
    e = render.board_embed(view(g, PACK, None), t, pack=PACK)
    fields = {f.name: f.value for f in e.fields}
    fields["description"] = e.description or ""
    return t, fields


def test_every_part_of_the_board() -> None:
    heroes = [c.id for c in PACK.cards.values() if isinstance(c, HeroCard) and c.classes][:8]
    by = PACK.bystander[0]
    escaped = next(c for c in PACK.cards.values() if isinstance(c, HeroCard) and c.classes)
    _, f = _table(
        mastermind="helix-board",
        scheme="blackout-protocol",
        hands={0: heroes[:5], 1: heroes[:3]},
        decks={0: heroes[:4], 1: heroes[:2]},
        victory={1: ["siren-node", by]},
        hq=heroes[:5],
        city={1: ("tidewire-lurker", [by])},
        escape=["siren-node", escaped.id],
        mm_captured=[by],
        twists=2,
        recruit=3,
        attack=4,
    )
    assert "**alice's turn** (turn 1) · Recruit 3 · Attack 4" in f["description"]
    mm = f["Mastermind"]
    assert "The Helix Board: Attack" in mm and "Tactic: " in mm
    assert "Tactics left 4 · captured Bystanders 1" in mm
    assert "Blackout Protocol: Twists 2" in f["Scheme"]
    assert "Evil wins at: 4 escaped Villains (now 1)" in f["Scheme"]
    assert "Streets: **Tidewire Lurker** (Attack 2) · holds 1 Bystander" in f["City"]
    assert f["City"].count("\n") == 4  # five spaces
    for h in heroes[:5]:
        c = PACK.cards[h]
        assert f"{c.name} ({c.cost})" in f["HQ"]
    assert "Officer (3)" in f["HQ"]
    cls = sorted(escaped.classes)[0]
    assert f"{cls} 1" in f["Escape pile"].lower(), f["Escape pile"]
    assert "Villain Deck 0 · Hero Deck 0" in f["Decks"]
    assert "alice: hand 5 · deck 4" in f["Players"] and "bob: hand 3 · deck 2" in f["Players"]
    assert "bob: hand 3 · deck 2 · discard 0 · VP 3" in f["Players"]  # Siren Node 2 + 1


@pytest.mark.parametrize("scheme", sorted(PACK.schemes))
def test_every_schemes_evil_wins_is_on_the_board(scheme: str) -> None:
    _, f = _table(scheme=scheme)
    text = f["Scheme"]
    assert "Evil wins" in text, (scheme, text)


def test_the_escape_pile_counts_in_the_right_number() -> None:
    _, f = _table(escape=["siren-node"])
    assert f["Escape pile"].startswith("1 card") and "1 cards" not in f["Escape pile"]
    _, f = _table(escape=["siren-node", "siren-node"])
    assert f["Escape pile"].startswith("2 cards")
