"""Autocomplete offers only what the caller may do now, named from the caller's own view
(never the rival's hand or a face-down Legend), and typed names work; concede ends the
duel with its sentence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.test_tcg_reaction import _position
from tests.fakediscord import FakeDiscord, FakeUser


async def _choices(
    fake: FakeDiscord, user: FakeUser, command: str, options: dict[str, Any], focused: str
) -> list[dict[str, Any]]:
    it = await fake.autocomplete(user, f"tcg {command}", options, focused=focused)
    await it.response()
    return list(it.choices)


async def test_autocomplete_offers_only_the_callers_legal_choices(
    fake: FakeDiscord, db: Path
) -> None:
    d = await _position(fake, db)
    alice, bob = d.users
    # alice (active) may attack with Alley Cutter; bob (not active) is offered nothing.
    units = await _choices(fake, alice, "attack", {"unit": ""}, "unit")
    assert [c["name"] for c in units] == ["Alley Cutter"]
    assert await _choices(fake, bob, "attack", {"unit": ""}, "unit") == []
    targets = await _choices(
        fake, alice, "attack", {"unit": units[0]["value"], "target": ""}, "target"
    )
    assert "the Gig area" in [c["name"] for c in targets]
    # bob's hand (Short Circuit) is never offered to alice, in any command.
    for command, option in (("play", "card"), ("sell", "card"), ("activate", "card")):
        names = [c["name"] for c in await _choices(fake, alice, command, {option: ""}, option)]
        assert "Short Circuit" not in names
    # Face-down slots are offered as blanks, never by the Legend's name.
    calls = await _choices(fake, alice, "call", {"slot": ""}, "slot")
    assert calls and all("face-down" in c["name"] for c in calls)
    assert not any("Rook" in c["name"] or "Mara" in c["name"] for c in calls)
    # No reaction window: react quick offers nothing; in the window, bob gets his card.
    assert await _choices(fake, bob, "react quick", {"card": ""}, "card") == []
    await d.slash(alice, "attack", {"unit": "alley"})  # a typed, case-insensitive prefix
    quick = await _choices(fake, bob, "react quick", {"card": ""}, "card")
    assert [c["name"] for c in quick] == ["Short Circuit"]
    assert await _choices(fake, alice, "react quick", {"card": ""}, "card") == []
    blocks = await _choices(fake, bob, "react block", {"unit": ""}, "unit")
    assert [c["name"] for c in blocks] == ["ICE Sentinel"]
    await d.bot.close()


async def test_concede_ends_the_duel_with_its_sentence(fake: FakeDiscord, db: Path) -> None:
    d = await _position(fake, db)
    alice, bob = d.users
    carol = fake.add_user("carol", guild=fake.guild)
    it = await d.slash(carol, "concede")
    assert it.original is not None and "🚫" in it.original.text
    await d.slash(bob, "concede")  # any time, even when it is not your turn
    state = await d.state()
    assert state.result is not None and state.result.winner == 0
    assert any("bob concedes: alice wins." in m.text for m in fake.public_messages())
    it = await d.slash(carol, "status")
    assert it.original is not None and "bob concedes: alice wins." in it.original.text
    it = await d.slash(alice, "end")
    assert it.original is not None and "over" in it.original.text
    await d.bot.close()
