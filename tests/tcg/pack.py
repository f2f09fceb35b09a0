"""A small pack of test cards written on the spot: one behaviour each, plain names."""

from __future__ import annotations

from typing import Any

from rules.tcg.cards import Card, DeckList, TcgContent


def _u(cid: str, power: int, cost: int = 1, **kw: Any) -> dict[str, Any]:
    return dict(
        id=cid,
        name=cid.replace("-", " ").title(),
        type="unit",
        colour="red",
        cost=cost,
        power=power,
        **kw,
    )


def _p(cid: str, effects: list[dict[str, Any]], cost: int = 1, **kw: Any) -> dict[str, Any]:
    return dict(
        id=cid,
        name=cid.replace("-", " ").title(),
        type="program",
        colour="blue",
        cost=cost,
        effects=effects,
        **kw,
    )


def _l(cid: str, power: int, cost: int | None, colour: str = "green", **kw: Any) -> dict[str, Any]:
    return dict(
        id=cid,
        name=cid.replace("-", " ").title(),
        type="legend",
        colour=colour,
        cost=cost,
        power=power,
        ram=2,
        sell=True,
        **kw,
    )


def _g(
    cid: str, power: int, lower: dict[str, Any] | None = None, cost: int = 1, **kw: Any
) -> dict[str, Any]:
    return dict(
        id=cid,
        name=cid.replace("-", " ").title(),
        type="gear",
        colour="yellow",
        cost=cost,
        power=power,
        lower=lower or {},
        **kw,
    )


def kw(*words: str) -> dict[str, Any]:
    return {"keywords": list(words)}


def trig(when: str, *effects: dict[str, Any], **kw_: Any) -> dict[str, Any]:
    return {"triggers": [dict(when=when, effects=list(effects), **kw_)]}


DRAW = {"type": "draw", "count": 1}

