"""The training-loop model: read-only facts every rule asks about.

A `TrainingLoop` is a `for`/`while` loop whose body (including nested blocks, nested loops
and looked-into helpers) runs a backward pass. Its `events` are the gradient events of one
iteration in program order, each with the branch conditions it runs under and the path of
statements that hold it, so that a rule can decide *and* point at the statement to edit
without walking syntax trees itself.
"""

from __future__ import annotations

from gradfix import syntax as ast
import enum

from gradfix.records import dataclass, field
from gradfix.source import Loop, Source

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class EventKind(enum.Enum):
    BACKWARD = "backward"  # loss.backward(), scaler.scale(loss).backward(), accelerator.backward(loss)
    STEP = "step"  # opt.step(), scaler.step(opt)
    CLEAR = "clear"  # opt.zero_grad(), model.zero_grad(), p.grad = None
    CLIP = "clip"  # clip_grad_norm_ / clip_grad_value_
    UNSCALE = "unscale"  # scaler.unscale_(opt)
    SCHEDULER_STEP = "scheduler_step"  # scheduler.step()
    AUTOGRAD_GRAD = "autograd_grad"  # torch.autograd.grad(...)
    GRAD_READ = "grad_read"  # anything reading `.grad`
    UNKNOWN = "unknown"  # a call we cannot see into that may touch gradients


class ClearScope(enum.Enum):
    OPTIMIZER = "optimizer"  # opt.zero_grad(): exactly that optimizer's parameters
    MODEL = "model"  # model.zero_grad(): whatever that module owns
    PARAMETERS = "parameters"  # p.grad = None, p.grad.zero_(): some parameters


@dataclass(frozen=True, eq=False, repr=False)
class Branch:
    """One branch an event sits in: the `if` body, its `else`, an `except` handler..."""

    node: ast.AST  # the If / Try / ExceptHandler / While / match_case ...
    kind: str  # "if", "else", "except", "try-else", "finally", "case", "while-else", "for-else"
    test: ast.expr | None = None
    depth: int = 0  # how many loops enclose the branch


@dataclass(eq=False, repr=False)
class GradEvent:
    kind: EventKind
    node: ast.AST  # the call (or assignment) that performs the event
    # Statements from the analysed loop's body down to the simple statement holding the
    # event; for events inside a helper, the path ends at the statement calling the helper.
    path: tuple[ast.stmt, ...]
    # Blocks (statement lists) holding each statement of `path`, same length.
    blocks: tuple[list[ast.stmt], ...]
    branches: tuple[Branch, ...]
    loops: tuple[Loop, ...]  # loops around the event, outermost first (the analysed loop included)
    home_loops: tuple[Loop, ...] = ()  # the loops of `loops` written in the analysed code itself
    target: str | None = None  # optimizer key (STEP/CLEAR/UNSCALE), scheduler key, clip params...
    loss: ast.expr | None = None  # BACKWARD: the tensor backpropagated
    scope: ClearScope | None = None  # CLEAR only
    engine: bool = False  # STEP/BACKWARD through an engine that clears by itself (DeepSpeed)
    via: tuple[ast.Call, ...] = ()  # helper calls this event was found through
    withs: tuple[ast.With | ast.AsyncWith, ...] = ()  # `with` blocks around the event
    reason: str = ""  # UNKNOWN: why
    source: Source | None = None  # the file of a helper of another module the event sits in
    helpers: tuple[ast.AST, ...] = ()  # the function definitions of `via`, same order
    # library semantics (gradfix/libraries): a STEP/CLEAR that acts only on sync steps (a
    # prepared optimizer inside `accelerator.accumulate`); a BACKWARD that divides the loss by
    # the accumulation setting named here; a CLIP that unscales first
    gated: bool = False
    divides: str | None = None
    divisor: ast.expr | None = None  # the expression the library divides by, when known
    unscales: bool = False
    # BACKWARD in a helper called from the analysed code: the caller's argument its loss is,
    # when the helper backpropagates one of its parameters as given (`grad_acc.backward(loss)`
    # running `loss.backward()`)
    argument: ast.expr | None = None

    @property
    def foreign(self) -> bool:
        """Inside a helper of another file: its nodes are not in the analysed file."""
        return self.source is not None

    @property
    def anchor(self) -> ast.AST:
        """Where a finding about this event points in the analysed file: the event itself, or
        the call (in the analysed code) of the helper of another file it runs in."""
        return self.via[0] if self.source is not None and self.via else self.node

    @property
    def statement(self) -> ast.stmt:
        """The simple statement (in the analysed file) holding the event."""
        return self.path[-1]

    @property
    def direct(self) -> bool:
        """Written in the loop itself, not inside a helper."""
        return not self.via

    @property
    def call(self) -> ast.Call | None:
        return self.node if isinstance(self.node, ast.Call) else None

    def conditional_within(self, loop: Loop) -> bool:
        """Runs under a branch inside `loop` (not merely somewhere outside it)."""
        return bool(self.branches_within(loop))

    def branches_within(self, loop: Loop) -> tuple[Branch, ...]:
        depth = self.loop_index(loop) + 1
        return tuple(b for b in self.branches if b.depth >= depth)

    def loops_within(self, loop: Loop) -> tuple[Loop, ...]:
        """Loops between `loop` (excluded) and the event."""
        return self.loops[self.loop_index(loop) + 1 :]

    def loop_index(self, loop: Loop) -> int:
        for index, around in enumerate(self.loops):
            if around is loop:
                return index
        raise StopIteration  # what `next()` of an empty search raised


@dataclass(frozen=True)
class ObjectInfo:
    """What the module says about a name: how it was built, and how strongly we believe it."""

    key: str
    kind: str  # "optimizer", "scheduler", "scaler", "engine", "model", "loss-scaler", "unknown"...
    constructor: str | None = None
    params: ast.expr | None = None  # first argument of an optimizer constructor
    strong: bool = False
    library: str | None = None  # the library table's kind (`accelerator`, `accelerated-optimizer`...)
    accumulation: ast.expr | None = None  # the accumulation count it was built with, if given


@dataclass(eq=False, repr=False)
class TrainingLoop:
    """A training iteration: a `for`/`while` loop, or a *step function* (`node` is then the
    function definition) that a loop elsewhere, or a framework, calls once per batch."""

    node: Loop | ast.FunctionDef | ast.AsyncFunctionDef
    events: list[GradEvent]
    function: ast.FunctionDef | ast.AsyncFunctionDef | None
    enclosing_loops: tuple[Loop, ...]  # loops around this one, outermost first
    unknown: list[GradEvent] = field(default_factory=list)
    # step functions: optimizers every caller clears around the call, once per iteration
    cleared_by_callers: frozenset[str] = frozenset()
    why_unknown: str = ""  # step functions: callers that disagree or that gradfix cannot read

    @property
    def is_step_function(self) -> bool:
        return not isinstance(self.node, (ast.For, ast.AsyncFor, ast.While))

    @property
    def body(self) -> list[ast.stmt]:
        return self.node.body

    def of_kind(self, *kinds: EventKind) -> Iterator[GradEvent]:
        return (e for e in self.events if e.kind in kinds)

    def has_backward(self) -> bool:
        return any(e.kind is EventKind.BACKWARD for e in self.events)

    @property
    def is_unknown(self) -> bool:
        """An unseen call may clear, step or backpropagate: rules stay silent."""
        return bool(self.unknown) or bool(self.why_unknown)

    def owns(self, event: GradEvent, training_loops: set[int]) -> bool:
        """The event belongs to this iteration: no training loop sits between them."""
        return not any(id(lp) in training_loops for lp in event.loops_within(self.node))
