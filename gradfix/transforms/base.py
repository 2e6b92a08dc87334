"""What a rule is and what it returns: findings, each with an optional fix made of edits."""

from __future__ import annotations

import enum
import inspect
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Iterator, Union

import libcst as cst

if TYPE_CHECKING:
    from gradfix.analysis.loops import ModuleModel
    from gradfix.analysis.model import TrainingLoop


class Safety(enum.Enum):
    SAFE = "safe"  # keeps the intent; applied by --write
    UNSAFE = "unsafe"  # may change behaviour the user wanted; needs --unsafe-fixes
    DISPLAY = "display-only"  # shown, never applied


@dataclass(frozen=True, eq=False, repr=False)
class InsertStatements:
    """Insert statements `before`/`after` a statement, or at the `start`/`end` of a block."""

    anchor: cst.CSTNode
    where: str  # "before" | "after" | "start" | "end"
    statements: tuple[cst.BaseStatement, ...]


@dataclass(frozen=True, eq=False, repr=False)
class RemoveStatement:
    statement: cst.BaseStatement
    # comments above a removed statement move to the next one; a statement that is moved
    # elsewhere takes its comments with it instead
    keep_comments: bool = True


@dataclass(frozen=True, eq=False, repr=False)
class ReplaceNode:
    node: cst.CSTNode
    new: cst.CSTNode
    statement: cst.CSTNode  # the statement holding `node`: two fixes editing it conflict


Edit = Union[InsertStatements, RemoveStatement, ReplaceNode]


@dataclass(eq=False)
class Fix:
    edits: list[Edit]
    safety: Safety = Safety.SAFE

    def conflict_keys(self) -> set[int]:
        keys: set[int] = set()
        for edit in self.edits:
            if isinstance(edit, RemoveStatement):
                keys.add(id(edit.statement))
            elif isinstance(edit, ReplaceNode):
                keys.add(id(edit.statement))
        return keys


@dataclass(eq=False, repr=False)
class Finding:
    code: str
    message: str
    node: cst.CSTNode  # where to point (line:col)
    fix: Fix | None = None
    # statements whose line also carries suppressions (the loop header, for instance)
    related: tuple[cst.CSTNode, ...] = field(default_factory=tuple)


class Rule:
    """A rule: its docstring (ruff-style sections) is the source of `--explain` and the docs."""

    code: ClassVar[str]
    name: ClassVar[str]
    message: ClassVar[str]
    safety: ClassVar[Safety] = Safety.SAFE
    default_enabled: ClassVar[bool] = True

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        raise NotImplementedError

    @classmethod
    def docs(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")

    @classmethod
    def summary(cls) -> str:
        doc = cls.docs()
        for line in doc.splitlines():
            if line.strip() and not line.startswith("#"):
                return line.strip()
        return cls.name


class LoopRule(Rule):
    """A rule judged one training loop at a time.

    Loops the model cannot see through (an unseen call may clear, step or backpropagate)
    are skipped, and a finding reached from two nested loops is reported once.
    """

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        for loop in model.loops:
            if loop.is_unknown:
                continue
            for finding in self.check_loop(loop, model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        raise NotImplementedError
