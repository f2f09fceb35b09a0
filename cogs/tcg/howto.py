"""The TCG front end's wording of the engine's refusals: one place that turns a refusal
code into "what is wrong, then what to do" with the `/tcg` commands (like
cogs/legends/howto.py for Legends)."""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t
from cogs.tcg.words import say
from rules.core.errors import Refusal
from rules.tcg.codes import RefusalCode

WHAT_TO_DO: dict[str, str] = {
    RefusalCode.NOT_YOUR_TURN: N_("Wait for your turn; /tcg status says who the duel waits on."),
    RefusalCode.NOT_A_PLAYER: N_("Only the two duellists act; you can watch with /tcg status."),
    RefusalCode.WRONG_PHASE: N_("See /tcg hand for what you can do now."),
    RefusalCode.PROMPT_PENDING: N_("Answer the pending choice first with /tcg choose."),
    RefusalCode.NO_PROMPT: N_("Nothing waits on a choice; see /tcg hand."),
    RefusalCode.BAD_OPTION: N_("Pick one of the offered options in /tcg choose."),
    RefusalCode.NOT_IN_HAND: N_("See /tcg hand for the cards you hold."),
    RefusalCode.ALREADY_SOLD: N_("You may sell once per turn."),
    RefusalCode.ALREADY_CALLED: N_("You may Call once per turn."),
    RefusalCode.CANT_PAY: N_("Sell a card or wait for your Eddies to ready."),
    RefusalCode.NOT_IN_WINDOW: N_("Reactions are only for the defender during a reaction window."),
    RefusalCode.MUST_ATTACK: N_("Attack with the Unit that must attack first (/tcg attack)."),
    RefusalCode.GAME_OVER: N_("Start a new duel with /tcg challenge or /tcg practice."),
}


def refusal_text(refusal: Refusal, loc: str = SOURCE) -> str:
    """The engine's reason, then what to do with the /tcg commands, in the language."""
    extra = WHAT_TO_DO.get(refusal.code)
    message = refusal.message.rstrip()
    if extra and extra not in message:
        return f"{say(loc, message)}\n{t(loc, extra)}"
    return say(loc, message)
