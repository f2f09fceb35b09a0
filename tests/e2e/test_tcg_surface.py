"""The `/tcg` surface against its design (shared/design/tcg-discord.md), command by
command and option by option, and the commands no other e2e test drives: `sell`, `call`,
`activate`, `card`, `rules`, `deck show` (each refusal's first line says what is wrong,
the next what to do; nothing hidden goes public)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from discord import app_commands

from cogs.tcg.cmd_base import TCG
from cogs.tcg.commands import TcgCog
from rules.tcg import actions as act
from rules.tcg.legal import legal_actions
from rules.tcg.scenario import Side
from tests.e2e.tcg_harness import Duelists, position
from tests.fakediscord import FakeDiscord, FakeInteraction

# The design's table: command -> {option: (required, autocomplete)}. "deck" and "react"
# are sub-groups; `level` of practice and the table options offer fixed choices or
# numbers, not autocomplete.
DESIGN: dict[str, dict[str, tuple[bool, bool]]] = {
    "challenge": {"opponent": (True, False), "deck": (True, True), "thread": (False, False)},
    "accept": {"deck": (True, True)},
    "decline": {},
    "practice": {"deck": (True, True), "ai_deck": (False, True), "level": (False, False)},
    "deck import": {"name": (True, False), "list": (False, False), "file": (False, False)},
    "deck list": {},
    "deck show": {"name": (True, True)},
    "deck check": {"name": (False, True), "list": (False, False)},
    "deck delete": {"name": (True, True)},
    "deck export": {"name": (True, True)},
    "mulligan": {},
    "keep": {},
    "hand": {},
    "roll": {"die": (True, True)},
    "play": {"card": (True, True), "target": (False, True)},
    "sell": {"card": (True, True)},
    "call": {"slot": (True, True)},
    "activate": {"card": (True, True), "ability": (False, True)},
    "attack": {"unit": (True, True), "target": (False, True)},
    "react block": {"unit": (True, True)},
    "react quick": {"card": (True, True)},
    "react pass": {},
    "choose": {"option": (True, True)},
    "end": {},
    "status": {},
    "card": {"name": (True, True)},
    "log": {},
    "concede": {},
    "rules": {"topic": (False, True)},
    "options": {
        "reaction_timeout": (False, False),
        "turn_timer": (False, False),
        "spectators_see_hand_counts": (False, False),
        "language": (False, False),
    },
    "dm": {"enabled": (True, False)},
}


def _surface() -> dict[str, dict[str, tuple[bool, bool]]]:
    out: dict[str, dict[str, tuple[bool, bool]]] = {}

    def walk(group: app_commands.Group, prefix: str) -> None:
        for c in group.commands:
            if isinstance(c, app_commands.Group):
                walk(c, f"{prefix}{c.name} ")
            else:
                out[prefix + c.name] = {p.name: (p.required, p.autocomplete) for p in c.parameters}

    walk(TCG, "")
    return out


def test_the_tcg_commands_and_options_are_the_designs() -> None:
    assert TcgCog.tcg is TCG and TCG.name == "tcg"
    assert _surface() == DESIGN
    # Discord's limit of 25 entries in a command: 24 ("deck" and "react" are groups).
    assert len(TCG.commands) == 24
    # Every option says what it is for (Discord shows the description as the hint).
    for c in TCG.walk_commands():
        if isinstance(c, app_commands.Command):
            for p in c.parameters:
                assert p.description not in ("", "…"), f"/tcg {c.qualified_name} {p.name}"


def _answer(it: FakeInteraction) -> Any:
    msg = it.original or it.followups[-1]
    assert msg.ephemeral, f"an answer to {it.describe()} in public"
    return msg


def _refused(it: FakeInteraction, wrong: str) -> None:
    """A refusal: ephemeral, its first line says what is wrong, then what to do."""
    text = _answer(it).text.removeprefix("🚫 ")
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) >= 2 and wrong in lines[0], text
    assert lines[1] not in lines[0]


async def _auto(d: Duelists, user: Any, command: str, option: str, current: str = "") -> list[str]:
    ac = await d.fake.autocomplete(user, f"tcg {command}", {option: current}, focused=option)
    await ac.response()
    return [c["name"] for c in ac.choices]


async def test_sell_call_activate_card_rules_and_deck_show(fake: FakeDiscord, db: Path) -> None:
    d = await position(
        fake,
        db,
        Side(
            hand=["short-circuit", "alley-cutter"],
            field=["alley-cutter"],
            legends=["mara-kell up", "rook-vance", "dex-oyelaran"],
            eddies=3,
            gigs=["d6:3"],
        ),
        Side(hand=["ice-sentinel"], legends=["rook-vance", "mara-kell", "dex-oyelaran"]),
    )
    alice, bob = d.users
    d.note_hidden(await d.state())
    # sell: autocomplete offers alice's own Sell-tagged hand cards; bob, out of turn, none.
    assert set(await _auto(d, alice, "sell", "card")) == {"Short Circuit", "Alley Cutter"}
    assert await _auto(d, bob, "sell", "card") == []
    _refused(await d.slash(bob, "sell", {"card": "Ice Sentinel"}), "can't sell now")
    v = (await d.state()).version
    _answer(await d.slash(alice, "sell", {"card": "short"}))  # a typed prefix
    state = await d.state()
    assert state.version == v + 1 and len(state.seats[0].hand) == 1
    assert any("sells" in m.text and "Short Circuit" in m.text for m in fake.public_messages())
    _refused(await d.slash(alice, "sell", {"card": "Alley Cutter"}), "can't sell now")
    assert (await d.state()).version == v + 1
    # call: the face-down slots, by number only; the public line names who turned up.
    assert await _auto(d, alice, "call", "slot") == ["slot 2: face-down", "slot 3: face-down"]
    _refused(await d.slash(alice, "call", {"slot": "1"}), "not something you can Call")
    it = await d.pay_if_asked(alice, await d.slash(alice, "call", {"slot": "2"}))
    assert "Rook Vance" in _answer(it).text  # the answer names who turned face-up
    state = await d.state()
    assert state.seats[0].legends[1].face_up
    assert any("Rook Vance" in m.text for m in fake.public_messages())
    _refused(await d.slash(alice, "call", {"slot": "3"}), "can't Call now")
    # activate: Mara Kell's ability (face-up); it asks for a target with /tcg choose.
    assert "Mara Kell: Wire Saint" in await _auto(d, alice, "activate", "card")
    _refused(await d.slash(alice, "activate", {"card": "Dex"}), "not something you can activate")
    v = (await d.state()).version
    await d.pay_if_asked(alice, await d.slash(alice, "activate", {"card": "Mara Kell"}))
    state = await d.state()
    assert state.version > v
    for _ in range(3):  # its target (and any other prompt), answered by command
        legal = legal_actions(state, d.rt.content, str(alice.id))
        if not any(isinstance(a, act.Choose) for a in legal):
            break
        options = await _auto(d, alice, "choose", "option")
        assert options and await _auto(d, bob, "choose", "option") == []
        await d.slash(alice, "choose", {"option": options[0]})
        state = await d.state()
    assert not any(
        isinstance(a, act.Choose) for a in legal_actions(state, d.rt.content, str(alice.id))
    )
    assert state.seats[0].legends[0].spent  # her ability spent her
    # Reactions outside a reaction window, and bob's attack out of turn.
    _refused(await d.slash(alice, "react block", {"unit": "Alley Cutter"}), "No reaction window")
    _refused(await d.slash(alice, "react quick", {"card": "Alley Cutter"}), "No reaction window")
    _refused(await d.slash(bob, "attack", {"unit": "Alley Cutter"}), "You can't attack now.")
    # card and rules help anyone, privately; a wrong name is refused with what to do.
    carol = fake.add_user("carol", guild=fake.guild)
    names = await _auto(d, carol, "card", "name")
    assert len(names) == 25 and all(" " in n or n[0].isupper() for n in names)  # no ids
    assert await _auto(d, carol, "card", "name", "wire s") == ["Mara Kell: Wire Saint"]
    assert "Wire Saint" in _answer(await d.slash(carol, "card", {"name": "mara"})).text
    _refused(await d.slash(carol, "card", {"name": "Nobody At All"}), "No card named")
    topics = await _auto(d, carol, "rules", "topic")
    assert topics
    assert topics[0] in _answer(await d.slash(carol, "rules", {"topic": topics[0]})).text
    _refused(await d.slash(carol, "rules", {"topic": "zzz"}), "No rules topic")
    # A spectator's commands of the duel and its challenge: refused, with what to do.
    _refused(await d.slash(carol, "decline"), "no challenge of yours")
    _refused(await d.slash(carol, "accept", {"deck": "chrome-rush"}), "Nobody has challenged you")
    _refused(await d.slash(carol, "options", {"turn_timer": 30}), "set by the two players")
    _refused(await d.slash(carol, "hand"), "not playing")
    _refused(await d.slash(carol, "dm", {"enabled": True}), "not playing")
    _refused(await d.slash(carol, "end"), "not playing")
    # deck show: the list of a deck; an unknown one is refused.
    shown = _answer(await d.slash(carol, "deck show", {"name": "chrome-rush"}))
    assert "Alley Cutter" in shown.text
    _refused(await d.slash(carol, "deck show", {"name": "no such deck"}), "no deck")
    d.check_public(await d.state())
    await d.bot.close()
