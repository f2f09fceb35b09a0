"""Automatic online backups while the bot runs.

Every `every` seconds (`BOT_BACKUP_EVERY`, default 6 h) `AutoBackup` copies the database
with the same online backup as `db backup` (one read snapshot; players are not blocked),
checks the copy as `db check` does (integrity, foreign keys, every campaign's log against
its state), and keeps the newest `keep` (`BOT_BACKUP_KEEP`, default 14) of its own
copies, deleting older ones. Copies are named `<database>.auto-<UTC time>.bak` and live
beside the database, or in `BOT_BACKUP_DIR`. Only files with that name are ever deleted.

A copy that fails its check is deleted at once (so rotation never keeps a bad copy in
place of a good one) and reported as an ERROR; so is a backup that fails (disk full…):
the bot plays on and tries again after `retry` seconds. After a restart the schedule
goes on from the newest copy on disk: a bot that restarts often does not make a copy at
each start, and the first copy waits a minute after start (the busiest minute: every
table's board is resumed). Restoring a copy: docs/storage.md, "Restoring a backup".

The app owns one: `start()` once the store is open, `await stop()` before it closes.
"""

from __future__ import annotations

import asyncio
import calendar
import contextlib
import logging
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Protocol

from bot.storage.admin import backup_file, check_file
from bot.storage.base import CheckReport
from bot.storage.errors import StorageError

log = logging.getLogger("bot.storage")

DEFAULT_EVERY = 6 * 3600.0
DEFAULT_KEEP = 14
#: After a failed backup, the next try comes this much later (or after `every`, if less).
DEFAULT_RETRY = 15 * 60.0
#: Nothing is copied sooner than this after start (or `every`, if less): start-up, when
#: every table's board is resumed, is the bot's busiest minute.
DEFAULT_START_DELAY = 60.0

_STAMP = "%Y%m%dT%H%M%S"


class BackupSettings(Protocol):
    """What `AutoBackup.from_settings` reads (`bot.config.Settings` has it)."""

    @property
    def database(self) -> Path: ...

    @property
    def backup_every(self) -> float: ...

    @property
    def backup_keep(self) -> int: ...

    @property
    def backup_dir(self) -> Path | None: ...


