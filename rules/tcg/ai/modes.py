"""Answering a "choose one —" (mode) prompt by looking one effect ahead.

A mode's worth depends on the board (a steal is worth nothing against an empty Gig area),
so a fixed score can't rank modes. Instead each mode is applied on a duel, the effect is
resolved to its end with the greedy rollout policy, and the position is read with the
search player's evaluation; the best one wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.core.errors import IllegalAction
from rules.tcg import actions as act
from rules.tcg.ai.determinize import Sampler, determinize
from rules.tcg.ai.evaluate import evaluate
from rules.tcg.cards import ChooseOne, TcgContent
from rules.tcg.codes import PromptKind
from rules.tcg.effects import mode_label
from rules.tcg.engine import apply
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.state import Duel, Frame, Prompt
from rules.tcg.view import DuelView

#: Actions spent finishing a mode's effect before it is scored (effects are short).
SETTLE_STEPS = 12

Policy = Callable[[Duel, int, Sequence[act.Action], random.Random], act.Action]


def is_mode_prompt(d: Duel, seat: int) -> bool:
    return d.prompt is not None and d.prompt.kind is PromptKind.MODE and d.prompt.seat == seat


def _mid_effect(d: Duel) -> bool:
    """Still inside an effect: a prompt other than the defender's window, or effects
    waiting to resolve."""
    p = d.prompt
    return (p is not None and p.kind is not PromptKind.REACTION) or bool(d.frames or d.pool)


def _settle(d: Duel, content: TcgContent, policy: Policy, rng: random.Random) -> Duel:
    for _ in range(SETTLE_STEPS):
        if d.result is not None or not _mid_effect(d):
            break
        seat = to_act(d)
        if seat is None:
            break
        legal = [a for a in legal_actions(d, content, f"p{seat}") if a.type != "concede"]
        if not legal:
            break
        try:
            d = apply(d, policy(d, seat, legal, rng), content).state
        except IllegalAction:
            break
    return d


def best_mode(
    d: Duel,
    content: TcgContent,
    seat: int,
    legal: Sequence[act.Action],
    policy: Policy,
    rng: random.Random,
) -> act.Action:
    """The mode (a `Choose` among `legal`) whose resolved effect evaluates best for
    `seat`; the same random future is used for every mode, ties go to the first."""
    seed = rng.randrange(1 << 30)
    best: tuple[float, int] | None = None
    for i, a in enumerate(legal):
        if not isinstance(a, act.Choose):
            continue
        try:
            after = apply(d, a, content).state
        except IllegalAction:
            continue
        score = evaluate(_settle(after, content, policy, random.Random(seed)), content, seat)
        if best is None or score > best[0]:
            best = (score, i)
    return legal[best[1] if best is not None else 0]


def _mode_source(seen: DuelView, content: TcgContent) -> tuple[str, ChooseOne] | None:
    """The card whose "choose one" the view's prompt asks about: named in the prompt's
    text, with the same mode labels."""
    p = seen.prompt
    assert p is not None
    labels = [o.label for o in p.options or ()]
    for card in content.cards.values():
        if f"for {card.name}." not in p.text:
            continue
        for e in card.effects:
            if isinstance(e, ChooseOne) and [mode_label(m) for m in e.modes] == labels:
                return card.id, e
    return None


def best_mode_from_view(
    seen: DuelView,
    content: TcgContent,
    legal: Sequence[act.Action],
    policy: Policy,
    rng: random.Random,
) -> act.Action | None:
    """`best_mode` on one sampled world: the view has no effect frames, so the card's
    "choose one" is put back on the stack of the sampled duel. None when the card isn't
    found (the caller falls back to its fixed scores)."""
    p, me = seen.prompt, seen.viewer
    assert p is not None and p.options is not None and me is not None
    found = _mode_source(seen, content)
    if found is None:
        return None
    cid, effect = found
    world = determinize(seen, content, Sampler(seen, content, None), rng)
    source = f"{me}-mode-source"
    world = world.model_copy(
        update={
            "cards": {**world.cards, source: cid},
            "frames": (Frame(seat=me, source=source, effects=(effect,)),),
            "prompt": Prompt(
                seat=me, kind=PromptKind.MODE, text=p.text, options=p.options, private=False
            ),
        }
    )
    return best_mode(world, content, me, legal, policy, rng)
