"""What Legendary says about the table rather than the game: the setup screen, the
table options, the end sentence and `/legendary log`, in the language `loc`
(re-exported by cogs/legendary/render.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, SOURCE, language, language_name, name_list, slash_word, t, tcount, tn
from cogs.common.text import CONTENT_MAX, clip
from cogs.common.timers import MAX_REMINDERS
from cogs.legendary.localize import class_name
from cogs.legendary.table import Table
from rules.legendary import setup
from rules.legendary.cards import Pack
from rules.legendary.state import Options, Result
from rules.legendary.view import GameView, PlayerView

END_TEXT = {
    Result.GOOD: N_("The players win!"),
    Result.EVIL: N_("Evil wins!"),
    Result.DRAW: N_("The game ends in a draw."),
}


def end_sentence(
    v: GameView, scores: Sequence[int], winners: Sequence[int], loc: str = SOURCE
) -> str:
    if v.result is None:
        return t(loc, "The game was abandoned.")
    head = t(loc, END_TEXT[v.result])
    score = ", ".join(t(loc, "{who} {n} VP", who=v.names[i], n=s) for i, s in enumerate(scores))
    names = [v.names[i] for i in winners]
    text = t(loc, "{result} Scores: {scores}.", result=head, scores=score)
    if names:
        best = " and ".join(names) if language(loc) == SOURCE else name_list(loc, names)
        text += t(loc, " Best player: {names}.", names=best)
    return text


def setup_text(table: Table, pack: Pack, loc: str = SOURCE) -> str:
    """The setup screen: choices (or "random") and the Villain Deck for this count."""
    from cogs.legendary.table import game_setup

    c = table.choice

    def named(ids: Sequence[str] | None, where: dict[str, object], section: str) -> str:
        if not ids:
            return t(loc, "random")
        out = []
        for i in ids:
            english = getattr(where.get(i), "name", i)
            try:
                out.append(pack.translated(f"{section}.{i}.name", loc))
            except KeyError:
                out.append(str(english))
        return ", ".join(out)

    s = game_setup(table)
    summary = setup.villain_deck_summary(s, pack)
    hench = summary["henchman_cards"]
    henchmen = t(loc, "{n} Henchmen group", n=summary["henchman_groups"])
    if hench >= 0:
        henchmen += t(loc, " ({n} cards)", n=hench)
    deck = ", ".join(
        [
            t(loc, "{n} Villain Groups", n=summary["villain_groups"]),
            henchmen,
            t(loc, "{n} Bystanders", n=summary["bystanders"]),
            t(loc, "{n} Master Strikes", n=summary["master_strikes"]),
            t(loc, "{n} Scheme Twists", n=summary["scheme_twists"]),
            t(loc, "{n} Heroes", n=summary["heroes"]),
        ]
    )
    ai = t(loc, " (AI)")
    seats = ", ".join(f"{x.name}{ai if x.person is None else ''}" for x in table.seats)
    mastermind = named(
        [c.mastermind] if c.mastermind else None, dict(pack.masterminds), "masterminds"
    )
    lines = [
        t(
            loc,
            "**Scheme:** {scheme}",
            scheme=named([c.scheme] if c.scheme else None, dict(pack.schemes), "schemes"),
        ),
        t(loc, "**Mastermind:** {mastermind}", mastermind=mastermind)
        + (t(loc, " (Epic)") if c.epic else ""),
        t(loc, "**Villains:** {villains}", villains=named(c.villains, dict(pack.groups), "groups")),
        t(loc, "**Heroes:** {heroes}", heroes=named(c.heroes, dict(pack.heroes), "heroes")),
        t(loc, "**Seats ({n}):** {seats}", n=len(table.seats), seats=seats),
        tn(
            loc,
            "**Villain Deck for {n} player:** {deck}",
            "**Villain Deck for {n} players:** {deck}",
            len(table.seats),
            deck=deck,
        ),
    ]
    return "\n".join(lines)


LOG_HEAD = N_("**Recent events** (oldest first):")


def log_text(lines: Sequence[str], limit: int = CONTENT_MAX, loc: str = SOURCE) -> str:
    """`/legendary log`: the newest lines that fit (older ones are dropped first)."""
    head = t(loc, LOG_HEAD)
    out: list[str] = []
    size = len(head)
    for line in reversed(lines):
        item = clip(f"• {line}", 300)
        if size + len(item) + 1 > limit:
            break
        out.append(item)
        size += len(item) + 1
    if not out:
        return t(loc, "Nothing has happened yet.")
    return head + "\n" + "\n".join(reversed(out))


def minutes(m: float, loc: str = SOURCE) -> str:
    return tcount(loc, round(m), "minute") if m >= 1 else tcount(loc, round(m * 60), "second")


# ---- options --------------------------------------------------------------------------

OPTION_WORDS = {
    "extra_twists": N_("extra Twists"),
    "mastermind_attack_mod": N_("Mastermind Attack modifier"),
    "undercover_wound_vp": N_("VP of an Undercover Wound"),
    "uru_gate": N_("Uru gate"),
    "open_hands": N_("open hands"),
    "advanced_solo": N_("advanced solo"),
    "whatif_setup": N_("what-if setup"),
    "warmup_round": N_("warm-up round"),
    "hq_mulligan": N_("HQ mulligan"),
}
# An option's key as `/legendary options` names its parameter (where they differ).
PARAMETER = {"mastermind_attack_mod": "mastermind_attack"}


def option_key(key: str, loc: str) -> str:
    """The option as a reader types it: the command's parameter name in their language
    (English: the key as it always read)."""
    if language(loc) == SOURCE:
        return key
    return slash_word(loc, "parameter_name", PARAMETER.get(key, key))


def options_text(table: Table, loc: str = SOURCE) -> str:
    """The table options, the ones changed from the rules' defaults marked."""
    o = table.options
    base = Options()
    lines = [t(loc, "**Table options** (change them with `/legendary options`, before the start):")]
    for key, word in OPTION_WORDS.items():
        value = getattr(o.rules, key)
        shown = value.value if hasattr(value, "value") else value
        if isinstance(shown, bool):
            shown = t(loc, "on") if shown else t(loc, "off")
        mark = "" if value == getattr(base, key) else t(loc, " (changed)")
        lines.append(f"• {t(loc, word)} (`{option_key(key, loc)}`): {shown}{mark}")
    timer = (
        t(
            loc,
            "{seconds} between reminders; after {reminders} and one more interval, the table "
            "moves for the player",
            seconds=tcount(loc, o.turn_timer, "second"),
            reminders=tcount(loc, MAX_REMINDERS, "reminder"),
        )
        if o.turn_timer
        else t(loc, "off")
    )
    lines.append(
        t(loc, "• turn timer (`{key}`): {timer}", key=option_key("turn_timer", loc), timer=timer)
    )
    lines.append(
        t(
            loc,
            "• AI pace (`{key}`): {seconds} s between AI moves",
            key=option_key("ai_pace", loc),
            seconds=format(o.ai_pace, "g"),
        )
    )
    lang = o.language or ""
    shown_lang = language_name(lang) if lang else t(loc, "the server's")
    lines.append(
        t(
            loc,
            "• language (`{key}`): {language}",
            key=option_key("language", loc),
            language=shown_lang,
        )
    )
    return "\n".join(lines)


