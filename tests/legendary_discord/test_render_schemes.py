"""The board, the panel and `/legendary card` for the engine's newer pieces: a vote
Scheme's stack and who leads (L12), tokens under HQ spaces with the Heroes they bury
(L13), and divided cards with both halves (L2), all on full, adversarial boards within
Discord's limits, and with no hand card in public."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.legendary import render
from cogs.legendary.cmd_base import buried_refusal
from cogs.legendary.components import action_for, bid_for, panel_buttons
from cogs.legendary.howto import card_text
from rules.core.errors import IllegalAction
from rules.legendary import engine
from rules.legendary.actions import Play, Special
from rules.legendary.cards import HeroCard, VillainCard
from rules.legendary.scenario import scenario
from rules.legendary.view import view
from tests.legendary_discord.test_render_limits import NAMES, PACK, _check, _longest, _table

DIVIDED = "skyline-snipers-patience"  # Patience / Freefall
SKY = [c.id for c in PACK.cards.values() if isinstance(c, HeroCard) and c.hero == "skyline"]
VEXA = [c.id for c in PACK.cards.values() if isinstance(c, HeroCard) and c.hero == "vexa-thorn"]


def _labels(buttons: Any, what: str = "label") -> list[str]:
    return [getattr(getattr(b, "item", b), what, "") or "" for b in buttons.children]


def _field(e: Any, name: str) -> str:
    return next(f.value for f in e.fields if f.name == name)


def _full(scheme: str, **kw: Any) -> Any:
    villains = _longest(VillainCard, 5)
    heroes = _longest(HeroCard, 14)
    by = PACK.bystander[0]
    return scenario(
        PACK,
        players=5,
        names=NAMES,
        scheme=scheme,
        hands={i: [DIVIDED, *heroes[:9]] for i in range(5)},
        played={0: heroes * 2},
        discards={i: heroes for i in range(5)},
        victory={i: villains for i in range(5)},
        city={i: (v, [by] * 12) for i, v in enumerate(villains)},
        escape=villains * 6,
        ko=heroes * 4,
        recruit=99,
        attack=99,
        twists=7,
        **kw,
    )


def test_a_vote_scheme_board_shows_the_tally_and_who_leads() -> None:
    twist = "scheme-twist"
    g = _full("seize-the-council", hq=SKY[:5], scheme_stack=[twist] * 3 + SKY[:1] * 5 + VEXA[:2])
    v = view(g, PACK, None)
    assert v.mastermind_votes == 3 and v.hero_votes == {"skyline": 5, "vexa-thorn": 2}
    e = render.board_embed(v, _table(g), note="N" * 3000, pack=PACK)
    _check(e)
    scheme = _field(e, "Scheme")
    assert "Votes (10 cards stacked): Mastermind 30M · Skyline 50M · Vexa Thorn 20M" in scheme
    assert "Skyline leads the Mastermind by 20M (Evil wins at a 40M lead)" in scheme
    # The Mastermind ahead, and a tie.
    g2 = _full("seize-the-council", scheme_stack=[twist] * 4 + VEXA[:1])
    lead = _field(render.board_embed(view(g2, PACK, None), _table(g2), pack=PACK), "Scheme")
    assert "The Mastermind leads by 30M" in lead
    g3 = _full("seize-the-council", scheme_stack=[twist] + VEXA[:1])
    tie = _field(render.board_embed(view(g3, PACK, None), _table(g3), pack=PACK), "Scheme")
    assert "tied" in tie
    # Without votes the Scheme field shows no tally.
    g4 = _full("seize-the-council")
    assert "Votes" not in _field(
        render.board_embed(view(g4, PACK, None), _table(g4), pack=PACK), "Scheme"
    )


def test_tokens_under_the_hq_and_buried_heroes_are_marked() -> None:
    heroes = _longest(HeroCard, 5)
    g = _full("flood-the-undercity", hq=heroes, under={0: ["sludge"] * 2, 3: ["sludge"]}, tokens=9)
    v = view(g, PACK, None)
    e = render.board_embed(v, _table(g), note="N" * 3000, pack=PACK)
    _check(e)
    hq = _field(e, "HQ").split("\n")
    assert "under it: 2 Sludge · **buried**" in hq[0]
    assert "under it: 1 Sludge · **buried**" in hq[3]
    assert all("buried" not in line for line in (hq[1], hq[2], hq[4]))
    sludge = "Sludge: 3 under the HQ · 9 left in the supply (Evil wins when 12 are out)"
    assert sludge in _field(e, "Scheme")
    # The current player's panel offers the flush and never a buried Hero.
    me = view(g, PACK, 0)
    legal = engine.legal_actions(g, PACK, 0)
    assert Special(seat=0, action="flush") in legal
    buttons, hidden = panel_buttons(legal, me, "t-adv", 1)
    assert buttons is not None
    labels = _labels(buttons)
    assert "Flush the Undercity" in labels
    names = [PACK.cards[h].name for h in heroes]
    assert not any(label == f"Recruit {names[0]}" for label in labels)


def test_a_divided_card_shows_both_halves_and_has_a_button_for_each() -> None:
    g = _full("seize-the-council", hq=_longest(HeroCard, 5))
    me = view(g, PACK, 0)
    card = next(c for c in me.players[0].hand or () if c.id == DIVIDED)
    assert card.halves == ("Patience", "Freefall")
    hand = render.hand_embed(me, ["🔒 " + "Z" * 1500] * 6)
    _check(hand)
    assert "Patience / Freefall (5) [Divided, Cyber-Mod]" in _field(hand, "Hand (10)")
    legal = engine.legal_actions(g, PACK, 0)
    buttons, _ = panel_buttons(legal, me, "t-adv", 123456)
    assert buttons is not None and len(buttons.children) <= 25
    labels = _labels(buttons)
    assert "Play Patience / Freefall as Patience" in labels
    assert "Play Patience / Freefall as Freefall" in labels
    assert "Play Patience / Freefall" not in labels
    # Each half button asks for that half, and reads back as the same action.
    for half in (0, 1):
        a = Play(seat=0, card=card.inst, half=half)
        bid = bid_for(a, "t-adv", 123456)
        assert bid.encode() in _labels(buttons, "custom_id")
        assert action_for(bid, 0) == a
    # Played, the board names the half it was played as.
    t = _table(g)
    after = engine.apply(g, Play(seat=0, card=card.inst, half=1), PACK).state
    board = render.board_embed(view(after, PACK, None), t, pack=PACK)
    _check(board)
    assert "Patience / Freefall (as Freefall)" in (board.description or "")


def test_card_text_lists_each_half() -> None:
    text = card_text(PACK.cards[DIVIDED])
    assert "**Patience** — ranged · Attack 3" in text
    assert "**Freefall** — instinct · Recruit 2: Draw a card." in text


def test_the_new_board_parts_name_no_hand_card() -> None:
    g = _full("flood-the-undercity", hq=_longest(HeroCard, 5), under={1: ["sludge"]}, tokens=11)
    pub = view(g, PACK, None)
    e = render.board_embed(pub, _table(g), pack=PACK)
    text = " ".join([e.title or "", e.description or "", *(f.value for f in e.fields)])
    public = {c.name for c in pub.hq if c is not None} | {c.name for c in pub.played_this_turn}
    for p in pub.players:
        public |= {c.name for c in [*p.discard, *p.victory, *p.played]}
    for seat in range(5):
        for c in view(g, PACK, seat).players[seat].hand or ():
            if c.name not in public:
                assert c.name not in text
                assert not any(h in text for h in c.halves if h not in " ".join(public))


def test_typing_a_buried_hero_says_why_it_cant_be_recruited() -> None:
    heroes = _longest(HeroCard, 5)
    g = _full("flood-the-undercity", hq=heroes, under={2: ["sludge"] * 3}, tokens=9)
    v = view(g, PACK, 0)
    name = PACK.cards[heroes[2]].name
    with pytest.raises(IllegalAction) as exc:
        buried_refusal(v, name.lower())
    head, how = exc.value.refusal.message.split("\n")
    assert head == f"{name} can't be recruited: 3 Sludge under its HQ space."
    assert "Flush the Undercity" in how
    # A Hero with nothing under it is left to the usual answers.
    buried_refusal(v, PACK.cards[heroes[0]].name)
