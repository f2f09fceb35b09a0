"""The names Cyberpunk Legends gives its refusals, events and prompts.

Each is a `StrEnum` whose values are the strings stored in saved states and logs and
matched by the adapters and tests, so a value must never change; a renamed member is a
type error wherever it is used.
"""

from __future__ import annotations

from enum import StrEnum


# Why an action was refused (`Refusal.code`).
class Code(StrEnum):
    ALREADY_READY = "already_ready"
    ALREADY_SEATED = "already_seated"
    BAD_CHOICE = "bad_choice"
    BAD_OPTION = "bad_option"
    BAD_OPTION_VALUE = "bad_option_value"
    BAD_PLAYER = "bad_player"
    CAMPAIGN_DONE = "campaign_done"
    DECK_LIMIT = "deck_limit"
    DECK_TOO_SMALL = "deck_too_small"
    DISCARD_LIMIT = "discard_limit"
    EMPTY_ANSWER = "empty_answer"
    LAST_RUNNER = "last_runner"
    LEAVE_MID_PLAN = "leave_mid_plan"
    MERC_NOT_ALONE = "merc_not_alone"
    MERC_TABLE = "merc_table"
    MERC_VOTE = "merc_vote"
    NO_EDDIES = "no_eddies"
    NO_MERC = "no_merc"
    NO_PROMPT = "no_prompt"
    NO_RUN = "no_run"
    NO_RUNNERS = "no_runners"
    NO_VOTE = "no_vote"
    NOT_CLEANUP = "not_cleanup"
    NOT_FLIP = "not_flip"
    NOT_IN_DECK = "not_in_deck"
    NOT_IN_HAND = "not_in_hand"
    NOT_IN_POOL = "not_in_pool"
    NOT_IN_RUN = "not_in_run"
    NOT_LEADER = "not_leader"
    NOT_OWNER = "not_owner"
    NOT_PLAN = "not_plan"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    OPTION_MID_RUN = "option_mid_run"
    PROMPT_OPEN = "prompt_open"
    REMOVE_MID_RUN = "remove_mid_run"
    RESTRICTED = "restricted"
    ROLE_TAKEN = "role_taken"
    RUN_ACTIVE = "run_active"
    SHOP_MID_RUN = "shop_mid_run"
    UNKNOWN_CAMPAIGN = "unknown_campaign"
    UNKNOWN_CARD = "unknown_card"
    UNKNOWN_OPTION = "unknown_option"
    UNKNOWN_ROLE = "unknown_role"
    UNKNOWN_SCENARIO = "unknown_scenario"
    WRONG_ANSWER = "wrong_answer"


# What happened (`Event.kind`).
class EventKind(StrEnum):
    ABANDONED = "abandoned"
    AWAIT_FLIP = "await_flip"
    BOUGHT = "bought"
    BOUGHT_PRIVATE = "bought_private"
    CAMPAIGN_DONE = "campaign_done"
    CARD_ENTERED = "card_entered"
    CLEANUP = "cleanup"
    CLUE = "clue"
    COMPLETE = "complete"
    CREW_DAMAGED = "crew_damaged"
    DECK_EMPTY = "deck_empty"
    DISCARDED = "discarded"
    DISCARDED_NEXT = "discarded_next"
    DISCARDED_PRIVATE = "discarded_private"
    DREW = "drew"
    DREW_PRIVATE = "drew_private"
    EDDIES = "eddies"
    EXECUTED = "executed"
    FLATLINED = "flatlined"
    FLIPPED = "flipped"
    HEALED = "healed"
    JOINED = "joined"
    LEADER = "leader"
    LEFT = "left"
    LEFT_PLAN = "left_plan"
    MAX_HEALTH = "max_health"
    MEMORY = "memory"
    MERC_RUSH = "merc_rush"
    NO_CARD = "no_card"
    NO_REPLACE = "no_replace"
    NOTHING_TO_PLAY = "nothing_to_play"
    OBSTACLE_CLEARED = "obstacle_cleared"
    OBSTACLE_DAMAGED = "obstacle_damaged"
    OBSTACLE_HEALED = "obstacle_healed"
    OPTION = "option"
    PLAN_CUT_SHORT = "plan_cut_short"
    PROMPT = "prompt"
    READY = "ready"
    REMOVED = "removed"
    RESHUFFLED = "reshuffled"
    REWARD_CARDS = "reward_cards"
    ROUND = "round"
    RUN_STARTED = "run_started"
    SOLVED = "solved"
    TO_HIT = "to_hit"
    TRAUMA = "trauma"
    TRAUMA_DONE = "trauma_done"
    TURN = "turn"
    UNLOCKED = "unlocked"
    VOTE = "vote"
    VOTE_RESULT = "vote_result"
    VOTED = "voted"


# How to act on a refusal or an event (`Refusal.hint`, `Event.hint`). The rules' texts name
# no command; each front end words a hint its own way (cogs/legends/howto.py, bot/terminal/
# howto.py), continuing the text where its final period was.
class Hint(StrEnum):
    ABANDON_INSTEAD = "abandon_instead"  # the owner can abandon the run instead
    CLUES = "clues"  # the clues can be looked at any time
    DECK = "deck"  # look at your deck
    EXTRA_ROLE_DECKS = "extra_role_decks"  # or the owner allows extra role decks
    FINISH_OR_ABANDON = "finish_or_abandon"  # finish the run or abandon it first
    HAND = "hand"  # look at your hand
    JOIN = "join"  # join the crew
    PLAYERS_JOIN = "players_join"  # players join the crew
    READY = "ready"  # say you are ready
    READY_TO_DRAW = "ready_to_draw"  # then say ready to draw back up
    SHOP = "shop"  # look at the Upgrade Pool
    START_RUN = "start_run"  # the owner can start a run
    START_TRAUMA = "start_trauma"  # the owner starts the Trauma Pack
    VOTE = "vote"  # vote; the Leader breaks ties and can close the vote early


# The decision a prompt waits on (`Prompt.kind`).
class PromptKind(StrEnum):
    ASSIGN_DAMAGE = "assign_damage"
    CHOOSE_PLAYER = "choose_player"
    CHOOSE_TARGET = "choose_target"
    DISCARD_FROM_HAND = "discard_from_hand"
    DISCARD_FROM_PLAN = "discard_from_plan"
    DRAW_AND_PUT = "draw_and_put"
    PUT_FROM_HAND = "put_from_hand"
    REPLACE_HAND = "replace_hand"
    REPLACE_PLAN = "replace_plan"
    SCENE_DISCARD = "scene_discard"