CARDS: list[dict[str, Any]] = [
    _u("grunt", 3, sell=True),
    _u("brute", 5),
    _u("big", 15),
    _u("huge", 25),
    _u("zero", 0, cost=0),
    _u("nine", 9),
    _u("ten", 10),
    _u("wall", 4, text=kw("blocker")),
    _u(
        "wall2",
        6,
        text={
            "keywords": ["blocker"],
            "triggers": [
                {
                    "when": "blocks",
                    "effects": [
                        {"type": "adjust_gig", "direction": "up", "amount": 2, "friendly": True}
                    ],
                }
            ],
        },
    ),
    _u("rusher", 3, text=kw("adrenaline")),
    _u("maxtac", 2, text={"statics": [{"kind": "rivals_fresh_cant_attack"}]}),
    _u("ghost", 3, text={"statics": [{"kind": "cant_be_blocked"}]}),
    _u("berserker", 4, text={"statics": [{"kind": "must_attack"}]}),
    _u("scout", 2, text=trig("attack", DRAW)),
    _u("heavy-scout", 2, text=trig("attack", DRAW, min_power=5)),
    _u("kamikaze", 3, text=trig("attack", {"type": "defeat", "target": "this"})),
    _u("martyr", 2, text=trig("defeated", DRAW)),
    _u(
        "spark",
        2,
        text={
            "abilities": [{"effects": [{"type": "power", "target": "rival_unit", "amount": -2}]}]
        },
    ),
    _u(
        "pumper",
        2,
        text={
            "abilities": [
                {
                    "cost": 1,
                    "spend": False,
                    "effects": [{"type": "power", "target": "this", "amount": 1}],
                }
            ]
        },
    ),
    _u(
        "fixer-friend",
        1,
        text={"statics": [{"kind": "cost_reduction", "card_type": "program", "amount": 2}]},
    ),
    _u("ab-discount", 1, text={"statics": [{"kind": "cost_reduction", "amount": 5}]}),
    _u(
        "even-boost",
        2,
        text={"statics": [{"kind": "power", "amount": 3, "condition": "cred_even"}]},
    ),
    _u("greeter", 1, text=trig("play", DRAW, may=True)),
    _u("herald", 1, text=trig("play", DRAW)),
    _u("dawn", 1, text=trig("start_of_turn", DRAW)),
    _u("dusk", 1, text=trig("end_of_turn", DRAW)),
    _p("zap", [{"type": "defeat", "target": "rival_unit", "max_power": 3}]),
    _p("smoke", [{"type": "power", "target": "rival_unit", "amount": -3}], text=kw("quick")),
    _p("slow-smoke", [{"type": "power", "target": "rival_unit", "amount": -3}]),
    _p("wake", [{"type": "ready", "target": "rival_unit"}], text=kw("quick")),
    _p("rally", [{"type": "ready", "target": "friendly_unit"}], text=kw("quick")),
    _p("snipe", [{"type": "defeat", "target": "rival_unit"}], text=kw("quick")),
    _p(
        "old-new",
        [{"type": "power", "target": "friendly_unit", "amount": 2}],
        cost=0,
        legacy_effects=[{"type": "power", "target": "friendly_unit", "amount": 5}],
    ),
    _g(
        "dying-night",
        0,
        {"triggers": [{"when": "defeated", "effects": [{"type": "ready_eddies", "count": 2}]}]},
    ),
    _u(
        "lifter",
        1,
        text={"statics": [{"kind": "cost_reduction", "card_type": "legend", "amount": 1}]},
    ),
    _p("draw2", [{"type": "draw", "count": 2}], cost=0),
    _p("pricey", [DRAW], cost=3),
    _p("each-draw", [{"type": "draw", "who": "each"}], cost=0),
    _p("recall", [{"type": "to_hand", "target": "any_unit"}]),
    _p("bury", [{"type": "to_deck_bottom", "target": "any_unit"}]),
    _p("swap", [{"type": "swap_gig"}]),
    _p("nudge", [{"type": "adjust_gig", "direction": "up", "amount": 3}]),
    _p("floor", [{"type": "set_gig", "to": "min"}]),
    _p("ceiling", [{"type": "set_gig", "to": "max", "friendly": True}]),
    _p("heist", [{"type": "steal_gig", "count": 2}]),
    _p("bootleg", [{"type": "sell_top"}]),
    _p("flashback", [{"type": "ready_eddies", "count": 2}], cost=0),
    _p("callit", [{"type": "call_legend"}], cost=0),
    _p("peek2", [{"type": "peek", "count": 2}], cost=0),
    _p("jackpot", [{"type": "win_if", "street_cred_at_least": 20}], cost=0),
    _p("stun", [{"type": "spend", "target": "rival_unit", "no_ready_next": True}]),
    _p("freeze", [{"type": "cant_attack", "target": "rival_unit"}]),
    _p("odds", [{"type": "named", "name": "even_odds"}], cost=0),
    _p("surge", [{"type": "named", "name": "pair_surge"}], cost=0),
    _p(
        "weaken",
        [{"type": "power", "target": "any_unit", "amount": -3, "until": "permanent"}],
        cost=0,
    ),
    _p(
        "boost",
        [{"type": "power", "target": "any_unit", "amount": 2, "until": "permanent"}],
        cost=0,
    ),
    _g("blade", 2),
    _g("shield", 0, {"keywords": ["blocker"]}),
    _g("jacket", 0, {"triggers": [{"when": "spent", "effects": [DRAW]}]}),
    _g("rig", 0, {"abilities": [{"effects": [DRAW]}]}),
    _g("scope", 1, cost=0, effects=[DRAW]),
    _l(
        "solo-l",
        6,
        3,
        text={
            "keywords": ["go_solo"],
            "triggers": [{"when": "call", "effects": [DRAW]}, {"when": "play", "effects": [DRAW]}],
        },
        colour="red",
    ),
    dict(_l("null-l", 0, None, text={"abilities": [{"effects": [DRAW]}]}), colour="yellow"),
    _l(
        "quick-l",
        0,
        None,
        text={
            "abilities": [
                {
                    "quick": True,
                    "effects": [{"type": "power", "target": "rival_unit", "amount": -5}],
                }
            ]
        },
    ),
    _l("blocker-l", 4, 2, text=kw("go_solo", "blocker")),
    dict(_l("plain-l", 3, 2), colour="blue"),
    _l("free-l", 0, None, text={"abilities": [{"cost": 2, "free_floor": True, "effects": [DRAW]}]}),
    dict(_l("nosell-l", 0, None), sell=False),
    _l(
        "doomed-l",
        3,
        1,
        text={"keywords": ["go_solo"], "triggers": [{"when": "defeated", "effects": [DRAW]}]},
    ),
]

