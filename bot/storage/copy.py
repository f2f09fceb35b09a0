"""`db copy`: everything in one store (campaigns with their logs, runs and preferences,
the preferences of no campaign, and the players' saved items) into another, empty one,
of either backend; then
verified: every campaign exports the same from both sides, and both pass `check`."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.storage.base import Pref, SavedItem, Store
from bot.storage.errors import StorageError
from bot.storage.transfer import CampaignExport


@dataclass
class CopyReport:
    campaigns: int = 0
    actions: int = 0
    prefs: int = 0
    items: int = 0  # players' saved items (deck lists …)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _comparable(data: CampaignExport) -> dict[str, object]:
    # What must survive the copy: all but when the export was taken and the schema
    # version of the store it came from.
    return data.model_dump(exclude={"exported_at", "schema_version"})


async def copy_store(src: Store, dst: Store) -> CopyReport:
    if await dst.list_campaigns(None, limit=1) or await dst.load_prefs():
        raise StorageError(
            "The destination database is not empty: `db copy` only copies into a new one.\n"
            "Point DST at an empty database (or file that does not exist yet)."
        )
    report = CopyReport()
    infos = await src.list_campaigns(None)
    for info in infos:
        data = await src.export_campaign(info.id)
        await dst.import_campaign(data, keep_updated_at=True)
        report.campaigns += 1
        report.actions += len(data.actions)
    loose = [p for p in await src.load_prefs() if p.campaign_id is None]
    if loose:
        await dst.save_prefs(loose)
    report.prefs = len(loose)
    items = await src.all_items()
    for item in items:
        await dst.save_item(item)
    report.items = len(items)
    # Verify from scratch: read both sides back.
    for info in infos:
        a = _comparable(await src.export_campaign(info.id))
        b = _comparable(await dst.export_campaign(info.id))
        if a != b:
            report.problems.append(f"campaign {info.id} differs after the copy")
    want = sorted((p.key, p.value or "") for p in loose)
    got = sorted((p.key, p.value or "") for p in await dst.load_prefs() if p.campaign_id is None)
    if want != got:
        report.problems.append("the preferences of no campaign differ after the copy")

    def keys(found: list[SavedItem]) -> list[tuple[str, str, str, str, str]]:
        return [(i.game, i.kind, i.owner, i.name, i.body) for i in found]

    if keys(items) != keys(await dst.all_items()):
        report.problems.append("the players' saved items differ after the copy")
    for side, store in (("source", src), ("destination", dst)):
        check = await store.check()
        report.problems.extend(f"{side}: {p}" for p in check.problems)
    return report


__all__ = ["CopyReport", "Pref", "copy_store"]
