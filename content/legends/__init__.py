"""Cyberpunk Legends content: the loader (`content.legends.loader`) and the bundled core
pack beside it (pack.toml, cards/, roles/, scenarios/, trauma/, upgrades.toml,
campaign.toml). See docs/content.md."""
