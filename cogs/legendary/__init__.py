"""Legendary 2099's front ends: the service adapter (`adapter`), the plug-in (`plugin`),
and the Discord extension and terminal table as they arrive. Kept light: the registry
imports `cogs.legendary.plugin`, which must not pull in discord.py."""
