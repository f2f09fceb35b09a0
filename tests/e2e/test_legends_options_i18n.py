"""`/legends options` answers in the reader's language: the list of the table's options
and the "✓ `key` = value" confirmation name each option as the reader's client names the
command's parameter, keep the token picked and say in their words what it means."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import start_fixer
from tests.fakediscord import FakeDiscord


async def _answer(fake: FakeDiscord, user: object, options: dict[str, object], locale: str) -> str:
    it = await fake.send_slash(user, "legends options", options, locale=locale)  # type: ignore[arg-type]
    await it.response()
    await fake.wait_for(lambda: bool(it.messages) and it.messages[-1] is not None)
    reply = it.messages[-1]
    assert reply.ephemeral
    return reply.text


async def test_the_options_list_and_their_confirmation_in_polish_and_english(
    fake: FakeDiscord, db: Path
) -> None:
    await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    it = await fake.send_slash(alice, "legends new", {"name": "Night crew"})
    await it.response()
    await it.wait_followups(1)

    listed = await _answer(fake, alice, {}, "pl")
    assert listed.splitlines() == [
        "**Opcje stołu**",
        "`rozmowy_przy_stole`: usuń",
        "`as_nisko`: False (wył.)",
        "`jedna_ranga_na_karte`: False (wył.)",
        "`rozdziel_obrazenia`: False (wył.)",
        "`luzne_kolory_lepszych`: False (wył.)",
        "`czas_tury`: 0 (wył.)",
        "`czas_glosowania`: 120 sekund",
        "`dodatkowe_talie_rol`: 0",
        "`jezyk`: język serwera",
    ]
    done = await _answer(
        fake,
        alice,
        {"turn_timer": 62, "ace_low": True, "language": "pl", "extra_role_decks": 2},
        "pl",
    )
    assert done == (
        "✓ `as_nisko` = True (wł.), `czas_tury` = 62 sekundy, `dodatkowe_talie_rol` = 2, "
        "`jezyk` = pl (polski)"
    )

    # An English reader: the keys as typed, the same tokens, English meanings.
    done = await _answer(fake, alice, {"table_talk": "warn", "language": "server"}, "en-US")
    assert done == "✓ `table_talk` = warn, `language` = the server's language"
    listed = await _answer(fake, alice, {}, "en-US")
    assert "`ace_low`: True (on)" in listed and "`turn_timer`: 62 seconds" in listed
    assert "`table_talk`: warn" in listed
    assert not any(w in listed for w in ("wł.", "sekund", "jezyk"))