class AutoBackup:
    def __init__(
        self,
        database: Path,
        *,
        every: float = DEFAULT_EVERY,
        keep: int = DEFAULT_KEEP,
        directory: Path | None = None,
        retry: float = DEFAULT_RETRY,
        start_delay: float = DEFAULT_START_DELAY,
        clock: Callable[[], float] = time.time,
        check: Callable[[Path], Awaitable[CheckReport]] = check_file,
    ) -> None:
        if every <= 0:
            raise ValueError("every must be positive (use no AutoBackup to turn it off)")
        if keep < 1:
            raise ValueError("keep must be at least 1")
        self.database = Path(database)
        self.every = every
        self.keep = keep
        self.directory = Path(directory) if directory is not None else self.database.parent
        self.retry = min(retry, every)
        self.start_delay = min(start_delay, every)
        self._clock = clock
        self._check = check
        self._task: asyncio.Task[None] | None = None
        self._running: asyncio.Task[Path | None] | None = None
        self._failed_at: float | None = None
        self._pattern = re.compile(
            re.escape(self.database.name) + r"\.auto-(\d{8}T\d{6})(\d{3})Z\.bak"
        )
        self.made = 0  # verified copies made by this process
        self.failures = 0

    @classmethod
    def from_settings(cls, settings: BackupSettings) -> AutoBackup | None:
        """The bot's backups as configured, or None if they are turned off
        (`BOT_BACKUP_EVERY=off`)."""
        if settings.backup_every <= 0:
            return None
        return cls(
            settings.database,
            every=settings.backup_every,
            keep=settings.backup_keep,
            directory=settings.backup_dir,
        )

    # ---- lifecycle -------------------------------------------------------------------

    def start(self) -> None:
        """Schedule the backups (call from the running event loop)."""
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="fixer-auto-backup")
            log.info(
                "automatic backups of %s every %s into %s, keeping %d",
                self.database,
                _duration(self.every),
                self.directory,
                self.keep,
            )

    async def stop(self) -> None:
        """Stop scheduling; a backup under way is finished first (never left half-made)."""
        task, self._task = self._task, None
        if task is None:
            return
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        if self._running is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self._running

    # ---- one backup ------------------------------------------------------------------

    def backups(self) -> list[Path]:
        """This database's automatic copies, oldest first."""
        try:
            names = [p for p in self.directory.iterdir() if self._pattern.fullmatch(p.name)]
        except OSError:
            return []
        return sorted(names, key=lambda p: p.name)

    def next_due(self) -> float:
        """When the next copy is due (clock seconds): `every` after the newest copy."""
        due = self._clock()
        existing = self.backups()
        if existing:
            due = self._stamp_time(existing[-1]) + self.every
        if self._failed_at is not None:
            due = max(due, self._failed_at + self.retry)
        return due

    async def run_once(self) -> Path | None:
        """Make one copy now, check it, rotate. Returns the copy, or None if it failed
        (logged). Shielded: a caller that goes away does not leave a copy half-made."""
        self._running = asyncio.ensure_future(self._backup())
        try:
            return await asyncio.shield(self._running)
        finally:
            if self._running.done():
                self._running = None

    async def _backup(self) -> Path | None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            dest = self._new_name()
            await backup_file(self.database, dest)
            report = await self._check(dest)
            if not report.ok:
                with contextlib.suppress(OSError):
                    dest.unlink()
                raise StorageError(
                    f"The automatic backup {dest} failed its check and was deleted: "
                    + "; ".join(report.problems[:5])
                )
        except (StorageError, OSError) as exc:
            self.failures += 1
            self._failed_at = self._clock()
            why = exc.message if isinstance(exc, StorageError) else str(exc)
            log.error(
                "automatic backup of %s failed (next try in %s): %s",
                self.database,
                _duration(self.retry),
                why,
            )
            return None
        self._failed_at = None
        self.made += 1
        removed = self.rotate()
        log.info(
            "automatic backup %s made and checked (%d campaigns, %d actions); %d older removed",
            dest,
            report.counts.get("campaigns", 0),
            report.counts.get("actions", 0),
            len(removed),
        )
        return dest

    def rotate(self) -> list[Path]:
        """Delete all but the newest `keep` automatic copies; returns those deleted."""
        old = self.backups()[: -self.keep]
        for path in old:
            try:
                path.unlink()
            except OSError as exc:
                log.warning("could not delete the old backup %s: %s", path, exc)
        return old

    # ---- helpers ---------------------------------------------------------------------

    def _new_name(self) -> Path:
        # Millisecond stamps sort in time order; a name already taken moves on by 1 ms.
        ms = int(self._clock() * 1000)
        while True:
            seconds, milli = divmod(ms, 1000)
            stamp = time.strftime(_STAMP, time.gmtime(seconds))
            dest = self.directory / f"{self.database.name}.auto-{stamp}{milli:03d}Z.bak"
            if not dest.exists():
                return dest
            ms += 1

    def _stamp_time(self, path: Path) -> float:
        match = self._pattern.fullmatch(path.name)
        assert match is not None
        struct = time.strptime(match.group(1), _STAMP)
        return calendar.timegm(struct) + int(match.group(2)) / 1000

    async def _loop(self) -> None:
        first = True
        while True:
            delay = max(0.0, self.next_due() - self._clock())
            if first:
                delay, first = max(delay, self.start_delay), False
            await asyncio.sleep(delay)
            try:
                await self.run_once()
            except Exception:  # never let the schedule die: log and go on
                self.failures += 1
                self._failed_at = self._clock()
                log.exception("automatic backup of %s failed", self.database)


def _duration(seconds: float) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{seconds:g}s"
