"""Reading a typed move: words and card names, besides the move's number.

Every function answers with the index of the move (or list item) meant, or a message for
the player saying what is wrong and what to type instead. The moves come from the
player's view (`legal_actions`), so a name can only pick a legal move; for a card held
but not playable now, the engine's own refusal says why (`rules.legends.engine.check`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import did_you_mean, name_list, t
from cogs.legends.terminal import howto
from cogs.legends.terminal.render import hand_card
from rules.legends.actions import Action, Choose, Discard, Flip, Play, Ready
from rules.legends.cards import ContentPack
from rules.legends.engine import check
from rules.legends.state import Table
from rules.legends.view import PlayerView


def _named(query: str, names: Sequence[str]) -> list[int]:
    """Indexes of `names` that `query` means: the exact name (case-insensitive), else
    every name it starts."""
    q = query.strip().lower()
    if not q:
        return []
    exact = [i for i, n in enumerate(names) if n.lower() == q]
    return exact or [i for i, n in enumerate(names) if n.lower().startswith(q)]


def _either(names: Sequence[str], loc: str) -> str:
    unique = list(dict.fromkeys(names))
    quoted = [f"'{n}'" for n in unique]
    if len(quoted) < 2:
        return quoted[0]
    return t(loc, "{names} or {last}", names=", ".join(quoted[:-1]), last=quoted[-1])


def pick_by_name(query: str, names: Sequence[str], missing: str, loc: str) -> int | str:
    """An item of a numbered list by (the start of) its name; `missing`: the message for
    a name none has (`{query}`, `{hint}`)."""
    hits = _named(query, names)
    if hits and len({names[i] for i in hits}) == 1:
        return hits[0]
    if hits:
        return t(loc, '"{query}" could be {names}: type more of the name, or its number.',
                 query=query, names=_either([names[i] for i in hits], loc))  # fmt: skip
    return t(loc, missing, query=query, hint=did_you_mean(loc, query, names))


def _merc_word(rest: str) -> tuple[str, bool]:
    """`rest` without a trailing/leading "merc" word (the merc's move is meant)."""
    words = rest.split()
    if words and words[-1].lower() in ("merc", "(merc)"):
        return " ".join(words[:-1]), True
    if words and words[0].lower() in ("merc", "(merc)"):
        return " ".join(words[1:]), True
    return rest.strip(), False


def _prefer(hits: list[int], moves: Sequence[Action], merc: bool | None) -> int:
    """Of equivalent moves, yours before your merc's unless the merc's was asked for."""
    if merc is not None:
        wanted = [i for i in hits if bool(getattr(moves[i], "merc", False)) == merc]
        if wanted:
            return wanted[0]
    return hits[0]


def match_move(
    line: str,
    moves: Sequence[Action],
    view: PlayerView,
    table: Table,
    content: ContentPack,
    player: str,
    loc: str,
) -> int | str | None:
    """The move `line` names (its index), a message (in `loc`), or None if `line` names
    nothing a move could be (the caller says it is not a move)."""
    word, _, rest = line.strip().partition(" ")
    verb = word.lower()
    rest, merc = _merc_word(rest)
    if verb == "flip" and not rest:
        hits = [i for i, m in enumerate(moves) if isinstance(m, Flip)]
        return hits[0] if hits else t(loc, "There is no Scenario Card to flip now.")
    if verb == "ready" and not rest:
        hits = [i for i, m in enumerate(moves) if isinstance(m, Ready)]
        if not hits:
            return t(loc, "There is nothing to be ready for now: 'ready' is for clean-up.")
        return _prefer(hits, moves, merc)
    if verb in howto.CAMP_WORDS and not rest:
        return t(loc, "'{word}' is for the campaign screen, between runs: this run comes "
                 "first.", word=verb)  # fmt: skip
    if verb in ("choose", "vote"):
        return _choose(rest, moves, view, merc, loc)
    if verb in ("play", "discard"):
        if not rest:
            held = [c.name for hand in view.hands.values() for c in hand]
            return _which(verb, held[0] if held else None, loc)
        return _by_card(rest, moves, view, table, content, player, verb, merc, loc)
    return _by_card(line.strip(), moves, view, table, content, player, None, None, loc, quiet=True)


def _which(verb: str, card: str | None, loc: str) -> str:
    """ "Play which card?": how to name the card, with one the player holds."""
    if verb == "play":
        if card is None:
            return t(loc, "Play which card? Type 'play' and its name.")
        return t(loc, "Play which card? Type 'play' and its name, as in 'play {card}'.", card=card)
    if card is None:
        return t(loc, "Discard which card? Type 'discard' and its name.")
    return t(loc, "Discard which card? Type 'discard' and its name, as in 'discard {card}'.",
             card=card)  # fmt: skip


def _choose(
    rest: str, moves: Sequence[Action], view: PlayerView, merc: bool, loc: str
) -> int | str:
    chooses = [(i, m) for i, m in enumerate(moves) if isinstance(m, Choose)]
    if not chooses:
        return t(loc, "There is no vote or choice open for you now.")
    labels: dict[int, str] = {}
    for p in view.prompts:
        for o in p.options:
            for i, m in chooses:
                if m.option == o.key and i not in labels:
                    labels[i] = o.label
    for o in view.board.vote:
        for i, m in chooses:
            if m.option == o.key and i not in labels:
                labels[i] = o.label
    keys = ", ".join(dict.fromkeys(m.option for _, m in chooses))
    if not rest:
        return t(loc, "Choose which? Type 'choose' and the option: {keys}.", keys=keys)
    q = rest.strip().lower()
    hits = [i for i, m in chooses if m.option.lower() == q]
    if not hits:
        hits = [i for i, _ in chooses if labels.get(i, "").lower().startswith(q)]
    if not hits:
        return t(loc, "\"{line}\" is not an option here. Options: {keys} (or the move's "
                 "number).", line=rest, keys=keys)  # fmt: skip
    return _prefer(hits, moves, merc)


def _by_card(
    query: str,
    moves: Sequence[Action],
    view: PlayerView,
    table: Table,
    content: ContentPack,
    player: str,
    verb: str | None,
    merc: bool | None,
    loc: str,
    *,
    quiet: bool = False,
) -> int | str | None:
    kinds: tuple[type[Play] | type[Discard], ...] = (
        (Play,) if verb == "play" else (Discard,) if verb == "discard" else (Play, Discard)
    )
    cands: list[tuple[int, str]] = []
    for i, m in enumerate(moves):
        if isinstance(m, kinds):
            card = hand_card(view, m.card)
            if card is not None:
                cands.append((i, card.name))
    hits = _named(query, [n for _, n in cands])
    names = {cands[h][1] for h in hits}
    if hits and len(names) == 1:
        return _prefer([cands[h][0] for h in hits], moves, merc)
    if hits:
        either = _either([cands[h][1] for h in hits], loc)
        return t(loc, "\"{query}\" could be {names}: type more of the name, or the move's "
                 "number.", query=query, names=either)  # fmt: skip
    # Not a legal move: a card in hand that cannot be played (or discarded) now...
    held = [(seat, c) for seat, hand in view.hands.items() for c in hand]
    in_hand = _named(query, [c.name for _, c in held])
    doing = verb or ("discard" if any(isinstance(m, Discard) for m in moves) else "play")
    if in_hand:
        seat, card = held[in_hand[0]]
        is_merc = any(s.seat == seat and s.is_merc for s in view.board.seats)
        action: Action = (
            Discard(player=player, card=card.inst, merc=is_merc)
            if doing == "discard"
            else Play(player=player, card=card.inst, merc=is_merc)
        )
        refusal = check(table, action, content)
        if refusal is not None:
            why = howto.refusal_text(refusal, loc)
        else:
            why = t(loc, "it is not a move now.")
        if doing == "discard":
            return t(loc, "You hold {card} but cannot discard it now: {why}", card=card.name,
                     why=why)  # fmt: skip
        return t(loc, "You hold {card} but cannot play it now: {why}", card=card.name, why=why)
    # ...a card of the game you do not hold...
    every = sorted({c.name for c in content.cards.values()})
    known = _named(query, every)
    if known and len({every[k] for k in known}) == 1:
        hand = name_list(loc, [c.name for _, c in held], last=False) or t(loc, "no cards")
        return t(loc, "You don't hold {card}. You hold: {hand} ('hand' shows them).",
                 card=every[known[0]], hand=hand)  # fmt: skip
    if quiet:
        return None
    hint = did_you_mean(loc, query, [c.name for _, c in held] or every)
    return t(loc, "No card is named \"{query}\"{hint}. Type the move's number, or 'hand'.",
             query=query, hint=hint)  # fmt: skip
