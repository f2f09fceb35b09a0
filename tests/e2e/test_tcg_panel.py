"""The hand panel on Discord: every legal action reachable (buttons, then the overflow
menu and its pages), and the payment prompt (T27: the payer picks which sources pay)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.tcg import actions as act
from rules.tcg.legal import legal_actions
from rules.tcg.scenario import Side
from tests.e2e.harness import settle, start_fixer
from tests.e2e.tcg_harness import position
from tests.fakediscord import FakeDiscord, FakeMessage

LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]
HIDDEN_LEGENDS = ("Rook Vance", "Mara Kell", "Dex Oyelaran")


def _menu(msg: FakeMessage) -> dict[str, Any]:
    return next(c for row in msg.components for c in row["components"] if c["type"] == 3)


def _buttons(msg: FakeMessage) -> list[dict[str, Any]]:
    return [c for row in msg.components for c in row["components"] if c["type"] == 2]


async def test_every_legal_action_is_on_the_panel_or_its_menu(fake: FakeDiscord, db: Path) -> None:
    # 6 ready Units, 6 spent rival Units and a Gig area: 42 attacks, plus plays, Calls,
    # Sells and End: far more than the 25 buttons a message holds.
    d = await position(
        fake,
        db,
        Side(
            field=["alley-cutter"] * 6,
            hand=["short-circuit", "alley-cutter", "ice-sentinel"],
            eddies=3,
            legends=LEGENDS,
            gigs=["d6:3"],
        ),
        Side(field=["alley-cutter spent"] * 6, legends=LEGENDS, gigs=["d8:5"]),
    )
    alice = d.users[0]
    state = await d.state()
    d.note_hidden(state)
    legal = legal_actions(state, d.rt.content, str(alice.id))
    wanted = {str(i) for i, a in enumerate(legal) if not isinstance(a, act.Concede)}
    assert len(wanted) > 45  # more than buttons and one page of the menu together
    panel = await d.panel(alice)
    assert len(_buttons(panel)) == 20 and len(panel.components) == 5
    seen = {b["custom_id"].rsplit(":", 1)[1] for b in _buttons(panel)}
    menu = _menu(panel)
    assert menu["custom_id"] == f"fxs:tcg:do:dtest:{state.version}"
    values = [o["value"] for o in menu["options"]]
    assert len(values) == 25 and values[-1] == "p1"  # 24 actions, then the next page
    seen |= set(values[:-1])
    # The page link answers with the same panel, the menu on its next page.
    it = await d.fake.select(alice, panel, menu["custom_id"], ["p1"])
    await d.settle_it(it)
    page2 = it.original or it.followups[-1]
    assert page2.ephemeral and "page 2 of 2" in _menu(page2).get("placeholder", "")
    rest = [o["value"] for o in _menu(page2)["options"]]
    assert rest[-1] == "p0"
    seen |= set(rest[:-1])
    assert seen == wanted  # every action but Concede, once
    # A pick is the action: the last attack, from the second page.
    last = max(int(v) for v in rest[:-1] if isinstance(legal[int(v)], act.Attack))
    chosen = legal[last]
    assert isinstance(chosen, act.Attack)
    it = await d.fake.select(alice, page2, _menu(page2)["custom_id"], [str(last)])
    await d.settle_it(it)
    after = await d.state()
    assert after.attack is not None and after.attack.attacker == chosen.unit
    assert after.attack.target == chosen.target
    # A pick on the menu of an older version is refused as stale; nothing changes.
    it = await d.fake.select(alice, panel, menu["custom_id"], [values[0]])
    await d.settle_it(it)
    assert "out of date" in (it.original or it.followups[-1]).text
    assert (await d.state()).version == after.version
    # The menu (its options and pages) went to alice only; no face-down Legend named.
    d.check_public(after)
    d.check_private(after)
    await d.bot.close()


async def test_the_payer_picks_which_sources_pay(fake: FakeDiscord, db: Path) -> None:
    d = await position(
        fake,
        db,
        Side(hand=["alley-cutter", "alley-cutter"], eddies=1, legends=LEGENDS, gigs=["d6:3"]),
        Side(legends=LEGENDS, gigs=["d8:5"]),
    )
    alice, bob = d.users
    state = await d.state()
    d.note_hidden(state)
    legal = legal_actions(state, d.rt.content, str(alice.id))
    play = next(a for a in legal if isinstance(a, act.Play))
    panel = await d.panel(alice)
    it = await d.click(alice, panel, f"fx:tcg:do:dtest:{state.version}:{legal.index(play)}")
    prompt = it.original or it.followups[-1]
    # Nothing happened yet: the prompt asks how to pay, privately.
    assert (await d.state()).version == state.version
    assert prompt.ephemeral and "How do you pay" in prompt.text
    labels = [b["label"] for b in _buttons(prompt)]
    assert labels == [
        "Pay with 1 Eddie",
        "Pay with slot 1 (face-down)",
        "Pay with slot 2 (face-down)",
        "Pay with slot 3 (face-down)",
    ]
    # Which Legend lies face-down is hidden from its owner too (§14).
    assert not any(name in t for t in prompt.all_texts for name in HIDDEN_LEGENDS)
    # Someone else can't see (or click) the prompt: it is ephemeral to alice.
    assert prompt.visible_to == alice.id
    slot2 = next(b["custom_id"] for b in _buttons(prompt) if "slot 2" in b["label"])
    await d.click(alice, prompt, slot2)
    after = await d.state()
    me = after.seats[0]
    assert me.legends[1].spent and not me.legends[0].spent and not me.legends[2].spent
    assert not any(e.spent for e in me.eddies)  # the Eddie did not pay
    assert len(me.field) == 1
    # The same prompt answers a command; a stale way to pay is refused, nothing changes.
    it = await d.slash(alice, "play", {"card": "Alley Cutter"})
    prompt = it.original or it.followups[-1]
    assert "How do you pay" in prompt.text
    assert [b["label"] for b in _buttons(prompt)] == [
        "Pay with 1 Eddie",
        "Pay with slot 1 (face-down)",
        "Pay with slot 3 (face-down)",
    ]
    await d.slash(bob, "status")  # no change of version: still fresh
    eddie = _buttons(prompt)[0]["custom_id"]
    # `/tcg choose` answers the payment prompt too: autocomplete offers its ways.
    ac = await fake.autocomplete(alice, "tcg choose", {"option": ""}, focused="option")
    await ac.response()
    assert [c["name"] for c in ac.choices] == [b["label"] for b in _buttons(prompt)]
    ac = await fake.autocomplete(bob, "tcg choose", {"option": ""}, focused="option")
    await ac.response()
    assert ac.choices == []  # bob was asked nothing
    it = await d.slash(alice, "choose", {"option": "Pay with slot 9"})
    assert "not a way to pay" in (it.original or it.followups[-1]).text
    assert (await d.state()).version == after.version
    await d.slash(alice, "choose", {"option": "Pay with slot 3"})  # a typed label prefix
    after = await d.state()
    me = after.seats[0]
    assert me.legends[2].spent and not any(e.spent for e in me.eddies)
    assert len(me.field) == 2
    # The prompt's buttons are now out of date; nothing changes.
    it = await d.click(alice, prompt, eddie)
    assert "out of date" in (it.original or it.followups[-1]).text
    assert (await d.state()).version == after.version
    # No prompt, panel or menu in public; no face-down Legend named anywhere.
    d.check_public(after)
    d.check_private(after)
    await d.bot.close()


async def test_no_prompt_when_only_eddies_can_pay(fake: FakeDiscord, db: Path) -> None:
    d = await position(
        fake,
        db,
        Side(hand=["alley-cutter"], eddies=2, legends=["empty"] * 3, gigs=["d6:3"]),
        Side(legends=LEGENDS, gigs=["d8:5"]),
    )
    alice = d.users[0]
    it = await d.slash(alice, "play", {"card": "Alley Cutter"})
    answer = it.original or it.followups[-1]
    assert "How do you pay" not in answer.text
    assert len((await d.state()).seats[0].field) == 1
    await d.bot.close()


async def test_the_menu_works_in_a_dm_panel(fake: FakeDiscord, db: Path) -> None:
    d = await position(
        fake,
        db,
        Side(field=["alley-cutter"] * 6, hand=["alley-cutter"], eddies=3, gigs=["d6:3"]),
        Side(field=["alley-cutter spent"] * 6, legends=LEGENDS, gigs=["d8:5"]),
    )
    alice = d.users[0]
    await d.slash(alice, "dm", {"enabled": True})
    await d.slash(alice, "play", {"card": "Alley Cutter"})  # Eddies only: played at once
    await fake.wait_for(lambda: any(_has_menu(m) for m in fake.dms_to(alice)), 5)
    dm = next(m for m in reversed(fake.dms_to(alice)) if _has_menu(m))
    state = await d.state()
    legal = legal_actions(state, d.rt.content, str(alice.id))
    menu = _menu(dm)
    assert menu["custom_id"] == f"fxs:tcg:do:dtest:{state.version}"
    pick = next(
        o["value"] for o in menu["options"] if isinstance(legal[int(o["value"])], act.Attack)
    )
    await d.settle_it(await fake.select(alice, dm, menu["custom_id"], [pick]))
    after = await d.state()
    chosen = legal[int(pick)]
    assert isinstance(chosen, act.Attack)
    assert after.attack is not None and after.attack.attacker == chosen.unit
    await d.bot.close()


def _has_menu(msg: FakeMessage) -> bool:
    return any(c["type"] == 3 for row in msg.components for c in row["components"])


def _stored_payments(db: Path) -> list[tuple[str, str, str]]:
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT owner, name, body FROM saved_items WHERE game = 'tcg' AND kind = 'payment'"
        ).fetchall()
    return [(str(a), str(b), str(c)) for a, b, c in rows]


async def _payment_prompt(fake: FakeDiscord, db: Path) -> tuple[Any, FakeMessage, int]:
    """alice chooses to play a card that her face-down Legends could pay: the prompt."""
    d = await position(
        fake,
        db,
        Side(hand=["alley-cutter", "alley-cutter"], eddies=1, legends=LEGENDS, gigs=["d6:3"]),
        Side(legends=LEGENDS, gigs=["d8:5"]),
    )
    alice = d.users[0]
    it = await d.slash(alice, "play", {"card": "Alley Cutter"})
    prompt = it.original or it.followups[-1]
    assert prompt.ephemeral and "How do you pay" in prompt.text
    version = (await d.state()).version
    return d, prompt, version


async def test_a_payment_prompt_survives_a_restart_for_choose(fake: FakeDiscord, db: Path) -> None:
    d, prompt, version = await _payment_prompt(fake, db)
    alice, bob = d.users
    # Stored with the duel's id, the player and the version it was asked at.
    [(owner, name, body)] = _stored_payments(db)
    assert (owner, name) == ("dtest", str(alice.id)) and f'"version":{version}' in body
    await d.bot.close()
    d.bot = await start_fixer(fake, db)
    # The new process knows which prompt alice answers: autocomplete offers its ways.
    ac = await fake.autocomplete(alice, "tcg choose", {"option": ""}, focused="option")
    await ac.response()
    labels = [b["label"] for b in _buttons(prompt)]
    assert [c["name"] for c in ac.choices] == labels
    assert not any(n in c["name"] for c in ac.choices for n in HIDDEN_LEGENDS)
    ac = await fake.autocomplete(bob, "tcg choose", {"option": ""}, focused="option")
    await ac.response()
    assert ac.choices == []  # bob was asked nothing
    await d.slash(alice, "choose", {"option": "Pay with slot 2"})
    after = await d.state()
    me = after.seats[0]
    assert after.version == version + 1 and len(me.field) == 1
    assert me.legends[1].spent and not any(e.spent for e in me.eddies)
    await settle(fake, d.bot)
    assert _stored_payments(db) == []  # answered: gone from the database
    # A second restart brings nothing back: `/tcg choose` no longer names a way to pay.
    await d.bot.close()
    d.bot = await start_fixer(fake, db)
    it = await d.slash(alice, "choose", {"option": "Pay with 1 Eddie"})
    assert "How do you pay" not in (it.original or it.followups[-1]).text
    assert (await d.state()).version == after.version
    await d.bot.close()


async def test_a_payment_prompt_survives_a_crash_for_its_buttons(
    fake: FakeDiscord, db: Path
) -> None:
    d, prompt, version = await _payment_prompt(fake, db)
    alice = d.users[0]
    await fake.kill_bot(d.bot)  # no clean shutdown
    d.bot = await start_fixer(fake, db)
    assert d.rt.paying["dtest"][str(alice.id)][0] == version  # read back at start-up
    slot3 = next(b["custom_id"] for b in _buttons(prompt) if "slot 3" in b["label"])
    await d.click(alice, prompt, slot3)
    after = await d.state()
    assert after.version == version + 1 and after.seats[0].legends[2].spent
    await settle(fake, d.bot)
    assert _stored_payments(db) == [] and not d.rt.paying
    await d.bot.close()


async def test_a_stale_stored_payment_prompt_is_dropped_at_start(
    fake: FakeDiscord, db: Path
) -> None:
    d, prompt, version = await _payment_prompt(fake, db)
    alice = d.users[0]
    await d.slash(alice, "end")  # the duel moves on; the prompt is stale
    await fake.kill_bot(d.bot)
    # As if the process died before the stale row was deleted; and an unreadable one.
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(db, isolation_level=None)) as conn:
        conn.executemany(
            "INSERT OR REPLACE INTO saved_items VALUES ('tcg', 'payment', 'dtest', ?, ?, 0)",
            [(str(alice.id), f'{{"version":{version},"index":0}}'), ("x", '{"v":1}')],
        )
    assert len(_stored_payments(db)) == 2
    d.bot = await start_fixer(fake, db)
    assert not d.rt.paying and _stored_payments(db) == []
    await d.bot.close()


async def test_a_pick_on_a_menu_no_longer_on_its_message_is_refused_as_stale(
    fake: FakeDiscord, db: Path
) -> None:
    d = await position(
        fake,
        db,
        Side(field=["alley-cutter"] * 6, hand=["alley-cutter"], eddies=3, gigs=["d6:3"]),
        Side(field=["alley-cutter spent"] * 6, legends=LEGENDS, gigs=["d8:5"]),
    )
    alice = d.users[0]
    panel = await d.panel(alice)
    menu = _menu(panel)
    old = menu["options"][0]["value"]
    await d.slash(alice, "play", {"card": "Alley Cutter"})  # Eddies only: played at once
    after = await d.state()
    # The panel's message is replaced (a client still shows the old one): discord.py
    # drops a pick on a menu that is no longer on the message; the house answers it.
    panel.components = [r for r in panel.components if r["components"][0]["type"] != 3]
    panel.snapshot()
    it = await d.settle_it(await fake.select(alice, panel, menu["custom_id"], [old], stale=True))
    answer = it.original or it.followups[-1]
    assert answer.ephemeral and answer.text.startswith("🚫 This choice is out of date")
    assert "Your hand" in answer.text  # the fresh panel comes with the refusal
    fresh = _menu(answer)
    assert fresh["custom_id"] == f"fxs:tcg:do:dtest:{after.version}"
    assert (await d.state()).version == after.version  # nothing changed
    await d.bot.close()
