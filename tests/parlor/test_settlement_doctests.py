"""The doctests of the money arithmetic, business days and receipt formatting run too
(pytest collects doctests from scoring/ and rulesets/ only)."""

from __future__ import annotations

import doctest

import pytest

from parlor.domain import business_days, money
from parlor.public import present


@pytest.mark.parametrize("module", [money, business_days, present], ids=lambda m: m.__name__)
def test_the_modules_examples_hold(module):
    failed, tried = doctest.testmod(module, verbose=False)
    assert tried > 0 and failed == 0
