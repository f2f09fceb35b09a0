"""The SQLite schema and its forward migrations.

The schema version lives in ``PRAGMA user_version``; ``PRAGMA application_id`` marks the
file as Fixer's. ``MIGRATIONS[n]`` takes a database from version n to n+1 (index 0 builds
an empty file); each one runs in its own transaction together with the new
``user_version``, so a database is always at exactly one version.

Rules for adding a migration: append, never edit a released one; keep it forward-only;
add a test fixture for the version it replaces (tests/storage/test_migrations.py runs
every earlier version up to the current one).
"""

from __future__ import annotations

# "Fixr" in ASCII: marks the file as a Fixer database for `file(1)` and for us.
APPLICATION_ID = 0x46697872

# v1: campaigns (with the state), their genesis states, the append-only action log.
_V1 = """
CREATE TABLE campaigns (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    name        TEXT NOT NULL,
    owner       TEXT NOT NULL,
    guild_id    TEXT,
    channel_id  TEXT,
    status      TEXT NOT NULL CHECK (status IN ('active', 'finished', 'archived')),
    version     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    state       TEXT NOT NULL
);
CREATE UNIQUE INDEX campaigns_active_channel
    ON campaigns (channel_id) WHERE status = 'active' AND channel_id IS NOT NULL;
CREATE TABLE genesis (
    campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    state       TEXT NOT NULL
);
CREATE TABLE actions (
    campaign_id    TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL CHECK (seq > 0),
    version_before INTEGER NOT NULL,
    player         TEXT NOT NULL,
    interaction_id TEXT,
    created_at     INTEGER NOT NULL,
    action         TEXT NOT NULL,
    events         TEXT NOT NULL,
    PRIMARY KEY (campaign_id, seq)
);
CREATE UNIQUE INDEX actions_interaction
    ON actions (campaign_id, interaction_id) WHERE interaction_id IS NOT NULL;
"""

# v2: the action's kind as a column (for admins' queries without parsing JSON), an index
# to list campaigns by status (not by updated_at too: that would cost every commit one
# more page write), and triggers that make the log append-only (rows go only
# with their campaign).
_V2 = """
ALTER TABLE actions ADD COLUMN kind TEXT NOT NULL DEFAULT '';
UPDATE actions SET kind = coalesce(json_extract(action, '$.type'), '');
CREATE INDEX campaigns_status ON campaigns (status);
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
    WHEN EXISTS (SELECT 1 FROM campaigns WHERE id = OLD.campaign_id)
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
"""

# v3: runs (one scenario played in a campaign; the column is `label` since v5). Runs
# that started before v3 are added when they next change, with an unknown start.
_V3 = """
CREATE TABLE runs (
    campaign_id     TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    number          INTEGER NOT NULL,
    scenario        TEXT NOT NULL,
    status          TEXT NOT NULL,
    started_version INTEGER,
    ended_version   INTEGER,
    started_at      INTEGER,
    ended_at        INTEGER,
    PRIMARY KEY (campaign_id, number)
);
"""

# v4: Discord-side preferences that are not game state (DM opt-ins, notices already
# given, the last version posted, open votes' and turn timers' deadlines), kept before
# v4 in a JSON file beside the database. A campaign's go with it (ON DELETE CASCADE);
# the others (a player's closed DMs) belong to no campaign. Values are JSON.
_V4 = """
CREATE TABLE campaign_prefs (
    campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    value       TEXT NOT NULL CHECK (json_valid(value)),
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, key)
) WITHOUT ROWID;
CREATE TABLE prefs (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL CHECK (json_valid(value)),
    updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
"""

# v5: a house of games in one database. At most one active campaign per channel *and
# game* (two games may share a channel without touching each other's rows); campaigns
# are listed by status and game; a run's progress is a game-neutral `label` (a Legends
# scenario id, another game's match or scheme), renamed from `scenario`.
_V5 = """
DROP INDEX campaigns_active_channel;
CREATE UNIQUE INDEX campaigns_active_channel
    ON campaigns (channel_id, game) WHERE status = 'active' AND channel_id IS NOT NULL;
DROP INDEX campaigns_status;
CREATE INDEX campaigns_status ON campaigns (status, game);
ALTER TABLE runs RENAME COLUMN scenario TO label;
"""

# v6: things a player keeps across campaigns and servers (a TCG deck list…): game-neutral
# rows keyed by game, kind, owner (a Discord user id) and name (case-insensitive), the
# body a JSON document the game reads. They belong to no campaign.
_V6 = """
CREATE TABLE saved_items (
    game        TEXT NOT NULL,
    kind        TEXT NOT NULL,
    owner       TEXT NOT NULL,
    name        TEXT NOT NULL COLLATE NOCASE,
    body        TEXT NOT NULL CHECK (json_valid(body)),
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (game, kind, owner, name)
) WITHOUT ROWID;
"""

MIGRATIONS: list[str] = [_V1, _V2, _V3, _V4, _V5, _V6]


def current_version() -> int:
    return len(MIGRATIONS)


CURRENT_VERSION = current_version()
