"""Every message the bot renders, from real game states (the gallery's runs, every step of
them) and from adversarial ones: Discord's limits hold, and no public render shows a card
that is only in someone's hand."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import discord
import pytest

from cogs.common.buttons import FxButton, layout
from cogs.legends import gallery, render, render_private
from cogs.legends.components import board_buttons, panel_buttons
from cogs.legends.gallery import Shot, Step
from content.legends.loader import load_default_pack
from rules.core.events import Event
from rules.legends.cards import ContentPack
from rules.legends.state import Table
from rules.legends.view import board, player_view
from tests.discord import limits
from tests.discord.adversarial import big_crew, long_pack, stuffed

INST = re.compile(r"\bs\d+c\d{2}\b")
REPO = Path(__file__).resolve().parents[2]


@functools.cache
def content() -> ContentPack:
    return load_default_pack()


@functools.cache
def long_content() -> ContentPack:
    return long_pack(content())


@functools.cache
def shots() -> tuple[Shot, ...]:
    return tuple(gallery.shots(content()))


@functools.cache
def runs() -> tuple[tuple[ContentPack, tuple[Step, ...]], ...]:
    """Whole runs whose every step is rendered: the gallery's, a flatline, a solo with a
    merc, four runners, and four runners and a merc with the longest names and texts."""
    c, lc = content(), long_content()
    return (
        (c, tuple(gallery.main_run(c))),
        (c, tuple(gallery.flatlined_run(c))),
        (c, tuple(gallery.crew_run(c, 1, seed=11, merc=True))),
        (c, tuple(gallery.crew_run(c, 4, seed=5))),
        (lc, tuple(gallery.play(big_crew(lc), lc, seed=1))),
    )


def check(
    content_text: str | None,
    embeds: Sequence[discord.Embed],
    view: discord.ui.View | None,
    what: str,
) -> None:
    comps = view.to_components() if view is not None else []
    bad = limits.problems(content_text, embeds, comps)
    assert not bad, f"{what}: {bad}"


def texts(
    content_text: str | None, embeds: Sequence[discord.Embed], view: discord.ui.View | None
) -> Iterator[str]:
    shot = Shot("x", "x", "x", True, "", content_text, list(embeds), view, Table.model_construct())  # type: ignore[call-arg]
    yield from gallery.iter_texts(shot)


def custom_ids(view: discord.ui.View | None) -> list[str]:
    if view is None:
        return []
    return [c["custom_id"] for row in view.to_components() for c in row["components"]]


def secret_names(state: Table, c: ContentPack, revealed: set[str]) -> set[str]:
    """Names of cards in hands now that were never face up (in the Plan) this run."""
    run = state.run
    if run is None:
        return set()
    held = {c.cards[run.cards[i]].name for z in run.zones.values() for i in z.hand}
    in_plan = {c.cards[run.cards[e.inst]].name for e in run.plan}
    return held - revealed - in_plan


def assert_public_safe(
    content_text: str | None,
    embeds: Sequence[discord.Embed],
    view: discord.ui.View | None,
    secret: set[str],
    what: str,
) -> None:
    for t in texts(content_text, embeds, view):
        for name in secret:
            assert name not in t, f"{what} reveals {name!r}: {t!r}"
        assert not INST.search(t), f"{what} shows a card instance id: {t!r}"
    for cid in custom_ids(view):
        assert not INST.search(cid), f"{what}: public button {cid} carries a card"


def reveal(revealed: set[str], events: Sequence[Event], c: ContentPack) -> None:
    for e in events:
        if e.seats is None and e.kind == "card_entered":
            revealed.add(c.cards[str(e.data["card"])].name)


# ---- the gallery ----------------------------------------------------------------------------


def test_the_gallery_shows_every_kind_of_message() -> None:
    keys = {s.key for s in shots()}
    assert {
        "run-start",
        "flip-obstacle",
        "flip-scene",
        "turn",
        "status",
        "hand-turn",
        "hand-waiting",
        "play-result",
        "prompt",
        "exec-hit",
        "exec-miss",
        "crew-damage",
        "cleared",
        "vote",
        "vote-hand",
        "cleanup",
        "cleanup-hand",
        "complete",
        "campaign",
        "flatlined",
        "solo-hand",
        "refusal",
    } <= keys
    by = {s.key: s for s in shots()}
    assert "🏆" in (by["complete"].embeds[0].title or "")
    assert "☠️" in (by["flatlined"].embeds[0].title or "")
    assert any("❌" in (e.description or "") for e in by["exec-miss"].embeds)
    assert any("✅" in (e.description or "") for e in by["exec-hit"].embeds)
    assert "Your merc's hand" in (by["solo-hand"].embeds[0].description or "")


@pytest.mark.parametrize("key", [s.key for s in shots()])
def test_gallery_message_within_discord_limits(key: str) -> None:
    shot = next(s for s in shots() if s.key == key)
    check(shot.content, shot.embeds, shot.view, key)


def test_gallery_public_messages_show_no_hidden_card() -> None:
    """The gallery's public shots, against what is in hands at that moment."""
    c = content()
    every_played = {
        c.cards[e.data["card"]].name
        for _, steps in runs()[:4]
        for s in steps
        for e in s.events
        if e.kind == "card_entered" and e.seats is None
    }
    for shot in shots():
        if not shot.public:
            continue
        secret = secret_names(shot.state, c, every_played)
        assert_public_safe(shot.content, shot.embeds, shot.view, secret, shot.key)


