"""What Legendary posts: the public board (from the spectator's `view`, never a hand),
the private hand panel (from the seat's own `view`), the setup screen and the end.

Everything here reads a `GameView` from `rules.legendary.view.view`, the one choke point;
nothing opens the `Game` itself, so no hidden card can reach a public message.
Sizes follow Discord's limits (cogs/common/text.py): fields are clipped, and a full
city with captives stays well under the 6000-character embed total. Every function
speaks the language `loc` (docs/i18n.md): the engine's English through
`cogs.legendary.words.say`, card names through the pack's translation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import discord

from bot.i18n import N_, SOURCE, language, name_list, t, tcount, tn
from cogs.common.text import (
    COLOR_BOARD,
    COLOR_PRIVATE,
    DESCRIPTION_MAX,
    FIELD_VALUE_MAX,
    TITLE_MAX,
    clip,
)
from cogs.legendary import localize

# What every command uses, kept in render_table.py (the table rather than the game).
from cogs.legendary.render_table import (
    END_TEXT,
    LOG_HEAD,
    OPTION_WORDS,
    end_sentence,
    log_text,
    minutes,
    new_game_text,
    options_text,
    reminder_text,
    setup_text,
    update_content,
    victory_text,
)
from cogs.legendary.table import Table
from rules.core.events import Event
from rules.core.text import count
from rules.core.text import name_list as core_name_list
from rules.legendary.cards import BystanderCard, EvilWinsOn, HeroCard, Pack, VillainCard
from rules.legendary.codes import Ev
from rules.legendary.view import CardRef, GameView

__all__ = [
    "END_TEXT",
    "LOG_HEAD",
    "OPTION_WORDS",
    "end_sentence",
    "log_text",
    "minutes",
    "new_game_text",
    "options_text",
    "reminder_text",
    "setup_text",
    "update_content",
    "victory_text",
]

COMMAND = "legendary"
LOG_LINES = 30  # `/legendary log`: the last public lines
LOG_ACTIONS = 60  # … found in the last actions of the log
# The engine's words for an Uru fight (rules/legendary/engine.py `_fight`).
_URU_FIGHT = re.compile(
    r"^(?P<head>.+?) \(Uru-Enchanted Weapons: \+(?P<bonus>\d+), (?P<total>\d+) Attack\)$"
)


def name(c: CardRef, pack: Pack | None = None, loc: str = SOURCE) -> str:
    """A card's name for the reader: the pack's translation when it gives one."""
    if pack is None or language(loc) == SOURCE:
        return c.name
    try:
        return pack.text_for(c.id, "name", loc)
    except KeyError:
        return c.name


#: The 2099 keywords a card is marked with (`rules.legendary.view.keywords`), as a
#: reader reads them: the printed keyword names the rules use ("Fated Future").
KEYWORDS = {
    "fated_future": N_("Fated Future"),
    "undercover": N_("Undercover"),
    "cyber_mod": N_("Cyber-Mod"),
    "uru": N_("Uru"),
    "fight_or_fail": N_("Fight or Fail"),
    "superpower": N_("Superpower"),
}


def keyword_name(loc: str, key: str) -> str:
    """A keyword of `rules.legendary.view.keywords` in the language of `loc` (one this
    table does not know yet reads as its id, spaced)."""
    word = KEYWORDS.get(key)
    return key.replace("_", " ") if word is None else t(loc, word)


def marks(c: CardRef, loc: str = SOURCE) -> str:
    out = []
    if c.halves:
        out.append(t(loc, "Divided"))
    if "fated_future" in c.keywords:
        out.append(t(loc, "Fated"))
    if "undercover" in c.keywords or c.undercover:
        out.append(keyword_name(loc, "undercover"))
    if "cyber_mod" in c.keywords:
        out.append(keyword_name(loc, "cyber_mod"))
    return f" [{', '.join(out)}]" if out else ""


def halves_text(c: CardRef) -> str:
    """A divided card's two halves (L2), " — A / B" when its name does not say them
    already, or "" for an ordinary card."""
    if not c.halves or all(h in c.name for h in c.halves):
        return ""
    return f" — {' / '.join(c.halves)}"


# Card lines already written, by card ref (refs are shared between views: the same
# object while the card's instance, Undercover and half are), locale (as given: a
# pack's translation may be regional) and pack (ref and pack kept in the value): a hand
# panel writes its cards' lines after every action. Bounded.
_LINES: dict[tuple[int, bool, str, int], tuple[CardRef, Pack | None, str]] = {}
_LINES_MAX = 20_000


def card_line(c: CardRef, *, cost: bool = True, loc: str = SOURCE, pack: Pack | None = None) -> str:
    key = (id(c), cost, loc, id(pack))
    hit = _LINES.get(key)
    if hit is not None and hit[0] is c and hit[1] is pack:
        return hit[2]
    text = _card_line(c, cost, loc, pack)
    if len(_LINES) >= _LINES_MAX:
        _LINES.clear()
    _LINES[key] = (c, pack, text)
    return text


def _card_line(c: CardRef, cost: bool, loc: str, pack: Pack | None) -> str:
    price = f" ({c.cost})" if cost and c.cost is not None else ""
    return f"{name(c, pack, loc)}{price}{halves_text(c)}{marks(c, loc)}"


def played_name(c: CardRef, loc: str = SOURCE, pack: Pack | None = None) -> str:
    """A played card: a divided one names the half it was played as."""
    if c.halves and c.half is not None and c.half < len(c.halves):
        return t(loc, "{card} (as {half})", card=name(c, pack, loc), half=c.halves[c.half])
    return name(c, pack, loc)


def votes_lines(v: GameView, hero_names: Mapping[str, str], loc: str = SOURCE) -> list[str]:
    """The Scheme's vote stack (L12): each side's votes and who leads, in millions."""
    if not (v.scheme_stack or v.mastermind_votes or v.hero_votes):
        return []
    heroes = sorted(v.hero_votes.items(), key=lambda x: (-x[1], hero_names.get(x[0], x[0])))
    tally = [f"Mastermind {v.mastermind_votes * 10}M"]
    tally += [f"{hero_names.get(h, h)} {n * 10}M" for h, n in heroes if n]
    best = heroes[0][1] if heroes else 0
    tops = [hero_names.get(h, h) for h, n in heroes if n == best and n]
    gap = abs(v.mastermind_votes - best) * 10
    if v.mastermind_votes > best:
        lead = t(loc, "The Mastermind leads by {n}M", n=gap)
    elif v.mastermind_votes == best:
        lead = t(loc, "The Mastermind and the top Hero Name are tied")
    elif len(tops) == 1:
        lead = t(loc, "{hero} leads the Mastermind by {n}M", hero=tops[0], n=gap)
    else:
        # English as it always read ("A, B"); another language its own way ("A i B").
        names = core_name_list(tops) if language(loc) == SOURCE else name_list(loc, tops)
        lead = t(loc, "Tied in the lead, {n}M ahead: {heroes}", n=gap, heroes=names)
    return [
        t(
            loc,
            "Votes ({cards} stacked): {tally}",
            cards=tcount(loc, len(v.scheme_stack), "card"),
            tally=" · ".join(tally),
        ),  # fmt: skip
        lead,
    ]


def under_count(loc: str, n: int, what: str) -> str:
    """ "2 Sludge" under an HQ space: a card's name meets no plural rule of a language
    other than English, so it is counted with ×."""
    return count(n, what, what) if language(loc) == SOURCE else f"{n} × {what}"


def hq_lines(v: GameView, buries: bool, loc: str = SOURCE, pack: Pack | None = None) -> list[str]:
    """The HQ, each space with what lies under it (L13) and, where that blocks
    recruiting, its Hero marked "buried"."""
    out = []
    for i, c in enumerate(v.hq):
        line = card_line(c, loc=loc, pack=pack) if c is not None else "—"
        under = v.hq_under[i] if i < len(v.hq_under) else ()
        if under:
            what = under_count(loc, len(under), name(under[0], pack, loc))
            line += t(loc, " · under it: {cards}", cards=what)
            if buries and c is not None:
                line += t(loc, " · **buried**")
        out.append(line)
    out.append(t(loc, "Officer ({cost}) × {n}", cost=v.officer_cost, n=v.officers))
    return out


def whose_turn(v: GameView, loc: str = SOURCE) -> str:
    return t(loc, "{who}'s turn", who=v.names[v.current])


def pools(v: GameView, loc: str = SOURCE) -> str:
    return t(loc, "Recruit {recruit} · Attack {attack}", recruit=v.recruit, attack=v.attack)


def _field(embed: discord.Embed, name: str, lines: Sequence[str], inline: bool = False) -> None:
    embed.add_field(name=name, value=clip("\n".join(lines) or "—", FIELD_VALUE_MAX), inline=inline)


def _evil_now(v: GameView, on: EvilWinsOn, pack: Pack) -> int:
    """How far an Evil Wins count has got, from the public view (as the engine counts)."""
    if on is EvilWinsOn.TWISTS:
        return v.twists
    kinds = {
        EvilWinsOn.ESCAPED_VILLAINS: VillainCard,
        EvilWinsOn.ESCAPE_HEROES: HeroCard,
        EvilWinsOn.ESCAPED_BYSTANDERS: BystanderCard,
    }
    if on in kinds:
        return sum(1 for c in v.escape if isinstance(pack.cards.get(c.id), kinds[on]))
    if on is EvilWinsOn.KO_HEROES:
        return sum(
            1 for c in v.ko if isinstance(h := pack.cards.get(c.id), HeroCard) and not h.grey
        )
    if on is EvilWinsOn.VOTE_LEAD:
        return max(0, v.mastermind_votes - max(v.hero_votes.values(), default=0))
    return 0


def evil_wins_line(v: GameView, ends: dict[EvilWinsOn, int], pack: Pack, loc: str) -> str:
    """The Scheme's Evil Wins, each with how far it has got ("Evil wins at: 4 escaped
    Villains (now 1)"): the issue's board shows them for every Scheme, not only the vote
    and token ones (whose tallies say theirs)."""
    parts = []
    for on, n in ends.items():
        now = _evil_now(v, on, pack)
        if on is EvilWinsOn.TWISTS:
            parts.append(tn(loc, "{n} Twist (now {now})", "{n} Twists (now {now})", n, now=now))
        elif on is EvilWinsOn.ESCAPED_VILLAINS:
            parts.append(tn(loc, "{n} escaped Villain (now {now})",
                            "{n} escaped Villains (now {now})", n, now=now))  # fmt: skip
        elif on is EvilWinsOn.ESCAPE_HEROES:
            parts.append(tn(loc, "{n} Hero in the Escape pile (now {now})",
                            "{n} Heroes in the Escape pile (now {now})", n, now=now))  # fmt: skip
        elif on is EvilWinsOn.ESCAPED_BYSTANDERS:
            parts.append(tn(loc, "{n} escaped Bystander (now {now})",
                            "{n} escaped Bystanders (now {now})", n, now=now))  # fmt: skip
        elif on is EvilWinsOn.KO_HEROES:
            parts.append(tn(loc, "{n} KO'd Hero (now {now})", "{n} KO'd Heroes (now {now})",
                            n, now=now))  # fmt: skip
        elif on is EvilWinsOn.WOUNDS_EMPTY:
            parts.append(t(loc, "0 Wounds left (now {now})", now=v.wounds))
        elif on is EvilWinsOn.VILLAIN_DECK_EMPTY:
            parts.append(t(loc, "0 cards in the Villain Deck (now {now})", now=v.villain_deck))
        elif on is EvilWinsOn.HERO_DECK_EMPTY:
            parts.append(t(loc, "0 cards in the Hero Deck (now {now})", now=v.hero_deck))
        elif on is EvilWinsOn.VOTE_LEAD:
            parts.append(t(loc, "a {n}M Mastermind lead (now {now}M)", n=n * 10, now=now * 10))
        elif on is EvilWinsOn.TOKENS_OUT:  # (the token line says it, when tokens exist)
            parts.append(tn(loc, "{n} token out", "{n} tokens out", n))
    if not parts:
        return ""
    return t(loc, "Evil wins at: {conditions}", conditions=" · ".join(parts))


def board_embed(
    v: GameView,
    table: Table,
    note: str | None = None,
    pack: Pack | None = None,
    loc: str = SOURCE,
) -> discord.Embed:
    """The public board: built from the spectator's view (viewer None). `pack` names
    the Heroes in a vote tally and says whether tokens under the HQ bury its Heroes."""
    hero_names = {i: h.name for i, h in pack.heroes.items()} if pack is not None else {}
    scheme = pack.schemes.get(v.scheme) if pack is not None else None
    tokens = scheme.tokens if scheme is not None else None
    buries = tokens.blocks_recruit if tokens is not None else pack is None
    mm = v.mastermind
    title = t(loc, "Legendary 2099 · {scheme} vs {mastermind}", scheme=v.scheme_name,
              mastermind=mm.name)  # fmt: skip
    if v.over:
        top = t(loc, "The game is over.")
    else:
        top = t(loc, "**{turn}** (turn {n}) · {pools}", turn=whose_turn(v, loc), n=v.turn_no,
                pools=pools(v, loc))  # fmt: skip
    desc = [top]
    if note:
        desc.append(note)
    if v.prompt is not None and not v.over:
        desc.append(t(loc, "Waiting on **{who}**: {prompt}", who=v.names[v.prompt.seat],
                      prompt=localize.line(pack, loc, v.prompt.text)))  # fmt: skip
    if v.played_this_turn:
        played = ", ".join(played_name(c, loc, pack) for c in v.played_this_turn)
        desc.append(t(loc, "Played: {cards}", cards=played))
    embed = discord.Embed(
        title=clip(title, TITLE_MAX),
        description=clip("\n".join(desc), DESCRIPTION_MAX),
        colour=COLOR_BOARD,
    )
    mm_line = t(loc, "{mastermind}: Attack {n}", mastermind=mm.name, n=mm.attack)
    if mm.uru:
        mm_line += f" · Uru {mm.uru}"
    if mm.adapting and mm.top is not None:
        mm_line += t(loc, " · Tactic: {card}", card=name(mm.top, pack, loc))
    _field(
        embed,
        "Mastermind",
        [
            mm_line,
            t(
                loc,
                "Tactics left {n} · captured Bystanders {captured}",
                n=mm.tactics_left,
                captured=len(mm.captured),
            ),  # fmt: skip
        ],
    )
    scheme_lines = [
        t(loc, "{scheme}: Twists {n}", scheme=v.scheme_name, n=v.twists),
        *votes_lines(v, hero_names, loc),
    ]
    ends = {e.on: e.threshold(len(v.names)) for e in scheme.evil_wins} if scheme else {}
    shown = set()  # conditions said next to their own tally
    if EvilWinsOn.VOTE_LEAD in ends and scheme_lines[1:]:
        scheme_lines[-1] += t(loc, " (Evil wins at a {n}M lead)", n=ends[EvilWinsOn.VOTE_LEAD] * 10)
        shown.add(EvilWinsOn.VOTE_LEAD)
    if tokens is not None or v.tokens or any(v.hq_under):
        out = sum(len(u) for u in v.hq_under)
        if pack is not None and tokens:
            what = pack.text_for(tokens.card, "name", loc)
        else:
            what = t(loc, "tokens")
        line = t(loc, "{what}: {out} under the HQ · {left} left in the supply", what=what,
                 out=out, left=v.tokens)  # fmt: skip
        if EvilWinsOn.TOKENS_OUT in ends:
            line += t(loc, " (Evil wins when {n} are out)", n=ends[EvilWinsOn.TOKENS_OUT])
            shown.add(EvilWinsOn.TOKENS_OUT)
        scheme_lines.append(line)
    if pack is not None:
        evil = evil_wins_line(v, {k: n for k, n in ends.items() if k not in shown}, pack, loc)
        if evil:
            scheme_lines.insert(1, evil)
    _field(embed, t(loc, "Scheme"), scheme_lines)
    city = []
    for sp in v.city:
        space = t(loc, sp.name)
        if sp.villain is None:
            city.append(f"{space}: —")
            continue
        line = t(loc, "{space}: **{villain}** (Attack {n})", space=space,
                 villain=name(sp.villain, pack, loc), n=sp.attack)  # fmt: skip
        if sp.uru:
            line += f" · Uru {sp.uru}"
        if sp.captured:
            line += tn(loc, " · holds {n} Bystander", " · holds {n} Bystanders", len(sp.captured))
        city.append(line)
    _field(embed, t(loc, "City"), city)
    _field(embed, "HQ", hq_lines(v, buries, loc, pack))
    esc = ", ".join(
        f"{localize.class_name(loc, k)} {n}" for k, n in sorted(v.escape_cyber.items()) if n
    )
    escape = tn(loc, "{n} card", "{n} cards", len(v.escape)) + (f" ({esc})" if esc else "")
    _field(embed, t(loc, "Escape pile"), [escape], True)
    _field(
        embed,
        t(loc, "Decks"),
        [
            t(
                loc,
                "Villain Deck {villains} · Hero Deck {heroes}",
                villains=v.villain_deck,
                heroes=v.hero_deck,
            ),  # fmt: skip
            t(
                loc,
                "Wounds {wounds} · Bystanders {bystanders} · KO {ko}",
                wounds=v.wounds,
                bystanders=v.bystanders,
                ko=len(v.ko),
            ),  # fmt: skip
        ],
        True,
    )
    players = []
    for p in v.players:
        ai = table.seats[p.seat].person is None and not p.name.startswith("AI")
        players.append(
            t(
                loc,
                "{ai}{who}: hand {hand} · deck {deck} · discard {discard} · VP {vp}",
                ai=t(loc, "AI ") if ai else "",
                who=p.name,
                hand=p.hand_count,
                deck=p.deck_count,
                discard=len(p.discard),
                vp=p.vp,
            )  # fmt: skip
        )
    _field(embed, t(loc, "Players"), players)
    embed.set_footer(text=t(loc, "v{version} · /legendary hand for your cards",
                            version=str(table.version)))  # fmt: skip
    return embed


def hand_embed(
    v: GameView, notes: Sequence[str] = (), loc: str = SOURCE, pack: Pack | None = None
) -> discord.Embed:
    """One seat's private panel: its hand, its pools, the prompt waiting on it. `notes`
    are already in the reader's language."""
    assert v.viewer is not None
    me = v.players[v.viewer]
    lines = list(notes)
    if v.over:
        lines.append(t(loc, "The game is over."))
    elif v.current == v.viewer:
        lines.append(t(loc, "Your turn · {pools}", pools=pools(v, loc)))
    else:
        lines.append(whose_turn(v, loc))
    if v.prompt is not None and v.prompt.seat == v.viewer:
        lines.append(t(loc, "**Choose:** {prompt}", prompt=localize.line(pack, loc, v.prompt.text)))
    cards = [card_line(c, loc=loc, pack=pack) for c in (me.hand or ())]
    embed = discord.Embed(
        title=t(loc, "Your hand ({who})", who=me.name),
        description=clip("\n".join(lines), DESCRIPTION_MAX),
        colour=COLOR_PRIVATE,
    )
    _field(embed, t(loc, "Hand ({n})", n=me.hand_count), cards)
    if me.played:
        _field(embed, t(loc, "Played this turn"), [played_name(c, loc, pack) for c in me.played])
    embed.set_footer(text=t(loc, "deck {deck} · discard {discard} · VP {vp}", deck=me.deck_count,
                            discard=len(me.discard), vp=me.vp))  # fmt: skip
    return embed


