"""How `CrewAI` answers prompts: each answer is scored by the Plan it leaves behind."""

from __future__ import annotations

from rules.legends import effects as fx
from rules.legends.actions import (
    Action,
    Choose,
)
from rules.legends.ai.reading import _Reader
from rules.legends.ai.worth import (
    DONE,
    KEEP,
    _first_int,
    _flat_damage,
    _restricted,
    worth,
)
from rules.legends.cards import (
    ContentPack,
    PlayerCard,
)
from rules.legends.codes import PromptKind
from rules.legends.view import PlayerView, PromptView


class _Answers(_Reader):
    """Prompt answers (targets, discards, replacements, puts, Damage assignment)."""

    def answer(self, view: PlayerView, content: ContentPack, chooses: list[Choose]) -> Action:
        prompt = view.prompts[0]
        keys = {a.option: a for a in chooses}
        kind = prompt.kind
        if kind == PromptKind.CHOOSE_PLAYER:
            return self._choose_player(view, prompt, chooses)
        if kind == PromptKind.CHOOSE_TARGET:
            return self._choose_target(view, content, chooses)
        if kind == PromptKind.DRAW_AND_PUT:
            return keys.get("put", chooses[0])
        if kind == PromptKind.DISCARD_FROM_PLAN:
            return self._discard_from_plan(view, content, prompt, keys)
        if kind == PromptKind.REPLACE_PLAN:
            return self._replace_plan(view, content, keys)
        if kind == PromptKind.REPLACE_HAND:
            return self._replace_hand(view, content, keys)
        if kind == PromptKind.PUT_FROM_HAND:
            return self._put_from_hand(view, content, keys)
        if kind in (PromptKind.DISCARD_FROM_HAND, PromptKind.SCENE_DISCARD):
            return self._discard_from_hand(view, content, prompt, keys)
        if kind == PromptKind.ASSIGN_DAMAGE:
            return self._assign(view, prompt, chooses)
        return chooses[0]

    def _choose_player(self, view: PlayerView, prompt: PromptView, chooses: list[Choose]) -> Action:
        b = view.board
        text = prompt.text.lower()
        counts = {f"seat:{s.seat}": s.hand_count for s in b.seats}
        if "discard" in text:
            # Make the runner with the most cards do it (never a short hand).
            return max(chooses, key=lambda a: counts.get(a.option, 0))
        order = [s.seat for s in b.seats]
        turn = next((s.seat for s in b.seats if s.turn), None)
        left = b.plan_size - len(b.plan)
        upcoming: list[str] = []
        if turn is not None and order and left > 0:
            i = order.index(turn)
            upcoming = [f"seat:{order[(i + k) % len(order)]}" for k in range(1, left + 1)]
        if "put" in text:
            mine = [a for a in chooses if a.option == f"seat:{prompt.seat}"]
            if mine:
                return mine[0]
        for key in upcoming:
            for a in chooses:
                if a.option == key:
                    return a
        return min(chooses, key=lambda a: counts.get(a.option, 99))

    def _choose_target(
        self, view: PlayerView, content: ContentPack, chooses: list[Choose]
    ) -> Action:
        obs = self._obstacles(view, content)
        by_key = {
            f"obstacle:{o.order}": ob for o, ob in zip(view.board.obstacles, obs, strict=False)
        }
        amount = _first_int(view.prompts[0].text) if view.prompts else 0
        plan = [self._eval(p.card.inst, content.cards[p.card.id]) for p in view.board.plan]

        def score(a: Choose) -> float:
            ob = by_key.get(a.option)
            if ob is None:
                return -1.0
            s = ob.clear_bonus + 10.0 if amount >= ob.remaining else 0.0
            # Immediate Damage matters most where the Plan is not going to hit.
            s += 0.0 if self._hits(plan, ob.reqs) else 2.0
            return s + ob.damage - 0.01 * ob.remaining

        return max(chooses, key=score)

    def _plan_value(
        self, view: PlayerView, content: ContentPack, plan: list[tuple[str, PlayerCard]]
    ) -> float:
        sit = self._situation(view, content)
        sit.plan = plan
        # The seats still to play after this prompt, the current turn included.
        left = max(0, sit.plan_size - len(plan))
        b = view.board
        order = [s.seat for s in b.seats]
        turn = next((s.seat for s in b.seats if s.turn), None)
        seq: list[int] = []
        if turn is not None and order:
            i = order.index(turn)
            seq = [order[(i + k) % len(order)] for k in range(1, left + 1)]
        others = [s for s in seq if s not in sit.mine]
        return self.estimate(sit, plan, others, content) + 1.2 * sum(
            1 for s in seq if s in sit.mine
        )

    def _plan_now(self, view: PlayerView, content: ContentPack) -> list[tuple[str, PlayerCard]]:
        return [(p.card.inst, content.cards[p.card.id]) for p in view.board.plan]

    def _discard_from_plan(
        self, view: PlayerView, content: ContentPack, prompt: PromptView, keys: dict[str, Choose]
    ) -> Action:
        plan = self._plan_now(view, content)
        each, source = self._discarder(view, content, prompt)
        keep = self._plan_value(view, content, plan)
        best_key, best_val = DONE, keep + 0.25
        for inst, card in plan:
            if inst not in keys:
                continue
            rest = [(i, c) for i, c in plan if i != inst]
            val = self._plan_value(view, content, rest) + each
            # Ties: take out the card that brings least, and rather our own card (a
            # card that discards itself is a pass: the next player gets the slot).
            val -= 0.05 * _flat_damage(card) - (0.02 if inst == source else 0.0)
            if val > best_val:
                best_key, best_val = inst, val
        return keys.get(best_key, keys.get(DONE, next(iter(keys.values()))))

    def _discarder(
        self, view: PlayerView, content: ContentPack, prompt: PromptView
    ) -> tuple[int, str | None]:
        """The card behind a discard-from-Plan prompt (the last such card of this seat
        in the Plan) and the immediate Damage it deals per discarded card."""
        for p in reversed(view.board.plan):
            if p.seat != prompt.seat:
                continue
            for e in content.cards[p.card.id].effects:
                if isinstance(e, fx.DiscardFromPlan):
                    return e.damage_each, p.card.inst
        return 0, None

    def _replace_plan(
        self, view: PlayerView, content: ContentPack, keys: dict[str, Choose]
    ) -> Action:
        plan = self._plan_now(view, content)
        seat = view.prompts[0].seat
        hand = [(c.inst, content.cards[c.id]) for c in view.hands.get(seat, ())]
        keep = self._plan_value(view, content, plan)
        best: tuple[float, str, str] | None = None
        for out, _ in plan:
            if out not in keys:
                continue
            rest = [(i, c) for i, c in plan if i != out]
            for inst, card in hand:
                if _restricted(card):
                    continue
                val = self._plan_value(view, content, rest + [(inst, card)])
                val -= KEEP * worth(card)
                if val > keep + 0.5 and (best is None or val > best[0]):
                    best = (val, out, inst)
        if best is None:
            self._pending_out = None
            return keys.get(DONE, next(iter(keys.values())))
        self._pending_out = best[2]
        return keys[best[1]]

    def _replace_hand(
        self, view: PlayerView, content: ContentPack, keys: dict[str, Choose]
    ) -> Action:
        wanted, self._pending_out = self._pending_out, None
        if wanted is not None and wanted in keys:
            return keys[wanted]
        plan = self._plan_now(view, content)
        hand = {c.inst: content.cards[c.id] for hs in view.hands.values() for c in hs}
        return max(
            keys.values(),
            key=lambda a: (
                self._plan_value(view, content, plan + [(a.option, hand[a.option])])
                if a.option in hand
                else -1e9
            ),
        )

    def _put_from_hand(
        self, view: PlayerView, content: ContentPack, keys: dict[str, Choose]
    ) -> Action:
        plan = self._plan_now(view, content)
        hand = {c.inst: content.cards[c.id] for hs in view.hands.values() for c in hs}
        sit = self._situation(view, content)
        best_key = DONE if DONE in keys else None
        best_val = self._plan_value(view, content, plan) if best_key else -1e9
        for key in keys:
            card = hand.get(key)
            if card is None:
                continue
            val = self._plan_value(view, content, plan + [(key, card)])
            val += self._effect_value(sit, card) - KEEP * worth(card)
            if val > best_val + 0.1:
                best_key, best_val = key, val
        if best_key is None:
            return next(iter(keys.values()))
        return keys[best_key]

    def _discard_from_hand(
        self, view: PlayerView, content: ContentPack, prompt: PromptView, keys: dict[str, Choose]
    ) -> Action:
        hand = {c.inst: content.cards[c.id] for c in view.hands.get(prompt.seat, ())}
        cards = [k for k in keys if k in hand]
        # Optional: worth it only when the effect draws back (Scrap Haul).
        if DONE in keys and (not cards or not self._draws_back(view, content, prompt)):
            return keys[DONE]
        if not cards:
            return next(iter(keys.values()))
        obstacles = self._obstacles(view, content)
        rest = [hand[k] for k in cards]
        return keys[min(cards, key=lambda k: self.keep_value(hand[k], rest, obstacles))]

    def _draws_back(self, view: PlayerView, content: ContentPack, prompt: PromptView) -> bool:
        mine = [content.cards[p.card.id] for p in view.board.plan if p.seat == prompt.seat]
        for card in reversed(mine):
            for e in card.effects:
                if isinstance(e, fx.DiscardFromHand):
                    return e.draw_after >= 1
        return False

    def _assign(self, view: PlayerView, prompt: PromptView, chooses: list[Choose]) -> Action:
        keys = {a.option: a for a in chooses}
        ob = next((o for o in view.board.obstacles if o.name in prompt.text), None)
        options = sorted(int(a.option) for a in chooses if a.option.isdigit())
        if ob is None or not options:
            return chooses[-1]
        need = ob.health - ob.damage_taken
        pick = min((n for n in options if n >= need), default=options[-1])
        return keys[str(pick)]