# ---- messages the runtime and the commands send (pure, so the gallery shows them too) --


def new_game_text(table: Table, pack: Pack, person: str, loc: str = SOURCE) -> str:
    """`/legendary new`'s public post: the host, the setup, how to join and start."""
    return (
        t(loc, "**New Legendary 2099 game** — host <@{person}>.", person=person)
        + "\n"
        + setup_text(table, pack, loc)
        + "\n"
        + t(
            loc,
            "Join with `/legendary join`; the host adds AI players with "
            "`/legendary join ai:True` and starts with `/legendary start`.",
        )
    )


def update_content(
    lines: str | None,
    loc: str = SOURCE,
    *,
    mention: str | None = None,
    choosing: bool = False,
    end: str | None = None,
) -> str | None:
    """A public update's text: its event lines, then the person it newly waits on
    (`choosing`: a prompt, else their turn), then the end sentence."""
    parts = [lines] if lines else []
    if mention is not None:
        if choosing:
            parts.append(t(loc, "<@{who}>: you have a choice to make (My hand).", who=mention))
        else:
            parts.append(t(loc, "<@{who}>: your turn (My hand).", who=mention))
    if end is not None:
        parts.append(f"**{end}**")
    return "\n".join(parts) if parts else None


def victory_text(p: PlayerView, pack: Pack | None, loc: str = SOURCE) -> str:
    """`/legendary victory`: a player's Victory Pile, VP and Cyber-Mod classes."""
    from cogs.legendary.render import name

    classes = ", ".join(f"{class_name(loc, k)} {n}" for k, n in sorted(p.cyber.items()) if n) or t(
        loc, "none"
    )
    cards = ", ".join(name(c, pack, loc) for c in p.victory) or t(loc, "empty")
    return t(
        loc,
        "**{who}** — {vp} VP\nCards: {cards}\nBy class: {classes}",
        who=p.name,
        vp=p.vp,
        cards=cards,
        classes=classes,
    )


def reminder_text(
    number: int, who: str, minutes_each: float, choosing: bool, loc: str = SOURCE
) -> str:
    """Turn-timer reminder `number` (of MAX_REMINDERS) to `who`, every `minutes_each`."""
    left = minutes((MAX_REMINDERS + 1 - number) * minutes_each, loc)
    values = {"number": number, "of": MAX_REMINDERS, "who": who, "left": left}
    timer = minutes_each  # a number: t writes it the language's way ("1,5")
    if choosing:
        return t(
            loc,
            "⏰ Reminder {number} of {of}: {who}, please answer the choice waiting on you "
            "(turn timer {timer} min; in {left} the table chooses for you).",
            timer=timer,
            **values,
        )
    return t(
        loc,
        "⏰ Reminder {number} of {of}: {who}, please take your turn (turn timer {timer} "
        "min; in {left} the table ends your turn).",
        timer=timer,
        **values,
    )
