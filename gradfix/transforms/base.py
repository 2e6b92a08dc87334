"""What a rule is and what it returns: findings, each with an optional fix made of edits."""

from __future__ import annotations

from gradfix import syntax as ast
import enum

from gradfix.records import dataclass, field

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import ClassVar, Iterator, Tuple, Union

    from gradfix.analysis.loops import ModuleModel
    from gradfix.analysis.model import TrainingLoop


class Safety(enum.Enum):
    SAFE = "safe"  # keeps the intent; applied by --write
    UNSAFE = "unsafe"  # may change behaviour the user wanted; needs --unsafe-fixes
    DISPLAY = "display-only"  # shown, never applied


# New code, as physical lines: (text relative to the block it goes into, whether to prefix it
# with that block's indentation). Lines inside a multi-line string keep their text verbatim.
if TYPE_CHECKING:
    Lines = Tuple[Tuple[str, bool], ...]
else:
    Lines = "Tuple[Tuple[str, bool], ...]"  # for annotations only, never evaluated


def code_lines(code: str) -> Lines:
    """Lines of new code written at the block's own indentation (nested lines already carry
    their extra indentation)."""
    return tuple((line, bool(line)) for line in code.split("\n"))


@dataclass(frozen=True, eq=False, repr=False)
class InsertStatements:
    """Insert statements `before`/`after` a statement, or at the `start`/`end` of a block
    (`anchor` is then the block: the statement list)."""

    anchor: ast.stmt | list  # type: ignore[type-arg]
    where: str  # "before" | "after" | "start" | "end"
    lines: Lines


@dataclass(frozen=True, eq=False, repr=False)
class RemoveStatement:
    statement: ast.stmt
    # comments above a removed statement stay (above the next one); a statement that is
    # moved elsewhere takes its comments with it instead
    keep_comments: bool = True


@dataclass(frozen=True, eq=False, repr=False)
class ReplaceNode:
    """Replace the text of `node` (with the parentheses that belong to it, unless `span`
    says otherwise) by `new`."""

    node: ast.AST
    new: str
    statement: ast.AST  # the statement holding `node`: two fixes editing it conflict
    span: tuple[int, int] | None = None  # text offsets to replace instead of the node's


if TYPE_CHECKING:
    Edit = Union[InsertStatements, RemoveStatement, ReplaceNode]
else:
    Edit = "Union[InsertStatements, RemoveStatement, ReplaceNode]"  # for annotations only, never evaluated


@dataclass(eq=False)
class Fix:
    edits: list[Edit]
    safety: Safety = Safety.SAFE
    # statements the fix's new text copies (GF006's flush copies the window): it waits for a
    # pass in which no other fix edits them, so that it copies them as they end up
    copies: tuple[ast.AST, ...] = ()
    # a fix that makes the code do what it says (GF026's `opt.step` -> `opt.step()`): in a pass
    # that has one, the other fixes wait for the next pass, which reads the code it repaired
    alone: bool = False
    # `match` statements (read as `if` chains, gradfix/match_arms.py) whose subject the fix
    # writes in a test it built from the subject and an arm's literal itself (GF006's flush of
    # a `case 0:` window, `if (i + 1) % N != 0:`): the subject's text in it is not refused
    match_subjects: tuple[ast.AST, ...] = ()

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
    node: ast.AST  # where to point (line:col)
    fix: Fix | None = None
    # statements whose line also carries suppressions (the loop header, for instance)
    related: tuple[ast.AST, ...] = field(default_factory=tuple)


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
        import inspect  # only for the rule documentation: not at start-up

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

    # the rule judges loops with unseen calls itself (`loop.unknown`); loops whose callers
    # gradfix cannot read (`why_unknown`) are skipped all the same
    judges_unseen_calls = False

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        for loop in model.loops:
            if loop.why_unknown or (loop.unknown and not self.judges_unseen_calls):
                continue
            for finding in self.check_loop(loop, model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        raise NotImplementedError
