"""Refusal codes and event kinds (enums, never bare strings)."""

from __future__ import annotations

from enum import StrEnum

from rules.core.errors import IllegalAction


class Code(StrEnum):
    BAD_SETUP = "bad_setup"
    BAD_SEAT = "bad_seat"
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    PROMPT_PENDING = "prompt_pending"
    NO_PROMPT = "no_prompt"
    NOT_YOUR_PROMPT = "not_your_prompt"
    BAD_OPTION = "bad_option"
    NOT_IN_HAND = "not_in_hand"
    CANT_PLAY_WOUND = "cant_play_wound"
    NOT_IN_HQ = "not_in_hq"
    NO_OFFICERS = "no_officers"
    CANT_AFFORD = "cant_afford"
    HEALED = "healed"
    URU_FAILED = "uru_failed"
    NO_SUCH_TARGET = "no_such_target"
    NOT_ENOUGH_ATTACK = "not_enough_attack"
    CANT_HEAL = "cant_heal"
    NO_WOUNDS = "no_wounds"
    LOCKED = "locked"
    NO_SUCH_ACTION = "no_such_action"
    ALREADY_USED = "already_used"
    NOT_AVAILABLE = "not_available"
    BAD_HALF = "bad_half"
    BURIED = "buried"


def refuse(code: Code, message: str) -> IllegalAction:
    return IllegalAction.of(code.value, message)


class Ev(StrEnum):
    SETUP = "setup"
    TURN = "turn"
    VILLAIN_CARD = "villain_card"
    ENTER = "enter"
    ESCAPE = "escape"
    CAPTURE = "capture"
    TWIST = "twist"
    STRIKE = "strike"
    PLAY = "play"
    POOL = "pool"
    DRAW = "draw"
    RECRUIT = "recruit"
    GAIN = "gain"
    FIGHT = "fight"
    URU_REVEAL = "uru_reveal"
    URU_FAIL = "uru_fail"
    DEFEAT = "defeat"
    RESCUE = "rescue"
    KO = "ko"
    WOUND = "wound"
    DISCARD = "discard"
    UNDERCOVER = "undercover"
    FATED = "fated"
    REVEAL = "reveal"
    HEAL = "heal"
    SPECIAL = "special"
    ADAPT = "adapt"
    STACK = "stack"
    FLUSH = "flush"
    MOVE = "move"
    CLEANUP = "cleanup"
    DECK_OUT = "deck_out"
    END = "end"
