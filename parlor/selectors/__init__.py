"""Selectors: reads, with the parlor scoping that enforces who may see what."""
