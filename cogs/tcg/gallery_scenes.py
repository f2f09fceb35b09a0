"""The TCG gallery's scenes (cogs/tcg/gallery.py): each adds the shots of one part of
the TCG on Discord (the challenge flow, a duel, positions set up by the scenario builder,
the deck commands, help) to a `Builder`, in its language."""

from __future__ import annotations

from bot.i18n import SOURCE
from cogs.common.gallery import Shot
from cogs.common.text import refusal_embed
from cogs.tcg import howto, render, texts
from cogs.tcg.challenges import Challenge
from cogs.tcg.gallery_kit import GREEN, LEGENDS, NAMES, PLAYERS, Builder, Step, first, public
from cogs.tcg.localize import card_lines, words
from cogs.tcg.messages import challenge_buttons, deck_picker, update_message
from cogs.tcg.panel import panel, payment_choices, payment_prompt
from cogs.tcg.rules_text import topic_text
from cogs.tcg.runtime import CHALLENGE_SECONDS
from cogs.tcg.words import say
from rules.core.errors import IllegalAction
from rules.tcg import actions as act
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.codes import Phase, PromptKind
from rules.tcg.decks import DeckTextError, deck_problems, deck_text, parse_deck_text
from rules.tcg.engine import apply, new_duel
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.options import TcgOptions
from rules.tcg.scenario import Side, build
from rules.tcg.state import Duel, evolve
from rules.tcg.view import events_for


def challenge(b: Builder, deck: DeckList, saved: DeckList) -> None:
    loc, rt = b.loc, b.rt
    ch = Challenge("c1", 1, 1, PLAYERS[0], NAMES[0], PLAYERS[1], NAMES[1], deck, 0.0)
    post = texts.challenge_post(loc, NAMES[0], PLAYERS[1], CHALLENGE_SECONDS)
    b.add(
        Shot(
            "challenge",
            "A challenge",
            "public: the channel (its server's language)",
            True,
            "`/tcg challenge`: Accept / Decline for the challenged player.",
            post,
            [],
            challenge_buttons(rt, ch, loc),
            None,
        )
    )
    options = TcgOptions(reaction_timeout=90, turn_timer=300)
    reply = texts.options_reply(loc, options, "pl")
    b.text("options", "Table options", "ephemeral: only Alice", False, "`/tcg options`.", reply)
    b.add(
        Shot(
            "deck-picker",
            "Accept: the deck picker",
            "ephemeral: only Bob",
            False,
            "After **Accept**: Bob's saved decks, then the preconstructed ones.",
            texts.deck_picker(loc),
            [],
            deck_picker(rt, ch, [saved], loc),
            None,
        )
    )
    b.text(
        "declined",
        "A challenge declined",
        "public: the channel",
        True,
        "**Decline** (or `/tcg decline`) by the challenged player.",
        texts.declined_notice(loc, NAMES[0], NAMES[1], withdrawn=False),
    )
    b.text(
        "declined-reply",
        "A challenge declined: the decliner's answer",
        "ephemeral: only Bob",
        False,
        "",
        texts.declined_reply(loc, withdrawn=False),
    )
    b.text(
        "withdrawn",
        "A challenge withdrawn",
        "public: the channel",
        True,
        "The challenger declines their own challenge.",
        texts.declined_notice(loc, NAMES[0], NAMES[1], withdrawn=True),
    )
    b.text(
        "expired",
        "A challenge expires",
        "public: the channel",
        True,
        f"Nobody answered in {CHALLENGE_SECONDS / 60:g} minutes.",
        texts.expired_notice(loc, NAMES[0], NAMES[1]),
    )


