"""What Legendary posts: the public board (from the spectator's `view`, never a hand),
the private hand panel (from the seat's own `view`), the setup screen and the end.

Everything here reads a `GameView` from `rules.legendary.view.view`, the one choke point;
nothing opens the `Game` itself, so no hidden card can reach a public message.
Sizes follow Discord's limits (cogs/common/text.py): fields are clipped, and a full
city with captives stays well under the 6000-character embed total.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import discord

from cogs.common.text import (
    COLOR_BOARD,
    COLOR_PRIVATE,
    CONTENT_MAX,
    DESCRIPTION_MAX,
    FIELD_VALUE_MAX,
    TITLE_MAX,
    clip,
)
from cogs.common.timers import MAX_REMINDERS
from cogs.legendary.table import Table
from rules.core.events import Event
from rules.core.text import count, name_list
from rules.legendary import setup
from rules.legendary.cards import EvilWinsOn, Pack
from rules.legendary.codes import Ev
from rules.legendary.state import Options, Result
from rules.legendary.view import CardRef, GameView

COMMAND = "legendary"
LOG_LINES = 30  # `/legendary log`: the last public lines
LOG_ACTIONS = 60  # … found in the last actions of the log
# The engine's words for an Uru fight (rules/legendary/engine.py `_fight`).
_URU_FIGHT = re.compile(
    r"^(?P<head>.+?) \(Uru-Enchanted Weapons: \+(?P<bonus>\d+), (?P<total>\d+) Attack\)$"
)
END_TEXT = {
    Result.GOOD: "The players win!",
    Result.EVIL: "Evil wins!",
    Result.DRAW: "The game ends in a draw.",
}


def marks(c: CardRef) -> str:
    out = []
    if c.halves:
        out.append("Divided")
    if "fated_future" in c.keywords:
        out.append("Fated")
    if "undercover" in c.keywords or c.undercover:
        out.append("Undercover")
    if "cyber_mod" in c.keywords:
        out.append("Cyber-Mod")
    return f" [{', '.join(out)}]" if out else ""


def halves_text(c: CardRef) -> str:
    """A divided card's two halves (L2), " — A / B" when its name does not say them
    already, or "" for an ordinary card."""
    if not c.halves or all(h in c.name for h in c.halves):
        return ""
    return f" — {' / '.join(c.halves)}"


def card_line(c: CardRef, *, cost: bool = True) -> str:
    price = f" ({c.cost})" if cost and c.cost is not None else ""
    return f"{c.name}{price}{halves_text(c)}{marks(c)}"


def played_name(c: CardRef) -> str:
    """A played card: a divided one names the half it was played as."""
    if c.halves and c.half is not None and c.half < len(c.halves):
        return f"{c.name} (as {c.halves[c.half]})"
    return c.name


def votes_lines(v: GameView, hero_names: Mapping[str, str]) -> list[str]:
    """The Scheme's vote stack (L12): each side's votes and who leads, in millions."""
    if not (v.scheme_stack or v.mastermind_votes or v.hero_votes):
        return []
    heroes = sorted(v.hero_votes.items(), key=lambda x: (-x[1], hero_names.get(x[0], x[0])))
    tally = [f"Mastermind {v.mastermind_votes * 10}M"]
    tally += [f"{hero_names.get(h, h)} {n * 10}M" for h, n in heroes if n]
    best = heroes[0][1] if heroes else 0
    tops = [hero_names.get(h, h) for h, n in heroes if n == best and n]
    if v.mastermind_votes > best:
        lead = f"The Mastermind leads by {(v.mastermind_votes - best) * 10}M"
    elif v.mastermind_votes == best:
        lead = "The Mastermind and the top Hero Name are tied"
    elif len(tops) == 1:
        lead = f"{tops[0]} leads the Mastermind by {(best - v.mastermind_votes) * 10}M"
    else:
        lead = f"Tied in the lead, {(best - v.mastermind_votes) * 10}M ahead: {name_list(tops)}"
    return [
        f"Votes ({count(len(v.scheme_stack), 'card')} stacked): " + " · ".join(tally),
        lead,
    ]


def hq_lines(v: GameView, buries: bool) -> list[str]:
    """The HQ, each space with what lies under it (L13) and, where that blocks
    recruiting, its Hero marked "buried"."""
    out = []
    for i, c in enumerate(v.hq):
        line = card_line(c) if c is not None else "—"
        under = v.hq_under[i] if i < len(v.hq_under) else ()
        if under:
            line += f" · under it: {count(len(under), under[0].name, under[0].name)}"
            if buries and c is not None:
                line += " · **buried**"
        out.append(line)
    out.append(f"Officer ({v.officer_cost}) × {v.officers}")
    return out


def whose_turn(v: GameView) -> str:
    return f"{v.names[v.current]}'s turn"


def pools(v: GameView) -> str:
    return f"Recruit {v.recruit} · Attack {v.attack}"


def end_sentence(v: GameView, scores: Sequence[int], winners: Sequence[int]) -> str:
    if v.result is None:
        return "The game was abandoned."
    head = END_TEXT[v.result]
    score = ", ".join(f"{v.names[i]} {s} VP" for i, s in enumerate(scores))
    best = " and ".join(v.names[i] for i in winners)
    tail = f" Best player: {best}." if best else ""
    return f"{head} Scores: {score}.{tail}"


def _field(embed: discord.Embed, name: str, lines: Sequence[str], inline: bool = False) -> None:
    embed.add_field(name=name, value=clip("\n".join(lines) or "—", FIELD_VALUE_MAX), inline=inline)


def board_embed(
    v: GameView, table: Table, note: str | None = None, pack: Pack | None = None
) -> discord.Embed:
    """The public board: built from the spectator's view (viewer None). `pack` names
    the Heroes in a vote tally and says whether tokens under the HQ bury its Heroes."""
    hero_names = {i: h.name for i, h in pack.heroes.items()} if pack is not None else {}
    scheme = pack.schemes.get(v.scheme) if pack is not None else None
    tokens = scheme.tokens if scheme is not None else None
    buries = tokens.blocks_recruit if tokens is not None else pack is None
    mm = v.mastermind
    title = f"Legendary 2099 · {v.scheme_name} vs {mm.name}"
    top = "The game is over." if v.over else f"**{whose_turn(v)}** (turn {v.turn_no}) · {pools(v)}"
    desc = [top]
    if note:
        desc.append(note)
    if v.prompt is not None and not v.over:
        desc.append(f"Waiting on **{v.names[v.prompt.seat]}**: {v.prompt.text}")
    if v.played_this_turn:
        desc.append("Played: " + ", ".join(played_name(c) for c in v.played_this_turn))
    embed = discord.Embed(
        title=clip(title, TITLE_MAX),
        description=clip("\n".join(desc), DESCRIPTION_MAX),
        colour=COLOR_BOARD,
    )
    tactic = f" · Tactic: {mm.top.name}" if mm.adapting and mm.top is not None else ""
    uru = f" · Uru {mm.uru}" if mm.uru else ""
    _field(
        embed,
        "Mastermind",
        [
            f"{mm.name}: Attack {mm.attack}{uru}{tactic}",
            f"Tactics left {mm.tactics_left} · captured Bystanders {len(mm.captured)}",
        ],
    )
    scheme_lines = [f"{v.scheme_name}: Twists {v.twists}", *votes_lines(v, hero_names)]
    ends = {e.on: e.threshold(len(v.names)) for e in scheme.evil_wins} if scheme else {}
    if EvilWinsOn.VOTE_LEAD in ends and scheme_lines[1:]:
        scheme_lines[-1] += f" (Evil wins at a {ends[EvilWinsOn.VOTE_LEAD] * 10}M lead)"
    if tokens is not None or v.tokens or any(v.hq_under):
        out = sum(len(u) for u in v.hq_under)
        what = pack.cards[tokens.card].name if pack is not None and tokens else "tokens"
        line = f"{what}: {out} under the HQ · {v.tokens} left in the supply"
        if EvilWinsOn.TOKENS_OUT in ends:
            line += f" (Evil wins when {ends[EvilWinsOn.TOKENS_OUT]} are out)"
        scheme_lines.append(line)
    _field(embed, "Scheme", scheme_lines)
    city = []
    for sp in v.city:
        if sp.villain is None:
            city.append(f"{sp.name}: —")
            continue
        extra = f" · Uru {sp.uru}" if sp.uru else ""
        cap = f" · holds {count(len(sp.captured), 'Bystander')}" if sp.captured else ""
        city.append(f"{sp.name}: **{sp.villain.name}** (Attack {sp.attack}){extra}{cap}")
    _field(embed, "City", city)
    _field(embed, "HQ", hq_lines(v, buries))
    esc = ", ".join(f"{k} {n}" for k, n in sorted(v.escape_cyber.items()) if n)
    _field(embed, "Escape pile", [f"{len(v.escape)} cards" + (f" ({esc})" if esc else "")], True)
    _field(
        embed,
        "Decks",
        [
            f"Villain Deck {v.villain_deck} · Hero Deck {v.hero_deck}",
            f"Wounds {v.wounds} · Bystanders {v.bystanders} · KO {len(v.ko)}",
        ],
        True,
    )
    players = []
    for p in v.players:
        who = "AI " if table.seats[p.seat].person is None and not p.name.startswith("AI") else ""
        players.append(
            f"{who}{p.name}: hand {p.hand_count} · deck {p.deck_count} · "
            f"discard {len(p.discard)} · VP {p.vp}"
        )
    _field(embed, "Players", players)
    embed.set_footer(text=f"v{table.version} · /legendary hand for your cards")
    return embed


def hand_embed(v: GameView, notes: Sequence[str] = ()) -> discord.Embed:
    """One seat's private panel: its hand, its pools, the prompt waiting on it."""
    assert v.viewer is not None
    me = v.players[v.viewer]
    lines = list(notes)
    if v.over:
        lines.append("The game is over.")
    elif v.current == v.viewer:
        lines.append(f"Your turn · {pools(v)}")
    else:
        lines.append(whose_turn(v))
    if v.prompt is not None and v.prompt.seat == v.viewer:
        lines.append(f"**Choose:** {v.prompt.text}")
    cards = [card_line(c) for c in (me.hand or ())]
    embed = discord.Embed(
        title=f"Your hand ({me.name})",
        description=clip("\n".join(lines), DESCRIPTION_MAX),
        colour=COLOR_PRIVATE,
    )
    _field(embed, f"Hand ({me.hand_count})", cards)
    if me.played:
        _field(embed, "Played this turn", [played_name(c) for c in me.played])
    embed.set_footer(text=f"deck {me.deck_count} · discard {len(me.discard)} · VP {me.vp}")
    return embed


