"""Durable storage for Fixer: campaigns, runs and the append-only action log.

`Store` is the interface; `SqliteStore` (aiosqlite, WAL mode) implements it. See
docs/storage.md for the schema, migrations, recovery and the admin commands.
"""

from bot.storage.base import (
    CampaignInfo,
    CampaignStatus,
    CheckReport,
    LogEntry,
    NewAction,
    NewCampaign,
    RunInfo,
    RunRecord,
    Store,
    StoredCampaign,
)
from bot.storage.errors import (
    CampaignExistsError,
    CampaignNotFoundError,
    ChannelTakenError,
    CorruptDatabaseError,
    DatabaseLockedError,
    DatabaseMissingError,
    DatabaseOpenError,
    DiskFullError,
    DiskIOError,
    DuplicateInteractionError,
    ForeignDatabaseError,
    InvalidExportError,
    MigrationError,
    ReadOnlyDatabaseError,
    SchemaTooNewError,
    StorageError,
    VersionConflictError,
)
from bot.storage.schema import CURRENT_VERSION
from bot.storage.sqlite import SqliteStore, backup_file, check_file
from bot.storage.transfer import CampaignExport

__all__ = [
    "CURRENT_VERSION",
    "CampaignExistsError",
    "CampaignExport",
    "CampaignInfo",
    "CampaignNotFoundError",
    "CampaignStatus",
    "ChannelTakenError",
    "CheckReport",
    "CorruptDatabaseError",
    "DatabaseLockedError",
    "DatabaseMissingError",
    "DatabaseOpenError",
    "DiskFullError",
    "DiskIOError",
    "DuplicateInteractionError",
    "ForeignDatabaseError",
    "InvalidExportError",
    "LogEntry",
    "MigrationError",
    "NewAction",
    "NewCampaign",
    "ReadOnlyDatabaseError",
    "RunInfo",
    "RunRecord",
    "SchemaTooNewError",
    "SqliteStore",
    "StorageError",
    "Store",
    "StoredCampaign",
    "VersionConflictError",
    "backup_file",
    "check_file",
]