# The newer kinds (docs/tcg-content.md): name/tag filters, watchers, replacements and
# prevention, "choose one", steal modifiers.
NET = ["NETRUNNER"]
CARDS += [
    _u("runner-a", 2, tags=NET),
    _u("runner-b", 3, tags=NET),
    dict(_u("vex-one", 2), name="Vex", subtitle="One"),
    dict(_u("vex-two", 4), name="Vex", subtitle="Two"),
    _p(
        "net-boost",
        [{"type": "power", "target": "all_friendly_units", "tag": "NETRUNNER", "amount": 2}],
    ),
    _p(
        "net-lift",
        [{"type": "power", "target": "any_unit", "tag": "NETRUNNER", "amount": 1}],
        cost=0,
    ),
    _p("vex-hunt", [{"type": "defeat", "target": "any_unit", "named": "Vex"}], cost=0),
    _u("first-thief", 1, text=trig("you_steal", DRAW, first_each_turn=True)),
    _u("every-thief", 1, text=trig("you_steal", DRAW)),
    _u("tuner", 1, text=trig("you_adjust", DRAW, first_each_turn=True)),
    _u("mourner", 1, text=trig("friendly_defeated", DRAW, tag="NETRUNNER")),
    _u("patron", 1, text=trig("you_play", DRAW, tag="NETRUNNER")),
    _l("first-l", 0, None, colour="blue", text=trig("you_steal", DRAW, first_each_turn=True)),
    _u("dodger", 3, text={"replacements": [{"instead": [{"type": "to_hand", "target": "this"}]}]}),
    _u(
        "bodyguard",
        1,
        text={"replacements": [{"subject": "other_friendly_unit", "sacrifice": True}]},
    ),
    _g("armor", 0, {"replacements": [{"sacrifice": True}]}),
    _u(
        "tough",
        3,
        text={
            "replacements": [
                {
                    "once_each_turn": True,
                    "instead": [{"type": "power", "target": "this", "amount": -1}],
                }
            ]
        },
    ),
    _p("guard", [{"type": "prevent_defeat", "target": "friendly_unit"}], cost=0, text=kw("quick")),
    _p(
        "pick",
        [
            {
                "type": "choose_one",
                "modes": [
                    {"label": "Draw two", "effects": [{"type": "draw", "count": 2}]},
                    {"effects": [{"type": "power", "target": "rival_unit", "amount": -3}]},
                    {"effects": [{"type": "defeat", "target": "rival_unit", "max_power": 0}]},
                ],
            },
            DRAW,
        ],
        cost=0,
    ),
    _u("looter", 5, text={"statics": [{"kind": "steal_bonus", "amount": 1}]}),
    _u("clumsy", 5, text={"statics": [{"kind": "steal_bonus", "amount": -1}]}),
    _p("greed", [{"type": "steal_bonus", "target": "friendly_unit", "amount": 2}], cost=0),
    _u("vault", 1, text={"statics": [{"kind": "protect_gigs"}]}),
    _u("vault20", 1, text={"statics": [{"kind": "protect_gigs", "die_size": 20}]}),
    _u("cagey", 1, text={"statics": [{"kind": "you_choose_stolen"}]}),
]

# Replacements of other events (D3, D4) and group statics.
MERC = ["MERC"]
CARDS += [
    _u("merc-a", 2, tags=MERC),
    _u("merc-b", 3, tags=MERC),
    _u(
        "merc-boss",
        1,
        text={
            "statics": [{"kind": "power", "amount": 2, "affects": "friendly_units", "tag": "MERC"}]
        },
    ),
    _u(
        "rival-sapper",
        1,
        text={"statics": [{"kind": "power", "amount": -1, "affects": "rival_units"}]},
    ),
    _u(
        "cheer",
        1,
        text={"statics": [{"kind": "power", "amount": 1, "affects": "other_friendly_units"}]},
    ),
    _u(
        "vex-cloak",
        1,
        text={"statics": [{"kind": "cant_be_blocked", "affects": "all_units", "named": "Vex"}]},
    ),
    _u(
        "curfew",
        1,
        text={"statics": [{"kind": "cant_attack", "affects": "rival_units", "tag": "MERC"}]},
    ),
    _u(
        "skimmer",
        1,
        text={
            "replacements": [
                {"would": "draw", "once_each_turn": True, "instead": [{"type": "sell_top"}]}
            ]
        },
    ),
    _u(
        "seer",
        1,
        text={"replacements": [{"would": "draw", "instead": [{"type": "peek", "count": 1}, DRAW]}]},
    ),
    _u(
        "always-skim",
        1,
        text={"replacements": [{"would": "draw", "instead": [{"type": "sell_top"}]}]},
    ),
    _u("decoy", 1, text={"replacements": [{"would": "be_stolen", "sacrifice": True}]}),
    _u(
        "alarm",
        1,
        text={"replacements": [{"would": "be_stolen", "once_each_turn": True, "instead": [DRAW]}]},
    ),
    _p(
        "panic-room",
        [{"type": "prevent_steal", "count": 1}],
        cost=0,
        text=kw("quick"),
    ),
    _u(
        "anchored",
        3,
        text={
            "replacements": [
                {"would": "return_to_hand", "instead": [{"type": "spend", "target": "this"}]}
            ]
        },
    ),
    _u(
        "to-hand-trash",
        3,
        text={"replacements": [{"would": "return_to_hand", "move_to": "trash"}]},
    ),
    _u(
        "hand-saver",
        1,
        text={
            "replacements": [{"would": "be_trashed", "subject": "friendly_unit", "move_to": "hand"}]
        },
    ),
    dict(
        _g("homing-chip", 1),
        text={"replacements": [{"would": "be_trashed", "move_to": "hand"}]},
    ),
    _u(
        "phoenix",
        3,
        text={"replacements": [{"would": "be_defeated", "move_to": "hand"}]},
    ),
    _u(
        "bouncer",
        1,
        text={
            "replacements": [
                {
                    "would": "return_to_hand",
                    "subject": "other_friendly_unit",
                    "move_to": "trash",
                }
            ]
        },
    ),
]