def event_lines(texts: Sequence[str], limit: int = 1800) -> str:
    out = "\n".join(f"• {t}" for t in texts)
    return clip(out, limit)


# ---- event lines ----------------------------------------------------------------------


def public_lines(events: Sequence[Event], loc: str = SOURCE, pack: Pack | None = None) -> list[str]:
    """The lines of (public) events in the language `loc`, with an Uru-Enchanted
    Weapons fight said in full: what was revealed, the Attack it took, and whether the
    fight was won or failed."""
    out: list[str] = []
    skip: set[int] = set()
    for i, e in enumerate(events):
        if i in skip:
            continue
        m = _URU_FIGHT.match(e.text) if e.kind == Ev.FIGHT else None
        if m is None:
            out.append(localize.line(pack, loc, e.text))
            continue
        revealed = t(loc, "nothing")
        if out and i > 0 and events[i - 1].kind == Ev.URU_REVEAL:
            out.pop()
            shown = events[i - 1].text.split(": ", 1)[-1].rsplit(" (+", 1)[0]
            revealed = revealed if shown == "nothing" else shown
        who, _, target = m["head"].partition(" fights ")
        target = t(loc, "the Mastermind") if target == "the Mastermind" else target
        out.append(
            t(
                loc,
                "⚔️ {who} fights {target} with Uru-Enchanted Weapons: revealed {cards} "
                "(+{bonus}), so it takes {total} Attack.",
                who=who,
                target=target,
                cards=revealed,
                bonus=m["bonus"],
                total=m["total"],
            )  # fmt: skip
        )
        failed = None
        for j in range(i + 1, len(events)):
            if events[j].kind in (Ev.FIGHT, Ev.TURN):
                break
            if events[j].kind == Ev.URU_FAIL:
                failed = j
                break
        if failed is None:
            out.append(t(loc, "✅ Uru fight won: {who} had the {total} Attack it took.", who=who,
                         total=m["total"]))  # fmt: skip
        else:
            skip.add(failed)
            out.append(
                t(
                    loc,
                    "❌ Uru fight failed: {who} had less than {total} Attack, loses all "
                    "Attack and can't fight or heal again this turn (playing and recruiting go "
                    "on); the revealed cards go to the bottom of the Villain Deck.",
                    who=who,
                    total=m["total"],
                )  # fmt: skip
            )
    return out