def setup_text(table: Table, pack: Pack) -> str:
    """The setup screen: choices (or "random") and the Villain Deck for this count."""
    from cogs.legendary.table import game_setup

    c = table.choice

    def named(ids: Sequence[str] | None, where: dict[str, object]) -> str:
        if not ids:
            return "random"
        return ", ".join(getattr(where.get(i), "name", i) for i in ids)

    s = game_setup(table)
    summary = setup.villain_deck_summary(s, pack)
    hench = summary["henchman_cards"]
    deck = ", ".join(
        [
            f"{summary['villain_groups']} Villain Groups",
            f"{summary['henchman_groups']} Henchmen group"
            + (f" ({hench} cards)" if hench >= 0 else ""),
            f"{summary['bystanders']} Bystanders",
            f"{summary['master_strikes']} Master Strikes",
            f"{summary['scheme_twists']} Scheme Twists",
            f"{summary['heroes']} Heroes",
        ]
    )
    seats = ", ".join(f"{x.name}{' (AI)' if x.person is None else ''}" for x in table.seats)
    lines = [
        f"**Scheme:** {named([c.scheme] if c.scheme else None, dict(pack.schemes))}",
        f"**Mastermind:** {named([c.mastermind] if c.mastermind else None, dict(pack.masterminds))}"
        + (" (Epic)" if c.epic else ""),
        f"**Villains:** {named(c.villains, dict(pack.groups))}",
        f"**Heroes:** {named(c.heroes, dict(pack.heroes))}",
        f"**Seats ({len(table.seats)}):** {seats}",
        f"**Villain Deck for {count(len(table.seats), 'player')}:** {deck}",
    ]
    return "\n".join(lines)


