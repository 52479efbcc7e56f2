"""Rulesets as data: the presets shipped with tenbo and their registry."""
