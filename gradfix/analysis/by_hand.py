"""Where an iteration may handle gradients by hand in code gradfix cannot see into.

The loop model records the gradient events it can see: `.grad` read or written in the
analysed code (GRAD_READ, PARAMETERS clears), and what helpers it looked into do. A call it
could not look into (a helper of a library, or of a module it cannot read) leaves no event,
yet may copy the gradients out (`flatten_grads(model)`), stash them in a buffer
(`grad_buffer.add(model)`), clear them or write them back. Rules that move or add clears,
merge backward passes or add steps must not do so across such a call: the loop they would
produce is not the one the author wrote.

A call counts when gradfix did not look into it, it is not a known-harmless builtin or
logging call, and it names gradients (`flatten_grads(...)`, `grad_stash.add(...)`, an
argument that says `grad`), or it is handed the parameters (`f(model.parameters())`) or a
model the iteration runs (an argument that is the callee of a forward call of the loop,
`compressor.pack(model)`). It errs on the side of "may": rules then stay silent. One shape
is read as what it is: a call handed the model (or its parameters) whose result is an
arithmetic term of a loss the loop then backpropagates (`loss_reg = reg_fn(model) * lam`,
`loss += lam * l1(model)`) computes a tensor from the weights, a regulariser; it counts
again when it or an argument names gradients, or it is also handed an optimizer. So does such
a call handed nothing but the weights whose result is bound alone to a name the loop then adds
into the loss (`reg = reg_fn(model)`, later `loss = loss + lam * reg`).
"""

from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.accumulation import Accumulation
from gradfix.analysis.graphs import IterationFlow, is_forward_call
from gradfix.analysis.loops import HARMLESS_CALLS, ModuleModel, zeroed_gradient
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import call_name, dotted, walk_expression
from gradfix.patterns import lazily
from gradfix.source import COMPOUND, DEFINITIONS, SCOPES
from gradfix.walk import child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterable

