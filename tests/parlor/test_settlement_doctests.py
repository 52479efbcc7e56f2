"""The doctests of parlor's pure modules (money, units, the parlor's own money, the drawer,
business days, table forming...) and of the receipt formatting run too (pytest collects doctests
from scoring/ and rulesets/ only)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import parlor.domain
from parlor.view_helpers import present

MODULES = [
    importlib.import_module(f"parlor.domain.{info.name}")
    for info in pkgutil.iter_modules(parlor.domain.__path__)
] + [present]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_modules_examples_hold(module):
    assert doctest.testmod(module, verbose=False).failed == 0


def test_the_money_modules_have_examples():
    tried = {m.__name__: doctest.testmod(m, verbose=False).attempted for m in MODULES}
    for name in ("money", "units", "house_money", "cash_drawer", "business_days"):
        assert tried[f"parlor.domain.{name}"] > 0, name
