"""Cyberpunk TCG's front ends: the service adapter (`adapter`), the plug-in (`plugin`),
and the Discord extension and terminal duel as they arrive. Kept light: the registry
imports `cogs.tcg.plugin`, which must not pull in discord.py."""
