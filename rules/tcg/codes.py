"""Enums for what the engine says: refusal codes, event kinds, prompt kinds, phases."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    CHOOSE_FIRST = "choose_first"  # setup: the random chooser picks first or second
    MULLIGAN = "mulligan"
    START = "start"
    ROLL = "roll"  # start phase, last step: roll in a Gig
    MAIN = "main"
    END = "end"
    OVER = "over"


class PromptKind(StrEnum):
    FIRST_OR_SECOND = "first_or_second"
    ORDER_PENDING = "order_pending"  # which of your pending effects resolves next (T12)
    MAY = "may"  # a "may" trigger: yes or no (T25)
    TARGET = "target"  # a card an effect acts on
    GIG = "gig"  # a die an effect acts on
    AMOUNT = "amount"  # "up to X": 0…X
    STEAL = "steal"  # an attack's steal: which die to take next
    STEAL_GIG = "steal_gig"  # an effect's steal
    GIVE_GIG = "give_gig"  # a steal where the victim picks which of their Gigs goes (D1)
    MODE = "mode"  # "choose one —": which mode resolves (T25)
    SWAP_OWN = "swap_own"
    SWAP_RIVAL = "swap_rival"
    REACTION = "reaction"  # the defender's window (T10): always the same text


class RefusalCode(StrEnum):
    GAME_OVER = "game_over"
    ILLEGAL_DECK = "illegal_deck"
    NOT_A_PLAYER = "not_a_player"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    PROMPT_PENDING = "prompt_pending"
    NO_PROMPT = "no_prompt"
    BAD_OPTION = "bad_option"
    NOT_IN_HAND = "not_in_hand"
    ALREADY_SOLD = "already_sold"
    ALREADY_CALLED = "already_called"
    NO_SELL_TAG = "no_sell_tag"
    BAD_SLOT = "bad_slot"
    CANT_PAY = "cant_pay"
    BAD_PAYMENT = "bad_payment"
    NULL_COST = "null_cost"
    NEEDS_HOST = "needs_host"
    BAD_HOST = "bad_host"
    NOT_QUICK = "not_quick"
    NO_SUCH_CARD = "no_such_card"
    NO_SUCH_ABILITY = "no_such_ability"
    CANT_ACTIVATE = "cant_activate"
    CANT_ATTACK = "cant_attack"
    BAD_TARGET = "bad_target"
    ATTACK_IN_PROGRESS = "attack_in_progress"
    NOT_IN_WINDOW = "not_in_window"
    CANT_BLOCK = "cant_block"
    MUST_ATTACK = "must_attack"
    BAD_DIE = "bad_die"
    ALREADY_DECIDED = "already_decided"


class EventKind(StrEnum):
    SETUP = "setup"
    CHOSE = "chose"
    MULLIGAN = "mulligan"
    KEEP = "keep"
    TURN = "turn"
    READY = "ready"
    DRAW = "draw"
    ROLL = "roll"
    SELL = "sell"
    CALL = "call"
    PLAY = "play"
    ENTER = "enter"
    EQUIP = "equip"
    PAY = "pay"
    ACTIVATE = "activate"
    ATTACK = "attack"
    ATTACK_ENDS = "attack_ends"
    WINDOW = "window"
    BLOCK = "block"
    PASS = "pass"
    FIGHT = "fight"
    DEFEAT = "defeat"
    STEAL = "steal"
    SWAP = "swap"
    GIG = "gig"
    POWER = "power"
    SPEND = "spend"
    MOVE = "move"
    REMOVED = "removed"
    TRIGGER = "trigger"
    PEEK = "peek"
    EFFECT = "effect"
    OVERTIME = "overtime"
    END_TURN = "end_turn"
    GAME_OVER = "game_over"
