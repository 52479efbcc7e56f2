"""Parlor-owned custom rulesets. Presets live in code (`rulesets.registry.PRESETS`)."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import pgettext_lazy

from parlor.models.parlors import Parlor
from parlor.security.text import OneLineText


class RulesetDefinition(models.Model):
    """A parlor's own ruleset: the engine's ruleset dict, usually `{"base": "<preset>", ...}`.

    It is validated with the engine before it is saved (selectors.rulesets.ruleset_validate).
    Tables refer to a ruleset by its ruleset key: a preset's key, or the key of one of these.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="rulesets")
    key = models.SlugField(pgettext_lazy("model", "Key"), max_length=50)
    title = models.CharField(
        pgettext_lazy("model", "Title"), max_length=100, validators=[OneLineText()]
    )
    definition = models.JSONField(pgettext_lazy("model", "Definition"))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Custom ruleset")
        verbose_name_plural = pgettext_lazy("model", "Custom rulesets")
        ordering = ["key"]
        constraints = [
            models.UniqueConstraint(fields=["parlor", "key"], name="ruleset_unique_key_per_parlor"),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.key})"
