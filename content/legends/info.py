"""Cyberpunk Legends packs described for content authors (`python -m content`): a
summary line, one row per pack, and a card as players see it."""

from __future__ import annotations

from rules.legends.cards import ContentPack, PackKind, ScenarioKind


def summarize(pack: ContentPack, path: str) -> str:
    trauma = pack.trauma_pack_ids()
    scenarios = pack.packs_of(PackKind.SCENARIO)
    obstacles = sum(
        1 for s in pack.scenarios.values() for c in s.cards if c.kind is ScenarioKind.OBSTACLE
    )
    sealed = sum(1 for p in pack.upgrade_packs.values() if p.sealed)
    counts = ", ".join(
        _count(n, what)
        for n, what in (
            (len(pack.cards), "card"),
            (len(pack.roles), "role deck"),
            (len(scenarios), "scenario"),
            (len(trauma), "trauma pack"),
            (obstacles, "obstacle"),
            (len(pack.upgrade_packs), "upgrade pack"),
        )
    )
    return f"OK {path}: {counts} ({sealed} sealed), {_count(len(pack.campaigns), 'campaign')}"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def pack_rows(pack: ContentPack) -> list[tuple[str, str, str, str, str, str]]:
    """(id, kind, version, cards, name, requires) for every pack, in load order."""
    rows = []
    for info in pack.packs.values():
        if info.kind is PackKind.CORE:
            cards = _count(len(pack.cards), "card")
            cards += f", {_count(len(pack.roles), 'role deck')}"
            cards += f", {_count(len(pack.campaigns), 'campaign')}"
        elif info.kind is PackKind.UPGRADE:
            upgrade = pack.upgrade_packs[info.id]
            cards = _count(len(upgrade.cards), "card") + (", sealed" if upgrade.sealed else "")
        else:
            scen = pack.scenarios[info.id]
            obstacles = sum(1 for c in scen.cards if c.kind is ScenarioKind.OBSTACLE)
            cards = f"{_count(len(scen.cards), 'card')} ({_count(obstacles, 'obstacle')})"
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
    lines.append(f"  Cost: {card.cost} Eddie{'' if card.cost == 1 else 's'}")
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
    card_id = find_card(pack, query)
    return render_card(pack, card_id) if card_id is not None else None


def card_names(pack: ContentPack) -> list[str]:
    return [*pack.cards, *(c.name for c in pack.cards.values())]
