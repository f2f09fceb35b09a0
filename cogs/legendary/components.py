"""Legendary's buttons, in the house's ids (cogs/common/ids.py):
`fx:legendary:{action}:{table}:{version}[:{arg}][:m]`.

The board has one button, "My hand" (it names no card). A hand panel has a button per
legal action of the seat now: `arg` is the engine's card instance id, target or prompt
option; the ":m" flag on a play answers its Fated Future with "yes, to the bottom".
A divided card (L2) gets one button per half ("pa", "pb") instead of a "play" button.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import SOURCE, language, t
from cogs.common import ids as house_ids
from cogs.common.buttons import MAX_ROWS, SHORT, Spec, make_view, spec
from cogs.common.ids import ButtonId
from cogs.common.selects import MAX_OPTIONS, FxSelect, make_view_with_selects
from cogs.common.selects import Option as SelectOption
from cogs.common.text import clip
from cogs.legendary.localize import line, names
from rules.legendary.actions import (
    MASTERMIND,
    OFFICER,
    Action,
    Choose,
    EndTurn,
    Fight,
    Heal,
    Play,
    Recruit,
    Special,
)
from rules.legendary.cards import Pack
from rules.legendary.view import CardRef, GameView

GAME = "legendary"
HAND = "hand"
PLAY = "play"
# A divided card's halves (L2): "pa" plays its first half, "pb" its second.
HALF_ACTIONS = ("pa", "pb")
RECRUIT = "rec"
FIGHT = "fight"
HEAL = "heal"
SPECIAL = "sp"
CHOOSE = "ch"
END = "end"
ACTIONS = frozenset({HAND, PLAY, *HALF_ACTIONS, RECRUIT, FIGHT, HEAL, SPECIAL, CHOOSE, END})
house_ids.register(GAME, ACTIONS)

Style = discord.ButtonStyle
MAX_BUTTONS = MAX_ROWS * 5  # five rows of five


def button(
    action: str, table: str, version: int, arg: str | None = None, flag: bool = False
) -> ButtonId:
    return ButtonId(GAME, action, table, version, arg, flag)


def board_buttons(table: str, version: int, loc: str = SOURCE) -> discord.ui.View | None:
    """The board's one button, in the table's language (the board is public)."""
    label = t(loc, "My hand")
    view, _ = make_view([[spec(button(HAND, table, version), text=label, style=Style.primary)]])
    return view


def known_cards(v: GameView) -> dict[str, CardRef]:
    out: dict[str, CardRef] = {}
    for p in v.players:
        for c in p.hand or ():
            out[c.inst] = c
    for h in v.hq:
        if h is not None:
            out[h.inst] = h
    for sp in v.city:
        if sp.villain is not None:
            out[sp.villain.inst] = sp.villain
    return out


# The labels of plays, recruits and fights already worked out, by language, pack and
# everything such a label reads (the card's name, cost and halves, the half and the
# Fated answer): a card's button says the same in every panel that offers it, and its
# words were most of a button's time. Bounded.
_LABELS: dict[tuple[Any, ...], tuple[Pack | None, str]] = {}
_LABELS_MAX = 20_000


def _label_key(a: Action, v: GameView, cards: dict[str, CardRef]) -> tuple[Any, ...] | None:
    """What the label of `a` depends on besides the language and pack (None: not kept)."""
    k = type(a)  # exact types: see `bid_for`
    if k is Play:
        assert isinstance(a, Play)
        c = cards.get(a.card)
        if c is None:
            return (Play, a.card, None, (), a.half, a.fated_future)
        return (Play, None, c.name, c.halves, a.half, a.fated_future)
    if k is Recruit:
        assert isinstance(a, Recruit)
        if a.card == OFFICER:
            return (Recruit, OFFICER, v.officer_cost)
        c = cards.get(a.card)
        return (Recruit, a.card, None) if c is None else (Recruit, None, c.name, c.cost)
    if k is Fight:
        assert isinstance(a, Fight)
        c = cards.get(a.target)
        if a.target == MASTERMIND or c is None:
            return (Fight, a.target)
        return (Fight, None, c.name)
    return None


def action_label(
    a: Action,
    v: GameView,
    loc: str = SOURCE,
    pack: Pack | None = None,
    cards: dict[str, CardRef] | None = None,
) -> str:
    """The words of one legal action in the language `loc` (buttons and autocomplete
    share them), with the names `pack`'s translation gives (else as printed). `cards`:
    `known_cards(v)`, when the caller labels many actions of one view."""
    if cards is None:
        cards = known_cards(v)
    key = _label_key(a, v, cards)
    if key is None:
        return _label(a, v, loc, pack, cards)
    key = (language(loc), id(pack), *key)
    hit = _LABELS.get(key)
    if hit is not None and hit[0] is pack:
        return hit[1]
    text = _label(a, v, loc, pack, cards)
    if len(_LABELS) >= _LABELS_MAX:
        _LABELS.clear()
    _LABELS[key] = (pack, text)
    return text


def _label(a: Action, v: GameView, loc: str, pack: Pack | None, cards: dict[str, CardRef]) -> str:
    local = names(pack, loc)

    def name(inst: str) -> str:
        c = cards.get(inst)
        return local.replace(c.name) if c is not None else inst

    if isinstance(a, Play):
        c = cards.get(a.card)
        if a.half is not None and c is not None and a.half < len(c.halves):
            half = c.halves[a.half]
            if a.fated_future:
                return t(
                    loc, "Play {card} as {half} (Fated: to deck bottom)", card=c.name, half=half
                )
            return t(loc, "Play {card} as {half}", card=c.name, half=half)
        if a.fated_future:
            return t(loc, "Play {card} (Fated: to deck bottom)", card=name(a.card))
        return t(loc, "Play {card}", card=name(a.card))
    if isinstance(a, Recruit):
        if a.card == OFFICER:
            return t(loc, "Recruit Officer ({cost})", cost=v.officer_cost)
        c = cards.get(a.card)
        if c and c.cost is not None:
            return t(loc, "Recruit {card} ({cost})", card=name(a.card), cost=c.cost)
        return t(loc, "Recruit {card}", card=name(a.card))
    if isinstance(a, Fight):
        if a.target == MASTERMIND:
            return t(loc, "Fight Mastermind")
        return t(loc, "Fight {card}", card=name(a.target))
    if isinstance(a, Heal):
        return t(loc, "Heal (KO your Wounds)")
    if isinstance(a, Special):
        sp = next((s for s in v.special_actions if s.id == a.action), None)
        return local.replace(sp.name) if sp else a.action
    if isinstance(a, Choose):
        opts = v.prompt.options if v.prompt is not None else None
        for o in opts or ():
            if o.id == a.option:
                return line(pack, loc, o.label)
        return a.option
    if isinstance(a, EndTurn):
        return t(loc, "End turn")
    return a.type


def _kind_arg(a: Action) -> tuple[str, str | None, bool]:
    """A legal action's button: its kind, argument and flag (the id without table and
    version). By exact type (the actions have no subclasses; `isinstance` on a pydantic
    model class is the slow path of an ABC, and a panel asks for every button)."""
    k = type(a)
    if k is Play:
        assert isinstance(a, Play)
        return (PLAY if a.half is None else HALF_ACTIONS[a.half]), a.card, bool(a.fated_future)
    if k is Recruit:
        assert isinstance(a, Recruit)
        return RECRUIT, a.card, False
    if k is Fight:
        assert isinstance(a, Fight)
        return FIGHT, a.target, False
    if k is Heal:
        return HEAL, None, False
    if k is Special:
        assert isinstance(a, Special)
        return SPECIAL, a.action, False
    if k is Choose:
        assert isinstance(a, Choose)
        return CHOOSE, a.option, False
    return END, None, False


def bid_for(a: Action, table: str, version: int) -> ButtonId:
    kind, arg, flag = _kind_arg(a)
    return ButtonId(GAME, kind, table, version, arg, flag)


def action_for(bid: ButtonId, seat: int) -> Action | None:
    """The engine action a click asks for, acting as `seat`."""
    a, arg = bid.action, bid.arg
    if a == PLAY and arg:
        return Play(seat=seat, card=arg, fated_future=True if bid.flag else None)
    if a in HALF_ACTIONS and arg:
        half = HALF_ACTIONS.index(a)
        return Play(seat=seat, card=arg, fated_future=True if bid.flag else None, half=half)
    if a == RECRUIT and arg:
        return Recruit(seat=seat, card=arg)
    if a == FIGHT and arg:
        return Fight(seat=seat, target=arg)
    if a == HEAL:
        return Heal(seat=seat)
    if a == SPECIAL and arg:
        return Special(seat=seat, action=arg)
    if a == CHOOSE and arg:
        return Choose(seat=seat, option=arg)
    if a == END:
        return EndTurn(seat=seat)
    return None


def panel_buttons(
    legal: list[Action],
    v: GameView,
    table: str,
    version: int,
    loc: str = SOURCE,
    pack: Pack | None = None,
) -> tuple[discord.ui.View | None, int]:
    """A seat's buttons for what it can do now: choices, plays, recruits, fights, then
    the closing row (Heal, End turn)."""
    groups: dict[str, list[Spec]] = {"ch": [], "play": [], "rec": [], "fight": [], "end": []}
    cards = known_cards(v)
    shown: list[Action] = []
    for a in legal:
        c = cards.get(a.card) if type(a) is Play else None
        if c is None:
            shown.append(a)
            continue
        assert isinstance(a, Play)
        plays = [a]
        if c.halves and a.half is None:
            # A divided card: a button per half instead of asking which (L2).
            plays = [a.model_copy(update={"half": n}) for n in range(len(c.halves))]
        fated = "fated_future" in c.keywords
        for one in plays:
            shown.append(one)
            if fated:
                # A Fated Future card: its second button answers "to the bottom" up front.
                shown.append(one.model_copy(update={"fated_future": True}))
    choices = [a for a in shown if type(a) is Choose]
    if len(choices) > MAX_BUTTONS:
        # A choice with more options than a message has buttons (a KO from a big discard
        # pile): select menus of 25 options each, every pick a click of its option.
        return _choice_selects(choices, v, table, version, loc, pack)
    if ":" in table or not table or version < 0:
        # An id `spec` refuses: let it say why.
        for a in shown:
            spec(bid_for(a, table, version), text=action_label(a, v, loc, pack, cards))
    lang, where = language(loc), f"{table}:{version}"
    for a in shown:
        face = _face(a, v, loc, lang, pack, cards)
        kind, arg, flag, tail, text, style, group = face[1:]
        cid = f"{_HEAD}{kind}:{where}{tail}"
        if len(cid) > house_ids.MAX_LEN:
            bid_for(a, table, version).encode()  # raises: too long
        groups[group].append(
            Spec(ButtonId(GAME, kind, table, version, arg, flag), cid, text, style)
        )
    return make_view(list(groups.values()))


# A panel's rows by kind; special actions (a Scheme's Campaign, Flush) sit with Heal and
# End turn.
_GROUP: dict[type, str] = {Choose: "ch", Play: "play", Recruit: "rec", Fight: "fight"}


def _choice_selects(
    choices: list[Choose],
    v: GameView,
    table: str,
    version: int,
    loc: str = SOURCE,
    pack: Pack | None = None,
) -> tuple[discord.ui.View | None, int]:
    chunks = [choices[i : i + MAX_OPTIONS] for i in range(0, len(choices), MAX_OPTIONS)]
    cards = known_cards(v)
    selects = [
        FxSelect(
            # The arg tags each select (ids must differ); a pick sends its option instead.
            button(CHOOSE, table, version, f"part{n}"),
            [
                SelectOption(label=action_label(a, v, loc, pack, cards), value=a.option)
                for a in chunk
            ],
            placeholder=t(loc, "Choose ({n} of {total})", n=n + 1, total=len(chunks)),
        )
        for n, chunk in enumerate(chunks[:MAX_ROWS])
    ]
    view, _ = make_view_with_selects([], selects)
    return view, sum(len(c) for c in chunks[MAX_ROWS:])


# What a panel's button for one action looks like apart from the table and version it is
# drawn for: its id's kind, argument and flag and the id's end (what `ButtonId.encode`
# writes after the version), its label (clipped as `spec` clips it), style and row group,
# by language, pack, kind, argument, flag and what the label reads (`_label_key`). `spec`
# and `ButtonId.encode` worked them out again for every button of every panel
# (docs/benchmarks.md, branch h-lat10). Bounded.
_Face = tuple["Pack | None", str, "str | None", bool, str, str, discord.ButtonStyle, str]
_FACES: dict[tuple[Any, ...], _Face] = {}
_FACES_MAX = 20_000
_HEAD = f"{house_ids.PREFIX}:{GAME}:"


def _face(
    a: Action, v: GameView, loc: str, lang: str, pack: Pack | None, cards: dict[str, CardRef]
) -> _Face:
    kind, arg, flag = _kind_arg(a)
    lk = _label_key(a, v, cards)
    if lk is None and kind in (END, HEAL):
        lk = ()  # "End turn", "Heal (KO your Wounds)": the same words in every panel
    key = None if lk is None else (lang, id(pack), kind, arg, flag, *lk)
    if key is not None:
        hit = _FACES.get(key)
        if hit is not None and hit[0] is pack:
            return hit
    # The id's end and the label exactly as `spec` makes them (its checks run here, on
    # an id of this kind, argument and flag; the caller checked the table and version).
    made = spec(
        ButtonId(GAME, kind, "t", 0, arg, flag),
        text=clip(action_label(a, v, loc, pack, cards), SHORT),
        style=Style.danger if type(a) is EndTurn else Style.primary,
    )
    tail = made.custom_id[len(f"{_HEAD}{kind}:t:0") :]
    face: _Face = (pack, kind, arg, flag, tail, made.label, made.style, _GROUP.get(type(a), "end"))
    if key is not None:
        if len(_FACES) >= _FACES_MAX:
            _FACES.clear()
        _FACES[key] = face
    return face