def duel_flow(b: Builder, steps: list[Step]) -> None:
    loc, rt = b.loc, b.rt
    start = steps[0].after
    chooser = start.seats[start.chooser]
    b.text(
        "duel-begins",
        "The duel begins (the accepter's answer)",
        "ephemeral: only Bob",
        False,
        "",
        texts.duel_begins(loc, NAMES[0], NAMES[1], chooser.name),
    )
    prompt = rt.view_for(start, None).prompt
    opening = f"⚔️ {NAMES[0]} vs {NAMES[1]}: " + (rt.line(loc, prompt.text) if prompt else "")
    b.update(
        "first-board", "The first board", "The roll-off's winner picks.", steps[0], opening=opening
    )
    b.panel(
        "choose-first", "Hand: first or second?", "The roll-off's winner.", start, start.chooser
    )
    if s := first(steps, lambda s: s.after.phase is Phase.MULLIGAN):
        w = to_act(s.after)
        if w is not None:
            b.panel("mulligan", "Hand: mulligan or keep", "", s.after, w)
    if s := first(steps, lambda s: isinstance(s.action, act.Play) and s.after.result is None):
        b.update(
            "update", "An update (a card is played)", "What happened, the board, who is next.", s
        )
        notes = [rt.line(loc, x) for x in public(s)]
        notes += [f"🔒 {rt.line(loc, e.text)}" for e in events_for(s.events, s.seat) if e.seats]
        b.panel(
            "play-result",
            "Play result (the clicker's panel)",
            "After a click: what happened, then the fresh panel.",
            s.after,
            s.seat,
            notes[-12:],
        )
    main = first(
        steps,
        lambda s: s.after.phase is Phase.MAIN and s.after.turn >= 3 and s.after.attack is None,
    )
    if main is not None:
        st = main.after
        v = rt.view_for(st, None, loc)
        board = render.board_embed(v, rt.waiting(st), rt.name_of(st), loc)
        who = NAMES[0]
        b.add(
            Shot(
                "status",
                "The board (`/tcg status`)",
                f"ephemeral: only {who}",
                False,
                "",
                None,
                [board],
                None,
                st,
            )
        )
        b.panel("hand", "Hand: your turn", "**My hand** for the active player.", st, st.active)
        b.panel("hand-waiting", "Hand: not your turn", "", st, 1 - st.active)
        try:
            apply(st, act.End(player=st.seats[1 - st.active].player), b.content)
        except IllegalAction as exc:
            text = howto.refusal_text(exc.refusal, loc)
            b.refusal(
                "refusal",
                "Refusal (not your turn)",
                "The engine's reason, then what to do.",
                text,
                st,
            )
        fresh = panel(rt, st, st.seats[st.active].player, [], loc=loc)
        stale = say(
            loc,
            "This choice is out of date: the duel has moved on.\nHere is your hand as it is now.",
        )
        b.add(
            Shot(
                "stale",
                "Refusal: a stale button, with the fresh panel",
                f"ephemeral: only {st.seats[st.active].name}",
                False,
                "",
                None,
                [refusal_embed(stale, render.COMMAND), fresh[0]],
                fresh[1],
                st,
            )
        )
        log = [rt.line(loc, x) for s in steps[: steps.index(main) + 1] for x in public(s)]
        b.add(
            Shot(
                "log",
                "`/tcg log`",
                "ephemeral: only the asker",
                False,
                "",
                None,
                [render.events_embed(log[-25:])],
                None,
                st,
            )
        )
    if s := first(steps, lambda s: s.after.attack is not None and s.after.attack.window):
        b.update("attack", "An attack: the reaction window opens", "The **React** button.", s)
        a = s.after.attack
        assert a is not None
        b.panel(
            "react",
            "The defender's panel (React)",
            "Block, QUICK cards, Call or pass.",
            s.after,
            1 - a.seat,
        )
    if s := first(steps, lambda s: any(e.kind == "steal" for e in s.events)):
        b.update("steal", "An attack steals a Gig", "", s)
    last = steps[-1]
    b.update("end", "The end of the duel", "Seven Gigs; no buttons any more.", last)


def _scene(key: str, state: Duel) -> Duel:
    """A scenario's position as a duel of its own (its views are cached by id) between
    the gallery's two players."""
    seats = tuple(evolve(s, name=NAMES[i], player=PLAYERS[i]) for i, s in enumerate(state.seats))
    return evolve(state, id=key, seats=seats)