def test_the_gallery_markdown_is_generated_and_committed() -> None:
    md = gallery.gallery_markdown(shots())
    for s in shots():
        assert f"`{s.key}`" in md
    doc = REPO / "docs" / "discord-gallery.md"
    assert doc.exists(), "run: python -m cogs.legends.gallery --out docs/discord-gallery.md"
    committed = doc.read_text(encoding="utf-8")
    assert all(f"(`{s.key}`)" in committed for s in shots())


# ---- every step of whole runs ------------------------------------------------------------------


@pytest.mark.parametrize("index", range(5))
def test_every_step_of_a_run_renders_within_limits_and_hides_hands(index: int) -> None:
    """Each step's public update, the board, and every seated player's panel."""
    c, steps = runs()[index]
    revealed: set[str] = set()
    for n, step in enumerate(steps):
        reveal(revealed, step.events, c)
        st = step.after
        what = f"run {index} step {n} ({step.action.type}, v{st.version})"
        secret = secret_names(st, c, revealed)
        upd = gallery.public_update("u", "u", "", step, c)
        if upd is not None:
            check(upd.content, upd.embeds, upd.view, what + " update")
            assert_public_safe(upd.content, upd.embeds, upd.view, secret, what + " update")
        b = board(st, c)
        embed = render.board_embed(b) if st.run is not None else render.campaign_embed(st, c)
        view = board_buttons(b)
        check(None, [embed], view, what + " board")
        assert_public_safe(None, [embed], view, secret, what + " board")
        for player in dict.fromkeys(r.player for r in st.runners):
            if st.run is None:
                continue
            shot = gallery.hand_panel(
                "h", "h", "", st, player, c, gallery.private_notes(step, player)
            )
            check(shot.content, shot.embeds, shot.view, what + f" panel of {player}")


# ---- adversarial states --------------------------------------------------------------------


def adversarial_states() -> list[tuple[str, Table, ContentPack]]:
    lc = long_content()
    _, steps = runs()[4]
    out: list[tuple[str, Table, ContentPack]] = []
    phases: set[str] = set()
    for step in steps:
        run = step.after.run
        if run is None or run.phase in phases:
            continue
        phases.add(run.phase)
        out.append((f"stuffed-{run.phase}", stuffed(step.after, lc), lc))
        out.append((f"stuffed-{run.phase}-1", stuffed(step.after, lc, obstacles=1, plan=0), lc))
    assert {"plan", "cleanup", "flip"} <= phases
    out.append(("start", big_crew(lc), lc))
    out.append(("stuffed-start", stuffed(big_crew(lc), lc), lc))
    return out


def test_adversarial_states_render_within_limits() -> None:
    for name, st, c in adversarial_states():
        b = board(st, c)
        embed = render.board_embed(b)
        check(None, [embed], board_buttons(b), name + " board")
        many = [f"🎯 {o.name} takes 99 Damage (99/99). " * 3 for o in b.obstacles] * 4
        mentions = {s.player: "<@123456789012345678>" for s in b.seats}
        for natural in (True, False):
            text, embeds = render.update_message(st, b, many, natural, mentions, c)
            check(text, embeds, board_buttons(b), f"{name} update natural={natural}")
        for player in dict.fromkeys(r.player for r in st.runners):
            view = player_view(st, player, c)
            shot = gallery.hand_panel(
                "h", "h", "", st, player, c, [f"🔒 You drew: {'x' * 200}."] * 6
            )
            check(None, shot.embeds, shot.view, f"{name} panel of {player}")
            buttons, hidden = panel_buttons(view)
            shown = len(custom_ids(buttons))
            assert shown + hidden >= min(len(view.legal), 1) or not view.legal