_GRAD_WORDS = {"requires_grad", "requires_grad_", "no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "retain_graph"}
# Names that say `grad` about something else: a loss scaler, an accumulation count, a clipping
# threshold, gradient checkpointing (`grad_scaler.update()`, `args.max_grad_norm`).
_NOT_GRADIENTS = lazily(r"scal|accum|acc_?steps|max_grad|grad_?clip|clip_?grad|checkpoint", re.I)
# Calls that take a model or parameters and never touch `.grad` (constructors, builtins, logging).
_HARMLESS = HARMLESS_CALLS | {
    "sum", "any", "all", "map", "filter", "sorted", "next", "iter", "float", "int", "bool", "hash",
    "vars", "callable", "set_postfix_str", "set_description", "add_scalars", "add_histogram",
    "train", "eval", "to", "cuda", "cpu", "numel", "named_modules", "modules", "children",
}  # fmt: skip
# methods of a gradient that only measure it
_MEASURES = frozenset({"norm", "abs", "sqrt", "sum", "mean", "max", "min", "item", "pow", "isfinite", "isnan", "isinf", "numel", "size", "dim"})
# Roots of library calls: they do what their documentation says, and none of them takes a
# model to copy or clear its gradients behind the loop's back.
_LIBRARY_ROOTS = {"torch", "F", "nn", "np", "numpy", "math", "random", "time", "os", "logging", "wandb", "json", "copy"}


def _names_gradients(node: ast.AST) -> bool:
    for sub in walk_expression(node):
        name = sub.id if isinstance(sub, ast.Name) else sub.attr if isinstance(sub, ast.Attribute) else None
        if name is not None and "grad" in name.lower() and name not in _GRAD_WORDS and not _NOT_GRADIENTS.search(name):
            return True
    return False


def model_keys(loop: TrainingLoop, model: ModuleModel) -> set[str]:
    """Keys of the models an iteration runs: callees of its forward calls (`model(x)`,
    `self.encoder(x)`), and what `.parameters()` or `.zero_grad()` is called on. Found once
    per loop of a model (the rules ask again and again)."""
    cache: dict[int, set[str]] = model.__dict__.setdefault("_model_keys", {})
    keys = cache.get(id(loop.node))
    if keys is None:
        keys = cache[id(loop.node)] = _model_keys(loop, model)
    return keys


class _ModelKeys:
    """`model_keys(loop, model)`, found only when a call is first checked against it."""

    __slots__ = ("loop", "model", "keys")

    def __init__(self, loop: TrainingLoop, model: ModuleModel) -> None:
        self.loop, self.model, self.keys = loop, model, None

    def __contains__(self, key: object) -> bool:
        if self.keys is None:
            self.keys = model_keys(self.loop, self.model)
        return key in self.keys


def _model_keys(loop: TrainingLoop, model: ModuleModel) -> set[str]:
    source = model.source
    keys: set[str] = set()
    for stmt in loop.body:
        for node in _walk(stmt):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in ("parameters", "named_parameters", "zero_grad"):
                if dotted(func.value) is not None:
                    keys.add(source.key(func.value))
                continue
            if is_forward_call(node) and dotted(func) is not None:
                keys.add(source.key(func))
    return keys


def _walk(node: ast.AST) -> Iterable[ast.AST]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        for child in child_nodes(current):
            if not isinstance(child, SCOPES):
                stack.append(child)


def unseen_gradient_handling(
    statements: Iterable[ast.AST],
    loop: TrainingLoop,
    model: ModuleModel,
    models: set[str] | None = None,
    whole: bool = False,
) -> ast.Call | None:
    """The first call in `statements` of `loop` that may read, stash, clear or write gradients
    in code gradfix did not look into. The statements are simple statements and compound
    headers (the units of an `IterationFlow`), or with `whole`, statements whose blocks are
    searched too."""
    if models is None:
        models = _ModelKeys(loop, model)  # type: ignore[assignment]
    # calls the loop model recognised as gradient events speak for themselves (in the loop, or
    # in a helper it looked into whose statements are asked about)
    recognised = {id(e.node) for e in loop.events if e.kind is not EventKind.UNKNOWN}
    for statement in statements:
        if isinstance(statement, DEFINITIONS):
            continue
        if isinstance(statement, ast.ExceptHandler):
            roots: list[ast.AST] = [statement.type] if statement.type is not None else []
        else:
            roots = _headers(statement) if isinstance(statement, COMPOUND) and not whole else [statement]
        for root in roots:
            stack: list[ast.AST] = [root]
            # expressions whose value goes into an assignment's value: id -> (the statement, whether
            # it is a term combined with others by arithmetic: `reg_fn(model) * lam`, `+= l1(model)`)
            terms: dict[int, tuple[ast.stmt, bool]] = {}
            while stack:
                node = stack.pop()
                if id(node) in recognised:
                    continue  # its arguments (`clip_grad_norm_(model.parameters())`) are part of it
                if isinstance(node, SCOPES):
                    continue
                if node.__class__ in _TERM_KINDS:
                    _mark_terms(node, terms)
                stack.extend(child_nodes(node))
                if isinstance(node, ast.Call) and id(node) not in model.inlined_calls and _may_handle(node, models, model):
                    term = terms.get(id(node))
                    if term is not None and term[1] and _computes_a_loss_term(node, term[0], loop, model):
                        continue  # `loss = loss / gc + reg_fn(model) * lam`: a term of the loss computed
                    if term is not None and not term[1] and _bound_as_a_loss_term(node, term[0], models, loop, model):
                        continue  # `reg = reg_fn(model)`, later `loss = loss + reg`: the same, bound first
                    return node
    return None


_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div)
_TERM_KINDS = frozenset({ast.Assign, ast.AugAssign, ast.AnnAssign, ast.BinOp, ast.UnaryOp, ast.Call})


def _mark_terms(node: ast.AST, terms: dict[int, tuple[ast.stmt, bool]]) -> None:
    """Record which sub-expressions of an assignment's value are terms of it (`_mark_terms` is
    called on parents before their children)."""
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        if node.value is not None:
            terms[id(node.value)] = (node, False)
        return
    if isinstance(node, ast.AugAssign):
        terms[id(node.value)] = (node, isinstance(node.op, _ARITHMETIC))
        return
    term = terms.get(id(node))
    if term is None:
        return
    if isinstance(node, ast.BinOp):
        if isinstance(node.op, _ARITHMETIC):
            terms[id(node.left)] = terms[id(node.right)] = (term[0], True)
    elif isinstance(node, ast.UnaryOp):
        if isinstance(node.op, (ast.USub, ast.UAdd)):
            terms[id(node.operand)] = term
    elif isinstance(node.func, ast.Name) and node.func.id == "sum" and len(node.args) == 1 and not node.keywords:  # type: ignore[attr-defined]
        arg = node.args[0]  # type: ignore[attr-defined]
        parts = arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg.elt] if isinstance(arg, ast.GeneratorExp) else []
        for part in parts:
            terms[id(part)] = (term[0], True)  # `sum([l1(model), l2(model)])`: terms added up