def event_lines(texts: Sequence[str], limit: int = 1800) -> str:
    out = "\n".join(f"• {t}" for t in texts)
    return clip(out, limit)


# ---- event lines ----------------------------------------------------------------------


def public_lines(events: Sequence[Event]) -> list[str]:
    """The lines of (public) events, with an Uru-Enchanted Weapons fight said in full:
    what was revealed, the Attack it took, and whether the fight was won or failed."""
    out: list[str] = []
    skip: set[int] = set()
    for i, e in enumerate(events):
        if i in skip:
            continue
        m = _URU_FIGHT.match(e.text) if e.kind == Ev.FIGHT else None
        if m is None:
            out.append(e.text)
            continue
        revealed = "nothing"
        if out and i > 0 and events[i - 1].kind == Ev.URU_REVEAL:
            out.pop()
            revealed = events[i - 1].text.split(": ", 1)[-1].rsplit(" (+", 1)[0]
        who, _, target = m["head"].partition(" fights ")
        out.append(
            f"⚔️ {who} fights {target} with Uru-Enchanted Weapons: revealed {revealed} "
            f"(+{m['bonus']}), so it takes {m['total']} Attack."
        )
        failed = None
        for j in range(i + 1, len(events)):
            if events[j].kind in (Ev.FIGHT, Ev.TURN):
                break
            if events[j].kind == Ev.URU_FAIL:
                failed = j
                break
        if failed is None:
            out.append(f"✅ Uru fight won: {who} had the {m['total']} Attack it took.")
        else:
            skip.add(failed)
            out.append(
                f"❌ Uru fight failed: {who} had less than {m['total']} Attack, loses all "
                "Attack and can't fight or heal again this turn (playing and recruiting go "
                "on); the revealed cards go to the bottom of the Villain Deck."
            )
    return out


