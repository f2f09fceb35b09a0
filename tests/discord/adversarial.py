"""States built to stress the renders: the longest names and texts content allows,
four runners and a merc, every card of a deck in hand, a crowd of Obstacles, a long Plan."""

from __future__ import annotations

from rules.legends.actions import Start
from rules.legends.cards import ContentPack
from rules.legends.engine import apply
from rules.legends.sim import crew_table, seat_roles
from rules.legends.state import ActiveObstacle, PlanEntry, Runner, Table

FILLER = (
    "Immediately deal 2 Damage to each Obstacle, then choose a player: that player draws "
    "two cards and puts one of them into the Plan; Plan Size +1 while this card is in "
    "the Plan; if the Plan makes a Flush, heal 3 and every runner gains an Eddie. "
)
# Discord display names are at most 32 characters; Fixer clips them to 64.
NAMES = (
    "𝕹𝖎𝖌𝖍𝖙 𝕮𝖎𝖙𝖞 𝕷𝖊𝖌𝖊𝖓𝖉 ✦ Long Display Nm",
    "Dr. Alexandria Montgomery-Smith",
    "🔥🔥🔥 xX_NetRunner_Supreme_Xx 🔥",
    "Bartholomew Q. Featherstonehaugh",
)


def long_pack(content: ContentPack) -> ContentPack:
    """The same rules with every name and text as long as content allows (card names to
    80 characters, texts to a few hundred, scene choices to their 80-character limit)."""
    cards = {
        cid: c.model_copy(
            update={
                "name": f"Arasaka Mil-Spec Overclocked Synaptic Accelerator {cid}"[:80],
                "text": (c.text + " " + FILLER)[:420],
            }
        )
        for cid, c in content.cards.items()
    }
    scenarios = {}
    for sid, scen in content.scenarios.items():
        scards = tuple(
            sc.model_copy(
                update={
                    "name": f"The Kettle Row Enforcement Syndicate Checkpoint {sc.order} {sid}"[
                        :80
                    ],
                    "text": (sc.text + " " + FILLER * 2)[:700],
                    "choices": tuple(
                        ch.model_copy(update={"label": (ch.label + " " + "x" * 80)[:80]})
                        for ch in sc.choices
                    ),
                }
            )
            for sc in scen.cards
        )
        scenarios[sid] = scen.model_copy(
            update={
                "name": f"Beneath the Spindle Flyover Where Nothing Is Legal: {sid}"[:100],
                "intro": (scen.intro + " " + FILLER * 6)[:1500],
                "cards": scards,
            }
        )
    campaigns = {
        k: v.model_copy(update={"name": ("The Very Long Campaign of " + k) * 3})
        for k, v in content.campaigns.items()
    }
    return content.model_copy(
        update={"cards": cards, "scenarios": scenarios, "campaigns": campaigns}
    )


def big_crew(content: ContentPack, seed: int = 1) -> Table:
    """Four runners and a merc (more than the engine lets players join with: the
    renders must cope anyway), long names, a 100-character campaign name."""
    t = crew_table(content, runners=4, seed=seed, names=NAMES)
    roles = seat_roles(content, 5)
    merc = Runner(
        player="ai0", name=NAMES[0], role=roles[4], is_merc=True, deck=content.roles[roles[4]].cards
    )
    t = t.model_copy(update={"runners": (*t.runners, merc), "name": "N" * 100})
    return apply(t, Start(player=t.owner), content).table


def stuffed(t: Table, content: ContentPack, *, obstacles: int = 30, plan: int = 12) -> Table:
    """Every card of every deck in hand, `obstacles` Obstacles active (the scenario's,
    repeated), `plan` cards in the Plan."""
    run = t.run
    assert run is not None
    zones = {
        s: z.model_copy(update={"hand": z.hand + z.deck + z.discard, "deck": (), "discard": ()})
        for s, z in run.zones.items()
    }
    scen = content.scenarios[run.scenario]
    orders = [c.order for c in scen.cards if c.kind.value == "obstacle"]
    active = tuple(
        ActiveObstacle(order=orders[i % len(orders)], health=99, damage=i % 7)
        for i in range(obstacles)
    )
    entries: list[PlanEntry] = []
    for s, z in list(zones.items()):
        while z.hand and len(entries) < plan:
            entries.append(PlanEntry(inst=z.hand[0], seat=s, put=len(entries) % 3 == 0))
            z = z.model_copy(update={"hand": z.hand[1:]})
        zones[s] = z
    new_run = run.model_copy(
        update={
            "zones": zones,
            "active": active,
            "plan": tuple(entries),
            "base_plan_size": plan + 2,
        }
    )
    return t.model_copy(update={"run": new_run})