def _computes_a_loss_term(call: ast.Call, statement: ast.stmt, loop: TrainingLoop, model: ModuleModel) -> bool:
    """`loss = loss / gc + reg_fn(model) * lam`, `loss += l1_penalty(model)`: a call handed the
    model (or its parameters) whose result is a term of a loss the iteration backpropagates
    computes a tensor from the weights before that backward pass; it does not read, stash, clear
    or write gradients. Not when the call, or an argument, names gradients, nor when it is
    handed an optimizer, scheduler, scaler or engine (`loss + penalty(model, optimizer)`: it
    may clear or step), nor when the value does not reach a backward pass of the loop
    (`total = total + train_step(model, batch)` sums what a helper that may step returned)."""
    if _names_gradients(call.func):
        return False
    facts = model.facts
    source = model.source
    for value in [a.value if isinstance(a, ast.Starred) else a for a in call.args] + [k.value for k in call.keywords]:
        if _names_gradients(value):
            return False
        if dotted(value) is not None:
            key = source.key(value)
            if facts.optimizer_evidence(key) is not None or facts.kind(key) in _STEPPING_KINDS or facts.is_engine(key):
                return False
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]  # type: ignore[attr-defined]
    backpropagated = _backpropagated(loop, model)
    return any(dotted(target) is not None and source.key(target) in backpropagated for target in targets)


_STEPPING_KINDS = frozenset({"optimizer", "lightning", "scheduler", "scaler", "engine"})


def _bound_as_a_loss_term(call: ast.Call, statement: ast.stmt, models: set[str], loop: TrainingLoop, model: ModuleModel) -> bool:
    """`reg = reg_fn(model)` and later `loss = loss + reg * lam`: a call handed only the weights
    (models of the iteration, their `.parameters()`), the whole value of an assignment to one
    name that the loop then adds as an arithmetic term into another value it backpropagates.
    Handed nothing but the weights it cannot be the data loss (`loss = compute(model, batch)`,
    which may do anything a training step does); what `_computes_a_loss_term` asks holds too."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Name):
        return False
    if not call.args or call.keywords or any(not _is_weights(a, models, model) for a in call.args):
        return False
    if not _computes_a_loss_term(call, statement, loop, model):
        return False
    return statement.targets[0].id in _added_terms(loop, model)


def _is_weights(node: ast.AST, models: set[str], model: ModuleModel) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "parameters" and not node.args and not node.keywords:
        node = node.func.value
    return dotted(node) is not None and model.source.key(node) in models


def _added_terms(loop: TrainingLoop, model: ModuleModel) -> set[str]:
    """Names the loop's own code adds by arithmetic into another name whose value a backward
    pass of the loop backpropagates (`loss = ce + lam * reg`, `loss += reg`: `reg`)."""
    cache: dict[int, set[str]] = model.__dict__.setdefault("_added_terms", {})
    names = cache.get(id(loop.node))
    if names is not None:
        return names
    names = cache[id(loop.node)] = set()
    backpropagated = _backpropagated(loop, model)
    source = model.source
    for top in loop.body:
        for stmt in _walk(top):
            if not isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)) or stmt.value is None:
                continue
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            keys = {source.key(t) for t in targets if dotted(t) is not None}
            if not keys & backpropagated:
                continue
            terms: dict[int, tuple[ast.stmt, bool]] = {}
            stack: list[ast.AST] = [stmt]
            while stack:
                node = stack.pop()
                if node.__class__ in _TERM_KINDS:
                    _mark_terms(node, terms)
                if isinstance(node, ast.Name):
                    term = terms.get(id(node))
                    if term is not None and term[1] and node.id not in keys:
                        names.add(node.id)
                    continue
                if isinstance(node, SCOPES):
                    continue
                stack.extend(child_nodes(node))
    return names


def _backpropagated(loop: TrainingLoop, model: ModuleModel) -> set[str]:
    """Keys of the values a backward pass of the loop's own code backpropagates, and of the
    values assigned into them in the loop (`loss = ce + reg`, `loss.backward()`: both)."""
    cache: dict[int, set[str]] = model.__dict__.setdefault("_backpropagated", {})
    keys = cache.get(id(loop.node))
    if keys is not None:
        return keys
    source = model.source
    keys = cache[id(loop.node)] = set()
    for event in loop.events:
        if event.kind is EventKind.BACKWARD and event.loss is not None and (event.source is None or event.source is source):
            keys.update(source.key(n) for n in walk_expression(event.loss) if isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) is not None)
    if not keys:
        return keys
    assignments = [
        (targets, stmt.value)
        for top in loop.body for stmt in _walk(top)
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and stmt.value is not None
        for targets in [stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]]
    ]  # fmt: skip
    grown = True
    while grown:
        grown = False
        for targets, value in assignments:
            if any(dotted(t) is not None and source.key(t) in keys for t in targets):
                for n in walk_expression(value):
                    if isinstance(n, (ast.Name, ast.Attribute)) and dotted(n) is not None:
                        key = source.key(n)
                        if key not in keys:
                            keys.add(key)
                            grown = True
    return keys


def _headers(statement: ast.stmt) -> list[ast.AST]:
    """The expressions of a compound statement's header (not its blocks)."""
    out: list[ast.AST] = []
    for name, value in ast.iter_fields(statement):
        if name in ("body", "orelse", "finalbody", "handlers", "cases"):
            continue
        if isinstance(value, ast.AST):
            out.append(value)
        elif isinstance(value, list):
            out.extend(v for v in value if isinstance(v, ast.AST))
    return out


