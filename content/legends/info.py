"""Cyberpunk Legends packs described for content authors (`python -m content`): a
summary line, one row per pack, and a card as players see it."""

from __future__ import annotations

from content.common.translations import summary
from content.legends.translations import translation_warnings
from rules.core.text import count
from rules.legends.cards import ContentPack, PackKind, Scenario, ScenarioCard, ScenarioKind


def summarize(pack: ContentPack, path: str) -> str:
    trauma = pack.trauma_pack_ids()
    scenarios = pack.packs_of(PackKind.SCENARIO)
    obstacles = sum(
        1 for s in pack.scenarios.values() for c in s.cards if c.kind is ScenarioKind.OBSTACLE
    )
    sealed = sum(1 for p in pack.upgrade_packs.values() if p.sealed)
    counts = ", ".join(
        count(n, what)
        for n, what in (
            (len(pack.cards), "card"),
            (len(pack.roles), "role deck"),
            (len(scenarios), "scenario"),
            (len(trauma), "trauma pack"),
            (obstacles, "obstacle"),
            (len(pack.upgrade_packs), "upgrade pack"),
        )
    )
    head = f"OK {path}: {counts} ({sealed} sealed), {count(len(pack.campaigns), 'campaign')}"
    return summary(head, pack.translations, translation_warnings(pack))


def pack_rows(pack: ContentPack) -> list[tuple[str, str, str, str, str, str]]:
    """(id, kind, version, cards, name, requires) for every pack, in load order."""
    rows = []
    for info in pack.packs.values():
        if info.kind is PackKind.CORE:
            cards = count(len(pack.cards), "card")
            cards += f", {count(len(pack.roles), 'role deck')}"
            cards += f", {count(len(pack.campaigns), 'campaign')}"
        elif info.kind is PackKind.UPGRADE:
            upgrade = pack.upgrade_packs[info.id]
            cards = count(len(upgrade.cards), "card") + (", sealed" if upgrade.sealed else "")
        else:
            scen = pack.scenarios[info.id]
            obstacles = sum(1 for c in scen.cards if c.kind is ScenarioKind.OBSTACLE)
            cards = f"{count(len(scen.cards), 'card')} ({count(obstacles, 'obstacle')})"
        requires = ", ".join(info.requires) or "-"
        rows.append((info.id, info.kind.value, info.version, cards, info.name, requires))
    return rows


def render_card(pack: ContentPack, card_id: str) -> list[str]:
    """A player card as players see it: name, ranks and suits, rules text, flavour, cost,
    then where it comes from (starter decks, upgrade packs, rewards)."""
    from content.legends.checks import scene_card_effects
    from rules.legends.effects import AddCards
    from rules.legends.view import card_view

    card = pack.cards[card_id]
    lines = [card_view(card.id, card).label]
    if card.text:
        lines.append(f"  {card.text}")
    if card.flavor:
        lines.append(f"  “{card.flavor}”")
    lines.append(f"  Cost: {count(card.cost, 'Eddie')}")
    sources = []
    for role, deck in pack.roles.items():
        if card_id in deck.cards:
            sources.append(f"{role.value.title()} starter deck (x{deck.cards.count(card_id)})")
    for upgrade in pack.upgrade_packs.values():
        if card_id in upgrade.cards:
            sealed = ", sealed" if upgrade.sealed else ""
            sources.append(f"upgrade pack {upgrade.name} ({upgrade.id}{sealed})")
    for scen in pack.scenarios.values():
        given = card_id in scen.rewards.cards or any(
            isinstance(e, AddCards) and card_id in e.cards
            for c in scen.cards
            for _, e in scene_card_effects(c)
        )
        if given:
            sources.append(f"given in {scen.name} ({scen.id})")
    lines.append(f"  From: {'; '.join(sources) if sources else 'nowhere (unused card)'}")
    lines.append(f"  id: {card.id}")
    return lines


def find_card(pack: ContentPack, query: str) -> str | None:
    """The id of the card `query` names (its id, or its printed name in any case)."""
    if query in pack.cards:
        return query
    by_name = [c.id for c in pack.cards.values() if c.name.lower() == query.strip().lower()]
    return by_name[0] if len(by_name) == 1 else None


def show_card(pack: ContentPack, query: str) -> list[str] | None:
    """A player card, else a Scenario Deck card (Obstacle, scene, clue, memory) that
    `query` names: by printed name in any case, or as `scenario-id#order`."""
    card_id = find_card(pack, query)
    if card_id is not None:
        return render_card(pack, card_id)
    found = find_scenario_card(pack, query)
    if not found:
        return None
    lines: list[str] = []
    for scen, card in found:
        if lines:
            lines.append("")
        lines.extend(render_scenario_card(pack, scen, card))
    return lines


def find_scenario_card(pack: ContentPack, query: str) -> list[tuple[Scenario, ScenarioCard]]:
    """Every Scenario Deck card `query` names (a name may recur across scenarios)."""
    q = query.strip().lower()
    out = []
    for scen in pack.scenarios.values():
        for card in scen.deck_in_order():
            if card.name.lower() == q or f"{scen.id}#{card.order}" == q:
                out.append((scen, card))
    return out


def render_scenario_card(pack: ContentPack, scen: Scenario, card: ScenarioCard) -> list[str]:
    """A Scenario Deck card as the crew meets it, with the numbers an author tunes."""
    lines = [f"{card.name} ({card.kind.value}, card #{card.order} of {scen.name})"]
    if card.text:
        lines.append("  " + card.text.strip().replace("\n", "\n  "))
    if card.flavor:
        lines.append(f"  “{card.flavor.strip()}”")
    if card.kind is ScenarioKind.OBSTACLE:
        by_crew = ", ".join(f"{n} runners {card.health_for(n)}" for n in range(2, 5))
        lines.append(f"  Health: {card.health_for(1)} alone; {by_crew}")
        lines.append(f"  Damage: {card.damage} each round it stands")
        if card.to_hit:
            lines.append("  To Hit: " + " or ".join(r.describe() for r in card.to_hit))
        if card.plan_size:
            lines.append(f"  Plan Size {card.plan_size:+d} while it stands")
    if card.choices:
        lines.append("  Vote: " + "; ".join(f"{c.key}: {c.label}" for c in card.choices))
    if card.memory_key:
        lines.append(f"  Persistent Memory: {pack.memory_name(card.memory_key)}")
    if card.puzzle is not None:
        lines.append(f"  Puzzle: {card.puzzle.question}")
    lines.append(f"  id: {scen.id}#{card.order}")
    return lines


def card_names(pack: ContentPack) -> list[str]:
    scenario_cards = [c.name for s in pack.scenarios.values() for c in s.cards]
    return [*pack.cards, *(c.name for c in pack.cards.values()), *scenario_cards]
