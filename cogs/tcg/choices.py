"""What a command's option may name, from the caller's legal actions only.

Autocomplete and typed values go through the same lists: every choice is built from
`legal_actions` for the caller and named from the caller's own view, so a player is never
offered (or told of) anything only the rival could know. A typed value is matched as the
choice's key, else as a case-insensitive, unambiguous prefix of its name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.i18n import SOURCE, t
from cogs.tcg.render import action_label
from rules.tcg import actions as act
from rules.tcg.view import DuelView, visible_names

#: (name shown, key sent back, the action it stands for)
Item = tuple[str, str, act.Action]
Names = Mapping[str, str]  # `visible_names`: instance id -> name
Namer = Callable[[act.Action, DuelView, Names, str], tuple[str, str] | None]

GIG_AREA = "gig"


def _roll(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    return (f"d{a.die}", str(a.die)) if isinstance(a, act.Roll) else None


def _play(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    if isinstance(a, act.Play):
        return n.get(a.card) or t(loc, "a card"), a.card
    return None


def _sell(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    return (n.get(a.card) or t(loc, "a card"), a.card) if isinstance(a, act.Sell) else None


def _call(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    if isinstance(a, act.Call):
        return t(loc, "slot {n}: face-down", n=a.slot + 1), str(a.slot + 1)
    return None


def _activate(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    if isinstance(a, act.Activate):
        return n.get(a.card) or t(loc, "a card"), a.card
    return None


def _unit(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    if isinstance(a, act.Attack):
        return n.get(a.unit) or t(loc, "a unit"), a.unit
    return None


def _target(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    if isinstance(a, act.Attack):
        if a.target is None:
            return t(loc, "the Gig area"), GIG_AREA
        return n.get(a.target) or t(loc, "a unit"), a.target
    return None


def _block(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    return (n.get(a.unit) or t(loc, "a unit"), a.unit) if isinstance(a, act.Block) else None


def _quick(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    if isinstance(a, act.Play):
        return n.get(a.card) or t(loc, "a card"), "p" + a.card
    if isinstance(a, act.Activate):
        name = n.get(a.card) or t(loc, "a card")
        return t(loc, "{card} (ability {n})", card=name, n=a.ability + 1), f"a{a.card}/{a.ability}"
    return None


def _choose(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    return (action_label(a, v, loc), a.option) if isinstance(a, act.Choose) else None


def _ability(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    if isinstance(a, act.Activate):
        return t(loc, "ability {n}", n=a.ability + 1), str(a.ability + 1)
    return None


def _play_target(a: act.Action, v: DuelView, n: Names, loc: str) -> tuple[str, str] | None:
    if isinstance(a, act.Play) and a.target is not None:
        return n.get(a.target) or t(loc, "a card"), a.target
    return None


NAMERS: dict[str, Namer] = {
    "roll": _roll,
    "play": _play,
    "play_target": _play_target,
    "sell": _sell,
    "call": _call,
    "activate": _activate,
    "ability": _ability,
    "unit": _unit,
    "target": _target,
    "block": _block,
    "quick": _quick,
    "choose": _choose,
}


def items(kind: str, legal: list[act.Action], v: DuelView, loc: str = SOURCE) -> list[Item]:
    """The choices of `kind` among `legal`, named from the view `v` in the typing
    person's language `loc` (autocomplete shows them; a typed value may name one)."""
    namer = NAMERS[kind]
    names = visible_names(v)
    out: list[Item] = []
    seen: set[str] = set()
    for a in legal:
        got = namer(a, v, names, loc)
        if got is None:
            continue
        name, key = got
        if kind in ("play", "activate", "unit") and key in seen:
            out.append((name, key, a))  # several actions for one card: kept for filtering
            continue
        seen.add(key)
        out.append((name, key, a))
    return out


def distinct(found: list[Item]) -> list[tuple[str, str]]:
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for name, key, _ in found:
        if key not in seen:
            seen.add(key)
            out.append((name, key))
    return out


def resolve(value: str, found: list[Item]) -> list[Item]:
    """The items `value` names: by key, else by an unambiguous name prefix."""
    exact = [it for it in found if it[1] == value]
    if exact:
        return exact
    low = value.strip().lower()
    if not low:
        return []
    named = [it for it in found if it[0].lower() == low]
    if not named:
        named = [it for it in found if it[0].lower().startswith(low)]
    keys = {it[1] for it in named}
    return named if len(keys) == 1 else []