def _autograd_tool(name: str) -> bool:
    """`torch.autograd.profiler.profile(...)` (also `record_function`, `emit_nvtx`),
    `torch.autograd.detect_anomaly()`, `torch.autograd.set_detect_anomaly(True)`: autograd's
    profiler and anomaly mode watch the graph and never read, stash or write a `.grad`
    (`autograd` names the package, not gradients)."""
    if "autograd" not in name:
        return False  # (most calls: no split)
    parts = name.split(".")
    if "autograd" not in parts:
        return False
    rest = parts[parts.index("autograd") + 1 :]
    return bool(rest) and (rest[0] == "profiler" or rest in (["detect_anomaly"], ["set_detect_anomaly"]))


def _may_handle(call: ast.Call, models: set[str], model: ModuleModel) -> bool:
    source = model.source
    func = call.func
    if _autograd_tool(call_name(call) or ""):
        return False  # `with torch.autograd.profiler.profile(enabled=...):` around the step
    if isinstance(func, ast.Attribute) and func.attr in _MEASURES and not call.keywords and all(isinstance(a, ast.Constant) for a in call.args):
        return False  # `p.grad.norm()`, `grad_norm.item()`: a number measured, the gradient stays as it is
    if _names_gradients(call.func):
        return True  # `flatten_grads(model)`, `grad_buffer.add(...)`, `self.grad_stash.flush()`
    name = call_name(call) or ""
    last = name.rsplit(".", 1)[-1]
    root = name.split(".", 1)[0]
    if last in _HARMLESS or root in _LIBRARY_ROOTS or (last[:1].isupper() and "." not in name):
        return False
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    if receiver is not None and dotted(receiver) is not None:
        info = model.facts.info(source.key(receiver))
        if info is not None and info.library is not None:
            return False  # a library object's method: its table says what it does
    values = [a.value if isinstance(a, ast.Starred) else a for a in call.args] + [k.value for k in call.keywords]
    for value in values:
        if _names_gradients(value):
            return True
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in ("parameters", "named_parameters"):
            return True
        if dotted(value) is not None and source.key(value) in models:
            return True
    return False