PACK = TcgContent(id="test", cards={c["id"]: Card.model_validate(c) for c in CARDS})

# A legal 40-card deck of the test pack: Red Units, Blue Programs, Yellow Gear.
MAIN = [
    ("grunt", 3),
    ("brute", 3),
    ("big", 2),
    ("zero", 2),
    ("wall", 3),
    ("wall2", 2),
    ("rusher", 3),
    ("scout", 3),
    ("martyr", 3),
    ("spark", 2),
    ("greeter", 2),
    ("zap", 3),
    ("smoke", 3),
    ("draw2", 2),
    ("nudge", 2),
    ("blade", 2),
]
DECK = DeckList(id="test", name="Test", legends=("solo-l", "plain-l", "null-l"), cards=tuple(MAIN))

# A legal deck built from the newer kinds, for random playouts that reach them.
NEW_MAIN = [
    ("runner-a", 3),
    ("runner-b", 3),
    ("vex-one", 2),
    ("vex-two", 2),
    ("net-boost", 2),
    ("vex-hunt", 2),
    ("first-thief", 2),
    ("every-thief", 2),
    ("tuner", 3),
    ("mourner", 2),
    ("patron", 2),
    ("dodger", 2),
    ("bodyguard", 2),
    ("armor", 2),
    ("tough", 2),
    ("guard", 2),
    ("pick", 2),
    ("looter", 2),
    ("clumsy", 1),
    ("greed", 1),
    ("vault20", 1),
    ("cagey", 1),
    ("nudge", 3),
]
NEW_DECK = DeckList(
    id="test-new", name="Test New", legends=("solo-l", "first-l", "null-l"), cards=tuple(NEW_MAIN)
)

# A legal deck of the replacements of other events (D3, D4) and the group statics.
NEWEST_MAIN = [
    ("merc-a", 3),
    ("merc-b", 3),
    ("merc-boss", 2),
    ("rival-sapper", 2),
    ("cheer", 2),
    ("vex-one", 2),
    ("vex-two", 2),
    ("vex-cloak", 2),
    ("curfew", 2),
    ("skimmer", 2),
    ("seer", 2),
    ("decoy", 2),
    ("alarm", 2),
    ("panic-room", 3),
    ("anchored", 2),
    ("to-hand-trash", 2),
    ("hand-saver", 2),
    ("homing-chip", 3),
    ("phoenix", 2),
    ("bouncer", 2),
    ("recall", 3),
    ("heist", 2),
    ("snipe", 1),
]
NEWEST_DECK = DeckList(
    id="test-newest",
    name="Test Newest",
    legends=("solo-l", "plain-l", "null-l"),
    cards=tuple(NEWEST_MAIN),
)


# The bundled cards written with the newer kinds (content/tcg/core/cards, end of each file).
NEWER_CORE = [
    "greedy-hands",
    "pack-leader",
    "street-justice",
    "spare-heart",
    "grab-bag",
    "swarm-protocol",
    "phantom-relay",
    "mirror-shard",
    "dead-mans-switch",
    "fork-bomb",
    "tally-clerk",
    "house-rules",
    "lockbox",
    "hedge-bet",
    "vault-keeper",
    "convoy-marshal",
    "field-triage",
    "caravan-host",
    "stubborn-mule",
]


# The bundled cards of the other replacements, group statics, `call_legend` and the
# `cant_attack` static (content/tcg/core/cards, after the NEWER_CORE ones).
NEWEST_CORE = [
    "block-captain",
    "leashed-bruiser",
    "alley-medic",
    "oracle-feed",
    "ghost-signal",
    "sniffer-swarm",
    "payroll-officer",
    "decoy-wallet",
    "mag-lock-boots",
    "salvage-tag",
    "safehouse",
]


def with_newer_cards(deck: DeckList, pack: TcgContent, newer: list[str] | None = None) -> DeckList:
    """A bundled deck plus two of each newer card (NEWER_CORE, or `newer`) of its colour
    (the decks themselves are balanced elsewhere and don't change)."""
    colours = {pack.cards[c].colour for c in deck.legends}
    playing = {c for c, _ in deck.cards}  # a deck may already play one (Decoy Wallet)
    extra = tuple(
        (c, 2) for c in newer or NEWER_CORE if pack.cards[c].colour in colours and c not in playing
    )
    return deck.model_copy(update={"id": f"{deck.id}-plus", "cards": deck.cards + extra})