def log_text(lines: Sequence[str], limit: int = CONTENT_MAX) -> str:
    """`/legendary log`: the newest lines that fit (older ones are dropped first)."""
    out: list[str] = []
    size = len(LOG_HEAD)
    for line in reversed(lines):
        item = clip(f"• {line}", 300)
        if size + len(item) + 1 > limit:
            break
        out.append(item)
        size += len(item) + 1
    if not out:
        return "Nothing has happened yet."
    return LOG_HEAD + "\n" + "\n".join(reversed(out))


LOG_HEAD = "**Recent events** (oldest first):"


def minutes(m: float) -> str:
    return count(round(m), "minute") if m >= 1 else count(round(m * 60), "second")


# ---- options --------------------------------------------------------------------------

OPTION_WORDS = {
    "extra_twists": "extra Twists",
    "mastermind_attack_mod": "Mastermind Attack modifier",
    "undercover_wound_vp": "VP of an Undercover Wound",
    "uru_gate": "Uru gate",
    "open_hands": "open hands",
    "advanced_solo": "advanced solo",
    "whatif_setup": "what-if setup",
    "warmup_round": "warm-up round",
    "hq_mulligan": "HQ mulligan",
}


def options_text(table: Table) -> str:
    """The table options, the ones changed from the rules' defaults marked."""
    o = table.options
    base = Options()
    lines = ["**Table options** (change them with `/legendary options`, before the start):"]
    for key, word in OPTION_WORDS.items():
        value = getattr(o.rules, key)
        shown = value.value if hasattr(value, "value") else value
        if isinstance(shown, bool):
            shown = "on" if shown else "off"
        mark = "" if value == getattr(base, key) else " (changed)"
        lines.append(f"• {word} (`{key}`): {shown}{mark}")
    timer = (
        f"{count(o.turn_timer, 'second')} between reminders; after "
        f"{count(MAX_REMINDERS, 'reminder')} and one more interval, the table moves for the player"
        if o.turn_timer
        else "off"
    )
    lines.append(f"• turn timer (`turn_timer`): {timer}")
    lines.append(f"• AI pace (`ai_pace`): {o.ai_pace:g} s between AI moves")
    return "\n".join(lines)