def test_adversarial_public_renders_hide_hands() -> None:
    for name, st, c in adversarial_states():
        secret = secret_names(st, c, set())
        b = board(st, c)
        assert_public_safe(None, [render.board_embed(b)], board_buttons(b), secret, name)


def test_campaign_and_private_embeds_within_limits() -> None:
    lc = long_content()
    _, steps = runs()[4]
    end = steps[-1].after
    assert end.run is None
    check(None, [render.campaign_embed(end, lc)], None, "campaign")
    check(None, [render_private.deck_embed(end.runners, lc)], None, "deck")
    check(None, [render.clues_embed(end, lc)], None, "clues")
    check(None, [render.memory_embed(end, lc)], None, "memory")
    check(None, [render.refusal_embed("x" * 5000)], None, "refusal")


# ---- layout and wording ------------------------------------------------------------------------


def test_panel_buttons_are_short_grouped_and_keep_ready() -> None:
    lc = long_content()
    for name, st, c in adversarial_states():
        for player in dict.fromkeys(r.player for r in st.runners):
            view = player_view(st, player, c)
            buttons, _ = panel_buttons(view)
            rows = buttons.to_components() if buttons is not None else []
            labels = [x["label"] for r in rows for x in r["components"]]
            assert all(len(lbl) <= 45 for lbl in labels), (name, labels)
            legal_ready = any(a.type == "ready" for a in view.legal)
            if legal_ready:  # Ready always fits, in the last row
                last = [x["custom_id"] for x in rows[-1]["components"]]
                assert any(cid.startswith("fx:legends:rdy:") for cid in last), name
    assert lc is long_content()


def test_rows_start_groups_on_new_rows_and_drop_only_what_does_not_fit() -> None:
    from cogs.legends import ids

    def btn(i: int) -> FxButton:
        return FxButton(ids.button(ids.PLAY, "t", 1, f"c{i}"), text=str(i))

    rows, dropped = layout([[btn(1), btn(2)], [btn(3)], [btn(4)]])
    assert [[b.bid.arg for b in r] for r in rows] == [["c1", "c2"], ["c3"], ["c4"]]
    assert dropped == 0
    rows, dropped = layout(
        [[btn(i) for i in range(12)], [btn(i) for i in range(20, 32)], [btn(99)]]
    )
    assert len(rows) == 5 and all(len(r) <= 5 for r in rows)
    assert rows[-1][0].bid.arg == "c99" and dropped == 24 - 20


def test_to_hit_in_plain_words() -> None:
    assert render.to_hit_text("Pair with Charisma") == "a Pair with a 💬 Charisma in it"
    assert render.to_hit_text("Three of a Kind or better") == "Three of a Kind or better"
    assert (
        render.to_hit_text("Pair with Tech and Stealth")
        == "a Pair with 💾 Tech and 👤 Stealth in it"
    )
    assert render.to_hit_text("Two Pair with Muscle or better") == (
        "Two Pair with a 💪 Muscle in it, or better"
    )
    assert render.to_hit_text("Tech flush") == "a 💾 Tech Flush (5 Tech symbols)"
    assert render.to_hit_text("Flush or better") == "a Flush (5 of one suit) or better"


def test_executed_comes_before_its_to_hit_lines() -> None:
    ev = [
        Event(kind="card_entered", text="A plays X.", seats=None, data={}),
        Event(kind="to_hit", text="Boss: Hit", seats=None, data={"hit": True}),
        Event(kind="to_hit", text="Goon: No pair", seats=None, data={"hit": False}),
        Event(kind="executed", text="The Plan executes.", seats=None, data={}),
        Event(kind="drew_private", text="You drew: Secret.", seats=(0,), data={}),
    ]
    lines = render.event_lines(ev)
    assert lines == ["🂠 A plays X.", "💥 The Plan executes.", "✅ Boss: Hit", "❌ Goon: No pair"]
    assert render.events_title(lines) == "💥 The Plan executes"
