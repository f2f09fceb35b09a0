"""Durable storage for Fixer: campaigns, runs and the append-only action log.

`Store` is the interface; `SqliteStore` (aiosqlite, WAL mode) implements it; `AutoBackup`
backs it up while the bot runs; `recover_file` salvages a damaged file. See
docs/storage.md for the schema, migrations, recovery and the admin commands.
"""

from bot.storage.autobackup import AutoBackup
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
    DatabaseExistsError,
    DatabaseLockedError,
    DatabaseMissingError,
    DatabaseOpenError,
    DiskFullError,
    DiskIOError,
    DuplicateInteractionError,
    EmptyDatabaseError,
    ForeignDatabaseError,
    InvalidExportError,
    MigrationError,
    ReadOnlyDatabaseError,
    SchemaTooNewError,
    StorageError,
    VersionConflictError,
)
from bot.storage.recover import RecoveryReport, recover_file
from bot.storage.schema import CURRENT_VERSION
from bot.storage.sqlite import SqliteStore, backup_file, check_file, init_database
from bot.storage.transfer import CampaignExport

__all__ = [
    "CURRENT_VERSION",
    "AutoBackup",
    "CampaignExistsError",
    "CampaignExport",
    "CampaignInfo",
    "CampaignNotFoundError",
    "CampaignStatus",
    "ChannelTakenError",
    "CheckReport",
    "CorruptDatabaseError",
    "DatabaseExistsError",
    "DatabaseLockedError",
    "DatabaseMissingError",
    "DatabaseOpenError",
    "DiskFullError",
    "DiskIOError",
    "DuplicateInteractionError",
    "EmptyDatabaseError",
    "ForeignDatabaseError",
    "InvalidExportError",
    "LogEntry",
    "MigrationError",
    "NewAction",
    "NewCampaign",
    "ReadOnlyDatabaseError",
    "RecoveryReport",
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
    "init_database",
    "recover_file",
]