def handled_by_hand_per_micro_batch(
    acc: Accumulation, model: ModuleModel, anywhere: bool = False, averaged: bool = True
) -> bool:
    """An accumulation loop whose gradients are not simply what its backward passes add up:
    the iteration writes a value into `.grad` (`p.grad = g`, anywhere), or on every
    micro-batch (outside the periodic `if`) reads `.grad` itself or hands the gradients, the
    parameters or the model to code gradfix did not look into (per-micro-batch clipping into
    a buffer, gradients stashed and written back). With `anywhere`, any `.grad` read and any
    `p.grad = None` / `p.grad.zero_()` of the iteration counts too. With `averaged=False`, the
    window's sum averaged in place (`p.grad /= N` before the step, `averaged_by_hand`) does
    not count: it scales what the window steps on, it does not keep other gradients."""
    loop = acc.loop
    for event in loop.events:
        parameters = event.kind is EventKind.CLEAR and event.scope is ClearScope.PARAMETERS
        if parameters and (anywhere or _writes_a_value(event.node)):
            return True  # `p.grad = g`; a plain `p.grad = None` or `p.grad.zero_()` is a clear
        if event.kind is EventKind.GRAD_READ and (anywhere or not any(stmt is acc.node for stmt in event.path)):
            if anywhere or not _only_read(event, model):
                return True
        if averaged and _averages(event, model):
            return True  # `p.grad.div_(count)` at the window's end: the author averages the sum by hand
    flow = IterationFlow(loop.node, model.source)  # type: ignore[arg-type]
    every = [unit.node for unit in flow.units if id(acc.node) not in unit.ancestors and unit.node is not acc.node]
    return unseen_gradient_handling(every, loop, model) is not None


def averaged_by_hand(acc: Accumulation, model: ModuleModel) -> bool:
    """The iteration scales `.grad` in place (`p.grad /= N`, `p.grad.div_(count)`): the author
    averages the window's sum by hand instead of dividing the loss."""
    return any(_averages(event, model) for event in acc.loop.events)


def _averages(event: GradEvent, model: ModuleModel) -> bool:
    return (
        event.kind is EventKind.GRAD_READ and bool(event.path)
        and _SCALES_GRAD.search(model.source.segment(event.path[-1])) is not None
    )  # fmt: skip


def _only_read(event: GradEvent, model: ModuleModel) -> bool:
    """The line of the `.grad` read only reads gradients (`if emb.grad is not None:`,
    `emb.data.add_(eps * emb.grad / emb.grad.norm())`, FGM's attack): it neither writes one
    (`p.grad.mul_(...)`, `p.grad[mask] = 0`, `p.grad = g`) nor hands one to a call that might
    (`clip(p.grad)`)."""
    node = event.node
    source = event.source or model.source
    lineno = getattr(node, "lineno", None)
    if lineno is None or getattr(node, "end_lineno", lineno) != lineno:
        return False
    line = source.line_text(lineno)
    for match in _GRAD_WRITTEN.finditer(line):
        if match.group(0)[0] in "(," and _PURE_CALL.search(line, 0, match.start() + 1):
            continue  # `torch.norm(p.grad)`: torch reads it
        return False
    return True


# `.grad` written or handed on: an in-place method, an item or the attribute assigned, a call's argument
_GRAD_WRITTEN = lazily(r"\.grad(?:\.data)?(?:\s*\.\s*\w+_\s*\(|\s*\[[^\]]*\]\s*[-+*/]?=(?!=)|\s*[-+*/]?=(?!=))|[(,]\s*[\w.]+\.grad(?:\.data)?\s*[,)]")


_PURE_CALL = lazily(r"\btorch\.(?:norm|linalg\.norm|sum|abs|sign|max|min|mean|isfinite|isnan|isinf|any|all)\s*\($")


# `.grad` scaled in place: `p.grad.div_(n)`, `p.grad.data.mul_(s)`, `p.grad /= n` (not by a
# literal zero, `p.grad.mul_(0)`, `p.grad *= 0`: a clear)
_ZERO = r"(?:0+\.?0*|\.0+)"
_SCALES_GRAD = lazily(r"\.grad(\.data)?(\.(div_|mul_)\((?!\s*" + _ZERO + r"\s*\))|\s*/=|\s*\*=(?!\s*" + _ZERO + r"\s*(?:[#;\n]|$)))")


def _writes_a_value(node: ast.AST) -> bool:
    """`p.grad = g` (not `p.grad = None`, nor a zero written in place: `p.grad[:] = 0`)."""
    return (
        isinstance(node, ast.Assign) and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        and zeroed_gradient(node) is None
    )  # fmt: skip