def _played(c: TcgContent, state: Duel, card: str) -> Duel:
    """`state` after its active player plays the first card of id `card` (solo)."""
    player = state.seats[state.active].player
    play = next(
        a
        for a in legal_actions(state, c, player)
        if isinstance(a, act.Play) and state.cards[a.card] == card
    )
    return apply(state, play, c).state


def scenarios(b: Builder) -> None:
    loc, rt, c = b.loc, b.rt, b.content
    pay = build(
        c,
        Side(
            hand=["short-circuit", "alley-cutter"],
            legends=["rook-vance up", "mara-kell", "dex-oyelaran up"],
            eddies=1,
            gigs=["d6:3"],
        ),
        Side(hand=["ice-sentinel"], legends=LEGENDS, gigs=["d8:5"], field=["alley-cutter spent"]),
    )
    pay = _scene("pay", pay)
    player = pay.seats[0].player
    legal = rt.legal(pay, player)
    for i, a in enumerate(legal):
        ways = payment_choices(rt, pay, a)
        if ways:
            embed, view = payment_prompt(rt, pay, player, i, ways, loc)
            b.add(
                Shot(
                    "payment",
                    "How do you pay?",
                    f"ephemeral: only {pay.seats[0].name}",
                    False,
                    "More than one way to pay: the payer picks.",
                    None,
                    [embed],
                    view,
                    pay,
                )
            )
            break
    mode = build(
        c,
        Side(hand=["hedge-bet"], legends=GREEN, eddies=3, gigs=["d6:3"]),
        Side(legends=LEGENDS, gigs=["d8:5"]),
    )
    mode = _played(c, _scene("mode", mode), "hedge-bet")
    if mode.prompt is not None and mode.prompt.kind is PromptKind.MODE:
        b.panel(
            "choose-one",
            "A card asks: choose one",
            "Its modes as the card's text reads them.",
            mode,
            0,
        )
    crowded = build(
        c,
        Side(
            field=["alley-cutter +kinetic-gauntlet", "ice-sentinel", "alley-cutter spent lag"] * 7,
            hand=["short-circuit", "alley-cutter", "ice-sentinel"] * 5,
            legends=["rook-vance up", "mara-kell up", "dex-oyelaran"],
            eddies=9,
            trash=["alley-cutter"] * 30,
            gigs=["d4:4", "d6:6", "d8:8", "d10:10", "d12:12", "d20:20"],
            deck=["alley-cutter"] * 20,
        ),
        Side(
            field=["ice-sentinel spent"] * 10,
            hand=["short-circuit"] * 20,
            legends=LEGENDS,
            eddies=9,
            gigs=["d4:1", "d6:2"],
            deck=["alley-cutter"] * 20,
        ),
        overtime=True,
    )
    crowded = _scene("crowded", crowded)
    b.panel(
        "crowded",
        "A crowded hand: the overflow menu",
        "Past 25 actions, a menu under the buttons.",
        crowded,
        0,
    )
    timed = crowded.model_copy(update={"options": TcgOptions(turn_timer=180)})
    who = f"<@{PLAYERS[0]}>"
    b.text(
        "reminder",
        "Turn timer: the reminder",
        "public: the duel's channel",
        True,
        "Three quarters of the turn timer gone.",
        texts.NOTICES.translate(loc, rt.reminder_text(timed, 1, who, 3.0)),
    )
    b.text(
        "timed-out",
        "Turn timer: time ran out",
        "public: the duel's channel",
        True,
        "",
        texts.NOTICES.translate(loc, texts.timed_out(SOURCE, NAMES[0])),
    )
    b.text(
        "dm-closed",
        "DMs closed",
        "public: the duel's channel",
        True,
        "After `/tcg dm enabled:True` with closed DMs.",
        rt.dm_closed_notice(PLAYERS[1], loc),
    )
    kw = update_message(rt, pay, [], loc, note=texts.RESUME)
    b.add(
        Shot(
            "resume",
            "Fixer is back: the board again",
            "public: the duel's channel",
            True,
            "After a restart, for a duel whose last update was not posted.",
            kw.get("content"),
            kw["embeds"],
            kw.get("view"),
            pay,
        )
    )


