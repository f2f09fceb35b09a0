"""What every game's content loader shares: problems as `ContentIssue` (file, item,
field), `ContentError` carrying all of them, and `Collector`, which reads TOML and
validates pydantic models into issues. Pack discovery by game is `content.packs`."""

from content.common.collect import Collector, describe_input, field_path, index_of, model_at
from content.common.errors import ContentError, ContentIssue, display_path

__all__ = [
    "Collector",
    "ContentError",
    "ContentIssue",
    "describe_input",
    "display_path",
    "field_path",
    "index_of",
    "model_at",
]
