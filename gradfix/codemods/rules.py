"""One LibCST `VisitorBasedCodemodCommand` per rule (named by its code) and `All`.

Each command hands the module to gradfix's runner with that rule selected and returns what the
runner made of it: the same detection, the same fixes, the same fixed-point loop and checks.
No logic lives here. Commands are made from `ALL_RULES`, so a new rule gets one too.

    python -m libcst.tool codemod --no-format gradfix.codemods.rules.GF001 src/
    python -m libcst.tool codemod --no-format gradfix.codemods.rules.All --unsafe-fixes src/

Findings without an applicable fix are reported as codemod warnings.
"""

from __future__ import annotations

import argparse
from typing import ClassVar, FrozenSet

import libcst as cst
from libcst.codemod import CodemodContext, SkipFile, VisitorBasedCodemodCommand

from gradfix.report.rules import summary
from gradfix.runner import Options, process_python
from gradfix.transforms import ALL_RULES, default_codes


class GradfixCommand(VisitorBasedCodemodCommand):
    """The shared adapter; subclasses only name the rules they run."""

    DESCRIPTION: str = "gradfix rules"
    codes: ClassVar[FrozenSet[str]] = frozenset()

    def __init__(self, context: CodemodContext, unsafe_fixes: bool = False) -> None:
        super().__init__(context)
        self.unsafe_fixes = unsafe_fixes

    @staticmethod
    def add_args(arg_parser: argparse.ArgumentParser) -> None:
        arg_parser.add_argument(
            "--unsafe-fixes", dest="unsafe_fixes", action="store_true", help="Also apply fixes marked unsafe."
        )

    def transform_module_impl(self, tree: cst.Module) -> cst.Module:
        path = self.context.filename or "<stdin>"
        options = Options(select=frozenset(self.codes), unsafe_fixes=self.unsafe_fixes, fix=True)
        result = process_python(path, tree.bytes, options)
        if result.error is not None:
            raise SkipFile(result.error)
        for d in result.remaining:
            self.warn(f"{d.path}:{d.line}:{d.column}: {d.code} {d.message}")
        if not result.changed:
            return tree
        return cst.parse_module(result.fixed)  # type: ignore[arg-type]


def _command(name: str, codes: frozenset[str], description: str) -> type[GradfixCommand]:
    return type(name, (GradfixCommand,), {"DESCRIPTION": description, "codes": codes, "__module__": __name__})


for _rule in ALL_RULES:
    _description = f"{_rule.code} ({_rule.name}): {summary(_rule)}"
    globals()[_rule.code] = _command(_rule.code, frozenset({_rule.code}), _description)

All = _command("All", frozenset(default_codes()), "Every gradfix rule enabled by default.")

__all__ = ["All", "GradfixCommand", *(rule.code for rule in ALL_RULES)]
