"""Reading a typed move: words and card names, besides the move's number.

Every function answers with the index of the move (or list item) meant, or a message for
the player saying what is wrong and what to type instead. The moves come from the
player's view (`legal_actions`), so a name can only pick a legal move; for a card held
but not playable now, the engine's own refusal says why (`rules.legends.engine.check`).
"""

from __future__ import annotations

from collections.abc import Sequence

from cogs.legends.terminal import howto
from rules.core.text import did_you_mean, name_list
from rules.legends.actions import Action, Choose, Discard, Flip, Play, Ready
from rules.legends.cards import ContentPack
from rules.legends.engine import check
from rules.legends.state import Table
from rules.legends.view import CardView, PlayerView


def _card(view: PlayerView, inst: str) -> CardView | None:
    for hand in view.hands.values():
        for c in hand:
            if c.inst == inst:
                return c
    return None


def _named(query: str, names: Sequence[str]) -> list[int]:
    """Indexes of `names` that `query` means: the exact name (case-insensitive), else
    every name it starts."""
    q = query.strip().lower()
    if not q:
        return []
    exact = [i for i, n in enumerate(names) if n.lower() == q]
    return exact or [i for i, n in enumerate(names) if n.lower().startswith(q)]


def _either(names: Sequence[str]) -> str:
    unique = list(dict.fromkeys(names))
    quoted = [f"'{n}'" for n in unique]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else quoted[0]


def pick_by_name(query: str, names: Sequence[str], what: str) -> int | str:
    """An item of a numbered list by (the start of) its name."""
    hits = _named(query, names)
    if hits and len({names[i] for i in hits}) == 1:
        return hits[0]
    if hits:
        return (
            f'"{query}" could be {_either([names[i] for i in hits])}: type more of the '
            "name, or its number."
        )
    return f'No {what} is named "{query}"{did_you_mean(query, names)}. Type its number or name.'


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
) -> int | str | None:
    """The move `line` names (its index), a message, or None if `line` names nothing a
    move could be (the caller says it is not a move)."""
    word, _, rest = line.strip().partition(" ")
    verb = word.lower()
    rest, merc = _merc_word(rest)
    if verb == "flip" and not rest:
        hits = [i for i, m in enumerate(moves) if isinstance(m, Flip)]
        return hits[0] if hits else "There is no Scenario Card to flip now."
    if verb == "ready" and not rest:
        hits = [i for i, m in enumerate(moves) if isinstance(m, Ready)]
        if not hits:
            return "There is nothing to be ready for now: 'ready' is for clean-up."
        return _prefer(hits, moves, merc)
    if verb in howto.CAMP_WORDS and not rest:
        return f"'{verb}' is for the campaign screen, between runs: this run comes first."
    if verb in ("choose", "vote"):
        return _choose(rest, moves, view, merc)
    if verb in ("play", "discard"):
        if not rest:
            held = [c.name for hand in view.hands.values() for c in hand]
            example = f", as in '{verb} {held[0]}'" if held else ""
            return f"{verb.title()} which card? Type '{verb}' and its name{example}."
        return _by_card(rest, moves, view, table, content, player, verb, merc)
    found = _by_card(line.strip(), moves, view, table, content, player, None, None, quiet=True)
    return found


def _choose(rest: str, moves: Sequence[Action], view: PlayerView, merc: bool) -> int | str:
    chooses = [(i, m) for i, m in enumerate(moves) if isinstance(m, Choose)]
    if not chooses:
        return "There is no vote or choice open for you now."
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
        return f"Choose which? Type 'choose' and the option: {keys}."
    q = rest.strip().lower()
    hits = [i for i, m in chooses if m.option.lower() == q]
    if not hits:
        hits = [i for i, _ in chooses if labels.get(i, "").lower().startswith(q)]
    if not hits:
        return f'"{rest}" is not an option here. Options: {keys} (or the move\'s number).'
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
    *,
    quiet: bool = False,
) -> int | str | None:
    kinds: tuple[type[Play] | type[Discard], ...] = (
        (Play,) if verb == "play" else (Discard,) if verb == "discard" else (Play, Discard)
    )
    cands: list[tuple[int, str]] = []
    for i, m in enumerate(moves):
        if isinstance(m, kinds):
            card = _card(view, m.card)
            if card is not None:
                cands.append((i, card.name))
    hits = _named(query, [n for _, n in cands])
    names = {cands[h][1] for h in hits}
    if hits and len(names) == 1:
        return _prefer([cands[h][0] for h in hits], moves, merc)
    if hits:
        return (
            f'"{query}" could be {_either([cands[h][1] for h in hits])}: type more of the '
            "name, or the move's number."
        )
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
        why = howto.refusal_text(refusal) if refusal is not None else "it is not a move now."
        return f"You hold {card.name} but cannot {doing} it now: {why}"
    # ...a card of the game you do not hold...
    every = sorted({c.name for c in content.cards.values()})
    known = _named(query, every)
    if known and len({every[k] for k in known}) == 1:
        hand = name_list(c.name for _, c in held) or "no cards"
        return f"You don't hold {every[known[0]]}. You hold: {hand} ('hand' shows them)."
    if quiet:
        return None
    hint = did_you_mean(query, [c.name for _, c in held] or every)
    return f"No card is named \"{query}\"{hint}. Type the move's number, or 'hand'."
