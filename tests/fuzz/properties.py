"""The properties every program must satisfy, shared by the pytest suite and the campaign.

For a program gradfix can parse:
- processing never raises and reports no error (the program is valid Python);
- the fixed output (if any) parses with Python's own parser;
- a second run over the fixed output changes nothing (fixes reach a fixed point);
- a program without gradient events is left byte-identical.
"""

from __future__ import annotations

import ast
import warnings

from gradfix.runner import Options, process_source
from gradfix.transforms import ALL_RULES, default_codes

ALL_CODES = frozenset(rule.code for rule in ALL_RULES)
OPTION_SETS = (
    Options(select=frozenset(default_codes()), fix=True),
    Options(select=ALL_CODES, unsafe_fixes=True, fix=True),
)


class PropertyFailure(AssertionError):
    pass


def check_program(source: str, has_events: bool, options: Options, name: str = "fuzz.py") -> bytes:
    """Run every property; returns the output bytes. Raises PropertyFailure with the reason."""
    data = source.encode("utf-8")
    result = process_source(name, data, options)
    if result.error is not None:
        raise PropertyFailure(f"error on a valid program: {result.error}")
    out = result.fixed if result.fixed is not None else data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(out)
        except SyntaxError as error:
            raise PropertyFailure(f"output does not parse: {error}") from None
    if not has_events and out != data:
        raise PropertyFailure("a program without gradient events was changed")
    if result.fixed is not None:
        again = process_source(name, out, options)
        if again.error is not None:
            raise PropertyFailure(f"error on the fixed output: {again.error}")
        if again.fixed is not None and again.fixed != out:
            raise PropertyFailure("not idempotent: a second run changes the fixed output")
    return out
