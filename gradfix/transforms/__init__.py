"""The rules, one module each, and the registry the runner and the CLI read."""

from __future__ import annotations

from gradfix.transforms.base import Rule
from gradfix.transforms.gf001_missing_zero_grad import MissingZeroGrad
from gradfix.transforms.gf002_zero_grad_between_backward_and_step import ZeroGradBetweenBackwardAndStep

ALL_RULES: tuple[type[Rule], ...] = (
    MissingZeroGrad,
    ZeroGradBetweenBackwardAndStep,
)

RULES_BY_CODE: dict[str, type[Rule]] = {rule.code: rule for rule in ALL_RULES}


def default_codes() -> set[str]:
    return {rule.code for rule in ALL_RULES if rule.default_enabled}
