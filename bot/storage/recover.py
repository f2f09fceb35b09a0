"""`db recover DST`: copy everything SQLite can still read from a damaged database into a
new one, check it, and say what could not be recovered.

The damaged file is only read (it is never modified): a scratch copy of it and of its
WAL (the commits of a bot that was killed) is what gets read. The new database is built
at the damaged one's schema version (the bot migrates it as usual when it opens it) in a
temporary file beside DST, filled table by table, and moved into place only when whole.

How rows are salvaged: each table is read in rowid order in small batches. When a read
fails (a damaged page), the reader seeks past the damage, doubling the jump until a seek
succeeds and then narrowing it down (bisection), so only the rows on the damaged pages
are lost, not the rest of the table. Tables without rowids (the preferences) are read in
key order up to the first damage. A row whose parent was lost (a log row of a campaign
whose row could not be read) cannot be kept: the new database must pass `db check`'s
structural checks, so it is counted and reported instead. Afterwards every campaign's
log is compared with its state: a campaign that lost log rows plays on from its state,
but can no longer be replayed; the report names it and the sequence numbers it lost.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.storage import schema
from bot.storage.admin import check_file
from bot.storage.base import CheckReport
from bot.storage.connection import fsync_path, remove_with_sidecars
from bot.storage.errors import (
    CorruptDatabaseError,
    DatabaseMissingError,
    ForeignDatabaseError,
    SchemaTooNewError,
    StorageError,
)

log = logging.getLogger("bot.storage")

#: Tables in the order they are copied (parents first), with the schema version that
#: added each one.
TABLES: tuple[tuple[str, int], ...] = (
    ("campaigns", 1),
    ("genesis", 1),
    ("actions", 1),
    ("runs", 3),
    ("campaign_prefs", 4),
    ("prefs", 4),
)
_BATCH = 256
_MAX_JUMP = 1 << 62


@dataclass
class TableRecovery:
    """What became of one table."""

    name: str
    copied: int = 0
    #: Rowid ranges (exclusive bounds) that could not be read, or for a table without
    #: rowids the key after which reading stopped.
    unreadable: list[str] = field(default_factory=list)
    #: Rows read but not kept, by reason (their campaign was lost, a constraint).
    dropped: dict[str, int] = field(default_factory=dict)
    error: str | None = None  # the first SQLite error met in it


@dataclass
class RecoveryReport:
    source: str
    dest: str
    schema_version: int
    tables: list[TableRecovery] = field(default_factory=list)
    #: Campaigns whose log no longer matches their state: "id: what is missing".
    campaigns: list[str] = field(default_factory=list)
    check: CheckReport | None = None

    @property
    def lost_anything(self) -> bool:
        return bool(
            self.campaigns or any(t.unreadable or t.dropped or t.error for t in self.tables)
        )

    @property
    def ok(self) -> bool:
        return not self.lost_anything and self.check is not None and self.check.ok


async def recover_file(src: str | Path, dest: str | Path) -> RecoveryReport:
    """Copy what can be read from `src` into the new database `dest` (which must not
    exist), then check `dest`. Raises StorageError if nothing can be recovered."""
    source, target = Path(src), Path(dest)
    if not source.is_file():
        raise DatabaseMissingError(f"There is no database at {source}.")
    if source.stat().st_size == 0:
        raise CorruptDatabaseError(
            f"{source} is empty (0 bytes): there is nothing to recover.\n"
            'Restore the latest backup instead (docs/storage.md, "Restoring a backup").'
        )
    if target.exists():
        raise StorageError(
            f"{target} already exists.\nRecover into a new file: db recover never overwrites one."
        )
    if target.resolve().parent == source.resolve().parent and target.name == source.name:
        raise StorageError(f"Refusing to recover {source} onto itself.")
    if not target.parent.is_dir():
        raise DatabaseMissingError(f"The directory {target.parent} does not exist.")
    report = await asyncio.to_thread(_recover, source, target)
    report.check = await check_file(target)
    log.info("recovered %s into %s", source, target)
    return report


def _recover(source: Path, target: Path) -> RecoveryReport:
    # Read a scratch copy of the file and its WAL, never the file itself: a connection
    # to a database with a WAL (a bot that was killed) replays it, and its close would
    # checkpoint the WAL into the damaged file. The copy replays it instead, so the
    # commits that were only in the WAL are recovered too.
    scratch = target.with_name(f".{target.name}.recover-src-{os.getpid()}")
    remove_with_sidecars(scratch)
    try:
        try:
            shutil.copyfile(source, scratch)
            wal = source.with_name(source.name + "-wal")
            if wal.exists():
                shutil.copyfile(wal, f"{scratch}-wal")
        except OSError as exc:
            raise StorageError(
                f"Could not copy {source} to read it ({exc}).\n"
                f"db recover needs room for a copy of it beside {target}."
            ) from exc
        src = sqlite3.connect(scratch, isolation_level=None)
        try:
            src.execute("PRAGMA query_only = ON")
            return _recover_from(src, source, target)
        finally:
            src.close()
    finally:
        remove_with_sidecars(scratch)


def _recover_from(src: sqlite3.Connection, source: Path, target: Path) -> RecoveryReport:
    version = _header(src, source)
    tmp = target.with_name(f".{target.name}.recover-{os.getpid()}")
    remove_with_sidecars(tmp)
    report = RecoveryReport(source=str(source), dest=str(target), schema_version=version)
    try:
        dst = sqlite3.connect(tmp, isolation_level=None)
        try:
            _build(dst, version)
            dst.execute("PRAGMA foreign_keys = ON")
            dst.execute("BEGIN")
            for name, since in TABLES:
                if version >= since:
                    report.tables.append(_copy_table(src, dst, name))
            dst.execute("COMMIT")
            report.campaigns = _log_gaps(dst)
        finally:
            dst.close()
        fsync_path(tmp)
        os.link(tmp, target)
        fsync_path(target.parent)
    except (OSError, sqlite3.Error) as exc:
        raise StorageError(f"Could not write {target}: {exc}") from exc
    finally:
        remove_with_sidecars(tmp)
    return report


def _header(src: sqlite3.Connection, source: Path) -> int:
    """The damaged file's schema version (refusing files that are not Fixer's)."""
    try:
        app_id = int(src.execute("PRAGMA application_id").fetchone()[0])
        version = int(src.execute("PRAGMA user_version").fetchone()[0])
        src.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        raise CorruptDatabaseError(
            f"Nothing can be recovered from {source}: SQLite cannot read even its header or "
            f"its list of tables ({exc}).\n"
            'Restore the latest backup instead (docs/storage.md, "Restoring a backup").'
        ) from exc
    if app_id != schema.APPLICATION_ID:
        raise ForeignDatabaseError(
            f"{source} is not a Fixer database (application id {app_id:#x}).\n"
            "db recover only salvages Fixer databases."
        )
    supported = schema.current_version()
    if version > supported:
        raise SchemaTooNewError(
            f"{source} was written by a newer Fixer (schema v{version}; this one knows up to "
            f"v{supported}).\nRecover it with that version of Fixer.",
            found=version,
            supported=supported,
        )
    if version < 1:
        raise CorruptDatabaseError(f"{source} holds no Fixer tables: there is nothing to recover.")
    return version


def _build(dst: sqlite3.Connection, version: int) -> None:
    """An empty Fixer database at `version` (one self-contained file, no WAL yet)."""
    dst.execute("PRAGMA journal_mode = DELETE")
    dst.executescript(
        "BEGIN;\n"
        f"PRAGMA application_id = {schema.APPLICATION_ID};\n"
        + "\n".join(schema.MIGRATIONS[:version])
        + f"\nPRAGMA user_version = {version};\nCOMMIT;"
    )


def _columns(dst: sqlite3.Connection, table: str) -> list[str]:
    return [str(r[1]) for r in dst.execute(f"PRAGMA table_info({table})")]


def _copy_table(src: sqlite3.Connection, dst: sqlite3.Connection, table: str) -> TableRecovery:
    result = TableRecovery(name=table)
    cols = _columns(dst, table)
    insert = f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
    rows = (
        _salvage_keyed(src, table, cols, result)
        if _without_rowid(dst, table)
        else (_salvage_rowid(src, table, cols, result))
    )
    for row in rows:
        try:
            dst.execute("SAVEPOINT r")
            dst.execute(insert, row)
            dst.execute("RELEASE r")
            result.copied += 1
        except sqlite3.IntegrityError as exc:
            dst.execute("ROLLBACK TO r")
            dst.execute("RELEASE r")
            reason = (
                "its campaign could not be recovered"
                if "FOREIGN KEY" in str(exc)
                else f"a constraint failed ({exc})"
            )
            result.dropped[reason] = result.dropped.get(reason, 0) + 1
    return result


def _without_rowid(dst: sqlite3.Connection, table: str) -> bool:
    row = dst.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    return row is not None and "WITHOUT ROWID" in str(row[0]).upper()


def _salvage_rowid(
    src: sqlite3.Connection, table: str, cols: Sequence[str], result: TableRecovery
) -> Iterator[tuple[Any, ...]]:
    """Every readable row of a rowid table, skipping damaged ranges.

    Reads use ``rowid >= start``: a seek descends to the page that covers `start`, so
    after damage the next read starts on the first readable page, not the damaged one.
    """
    sql = (
        f"SELECT rowid, {', '.join(cols)} FROM {table} NOT INDEXED"
        " WHERE rowid >= ? ORDER BY rowid LIMIT ?"
    )
    start = -(1 << 63)
    while True:
        try:
            batch = src.execute(sql, (start, _BATCH)).fetchall()
        except sqlite3.DatabaseError as exc:
            # Read one row at a time up to the damage, then jump past it.
            good = _single_rows(src, sql, start)
            for row in good:
                yield tuple(row[1:])
            if good:
                start = int(good[-1][0]) + 1
            result.error = result.error or str(exc)
            resume = _past_damage(src, table, start)
            if resume is None:
                result.unreadable.append(f"rows from rowid {start} on (the rest of the table)")
                return
            if resume <= start:
                # The seek reaches the row that cannot be read: that row is lost.
                result.unreadable.append(f"rowid {start}")
                start += 1
                continue
            result.unreadable.append(f"rowids {start} to {resume - 1}")
            start = resume
            continue
        if not batch:
            return
        for row in batch:
            yield tuple(row[1:])
        start = int(batch[-1][0]) + 1


def _single_rows(src: sqlite3.Connection, sql: str, start: int) -> list[Any]:
    rows: list[Any] = []
    while True:
        try:
            batch = src.execute(sql, (start, 1)).fetchall()
        except sqlite3.DatabaseError:
            return rows
        if not batch:
            return rows
        rows.append(batch[0])
        start = int(batch[0][0]) + 1


class _SeekFailed(Exception):
    pass


def _first_from(src: sqlite3.Connection, table: str, start: int) -> int | None:
    """The first rowid >= start (None: there is none); _SeekFailed if the seek meets
    damage."""
    try:
        row = src.execute(
            f"SELECT rowid FROM {table} NOT INDEXED WHERE rowid >= ? ORDER BY rowid LIMIT 1",
            (start,),
        ).fetchone()
    except sqlite3.DatabaseError:
        raise _SeekFailed from None
    return None if row is None else int(row[0])


def _seeks(src: sqlite3.Connection, table: str, start: int) -> bool:
    try:
        _first_from(src, table, start)
    except _SeekFailed:
        return False
    return True


def _past_damage(src: sqlite3.Connection, table: str, start: int) -> int | None:
    """The smallest readable rowid at or past `start`, beyond the damage there (None:
    nothing readable follows). Seeks at growing distances until one succeeds, then
    bisects between the last failing and the first succeeding seek."""
    if _seeks(src, table, start):
        return _first_from(src, table, start)
    bad = start
    jump = 1
    while not _seeks(src, table, start + jump):
        bad = start + jump
        jump *= 2
        if start + jump > _MAX_JUMP:
            return None
    good = start + jump
    while good - bad > 1:  # seeks at `bad` fail, at `good` succeed
        mid = (bad + good) // 2
        if _seeks(src, table, mid):
            good = mid
        else:
            bad = mid
    try:
        return _first_from(src, table, good)
    except _SeekFailed:
        return None


def _salvage_keyed(
    src: sqlite3.Connection, table: str, cols: Sequence[str], result: TableRecovery
) -> Iterator[tuple[Any, ...]]:
    """A table without rowids (the preferences), in key order, up to the first damage."""
    key = ["campaign_id", "key"] if "campaign_id" in cols else ["key"]
    order = ", ".join(key)
    first = f"SELECT {', '.join(cols)} FROM {table} ORDER BY {order} LIMIT 1"
    nxt = (
        f"SELECT {', '.join(cols)} FROM {table} WHERE ({order}) > ({', '.join('?' * len(key))})"
        f" ORDER BY {order} LIMIT 1"
    )
    last: tuple[Any, ...] | None = None
    while True:
        try:
            if last is None:
                row = src.execute(first).fetchone()
            else:
                row = src.execute(nxt, [last[cols.index(k)] for k in key]).fetchone()
        except sqlite3.DatabaseError as exc:
            result.error = result.error or str(exc)
            where = "the whole table" if last is None else f"rows after key {last[: len(key)]}"
            result.unreadable.append(where)
            return
        if row is None:
            return
        last = tuple(row)
        yield last


def _log_gaps(dst: sqlite3.Connection) -> list[str]:
    """Campaigns whose recovered log does not cover their state, and what is missing."""
    out: list[str] = []
    rows = dst.execute(
        "SELECT c.id, c.version, g.version FROM campaigns c"
        " LEFT JOIN genesis g ON g.campaign_id = c.id ORDER BY c.id"
    ).fetchall()
    for cid, version, gversion in rows:
        if gversion is None:
            out.append(f"{cid}: its genesis state could not be read (it cannot be replayed)")
            continue
        seqs = {
            int(r[0]) for r in dst.execute("SELECT seq FROM actions WHERE campaign_id = ?", (cid,))
        }
        expected = int(version) - int(gversion)
        missing = sorted(set(range(1, expected + 1)) - seqs)
        if missing:
            out.append(
                f"{cid}: {len(missing)} of {expected} log rows could not be read "
                f"(seq {_ranges(missing)}); its state plays on, but its log no longer replays"
            )
    return out


def _ranges(numbers: Sequence[int]) -> str:
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(parts[:10]) + (" …" if len(parts) > 10 else "")