def decks(b: Builder, deck: DeckList) -> DeckList:
    """The deck commands' replies; returns the saved deck (with problems) they show."""
    loc, c = b.loc, b.content
    bad_text = deck_text(deck, c).replace("Legends:\n1 ", "Legends:\n", 1)
    bad = parse_deck_text("\n".join(bad_text.splitlines()[:9]), c, "night-shift", "Night Shift")
    problems = deck_problems(bad, c)
    b.text(
        "deck-list",
        "`/tcg deck list`",
        "public: the channel",
        True,
        "Saved decks (legal or not), then the preconstructed ones.",
        texts.deck_list(loc, c, [bad], [len(problems)]),
    )
    b.text(
        "deck-import",
        "`/tcg deck import`: saved with problems",
        "public: the channel",
        True,
        "A deck with problems is saved too, to be fixed.",
        texts.saved_reply(loc, bad.name, problems),
    )
    b.text(
        "deck-check",
        "`/tcg deck check`",
        "public: the channel",
        True,
        "",
        texts.check_reply(loc, problems),
    )
    b.text(
        "deck-check-legal",
        "`/tcg deck check`: a legal deck",
        "public: the channel",
        True,
        "",
        texts.check_reply(loc, []),
    )
    b.text(
        "deck-show",
        "`/tcg deck show`",
        "public: the channel",
        True,
        "",
        texts.shown_deck(loc, c, deck),
    )
    b.text(
        "deck-export",
        "`/tcg deck export`",
        "public: the channel",
        True,
        "The list to import again.",
        f"```\n{deck_text(deck, c)}```",
    )
    b.text(
        "deck-delete",
        "`/tcg deck delete`",
        "public: the channel",
        True,
        "",
        texts.deleted_reply(loc, bad.name),
    )
    try:
        parse_deck_text(
            "3 No Such Card\n2 x Alley Cutter: Street Blade Extra\nLegends:\n1 Alley Cutter", c
        )
    except DeckTextError as exc:
        b.refusal(
            "deck-import-error",
            "`/tcg deck import`: a list that can't be read",
            "Every bad line, first line first.",
            say(loc, texts.import_refusal(loc, exc)),
            None,
        )
    try:
        new_duel(duel_id="x", players=PLAYERS, names=NAMES, decks=(bad, deck), seed=1, content=c)
    except IllegalAction as exc:
        b.refusal(
            "illegal-deck",
            "A duel refused: an illegal deck",
            "`/tcg practice` or accepting with a deck with problems.",
            say(loc, str(exc)),
            None,
        )
    return bad


def help_texts(b: Builder, bad: DeckList) -> None:
    loc, c = b.loc, b.content
    lines = card_lines(c, "cass-ardent", loc) or []
    b.text(
        "card",
        "`/tcg card`",
        "ephemeral: only the asker",
        False,
        "The pack's translated text.",
        "\n".join(lines),
    )
    b.text(
        "rules",
        "`/tcg rules`",
        "ephemeral: only the asker",
        False,
        "",
        topic_text(loc, "eddies"),
    )
    names = words(c, loc).names
    cards = sorted(names.get(x.full_name, x.full_name) for x in c.cards.values())[:8]
    decks = [texts.yours(loc, bad.name)]
    decks += [texts.preconstructed(loc, c.deck_text_for(i, "name", loc)) for i in sorted(c.decks)]
    b.text(
        "autocomplete",
        "Autocomplete labels",
        "only the typing person",
        False,
        "`/tcg challenge deck:` and `/tcg card name:` (the first few).",
        "\n".join([*decks, "…", *cards]),
    )
