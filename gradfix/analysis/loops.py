"""Build the training-loop model of a module: one walk over its statements.

The walk records every gradient event with the statements, blocks, branches, `with` blocks
and loops around it. Helpers defined in the same module (functions, methods of the same
class, closures passed to `step`) are looked into; a call we cannot see into that may clear,
step or backpropagate becomes an UNKNOWN event, which makes rules stay silent.

`x.backward(...)` is a tensor's backward pass unless something says `x` is another object:
an object of a class of the project (`grad_acc = GradientAccumulator(...)`, `self`) runs
that class's `backward` method, looked into like any helper (UNKNOWN when the class does
not show it); an engine or an optimizer wrapper (`optimizer.backward(loss)`) backpropagates
its argument; and a name the iteration never binds, called with arguments, is no loss of
this micro-batch (UNKNOWN).
"""

from __future__ import annotations

import bisect

from gradfix import syntax as ast
import builtins
import re
from keyword import kwlist

from gradfix.analysis import frameworks
from gradfix.analysis.assignments import Assignments
from gradfix.analysis.facts import (
    FunctionInfo,
    ModuleFacts,
    classify_constructor,
    collect_facts,
    count_binding,
    handed_partial_params,
    located_bases,
    looks_like_scheduler_name,
    top_level_bindings,
)
from gradfix.analysis.model import (
    Branch,
    ClearScope,
    EventKind,
    GradEvent,
    Loop,
    ObjectInfo,
    TrainingLoop,
)
from gradfix.analysis.names import (
    LIBRARY_ROOTS,
    call_name,
    class_method,
    calls_and_grads,
    dotted,
    method_name,
    positional,
    receiver,
    root_name,
    stdlib_names,
    substitute_root,
)
from gradfix.patterns import around, calls, lazily, on_lines, starting_at
from gradfix.project import GRADIENT_BYTES, absolute, reexported, split_qualified
from gradfix.records import dataclass, field
from gradfix.source import BIG_FILE, COMPOUND_KINDS, FOR_LOOP_KINDS, FOR_LOOPS, FUNCTIONS, LOOP_KINDS, LOOPS, MATCH, TRIES, WITH_KINDS, WITHS, Source
from gradfix.walk import ast_nodes, ast_walk, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterable, Iterator, NamedTuple, Sequence

    from gradfix.project import Project
else:
    from gradfix.records import NamedTuple

MAX_HELPER_DEPTH = 3

# (timm's `dispatch_clip_grad(parameters, value, mode)` clips in place by norm, value or AGC)
CLIP_FUNCTIONS = {"clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_", "clip_grad_norm", "clip_grad_value", "clip_gradients", "dispatch_clip_grad"}
# Calls that receive an optimizer but are known not to touch its gradients.
HARMLESS_CALLS = {
    "print", "isinstance", "len", "id", "type", "repr", "str", "getattr", "hasattr", "setattr",
    "prepare", "save", "watch", "log", "info", "debug", "warning", "deepcopy", "copy", "append",
    "get_lr", "get_last_lr", "scale_loss", "state_dict", "load_state_dict", "format", "update",
    "unscale_", "set_postfix", "write", "add_scalar", "dict", "list", "tuple", "zip", "enumerate",
}  # fmt: skip
# Unseen calls whose name says they may clear, step or backpropagate.
_GRADIENT_HINT = lazily(
    r"zero_?grad|clear_?grad|reset_?grad|grads?_?zero|zero_?all|optimi[sz]e|backward"
    r"|(^|_)step($|_)|accumulat|(^|_)update_?(params|parameters|weights|model)",
    re.I,
)
# Bases whose methods we know do not touch gradients behind the loop's back.
_KNOWN_BASES = {"object", "Module", "ABC", "LightningModule", "Protocol", "Generic", "Dataset", "NamedTuple"}
# Inherited methods named like the hooks a framework runs around an iteration.
# a name bound to a clip function itself, not called (`clip = nn.utils.clip_grad_norm_`)
# `lambda: opt.step()` written somewhere (`_stepping_lambdas` is asked only then)
_STEPPING_LAMBDA = lazily(r"lambda[ \t]*:[ \t]*[\w.]+\.step\(\)")
_WORD = lazily(r"[A-Za-z_]\w*")  # an identifier (the words of a function's text)
_CLIP_BOUND = lazily(r"=[ \t]*[\w.]*clip_grad_\w*[ \t]*(?:#.*)?\r?$", re.M)
# `loss = self(x, y)`: a method calling its own object (the class's `__call__`)
# `trainer += batch` (group 1 the name added into)
_ADDED_INTO = lazily(r"(?<![\w.])([A-Za-z_]\w*)[ \t]*\+=")
_SELF_AS_CALL = lazily(r"(?<![\w.])self\(")
# `self.scaler(loss, opt)`: a call of an attribute of `self` (see `own_callable_attribute`)
_SELF_ATTRIBUTE_CALL = lazily(r"(?<![\w.])self\.(\w+)\(")


def _binds_a_clip(text: str) -> bool:
    """A line of the text binds a name to a `clip_grad_*` function (`_CLIP_BOUND`), tried only
    on the lines that say `clip_grad` (over the whole text it was tried at every `=`)."""
    return next(on_lines(_CLIP_BOUND, text, "clip_grad"), None) is not None


# `bw = loss.backward` (the method bound to a name, called later as `bw()`); also an
# optimizer's `step = opt.step` and `zero = opt.zero_grad`, and names unpacked from a tuple of
# such attributes, `clear, advance = opt.zero_grad, opt.step`
_BACKWARD_BOUND = lazily(
    r"^[ \t]*[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*[ \t]*=[ \t]*(?:[\w.]+[ \t]*,[ \t]*)*"
    r"[\w.]+\.(?:backward|step|zero_grad)(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*(?:#.*)?\r?$",
    re.M,
)
_BOUND_METHODS = ("backward", "step", "zero_grad")


def _binds_a_backward(text: str) -> bool:
    """A line of the text binds a name to a tensor's `backward` method, or to a `step` or
    `zero_grad` method (`_BACKWARD_BOUND`), tried only on the lines that say one of them."""
    return any(
        word in text and next(on_lines(_BACKWARD_BOUND, text, word), None) is not None
        for word in (".backward", ".step", ".zero_grad")
    )


def _function_of(source: Source, node: ast.AST) -> ast.AST | None:
    """The innermost function (or lambda) whose lines hold the node; None at module level."""
    found: ast.AST | None = None
    line = node.lineno  # type: ignore[attr-defined]
    for kind in (*FUNCTIONS, ast.Lambda):
        for function in source.of_type(kind):
            if function.lineno <= line <= function.end_lineno and (found is None or function.lineno >= found.lineno):  # type: ignore[attr-defined]
                found = function
    return found


def bound_call_written(made: ast.Call) -> ast.Call | None:
    """The written call (`go()`) a method call `ModuleModel.bound_backward` made (`sgd.step()`,
    with `go = sgd.step`); None for a call written as it is."""
    return made.__dict__.get("_gradfix_written")


def bound_call_binding(made: ast.Call) -> ast.Assign | None:
    """The assignment that bound the name (`tick = sched.step`) of the written call a method
    call `ModuleModel.bound_backward` made; None for a call written as it is."""
    return made.__dict__.get("_gradfix_binding")


def written_bound_call(made: ast.Call, source: Source) -> ast.Call | None:
    """For a method call `ModuleModel.bound_backward` made of a written call of a bound name
    (`go()` with `go = sgd.step`), the written call, when the receiver the name was bound to is
    a plain name the function holding the call binds once (a parameter or one assignment, no
    `global`/`nonlocal`): `sgd.step()` written there then calls the same method of the same
    object, and a fix may write the method call in its place. None otherwise (the receiver may
    be rebound after the binding)."""
    written = bound_call_written(made)
    if written is None or not isinstance(made.func, ast.Attribute) or not isinstance(made.func.value, ast.Name):
        return None
    name = made.func.value.id
    function = _function_of(source, written)
    if function is None or isinstance(function, ast.Lambda):
        return None
    binds = 0
    for node in ast_walk(function):
        kind = node.__class__
        if kind is ast.Name and node.id == name and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            binds += 1
        elif kind is ast.arg and node.arg == name:  # type: ignore[attr-defined]
            binds += 1
        elif kind in (ast.Global, ast.Nonlocal) and name in node.names:  # type: ignore[attr-defined]
            return None
    return written if binds == 1 else None


_CALLED_ATTRIBUTE = lazily(r"\.(\w+)\s*\(")
_HOOK_NAME = lazily(r"hook|callback|(^|_)(on|before|after)_|(^|_)(begin|start|end|reset|clear)($|_)", re.I)
_OPTIMIZER_METHODS_NOT_CLEARING = {
    "step", "zero_grad", "state_dict", "load_state_dict", "add_param_group", "__repr__",
    "register_step_pre_hook", "register_step_post_hook",
}  # fmt: skip


# methods of tensors, containers and loggers that a loop calls on its objects all the time
_HINTING: dict[str, bool] = {}
_HOOKING: dict[str, bool] = {}
_HINTED: dict[str, bool] = {}  # a name -> `_GRADIENT_HINT` finds it (`_says_gradients`)


def _assigned_in(body: Sequence[ast.stmt], target: ast.expr) -> ast.expr | None:
    """The value a statement of `body` assigns to `target`: `self.hooks = hooks`, or its
    element of a tuple assignment (`self.hooks, self.max_iter = hooks, max_iter`)."""
    for statement in body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        written = statement.targets[0]
        if written is target:
            return statement.value
        if (
            isinstance(written, ast.Tuple) and isinstance(statement.value, ast.Tuple)
            and len(written.elts) == len(statement.value.elts) and target in written.elts
            and not any(isinstance(e, ast.Starred) for e in (*written.elts, *statement.value.elts))
        ):  # fmt: skip
            return statement.value.elts[written.elts.index(target)]
    return None


def _rebinds(function: ast.AST, name: str) -> bool:
    """`name` (a parameter) is bound again somewhere in `function`."""
    return any(isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load) for node in ast_walk(function))


def _names_a_hook(method: str) -> bool:
    """`_HOOK_NAME` says `method` names a hook (`on_batch_end`, `after_step`); once per name."""
    hooks = _HOOKING.get(method)
    if hooks is None:
        hooks = _HOOKING[method] = _HOOK_NAME.search(method) is not None
    return hooks


def _says_gradients(name: str) -> bool:
    """`_GRADIENT_HINT` finds `name`; once per name (the unseen calls of every loop ask)."""
    said = _HINTED.get(name)
    if said is None:
        said = _HINTED[name] = _GRADIENT_HINT.search(name) is not None
    return said


def _plain_record(name: str, facts: ModuleFacts) -> bool:
    """`name` is a class of the module's top level, bound by nothing else in it, that is a
    record of fields alone: `@dataclass` (`dataclasses.dataclass`, with or without arguments)
    or deriving from `NamedTuple` alone, its body annotated fields with no value or a constant,
    a docstring, `pass` (a dataclass's generated `__init__`): building one runs no code of the project (asked only of a call whose
    name says it may step, `Step(x, y)`; once per module and name)."""
    known: dict[str, bool] = facts.__dict__.setdefault("_plain_records", {})
    found = known.get(name)
    if found is None:
        found = known[name] = _reads_as_record(name, facts)
    return found


def _reads_as_record(name: str, facts: ModuleFacts) -> bool:
    node = facts.classes.get(name)
    if node is None or not any(stmt is node for stmt in facts.source.tree.body):  # type: ignore[attr-defined]
        return False
    qualify = facts.imports.qualify
    decorators = [dotted(d.func if d.__class__ is ast.Call else d) for d in node.decorator_list]  # type: ignore[attr-defined]
    bases = [qualify(dotted(b)) for b in node.bases]  # type: ignore[attr-defined]
    if node.keywords:  # type: ignore[attr-defined]
        return False  # (a metaclass)
    if decorators and not node.bases:  # type: ignore[attr-defined]
        if len(decorators) != 1 or qualify(decorators[0]) != "dataclasses.dataclass":
            return False
    elif decorators or bases != ["typing.NamedTuple"]:
        return False
    for stmt in node.body:  # type: ignore[attr-defined]
        kind = stmt.__class__
        if kind is ast.AnnAssign and stmt.target.__class__ is ast.Name and (stmt.value is None or stmt.value.__class__ is ast.Constant):  # type: ignore[attr-defined]
            continue
        if kind is ast.Pass or kind is ast.Expr and stmt.value.__class__ is ast.Constant:  # type: ignore[attr-defined]
            continue
        if kind is ast.FunctionDef and getattr(stmt, "synthetic", False):
            continue  # (the `__init__` `dataclass_inits` wrote: `self.<field> = <field>` alone)
        return False
    counts: dict[str, int] = {}
    for other in facts.source.nodes:
        count_binding(other, counts, (name,))
    return counts.get(name) == 2  # (the `class` statement alone)


# the receiver written before a `.step(` (`self.scheduler` in `self.scheduler.step(`)
_STEP_RECEIVER = lazily(r"([\w.\]\[)(]*)\.step\(")


def _unless_a_scheduler(match: re.Match[str]) -> str:
    """A `.step(` call's text, its `step` renamed when the receiver is named like a
    learning-rate scheduler (`self.scheduler.step(`, `lr_sched.step(`; not `opt.step(`,
    `self.schedulers[0].step(`, `get().step(`): such a step touches no gradient."""
    receiver = match.group(1)
    if receiver and receiver.replace(".", "").replace("_", "").isalnum() and looks_like_scheduler_name(receiver):
        return receiver + ".advance_schedule("
    return match.group(0)


def _hints_gradients(method: str) -> bool:
    """A method name that may touch gradients (`_GRADIENT_HINT`) and is no common method of
    the usual objects (`_NOT_PROJECT_METHODS`); answered once per name."""
    hints = _HINTING.get(method)
    if hints is None:
        hints = _HINTING[method] = method not in _NOT_PROJECT_METHODS and _GRADIENT_HINT.search(method) is not None
    return hints


_NOT_PROJECT_METHODS = frozenset({
    "to", "cuda", "cpu", "item", "detach", "numpy", "tolist", "size", "view", "reshape", "append", "extend",
    "update", "items", "keys", "values", "get", "pop", "format", "join", "split", "add_scalar", "log", "info",
    "write", "flush", "set_postfix", "set_description", "mean", "sum", "float", "long", "unsqueeze", "squeeze",
    "forward", "train", "eval", "parameters", "named_parameters", "state_dict", "load_state_dict", "modules",
    "children", "apply", "register_buffer", "save", "load", "reset", "close", "render", "sample", "act",
})  # fmt: skip


class _Context(NamedTuple):
    path: tuple[ast.stmt, ...] = ()
    blocks: tuple[list[ast.stmt], ...] = ()
    branches: tuple[Branch, ...] = ()
    loops: tuple[Loop, ...] = ()
    home_loops: tuple[Loop, ...] = ()
    withs: tuple[ast.With | ast.AsyncWith, ...] = ()
    via: tuple[ast.Call, ...] = ()
    functions: tuple[ast.AST, ...] = ()
    class_name: str | None = None
    mapping: tuple[tuple[str, str], ...] = ()  # parameter -> caller's key, inside helpers
    source: Source | None = None  # the file of the code being walked, when not the analysed one
    facts: ModuleFacts | None = None  # ... and its facts
    helpers: tuple[ast.AST, ...] = ()  # function definitions entered through `via`
    accumulate: tuple[ast.AST, ...] = ()  # `with` blocks that gate prepared optimizers on sync steps
    # a helper called from the analysed code itself: each parameter -> the caller's argument
    arguments: tuple[tuple[str, ast.expr], ...] = ()

    @property
    def in_helper(self) -> bool:
        return bool(self.via)

    def rename(self, key: str) -> str:
        if not self.mapping:
            return key
        root = root_name(key)
        for param, value in reversed(self.mapping):  # the last pair for a name wins, as in a dict
            if param == root:
                if value[:1] == "<" and len(key) > len(root):
                    # `self.opt.step()` in the `__exit__` of `with StepScope(opt):`: the `opt` bound
                    attribute = root + "." + key[len(root) + 1 :].split(".", 1)[0].split("[", 1)[0]
                    for name, bound in reversed(self.mapping):
                        if name == attribute:
                            return bound + key[len(attribute) :]
                return value + key[len(root) :]
        return key

    def replace(self, **changes: object) -> _Context:
        """`_replace`, without its `map` over every field."""
        values = list(self)
        for name, value in changes.items():
            values[_CONTEXT_FIELDS[name]] = value
        return _new_tuple(_Context, values)  # type: ignore[no-any-return]

    def entered(self, stmt: ast.stmt, suite: list[ast.stmt]) -> _Context:
        """`replace(path=path + (stmt,), blocks=blocks + (suite,))`, for every statement walked:
        built as a tuple directly, without `_replace`'s keyword handling."""
        return _new_tuple(_Context, (self[0] + (stmt,), self[1] + (suite,), *self[2:]))  # type: ignore[no-any-return]


_new_tuple = tuple.__new__
_CONTEXT_FIELDS = {name: index for index, name in enumerate(_Context._fields)}


@dataclass
class ModuleModel:
    source: Source
    facts: ModuleFacts
    loops: list[TrainingLoop] = field(default_factory=list)
    step_functions: set[int] = field(default_factory=set)  # ids of functions analysed as iterations
    helper_infos: dict[int, FunctionInfo] = field(default_factory=dict)  # id(def) -> helper looked into
    inlined_calls: set[int] = field(default_factory=set)  # ids of the calls whose helper was looked into
    # ids of the calls of `with` items over a `@contextmanager` generator of the project, whose
    # statements before the `yield` were read at the entry and those after at the exit
    entered_generators: set[int] = field(default_factory=set)
    # a loop's call of a name imported in two arms: (call, home loops, mapping, the qualified
    # names the arms not followed bind it to), for those arms' step functions (steps.py)
    alternative_calls: list[tuple[ast.Call, tuple[Loop, ...], tuple[tuple[str, str], ...], tuple[str, ...]]] = field(
        default_factory=list
    )
    # (id of a function, a parameter of it) -> the class of the project whose object every call
    # of the function in other modules hands in, as the walk found it (`_Walker.handed_class`)
    handed_classes: dict[tuple[int, str], tuple[ModuleFacts, str]] = field(default_factory=dict)
    # id of a step function every call of which hands it `self` of one class -> the function,
    # that parameter, whose attributes its events name as the class does (`tr.model` ->
    # `self.model`), and the class
    handed_self: dict[int, tuple[ast.AST, str, str]] = field(default_factory=dict)
    # id of a step function called only by loops of this module, each call written in the
    # loop's own body (not through another helper) -> (the call, that loop) for every call
    step_call_sites: dict[int, list[tuple[ast.Call, ast.AST]]] = field(default_factory=dict)
    # (class, attribute, hook) -> the hooks `for cb in self.<attribute>: cb.<hook>(self)` runs,
    # in order, as the walk found them (`_Walker.callback_hooks`)
    callback_hooks: dict[tuple[str, str, str], list[FunctionInfo]] = field(default_factory=dict)
    # ids of the loops over a pipeline's stages (`for fn in (forward, update): state = fn(state)`):
    # each pass runs one stage of one batch, not a training iteration
    pipeline_loops: set[int] = field(default_factory=set)
    # id of a function of the module a pipeline's loop written in this module runs -> (the
    # function, those calls: `fn(state)` in `for fn in (forward, update): state = fn(state)`)
    stage_calls: dict[int, tuple[ast.AST, list[ast.Call]]] = field(default_factory=dict)

    def as_events_name(self, key: str, loop: TrainingLoop) -> str:
        """A key the code of a step function handed the trainer object writes (`tr.model`), as
        its events name it (`self.model`, see `handed_self`); any other key as it is."""
        handed = self.handed_self.get(id(loop.node)) if self.handed_self else None
        if handed is None or not key.startswith(handed[1]) or root_name(key) != handed[1]:
            return key
        return "self" + key[len(handed[1]) :]

    def as_written_name(self, key: str, loop: TrainingLoop) -> str:
        """The inverse of `as_events_name`: a `self.` key as the code of a step function handed
        the trainer object writes it (`self.model` -> `tr.model`)."""
        handed = self.handed_self.get(id(loop.node)) if self.handed_self else None
        if handed is None or not key.startswith("self."):
            return key
        return handed[1] + key[4:]

    def handed_keys(self, class_name: str | None, key: str) -> list[tuple[ast.AST, str]]:
        """The step functions every call of which hands `self` of the class (see `handed_self`),
        each with the key its code writes for the class's `self.` key (`self.optimizer` ->
        `tr.optimizer`)."""
        if not self.handed_self or class_name is None or not key.startswith("self."):
            return []
        return [(node, param + key[4:]) for node, param, owner in self.handed_self.values() if owner == class_name]

    def in_step_function(self, event: GradEvent) -> bool:
        """The event runs inside a step function (a helper that backpropagates and steps on its
        own), which is judged, and reported, where it is defined: once, for all its callers."""
        from gradfix.analysis.steps import is_step_shaped

        for helper in event.helpers:
            if id(helper) in getattr(self, "_scaler_calls", ()):
                continue  # another module's loss scaler's `__call__`, read as the loop's own (`imported_scaler_class`)
            if id(helper) in self.step_functions:
                return True
            info = self.helper_infos.get(id(helper))
            if info is not None and is_step_shaped(info):
                return True
        return False

    @property
    def module(self) -> ast.Module:
        return self.source.tree


def _class_level(function: ast.AST) -> str:
    """"staticmethod" or "classmethod" when the method is decorated so (a plain name), else ""."""
    for decorator in getattr(function, "decorator_list", ()):
        if isinstance(decorator, ast.Name) and decorator.id in ("staticmethod", "classmethod"):
            return decorator.id
    return ""


def _is_grad_attribute(expr: ast.AST) -> bool:
    while isinstance(expr, ast.Attribute) and expr.attr == "data":
        expr = expr.value
    # `p._grad = g`: the attribute `.grad` reads and writes (A3C hands gradients over so)
    return isinstance(expr, ast.Attribute) and expr.attr in ("grad", "_grad")


def _getattr_method_call(call: ast.Call, arguments: tuple[tuple[str, ast.expr], ...] = ()) -> ast.Call | None:
    """`x.name(...)` for `getattr(x, "name")(...)` (two arguments, the second a string literal
    naming an attribute): the method call it is, read as such. With `arguments` (a helper's
    parameters -> the analysed caller's arguments), the name may be a parameter the caller
    fills with a string literal (`def call_hooks(self, event): ... getattr(h, event)(self)`
    called as `self.call_hooks("after_step")`). The call stands at the written call's place
    (its positions); it is made once per written call and name, so events of one walk and
    the next hold the same node."""
    func = call.func
    if not (
        isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "getattr"
        and len(func.args) == 2 and not func.keywords and not isinstance(func.args[0], ast.Starred)
    ):
        return None
    named = func.args[1]
    if arguments and isinstance(named, ast.Name):
        named = next((value for param, value in reversed(arguments) if param == named.id), named)
    if not (
        isinstance(named, ast.Constant) and isinstance(named.value, str)
        and named.value.isidentifier() and not named.value.startswith("__")
    ):
        return None
    key = "_gradfix_method_call" if named is func.args[1] else "_gradfix_method_call_" + named.value
    made = call.__dict__.get(key)
    if made is None:
        attribute = ast.Attribute(value=func.args[0], attr=named.value, ctx=ast.Load())
        ast.copy_location(attribute, func)
        made = ast.Call(func=attribute, args=call.args, keywords=call.keywords)
        ast.copy_location(made, call)
        call.__dict__[key] = made
    return made


def _run_time_method_on_self(call: ast.Call) -> bool:
    """`getattr(x, name)(...)`, the name no string literal, called on `self` or handed `self`."""
    func = call.func
    if not (isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "getattr" and len(func.args) >= 2):
        return False
    if isinstance(func.args[1], ast.Constant):
        return False
    return any(isinstance(a, ast.Name) and a.id == "self" for a in (func.args[0], *call.args, *(k.value for k in call.keywords)))


def _detached_grad(expr: ast.expr) -> ast.expr:
    """`p.grad.detach_()` (no arguments): the gradient it detaches in place and returns, else `expr`."""
    if (
        isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "detach_"
        and not expr.args and not expr.keywords and _is_grad_attribute(expr.func.value)
    ):  # fmt: skip
        return expr.func.value
    return expr


def fills_zero(call: ast.Call) -> bool:
    """`fill_(0)` / `fill_(0.0)` (and `mul_(0)`): the whole tensor set to zero."""
    return len(call.args) == 1 and not call.keywords and _literal_zero(call.args[0])


def _literal_zero(expr: ast.expr) -> bool:
    """`0`, `0.` or `0.0` written as such (not a name, not `False`)."""
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float) and expr.value == 0


def zeroed_gradient(stmt: ast.AST) -> ast.Attribute | None:
    """The `.grad` a statement sets to zero in place without a call: `p.grad *= 0`,
    `p.grad[:] = 0`, `p.grad.data[...] = 0` (the whole tensor, a literal zero; not
    `p.grad[mask] = 0`, which keeps the rest)."""
    if isinstance(stmt, ast.AugAssign):
        if isinstance(stmt.op, ast.Mult) and _literal_zero(stmt.value) and _is_grad_attribute(stmt.target):
            return _grad_node(stmt.target)
        return None
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1 or not _literal_zero(stmt.value):
        return None
    target = stmt.targets[0]
    if not isinstance(target, ast.Subscript) or not _is_grad_attribute(target.value):
        return None
    index = target.slice
    whole = (isinstance(index, ast.Slice) and index.lower is None and index.upper is None and index.step is None) or (
        isinstance(index, ast.Constant) and index.value is Ellipsis
    )
    return _grad_node(target.value) if whole else None


def _clips_every_gradient(call: ast.Call, recv: ast.expr, ctx: _Context) -> bool:
    """`p.grad.clamp_(...)` (or `.data.clamp_`, `clip_`) as the only statement of a `for p in
    ...:` of the analysed code, under `if p.grad is not None:` or not: a clip by hand of the
    gradient of every parameter the loop goes over."""
    owner = _grad_node(recv).value
    path = ctx.path
    if not isinstance(owner, ast.Name) or len(path) < 2 or not isinstance(path[-1], ast.Expr) or path[-1].value is not call:
        return False
    body: ast.stmt = path[-1]
    level = len(path) - 2
    holder = path[level]
    if isinstance(holder, ast.If) and holder.body == [body] and not holder.orelse and _none_test(holder.test, owner.id):
        body, level = holder, level - 1
        holder = path[level] if level >= 0 else None  # type: ignore[assignment]
    return (
        isinstance(holder, ast.For) and holder.body == [body] and not holder.orelse
        and isinstance(holder.target, ast.Name) and holder.target.id == owner.id
    )  # fmt: skip


def _none_test(test: ast.expr, name: str) -> bool:
    """`p.grad is not None`."""
    return (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot)
        and isinstance(test.left, ast.Attribute) and test.left.attr == "grad"
        and isinstance(test.left.value, ast.Name) and test.left.value.id == name
        and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
    )  # fmt: skip


def _grad_node(expr: ast.AST) -> ast.Attribute:
    while isinstance(expr, ast.Attribute) and expr.attr == "data":
        expr = expr.value
    assert isinstance(expr, ast.Attribute)
    return expr


_UNCALLED_GRADIENT_METHOD = lazily(r"\.(?:zero_grad|step|backward)\b(?![ \t]*\()")


def _optimizer_wrappers(facts: ModuleFacts) -> frozenset[str]:
    """Constructors (qualified) the module calls with an optimizer, built there or bound to
    one, as the object's first argument (`opt = ScheduledOptim(AdamW(model.parameters()), 64,
    4000)`, `Warmup(adam, 100)`), or, for a class the module imports by name, as a later
    argument (`NoamOpt(512, 1, 4000, Adam(...))`): perhaps a wrapper of the project whose methods step and clear
    the optimizer it holds (`opt.step_and_update_lr()`), imported from a module that never
    backpropagates. Read from the objects the facts walk found (which takes such a wrapper for
    a scheduler, its optimizer as `params`)."""
    found = facts.__dict__.get("_optimizer_wrappers")
    if found is None:
        names = set()
        for info in facts.objects.values():
            given = info.params
            if info.kind != "scheduler" or not info.constructor or given is None:
                continue
            if isinstance(given, ast.Call):
                callee = dotted(given.func)
                built = classify_constructor(facts.imports.qualify(callee) or callee) if callee else None
            else:
                held = facts.objects.get(dotted(given) or "")
                built = held.kind if held is not None else None
            if built == "optimizer":
                names.add(info.constructor)
        # a class imported by name given the optimizer in another place, which the facts walk
        # does not take for a scheduler (`NoamOpt(512, 1, 4000, Adam(model.parameters()))`,
        # `Wrapper(d_model, optimizer=opt)`)
        # (only classes imported by name from outside the libraries: `from optim import NoamOpt`,
        # or reached through a module so imported: `from . import optim` ... `optim.NoamOpt(...)`)
        classes = {
            local for local, qualified in facts.imports.aliases.items()
            if qualified.lstrip(".").split(".", 1)[0] not in LIBRARY_ROOTS
        }  # fmt: skip
        for value in facts.class_calls if classes else ():  # (the facts walk's: no look at every statement)
            func = value.func
            if func.__class__ is ast.Name:
                if func.id not in classes or not func.id[:1].isupper():  # type: ignore[attr-defined]
                    continue
                callee = func.id  # type: ignore[attr-defined]
            elif func.value.id in classes and not func.value.id[:1].isupper():  # type: ignore[attr-defined]
                callee = f"{func.value.id}.{func.attr}"  # type: ignore[attr-defined]
            else:
                continue
            qualified = facts.imports.qualify(callee) or callee
            if qualified not in names and any(_an_optimizer_built(arg, facts) for arg in (*value.args[1:], *(k.value for k in value.keywords))):
                names.add(qualified)
        found = facts.__dict__["_optimizer_wrappers"] = frozenset(names)
    return found


def _wraps_an_optimizer(qualified: str, local: str, facts: ModuleFacts) -> bool:
    """An imported class the module builds around an optimizer (`_optimizer_wrappers`), or an
    imported module (`from . import optim`, lowercase) one of whose classes it so builds
    (`optim.NoamOpt(512, 1, 4000, Adam(...))`)."""
    wrappers = _optimizer_wrappers(facts)
    if qualified in wrappers:
        return True
    if not wrappers or local[:1].isupper():
        return False
    head = qualified + "."
    return any(w.startswith(head) and "." not in w[len(head):] for w in wrappers)


def _an_optimizer_built(given: ast.expr, facts: ModuleFacts) -> bool:
    """An optimizer built in place (`torch.optim.Adam(...)`) or a name bound to one."""
    if given.__class__ is ast.Call:
        callee = dotted(given.func)  # type: ignore[attr-defined]
        return callee is not None and classify_constructor(facts.imports.qualify(callee) or callee) == "optimizer"
    held = facts.objects.get(dotted(given) or "")
    return held is not None and held.kind == "optimizer"


# the start of a line unpacking a tuple of attributes into names, up to one of them:
# `clear, advance = opt.zero_grad, ` (group 1: the names)
_UNPACKED_METHODS = lazily(r"[ \t]*([A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)+)[ \t]*=[ \t]*(?:[\w.]+[ \t]*,[ \t]*)*$")


def bound_step_names(facts: ModuleFacts) -> set[str]:
    """Names the module writes bound to a `step` method, not called (`advance = opt.step`,
    `clear, advance = opt.zero_grad, opt.step`; also `.advance` for an attribute so bound,
    `state.advance = opt.step`): found once per module from its assignment statements (the
    source's statement index; no look at the text)."""
    names = facts.__dict__.get("_bound_step_methods")
    if names is None:
        names = facts.__dict__["_bound_step_methods"] = set()
        source = facts.source
        for kind in (ast.Assign, ast.AnnAssign):
            for stmt in source.of_type(kind):
                value = stmt.value  # type: ignore[attr-defined]
                if value is None:
                    continue
                targets = stmt.targets if kind is ast.Assign else [stmt.target]  # type: ignore[attr-defined]
                for target in targets:
                    if value.__class__ is ast.Tuple and target.__class__ in (ast.Tuple, ast.List) and len(target.elts) == len(value.elts):  # type: ignore[attr-defined]
                        pairs = zip(target.elts, value.elts)  # type: ignore[attr-defined]
                    else:
                        pairs = ((target, value),)  # type: ignore[assignment]
                    for bound, method in pairs:
                        if method.__class__ is not ast.Attribute or method.attr != "step":  # type: ignore[attr-defined]
                            continue
                        if bound.__class__ is ast.Name:
                            names.add(bound.id)  # type: ignore[attr-defined]
                        elif bound.__class__ is ast.Attribute:
                            names.update((bound.attr, "." + bound.attr))  # type: ignore[attr-defined]
    return names  # type: ignore[no-any-return]


def _bound_method_names(text: str, methods: tuple[str, ...] = (".zero_grad", ".step", ".backward")) -> set[str]:
    """Names written bound to a method that clears, steps or backpropagates, not called
    (`reset = opt.zero_grad`): found by searching for the method and reading back over `=`; an
    attribute so bound (`state.clear = opt.zero_grad`) also as `.clear`."""
    names: set[str] = set()
    for method in methods:
        at = text.find(method)
        while at != -1:
            end = at + len(method)
            if end >= len(text) or not (text[end].isalnum() or text[end] in "_("):
                start = at
                while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_.[]\"'"):
                    start -= 1
                head = text[max(0, start - 120) : start].rstrip(" \t")  # (the line, not the file)
                if head.endswith((",", "=")):
                    unpacked = _UNPACKED_METHODS.match(head[head.rfind("\n") + 1 :])
                    if unpacked is not None:
                        # `clear, advance = opt.zero_grad, opt.step`: every name of the targets
                        names.update(word.strip(" \t") for word in unpacked.group(1).split(","))
                        at = text.find(method, at + 1)
                        continue
                if head.endswith("=") and not head.endswith(("==", "!=", "<=", ">=")):
                    bound = head[:-1].rstrip(" \t")
                    word = bound[len(bound.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")) :]
                    if word.isidentifier():
                        names.add(word)
                        if bound[: len(bound) - len(word)].endswith("."):
                            names.add("." + word)  # `state.clear = opt.zero_grad`: an attribute so bound
            at = text.find(method, at + 1)
    return names


def _method_tables(facts: ModuleFacts, class_name: str) -> dict[str, list[ast.Attribute]]:
    """The attributes a class's `__init__` binds to a dict literal of the class's own methods
    (`self.handlers = {"train": self.train_batch, "eval": self.eval_batch}`, or `dict(train=
    self.train_batch, ...)`: string keys, every value `self.<method>`), bound exactly once in the module (nothing else stores an attribute
    of that name, on any object, nor calls `setattr`), no method of that name, and read only
    as `self.handlers[key](...)` (never changed, handed on or read otherwise): such a call runs
    one of the entries. Found once per class."""
    cache = facts.__dict__.setdefault("_method_tables", {})
    found = cache.get(class_name)
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = cache[class_name] = {}
    methods = facts.methods.get(class_name, {})
    init = methods.get("__init__")
    if init is None:
        return found
    candidates: dict[str, list[ast.Attribute]] = {}
    keys: dict[str, list[str]] = {}
    for stmt in init.node.body:  # type: ignore[attr-defined]
        if not (
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute)
            and isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id == "self"
            and stmt.targets[0].attr not in methods
        ):  # fmt: skip
            continue
        value = stmt.value
        if isinstance(value, ast.Dict) and value.keys and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in value.keys):
            pairs = [(k.value, v) for k, v in zip(value.keys, value.values)]  # type: ignore[union-attr]
        elif (
            isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" and not value.args
            and value.keywords and all(k.arg is not None for k in value.keywords)
            and "dict" not in facts.module_functions and "dict" not in facts.classes
        ):  # fmt: skip
            pairs = [(k.arg, k.value) for k in value.keywords]  # `dict(train=self.train_epoch, val=self.evaluate)`
        else:
            continue
        if all(
            isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and v.value.id == "self" and v.attr in methods for _, v in pairs
        ):
            candidates[stmt.targets[0].attr] = [v for _, v in pairs]  # type: ignore[misc]
            keys[stmt.targets[0].attr] = [k for k, _ in pairs]  # type: ignore[misc]
    if not candidates or "setattr(" in facts.source.text:
        return found  # (the text searched only for a class that binds a table: asked for every class)
    called: set[int] = set()
    for call in facts.source.of_type(ast.Call):
        func = call.func  # type: ignore[attr-defined]
        if func.__class__ is ast.Subscript and func.value.__class__ is ast.Attribute and func.value.attr in candidates:
            called.add(id(func.value))
    stores: dict[str, int] = {}
    for node in facts.source.of_type(ast.Attribute):
        if node.attr not in candidates:
            continue
        if not isinstance(node.ctx, ast.Load):
            stores[node.attr] = stores.get(node.attr, 0) + 1
        elif id(node) not in called:
            stores[node.attr] = 2  # read otherwise: it may be changed or handed on
    for node in facts.source.of_type(ast.AugAssign):
        if isinstance(node.target, ast.Attribute) and node.target.attr in candidates:
            stores[node.target.attr] = 2
    found.update({attr: values for attr, values in candidates.items() if stores.get(attr) == 1})
    table_keys = facts.__dict__.setdefault("_method_table_keys", {})
    for attr in found:
        table_keys[class_name, attr] = keys[attr]  # (the entries' keys, in order: `method_table_calls`)
    return found


def calls_a_table_entry(text: str, facts: ModuleFacts, names) -> bool:  # type: ignore[no-untyped-def]
    """The text calls `<NAME>[...](` over a table of the module's functions (`function_tables`)
    or `<name>.<attr>[...](` over a table a class of the module binds to its own methods
    (`_method_tables`), one of whose entries is named in `names`."""
    if any(f"{name}[" in text and any(e.id in names for e in entries) for name, (_, entries) in function_tables(facts).items()):
        return True
    if "." not in text:
        return False
    for class_name in facts.classes:
        if "__init__" not in facts.methods.get(class_name, {}):
            continue
        for attr, entries in _method_tables(facts, class_name).items():
            if f".{attr}[" in text and any(e.attr in names for e in entries):
                return True
    return False


def function_tables(facts: ModuleFacts) -> dict[str, tuple[list[str], list[ast.Name]]]:
    """The names the module's top level binds to a dict literal of its own functions
    (`HANDLERS = {"train": train_epoch, "val": evaluate}`: string keys, every value a function
    of the module), bound exactly once (no other store, `del` or `global` of the name) and read
    only as `HANDLERS[key](...)`: each name's keys and entries, in order. Found once per module."""
    found = facts.__dict__.get("_function_tables")
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = facts.__dict__["_function_tables"] = {}
    functions = facts.module_functions
    candidates: dict[str, tuple[list[str], list[ast.Name]]] = {}
    for stmt in facts.source.tree.body:  # type: ignore[attr-defined]
        if (
            stmt.__class__ is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0].__class__ is ast.Name
            and stmt.value.__class__ is ast.Dict and stmt.value.keys and stmt.targets[0].id not in functions
            and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in stmt.value.keys)
            and all(v.__class__ is ast.Name and v.id in functions for v in stmt.value.values)
        ):  # fmt: skip
            candidates[stmt.targets[0].id] = ([k.value for k in stmt.value.keys], list(stmt.value.values))
    scopes: dict[str, dict[str, FunctionInfo]] = {}
    facts.__dict__["_function_table_scopes"] = scopes
    if facts.local_functions:
        # `phases = {"train": train_fn, "val": eval_fn}` in a function (or method) over
        # functions it defines itself: the table's entries are those closures
        outers = [*facts.module_functions.values(), *(info for methods in facts.methods.values() for info in methods.values())]
        for outer in outers:
            local = facts.local_functions.get(id(outer.node))
            if not local or len(local) < 2:
                continue
            for stmt in outer.node.body:
                if (
                    stmt.__class__ is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0].__class__ is ast.Name
                    and stmt.value.__class__ is ast.Dict and stmt.value.keys and stmt.targets[0].id not in functions
                    and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in stmt.value.keys)
                    and all(v.__class__ is ast.Name and v.id in local for v in stmt.value.values)
                ):  # fmt: skip
                    name = stmt.targets[0].id
                    if name in candidates:
                        candidates[name] = ([], [])  # (two tables of that name: neither)
                        continue
                    candidates[name] = ([k.value for k in stmt.value.keys], list(stmt.value.values))
                    scopes[name] = local
    if not candidates:
        return found
    called = {
        id(call.func.value)  # type: ignore[attr-defined]
        for call in facts.source.of_type(ast.Call)
        if call.func.__class__ is ast.Subscript and call.func.value.__class__ is ast.Name and call.func.value.id in candidates  # type: ignore[attr-defined]
    }
    stores: dict[str, int] = {}
    for node in facts.source.of_type(ast.Name):
        if node.id in candidates:  # type: ignore[attr-defined]
            if not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
                stores[node.id] = stores.get(node.id, 0) + 1  # type: ignore[attr-defined]
            elif id(node) not in called:
                stores[node.id] = 2  # type: ignore[attr-defined]  # read otherwise: it may be changed or handed on
    for kind in (ast.Global, ast.Nonlocal):
        for node in facts.source.of_type(kind):
            for name in node.names:  # type: ignore[attr-defined]
                stores[name] = 2
    found.update({name: table for name, table in candidates.items() if stores.get(name) == 1 and table[1]})
    return found


def function_table_function(facts: ModuleFacts, table: str, entry: str) -> FunctionInfo:
    """The function an entry of a table of `function_tables` names: the module's, or for a
    table a function binds to functions it defines, that closure."""
    local = facts.__dict__["_function_table_scopes"].get(table)
    return local[entry] if local is not None else facts.module_functions[entry]


def _bound_methods(facts: ModuleFacts, class_name: str) -> dict[str, ast.Attribute]:
    """The attributes a class's `__init__` binds to one of the class's own methods
    (`self.step_fn = self.train_step`), each bound exactly once in the module (nothing else
    stores an attribute of that name, on any object, nor calls `setattr`), and no method of that
    name: `self.step_fn(batch)` calls the method. Found once per class."""
    cache = facts.__dict__.setdefault("_bound_methods", {})
    found = cache.get(class_name)
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = cache[class_name] = {}
    methods = facts.methods.get(class_name, {})
    init = methods.get("__init__")
    if init is None:
        return found
    setattr_called = cache.get("setattr(")  # (the file's text searched once, not once per class)
    if setattr_called is None:
        setattr_called = cache["setattr("] = "setattr(" in facts.source.text
    if setattr_called:
        return found
    candidates: dict[str, ast.Attribute] = {}
    for stmt in init.node.body:  # type: ignore[attr-defined]
        if (
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute)
            and isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id == "self"
            and isinstance(stmt.value, ast.Attribute) and isinstance(stmt.value.value, ast.Name)
            and stmt.value.value.id == "self" and stmt.value.attr in methods and stmt.targets[0].attr not in methods
        ):
            candidates[stmt.targets[0].attr] = stmt.value
    if not candidates:
        return found
    stores: dict[str, int] = {}
    for node in facts.source.of_type(ast.Attribute):
        if node.attr in candidates and not isinstance(node.ctx, ast.Load):
            stores[node.attr] = stores.get(node.attr, 0) + 1
    for node in facts.source.of_type(ast.AugAssign):
        if isinstance(node.target, ast.Attribute) and node.target.attr in candidates:
            stores[node.target.attr] = 2
    found.update({attr: value for attr, value in candidates.items() if stores.get(attr) == 1})
    return found


def _lambda_bound_names(text: str) -> set[str]:
    """The names written bound to a lambda (`clear = lambda: ...`), found by searching for
    `lambda` and reading back over `=` (no regex over every word of the file)."""
    names: set[str] = set()
    at = text.find("lambda")
    while at != -1:
        end = at
        while end > 0 and text[end - 1] in " \t":
            end -= 1
        if end > 0 and text[end - 1] == "=" and (end < 2 or text[end - 2] not in "=!<>"):
            end -= 1
            while end > 0 and text[end - 1] in " \t":
                end -= 1
            start = end
            while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
                start -= 1
            if start < end:
                names.add(text[start:end])
        at = text.find("lambda", at + 6)
    return names


def _stepping_lambdas(source: Source) -> dict[str, tuple[ast.Assign, bool, tuple[ast.Lambda, ...]]]:
    """Names bound once in the module (no other binding of the name anywhere) to a lambda of no
    parameters that only steps (`lambda: opt.step()`), or to a list or tuple of such lambdas
    read nowhere but as the iterable of a `for` (`hooks = [lambda: opt.step()]`): name ->
    (the assignment, whether a list, the lambdas)."""
    found: dict[str, tuple[ast.Assign, bool, tuple[ast.Lambda, ...]]] = {}
    for node in source.nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Lambda) and _only_steps(value):
                found[node.targets[0].id] = (node, False, (value,))
            elif isinstance(value, (ast.List, ast.Tuple)) and value.elts and all(isinstance(e, ast.Lambda) and _only_steps(e) for e in value.elts):
                found[node.targets[0].id] = (node, True, tuple(value.elts))  # type: ignore[arg-type]
    if not found:
        return found
    iterated = {id(n.iter) for n in source.nodes if isinstance(n, (ast.For, ast.AsyncFor))}
    bindings: dict[str, int] = {}
    for node in source.nodes:
        if isinstance(node, ast.Name) and node.id in found:
            if not isinstance(node.ctx, ast.Load):
                bindings[node.id] = bindings.get(node.id, 0) + 1
            elif found[node.id][1] and id(node) not in iterated:
                bindings[node.id] = 2  # `hooks.append(...)`, `register(hooks)`: it may hold more
        elif isinstance(node, (ast.Global, ast.Nonlocal, ast.arg, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.alias)):
            for bound in node.names if isinstance(node, (ast.Global, ast.Nonlocal)) else [_bound_name(node)]:
                if bound in found:
                    bindings[bound] = 2
    return {name: entry for name, entry in found.items() if bindings.get(name) == 1}


def _lambda_calls_gradient_method(made: ast.Lambda) -> bool:
    """The lambda's body calls a `zero_grad`, `step` or `backward` method (`lambda o: o.zero_grad()`,
    handed to `map(...)`): the call it is handed to may run it."""
    return any(
        n.__class__ is ast.Call and n.func.__class__ is ast.Attribute and n.func.attr in _BOUND_METHODS  # type: ignore[attr-defined]
        for n in ast_walk(made.body)
    )


def _only_steps(made: ast.Lambda) -> bool:
    """`lambda: opt.step()`: no parameters, the body a `step()` of a named object with no argument."""
    args = made.args
    body = made.body
    return (
        not (args.posonlyargs or args.args or args.kwonlyargs or args.vararg or args.kwarg)
        and isinstance(body, ast.Call) and isinstance(body.func, ast.Attribute) and body.func.attr == "step"
        and not body.args and not body.keywords and dotted(body.func.value) is not None
    )  # fmt: skip


def _bound_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, ast.alias):
        return (node.asname or node.name).split(".", 1)[0]
    return getattr(node, "name", None)


def _inheriting_the_list(module, subclasses: list[str], attribute: str, project) -> bool | None:  # type: ignore[no-untyped-def]
    """Each of `subclasses` (classes the module defines on the class that stores its
    `__init__` parameter's list in `self.<attribute>`) keeps that list: it binds no
    `self.<attribute>`, and defines no `__init__` or one that takes only `*args, **kwargs` and
    hands both on to `super().__init__(*args, **kwargs)`; no class of the project derives from
    it in turn. True, or None when any is unsure."""
    from gradfix.analysis.steps import _subclass_names

    for name in subclasses:
        node = module.facts.classes.get(name)
        if node is None:
            return None
        if any(isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load) and dotted(n) == f"self.{attribute}" for n in ast_walk(node)):
            return None
        init = module.facts.methods.get(name, {}).get("__init__")
        if init is not None and init.class_name == name:
            args = init.node.args
            if args.posonlyargs or len(args.args) != 1 or args.kwonlyargs or args.vararg is None or args.kwarg is None:
                return None
            handed = f"super().__init__(*{args.vararg.arg}, **{args.kwarg.arg})"
            if not any(isinstance(stmt, ast.Expr) and module.source.segment(stmt) == handed for stmt in init.node.body):
                return None
        if any(_subclass_names(project.read_quietly(path) or b"", name) for path in project.saying(name.encode())):
            return None  # (a class derived from it in turn)
    return True


def _function_around(node: ast.AST, source: Source) -> ast.AST:
    """The innermost function whose code holds the node, else the module."""
    found: ast.AST = source.tree
    where = (node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = (node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    for function in (*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef)):
        if (function.lineno, function.col_offset) <= where and end <= (function.end_lineno, function.end_col_offset):  # type: ignore[attr-defined]
            if found is source.tree or function.lineno >= found.lineno:  # type: ignore[attr-defined]
                found = function
    return found


def _scope_of(stmt: ast.stmt, source: Source) -> ast.AST | None:
    """The function, class or module whose code a statement is."""
    node: ast.AST | None = stmt
    while node is not None:
        node = source.owner_of(node)  # type: ignore[arg-type]
        if node is None or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
            return node
    return None


class _Walker:
    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.source = facts.source
        self.events: list[GradEvent] = []
        self.loop_nodes: list[tuple[Loop, _Context]] = []
        self.pipeline_loops: set[int] = set()  # ids of `for fn in (a, b): state = fn(state)` loops
        self.stage_calls: dict[int, tuple[ast.AST, list[ast.Call]]] = {}  # id of a stage -> (it, the loops' calls running it)
        self.visiting: list[int] = []
        self.self_attributes: dict[str, set[str]] = {}
        self._backpropagating: set[str] | None = None
        self._texts: dict[str, list[str]] | None = None  # the module's function texts, by name
        self._helper_answers: dict[str, bool] = {}  # name -> it reaches a backpropagating import
        self._words_of: dict[str, set[str]] = {}  # name -> the words of its texts
        self._imported: dict[str, bool] = {}
        self._called: tuple[str | None, set[str]] = (None, set())  # the gate's last text, its `called_names`
        self.calls_into: dict[int, list[tuple[ast.Call, _Context]]] = {}  # helper -> call sites
        self.helper_infos: dict[int, FunctionInfo] = {}
        self._aliases: dict[int, dict[str, tuple[str, ast.Call | None]]] = {}
        self.alternative_calls: list[tuple[ast.Call, _Context, tuple[str, ...]]] = []
        # a subclass's methods for `self.name()` in the code of these classes (its bases):
        # what the loops of the bases run on the subclass's objects (steps.py)
        self.overrides: tuple[frozenset[str], dict[str, FunctionInfo]] | None = None
        # (class, method) -> the overrides of a stub by subclasses of other modules; calls of
        # such a stub that several overrides, some touching gradients, leave undecided
        self._project_overrides: dict[tuple[str, str], list[FunctionInfo]] = {}
        self.undecided_overrides: set[int] = set()
        # id of a helper call run once per item of a comprehension (or `map`) of a loop's
        # statement -> the loops it runs in (one per generator) and their conditions
        self.per_item: dict[int, tuple[tuple[ast.For, ...], tuple[ast.expr, ...]]] = {}
        self.mapped: dict[int, ast.Call] = {}  # id of a consumed `map(step, xs)` -> the call `step(item)`
        self.per_item_seen: set[int] = set()  # ids of the comprehensions read (the outermost first)
        # statements outside loops that may run a step per item (`facts.runs_per_item`, and
        # those of the unread functions `note_unread` looks at): one look per statement
        self.runs_per_item: dict[int, ast.stmt] = facts.runs_per_item
        self.says_reduce = facts.says_reduce
        self.entered_generators: set[int] = set()  # ids of `with` items read as generator halves

    def clip_alias(self, name: str, facts: ModuleFacts) -> str | None:
        """The torch clip function `name` is bound to once in the module (`clip =
        nn.utils.clip_grad_norm_`, at module level or in a function): its qualified name. None
        when `name` is bound anywhere else (another `=`, a parameter, an import, a `def`)."""
        cache: dict[str, str | None] | None = getattr(facts, "_clip_aliases", None)
        if cache is None:
            cache = facts._clip_aliases = {}  # type: ignore[attr-defined]
            source = facts.source
            if _binds_a_clip(source.text):
                stores = _name_stores(source)
                for node in source.of_type(ast.Assign):
                    if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):  # type: ignore[attr-defined]
                        continue
                    bound = dotted(node.value)  # type: ignore[attr-defined]
                    qualified = facts.imports.qualify(bound) if bound is not None else None
                    if not qualified or not qualified.startswith("torch.") or qualified.rsplit(".", 1)[-1] not in CLIP_FUNCTIONS:
                        continue
                    alias = node.targets[0].id  # type: ignore[attr-defined]
                    taken = (
                        alias in facts.imports.aliases
                        or any(a.arg == alias for a in source.of_type(ast.arg))  # type: ignore[attr-defined]
                        or any(d.name == alias for kind in (*FUNCTIONS, ast.ClassDef) for d in source.of_type(kind))  # type: ignore[attr-defined]
                    )
                    owner: ast.AST | None = source.owner_of(node)  # type: ignore[arg-type]
                    while isinstance(owner, ast.stmt) and not isinstance(owner, (*LOOPS, *FUNCTIONS)):
                        owner = source.owner_of(owner)
                    if isinstance(owner, LOOPS):
                        taken = True  # bound in a loop: a clip moved up may run before it
                    cache[alias] = qualified if stores.get(alias) == 1 and not taken else None
        return cache.get(name)

    def bound_backward(self, call: ast.Call, facts: ModuleFacts) -> ast.Call | None:
        """`loss.backward(...)` for `bw(...)` when `bw` is bound once in the module, by `bw =
        loss.backward` (a name or a chain of attributes; also `step = opt.step`, `zero =
        opt.zero_grad`) in the same function as the call and on
        an earlier line, and nowhere else (no parameter, import, `def` or other store of the
        name): the method call it is, made once per written call as for `getattr`."""
        cache: dict[str, tuple[ast.Assign, ast.Attribute] | None] | None = facts.__dict__.get("_bound_backwards")
        if cache is not None and not cache:
            return None  # (most modules: no name bound to a `backward`, asked for every call of a name)
        made = call.__dict__.get("_gradfix_method_call")
        if made is not None:
            return made
        if cache is None:
            cache = facts._bound_backwards = {}  # type: ignore[attr-defined]
            source = facts.source
            if _binds_a_backward(source.text):
                stores = _name_stores(source)
                for node in source.of_type(ast.Assign):
                    if len(node.targets) != 1:  # type: ignore[attr-defined]
                        continue
                    target, value = node.targets[0], node.value  # type: ignore[attr-defined]
                    if isinstance(target, ast.Name):
                        pairs = [(target, value)]
                    elif (
                        isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts)
                        and all(isinstance(e, ast.Name) for e in target.elts)
                    ):
                        pairs = list(zip(target.elts, value.elts))  # `clear, advance = opt.zero_grad, opt.step`
                    else:
                        continue
                    for name, method in pairs:
                        if not (isinstance(method, ast.Attribute) and method.attr in _BOUND_METHODS and dotted(method.value) is not None):
                            continue
                        alias = name.id  # type: ignore[attr-defined]
                        taken = (
                            stores.get(alias) != 1
                            or alias in facts.imports.aliases
                            or any(a.arg == alias for a in source.of_type(ast.arg))  # type: ignore[attr-defined]
                            or any(d.name == alias for kind in (*FUNCTIONS, ast.ClassDef) for d in source.of_type(kind))  # type: ignore[attr-defined]
                        )
                        cache[alias] = None if taken else (node, method)  # type: ignore[assignment]
        func = call.func
        held = cache.get(func.id) if isinstance(func, ast.Name) else None  # type: ignore[attr-defined]
        if held is None:
            return None
        bound, method = held  # type: ignore[misc]
        if bound.lineno >= call.lineno or _function_of(facts.source, bound) is not _function_of(facts.source, call):
            return None
        attribute = ast.Attribute(value=method.value, attr=method.attr, ctx=ast.Load())  # type: ignore[attr-defined]
        ast.copy_location(attribute, func)
        made = ast.Call(func=attribute, args=call.args, keywords=call.keywords)
        ast.copy_location(made, call)
        call.__dict__["_gradfix_method_call"] = made
        made.__dict__["_gradfix_written"] = call  # (`written_bound_call`: what a fix replaces)
        made.__dict__["_gradfix_binding"] = bound
        return made

    def calls_a_table(self, text: str) -> bool:
        """The text calls `<name>.<attr>[...](` where `<attr>` is a table a class of the module
        binds to its own methods (`_method_tables`), or `<NAME>[...](` over a table of the
        module's functions (`function_tables`), one of whose entries touches gradients."""
        return calls_a_table_entry(text, self.facts, self.backpropagating_names())

    def may_backpropagate(self, loop: Loop, ctx: _Context) -> bool:
        """The loop's text mentions `backward`, a function of this module that (through other
        functions) does, or a name imported from a project module that does: otherwise no
        iteration can run a backward pass."""
        text = self.source.segment(loop)
        if "backward" in text or "loss_scaler" in text or "scale_loss" in text:
            return True
        if any(name in text and _names(text, name) for name in self.backpropagating_names()):
            return True
        if any(alias in text and _names(text, alias) for alias in self.callable_aliases(ctx)):
            return True
        if self.calls_a_backpropagating_object(text):
            return True
        if "__call__" in self.backpropagating_names() and (self.calls_a_callable_object(text) or ("self." in text and self.calls_a_callable_attribute(text, ctx))):
            return True
        if "+=" in text and "__iadd__" in self.backpropagating_names() and self.adds_to_a_backpropagating_object(text):
            return True
        if self.calls_a_closure_step(text):
            return True
        if any(name in text and _names(text, name) for name in self.stage_tuples()):
            return True  # `for fn in STAGES: state = fn(state)`, `STAGES = (train_batch, log)`
        if self.calls_a_registry_step(text):
            return True
        if self.iterated_next(loop, ctx) is not None:
            return True
        if self.says_next(ctx.facts or self.facts) and any(
            node.__class__ in FOR_LOOP_KINDS and node is not loop and self.iterated_next(node, ctx) is not None  # type: ignore[arg-type]
            for node in ast_walk(loop)
        ):  # fmt: skip
            return True  # (an epoch loop around `for value in TrainLoop(...)`)
        if ctx.class_name is not None and "self." in text:
            # `self.step_fn(batch)` with `self.step_fn = self.train_step` in `__init__`
            facts = ctx.facts or self.facts
            bound = _bound_methods(facts, ctx.class_name)
            if any(f"self.{attr}" in text and method.attr in self.backpropagating_names() for attr, method in bound.items()):
                return True
            if "](" in text and ctx.facts is None:
                # `self.handlers[phase](i, x, y)` over a table of the class's methods (`table_entry`)
                tables = _method_tables(facts, ctx.class_name)
                names = self.backpropagating_names() if tables else ()
                if any(f"self.{attr}[" in text and any(e.attr in names for e in entries) for attr, entries in tables.items()):
                    return True
        if ctx.facts is None and "](" in text and self.calls_a_table(text):
            return True  # `loop.phases[name](loader)` with `loop = Loop()`; `HANDLERS[phase](data)`
        if self.overrides is not None and ctx.class_name in self.overrides[0]:
            if any(f"self.{name}" in text for name in self.overrides[1]):
                return True  # a subclass's method the loop runs (`build_model`'s `overrides`)
        project = self.facts.project
        if project is None:
            return False
        if ctx.class_name is not None and "self." in text and self.project_bases(ctx.class_name):
            return True  # a method inherited from a class of another module may backpropagate
        if ctx.class_name is not None and ctx.facts is None and "self." in text and self.stub_overridden_to_backpropagate(ctx.class_name, text):
            return True  # `self.train_step(batch)`, a stub a subclass of another module writes
        for local, qualified in self.facts.imports.aliases.items():
            if local in text and self.imported_backpropagates(qualified):
                return True
        if self.calls_a_helper_of_a_backpropagating_import(text):
            return True  # `run(model, batch)`, whose `run` calls the imported `backprop`
        for submodule in self.facts.imports.submodules:
            if submodule + "." in text and self.imported_backpropagates(submodule):
                return True  # `import pkg.steps` ... `pkg.steps.train_step(...)`
        if self.facts.imports.stars:
            # `train_step(...)` after `from .engine import *`, of a project module that backpropagates
            importer = self.source.path or None
            for name in self.called_in(text) - self.facts.module_functions.keys() - self.facts.imports.aliases.keys():
                starred = project.star_name(self.facts.imports.stars, name, importer, self.facts)
                if starred is not None and self.imported_backpropagates(starred):
                    return True
        return self.calls_an_imported_object(text)

    def called_in(self, text: str) -> set[str]:
        """`called_names(text)` for the gate's clauses, found once per loop's text (up to five
        clauses ask it of the same text). Callers only read the set."""
        known, names = self._called
        if known is not text:
            names = called_names(text)
            self._called = (text, names)
        return names

    def stub_overridden_to_backpropagate(self, class_name: str, text: str) -> bool:
        """The text calls `self.name(...)` where `name` is a stub of the module's class
        (`raise NotImplementedError`) that no subclass of the module writes, and a subclass of
        another module of the project overrides it in a class whose code says `backward`
        (`class NeRFTrainer(trainlib.Trainer)` writing `train_step`, which calls its
        `calc_losses`: the loop of the base runs them, as `project_override` resolves)."""
        facts = self.facts
        methods = facts.methods.get(class_name, {})
        for name, info in methods.items():
            if f"self.{name}(" not in text or not _stub(info.node):
                continue
            if any(name in facts.methods.get(owner, {}) for owner in _subclasses_of(facts, class_name)):
                continue
            from gradfix.analysis.steps import project_overrides

            for subclass, override in project_overrides(facts.project, facts, class_name, name):  # type: ignore[arg-type]
                if override is None:
                    continue
                there = override.facts or facts
                node = there.classes.get(subclass)
                source = override.source or there.source
                if node is not None and "backward" in source.segment(node):
                    return True
        return False

    def calls_an_imported_object(self, text: str) -> bool:
        """The text calls a method of an object built by calling a class imported from a project
        module that backpropagates: `agent = Agent()` ... `agent.learn(batch)`, where `learn` is
        in agent.py (the call is looked into as `project_method` says)."""
        if self.facts.project is None or self.imported_classes() == (frozenset(), frozenset()):
            return False  # the module imports nothing from a project module that backpropagates
        for match in _METHOD_CALL.finditer(text):
            recv = match.group(1)
            if recv != "self" and _assigned_callees(self.facts, recv) and self.built_by_imported_class(recv, self.facts, match.group(2)):
                return True
        return False

    def imported_classes(self) -> tuple[frozenset[str], frozenset[str]]:
        """The module's imported names that come from a module of the project that
        backpropagates: capitalized ones (classes: `from agent import Agent`), and the others
        (modules: `import agents`), found once per module."""
        found = self.facts.__dict__.get("_imported_classes")
        if found is None:
            project = self.facts.project
            importer = self.source.path or None
            names = [
                local
                for local, qualified in self.facts.imports.aliases.items()
                if project is not None
                and qualified.lstrip(".").split(".", 1)[0] not in LIBRARY_ROOTS
                # a package or module of the project at its root (or a relative import)
                and (qualified.startswith(".") or project.module_file(qualified.split(".", 1)[0], importer) is not None)
                and (self.imported_backpropagates(qualified) or _wraps_an_optimizer(qualified, local, self.facts))
            ]
            found = (frozenset(n for n in names if n[:1].isupper()), frozenset(n for n in names if not n[:1].isupper()))
            self.facts.__dict__["_imported_classes"] = found
        return found

    @staticmethod
    def built_by_class_with(key: str, method: str, facts: ModuleFacts) -> bool:
        """A line of the module writes `key = Name(...)` (or `with Name(...) as key:`), `Name` a
        class of the module that defines `method` itself."""
        callees = _assigned_callees(facts, key) | _entered_callees(facts, key)
        return any(method in facts.methods.get(callee, ()) for callee in callees if callee in facts.classes)

    def built_by_imported_class(self, key: str, facts: ModuleFacts, method: str) -> bool:
        """A line of the module writes `key = Name(...)`, `Name` a class (capitalized) imported
        from a project module that backpropagates (or a wrapper the module builds around an
        optimizer, `_optimizer_wrappers`), with a `def method(` in that module's text."""
        if facts is not self.facts or self.facts.project is None:
            return False
        classes, modules = self.imported_classes()
        if not classes and not modules:
            return False
        for callee in _assigned_callees(facts, key):
            root, _, rest = callee.partition(".")
            if (root in classes and not rest) or (root in modules and rest.rsplit(".", 1)[-1][:1].isupper()):
                # `Agent(...)`, or `agents.DQN(...)` after `import agents`
                qualified = facts.imports.qualify(callee) or callee
                if self.plain_class_with(qualified, method):
                    return True
        return False

    def plain_class_with(self, qualified: str, method: str, importer: str | None = None, depth: int = 0) -> bool:
        """The module of `qualified` (`agent.Agent`) writes `class Agent` and a `def method(`:
        a look at its bytes, no parse. (A class with a library base, an agent that is an
        `nn.Module` holding its optimizer, counts too: `project_method` then takes only a
        method its own body defines.) A class a package's `__init__.py` re-exports (`from .net
        import Net`) is looked for in the module it comes from."""
        module, _, name = qualified.rpartition(".")
        project = self.facts.project
        path = project.module_file(module, importer or self.source.path or None) if project is not None and module else None
        data = project.read(path) if path is not None else None  # type: ignore[union-attr]
        if data and depth < 3 and path.endswith("__init__.py") and b"class " + name.encode() not in data:  # type: ignore[union-attr]
            origin = reexported(data, name)
            return origin is not None and origin != qualified and self.plain_class_with(origin, method, path, depth + 1)
        if not data or f"def {method}(".encode() not in data:
            return False
        return re.search(rb"^class[ \t]+" + re.escape(name.encode()) + rb"[ \t]*[(:]", data, re.M) is not None

    def calls_a_backpropagating_object(self, text: str) -> bool:
        """The text calls an object of this module that backpropagates when called, whatever
        it is named: `amp = NativeScaler()` ... `amp(loss, optimizer)`."""
        if not _calls_objects(self.facts):
            return False
        for key, info in self.facts.objects.items():
            if info.library is None or key not in text:
                continue
            entry = frameworks.method(info.library, "__call__")
            if entry is None or frameworks.Effect.BACKWARD not in entry.effects:
                continue
            if calls(text, key):
                return True
        return False

    def calls_a_callable_object(self, text: str) -> bool:
        """The text calls an object of a class of this module whose `__call__` backpropagates
        (`step = TrainStep(model, opt)` ... `step(x, y)`)."""
        methods = self.facts.methods
        classes = {c for c, found in methods.items() if "__call__" in found}
        if classes and "self(" in text and _SELF_AS_CALL.search(text):
            return True  # `loss = self(x, y)` in a method of such a class: its own `__call__`
        return any(_assigned_callees(self.facts, name) & classes for name in self.called_in(text))

    def calls_a_callable_attribute(self, text: str, ctx: _Context) -> bool:
        """The text, in a method of a class, calls `self.<attribute>(` holding an object of a
        class of this module with a `__call__` (`own_callable_attribute`)."""
        return ctx.class_name is not None and any(
            self.own_callable_attribute(m.group(1), ctx) is not None for m in _SELF_ATTRIBUTE_CALL.finditer(text)
        )

    def adds_to_a_backpropagating_object(self, text: str) -> bool:
        """The text adds into an object of a class of this module whose `__iadd__`
        backpropagates (`trainer = Trainer(model)` ... `trainer += batch`, read as
        `trainer.__iadd__(batch)`: call_forms.py)."""
        methods = self.facts.methods
        classes = {c for c, found in methods.items() if "__iadd__" in found}
        return bool(classes) and any(
            _assigned_callees(self.facts, m.group(1)) & classes for m in _ADDED_INTO.finditer(text)
        )

    def calls_a_closure_step(self, text: str) -> bool:
        """The text calls a name bound to what a factory of this module returns, a function it
        defines that backpropagates (`train_step = make_train_step(model, opt)` ... `train_step(x,
        y)`)."""
        factories = {name for name, inner in _factory_closures(self.facts).items() if inner.node.name in self.backpropagating_names()}
        if factories and any(_assigned_callees(self.facts, name) & factories for name in self.called_in(text)):
            return True
        tuples = _factory_tuple_closures(self.facts)
        if tuples:
            # `step, end_epoch = make_train_step(model, opt)` ... `step(x, y)`
            named = self.backpropagating_names()
            factories = {name for name, inners in tuples.items() if any(i is not None and i.node.name in named for i in inners)}
            unpacked = _tuple_callees(self.facts)
            if factories and any(unpacked.get(name, set()) & factories for name in called_names(text)):
                return True
        nested = _nested_factories(self.facts)
        if nested:
            # `step = make_step()`, `make_step` defined in the loop's function (`_local_factory_closure`)
            named = self.backpropagating_names()
            factories = {name for name, inner in nested.items() if inner in named}
            if factories and any(_assigned_callees(self.facts, name) & factories for name in self.called_in(text)):
                return True
        aliases = self.facts.imports.aliases
        if self.facts.project is None or not aliases:
            return False
        # `train_step = make_train_step(model, opt)`, the factory imported from a module of the
        # project that backpropagates (`from engine import make_train_step`)
        return any(
            callee in aliases and self.imported_factory(callee, self.facts) is not None
            for name in self.called_in(text)
            for callee in _assigned_callees(self.facts, name)
        )

    def imported_factory(self, callee: str, facts: ModuleFacts) -> tuple[FunctionInfo, FunctionInfo] | None:
        """A factory (see `_factory_closures`) this module imports by name from a module of the
        project that backpropagates, and the function it returns: `from engine import
        make_train_step`."""
        qualified = facts.imports.aliases.get(callee) if facts is self.facts else None
        if qualified is None or qualified == callee or not self.imported_backpropagates(qualified):
            return None
        factory = self.imported(qualified, facts)
        if factory is None or factory.facts is None or factory.class_name is not None:
            return None
        inner = _factory_closures(factory.facts).get(factory.node.name)
        return (factory, inner) if inner is not None and factory.facts.module_functions.get(factory.node.name) is factory else None

    def calls_a_registry_step(self, text: str) -> bool:
        """The text names a dict of this module holding a function that backpropagates
        (`STEPS = {"sup": sup_step}` ... `STEPS["sup"](model, opt, batch)`), or calls a name
        bound to an entry of one (`step = STEPS["sup"]` ... `step(...)`). (A dict imported from a
        module of the project that backpropagates makes the loop one that may already.)"""
        if "[" not in self.source.text:
            return False
        named = self.backpropagating_names()
        tables = {table for table, functions in registry_tables(self.facts).items() if set(functions) & named}
        if any(table in text and _names(text, table) for table in tables):
            return True
        aliases = self.facts.imports.aliases if self.facts.project is not None else {}
        if not tables and not aliases:
            return False  # (no dict an entry could come from)
        for name in self.called_in(text):
            for table in _assigned_entries(self.facts, name):
                if table in tables or (table in aliases and self.imported_backpropagates(aliases[table])):
                    return True
        return False

    def registry_step(self, func: ast.expr, ctx: _Context) -> FunctionInfo | None:
        """The function `STEPS["sup"]` stands for: `STEPS` bound once to a dict literal (in this
        module, or at the top of the module of the project it is imported from by name) whose
        values are names, the constant key's entry a function of that module (or one it
        imports), and no statement of either module writing into the dict."""
        from gradfix.analysis.activations import _written_into
        from gradfix.analysis.assignments import dict_of_names

        if not isinstance(func, ast.Subscript) or ctx.facts is not None:
            return None  # (inside a helper of another module: its dicts are not read)
        key = func.slice.value if isinstance(func.slice, ast.Constant) and isinstance(func.slice.value, str) else None
        if key is None and isinstance(func.slice, ast.Name):
            # `STEPS[KIND](...)`: a module constant `KIND = "sup"`, the module's one binding of it
            key = _module_constant_string(self.facts, self.source, func.slice.id)
        if isinstance(func.value, ast.Dict):
            # `{"sup": sup_step, "probe": probe_step}[KIND](model, opt, x, y)`: the entry of the
            # key, a function the call's scope names
            if key is None:
                return None
            names = [
                v.id for k, v in zip(func.value.keys, func.value.values)
                if isinstance(k, ast.Constant) and k.value == key and isinstance(v, ast.Name)
            ]  # fmt: skip
            if len(names) != 1 or any(k is None or not isinstance(k, ast.Constant) for k in func.value.keys):
                return None
            return self.resolve_name(names[0], ctx)
        if not isinstance(func.value, ast.Name):
            return None
        if key is None and func.value.id not in decorator_registries(self.facts):
            return None
        table = func.value.id
        view = self.__dict__.get("_view")
        if view is None:
            view = self.__dict__["_view"] = _ModelView(self.facts, self.source)  # (its assignments read once)
        decorated = decorator_registries(self.facts).get(table)
        if decorated is not None:
            # `@register_step("plain") def plain_step(...)` filling `STEPS = {}`: the entry of the
            # constant key, or the one function registered when the key is read at run time
            # (`STEPS[self.kind](self, batch, i)`)
            names = [n for k, n in decorated if key is None or k == key]
            if len(names) != 1 or any(table in (a.arg for a in ast_walk(f) if isinstance(a, ast.arg)) for f in ctx.functions):
                return None
            return self.resolve_name(names[0], ctx.replace(functions=()))
        found = dict_of_names(table, view)
        if found is None or _written_into(table, self.source):
            return None
        entries, where = found
        names = [n for k, n in entries if k == key]
        if len(names) != 1 or "." in names[0]:
            return None
        name = names[0]
        if where is self.facts:
            if any(table in (a.arg for a in ast_walk(f) if isinstance(a, ast.arg)) for f in ctx.functions):
                return None  # a parameter of the code around the call may shadow the dict
            return self.resolve_name(name, ctx.replace(functions=())) if name in self.facts.module_functions or name in self.facts.imports.aliases else None
        if _written_into(table, where.source):  # type: ignore[attr-defined]
            return None
        own = where.module_functions.get(name)  # type: ignore[attr-defined]
        return own if own is not None and own.class_name is None else None

    def bus_handlers(self, call: ast.Call, ctx: _Context) -> list[FunctionInfo] | None:
        """`emit("batch", ctx, i, x, y)` of a dispatcher of this module's event bus, not
        shadowed where the call is: see `bus_handlers`."""
        name = call.func.id  # type: ignore[attr-defined]
        buses = event_buses(self.facts)
        if not buses or name not in buses or self.resolve_name(name, ctx) is not self.facts.module_functions.get(name):
            return None
        return bus_handlers(call, self.facts, top_level=not ctx.functions)

    def registry_alias(self, name: ast.Name, ctx: _Context) -> FunctionInfo | None:
        """`step = STEPS["sup"]` bound once in the code around the call (its function, or the
        module's top level), nothing else binding `step` there: the entry's function (see
        `registry_step`)."""
        facts = ctx.facts or self.facts
        if ctx.facts is not None or not _assigned_entries(facts, name.id):
            return None
        scope: ast.AST = ctx.functions[-1] if ctx.functions else facts.source.tree
        value = _only_binding(scope, name.id, declarations=True)
        return self.registry_step(value, ctx) if value is not None else None

    def project_bases(self, class_name: str) -> bool:
        node = self.facts.classes.get(class_name)
        if node is None:
            return False
        for base in node.bases:
            name = dotted(base)
            if name is None or name in self.facts.classes:
                continue
            if self.facts.imports.qualify(name) != name or "." in name:
                return True
        return False

    def imported_backpropagates(self, qualified: str) -> bool:
        cached = self._imported.get(qualified)
        if cached is None:
            cached = False
            project = self.facts.project
            importer = self.source.path or None
            parts = qualified.lstrip(".").split(".")
            level = len(qualified) - len(qualified.lstrip("."))
            for cut in range(len(parts), 0 if level == 0 else -1, -1):
                path = project.module_file("." * level + ".".join(parts[:cut]), importer) if project else None
                if path is not None:
                    data = project.read(path)  # type: ignore[union-attr]
                    cached = data is not None and project.backpropagates(path, data)  # type: ignore[union-attr]
                    if not cached and data is not None and cut == len(parts) - 1 and path.endswith("__init__.py"):
                        # `from . import train_one_epoch`, re-exported by the package from engine.py
                        origin = reexported(data, parts[cut])
                        if origin is not None:
                            inner = project.module_file(split_qualified(origin)[0], path)  # type: ignore[union-attr]
                            inner_data = project.read(inner) if inner is not None else None  # type: ignore[union-attr]
                            cached = inner_data is not None and project.backpropagates(inner, inner_data)  # type: ignore[union-attr]
                    break
            self._imported[qualified] = cached
        return cached

    def backpropagating_names(self) -> set[str]:
        if self._backpropagating is None:
            self._backpropagating = backpropagating_functions(self.facts)
        return self._backpropagating

    def calls_a_helper_of_a_backpropagating_import(self, text: str) -> bool:
        """The text names a function or method of the module whose text, or that of a function
        of the module it names (at any depth), names a name imported from a project module
        that backpropagates (`run(model, batch)`, `def run(model, batch): backprop(model,
        batch)` with `from engine import backprop`): a loop calling it may run a backward pass
        though its own text names no import. Asked only of loops that pass no other test of
        the gate; the functions' texts are read as the loops ask (each function's names once)."""
        if self.facts.project is None or not self.facts.imports.aliases:
            return False
        texts = self._texts
        if texts is None:
            texts = self._texts = _function_texts(self.facts)
        answers = self._helper_answers
        for name in texts:
            if name in text and _names(text, name):
                found = answers.get(name)
                if found is None:
                    found = answers[name] = self._reaches_a_backpropagating_import(name, texts)
                if found:
                    return True
        return False

    def _reaches_a_backpropagating_import(self, start: str, texts: dict[str, list[str]]) -> bool:
        seen = {start}
        todo = [start]
        while todo:
            name = todo.pop()
            words = self._words_of.get(name)
            if words is None:
                words = self._words_of[name] = {w for body in texts[name] for w in _WORD.findall(body)}
            for local, qualified in self.facts.imports.aliases.items():
                if local in words and self.imported_backpropagates(qualified):
                    return True
            for other in words & texts.keys():
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return False

    def callable_aliases(self, ctx: _Context) -> dict[str, tuple[str, ast.Call | None]]:
        """Names the code around a loop (its function, or the module's top level) binds once,
        and only there, to a function of the module that backpropagates under another name:
        `step = train_step`, `step = functools.partial(train_step, model=model)`, `step =
        torch.compile(train_step)` -> ("train_step", the partial call or None)."""
        facts = ctx.facts or self.facts
        scope: ast.AST = ctx.functions[-1] if ctx.functions else facts.source.tree
        found = self._aliases.get(id(scope))
        if found is None:
            found = self._aliases[id(scope)] = self._find_aliases(scope, ctx)
            if isinstance(scope, FUNCTIONS) and "partial" in (ctx.source or self.source).text:
                # `def fit(step_fn, loader)` handed `functools.partial(train_step, model, opt)`
                # by the module's one call of it: `step_fn(x, y)` is the partial's call
                handed = handed_partial_params(facts)
                info = facts.module_functions.get(scope.name) if handed else None
                if info is not None and info.node is scope:
                    targets = self.backpropagating_names()
                    found = self._aliases[id(scope)] = {
                        **found,
                        **{
                            param: (call.args[0].id, call) for param, (helper, call) in handed.items()  # type: ignore[attr-defined]
                            if helper == scope.name and param not in found and call.args[0].id in targets  # type: ignore[attr-defined]
                        },
                    }
            if isinstance(scope, FUNCTIONS):
                found = self._aliases[id(scope)] = self._with_module_aliases(found, ctx)
        return found

    def _with_module_aliases(
        self, found: dict[str, tuple[str, ast.Call | None]], ctx: _Context
    ) -> dict[str, tuple[str, ast.Call | None]]:
        """`found` (a function's own aliases) and the aliases statements of the module's top level
        bind once (`step_fn = torch.compile(train_step, backend="eager")` above `def main():` that
        calls `step_fn(...)`: `_top_level_aliases`), less those a function around the code binds
        itself (a parameter, a local, a nested `def`) or a `global` of the module names."""
        if not ctx.functions or (ctx.facts is not None and ctx.facts is not self.facts):
            return found
        module = self._top_level_aliases()
        if not module:
            return found
        bound: dict[str, int] = {}
        for node in ast_walk(ctx.functions[0]):
            if node is not ctx.functions[0]:
                count_binding(node, bound, module)  # (its parameters too)
        for node in self.facts.source.of_type(ast.Global):
            for name in node.names:  # type: ignore[attr-defined]
                bound[name] = 2
        merged = {name: alias for name, alias in module.items() if name not in bound and name not in found}
        return {**found, **merged} if merged else found

    def _top_level_aliases(self) -> dict[str, tuple[str, ast.Call | None]]:
        """Names a statement of the module's top level (or of an arm of a top-level `if` or `try`)
        binds to a function of the module that backpropagates, `x = f`, `x =
        functools.partial(f, ...)` or `x = torch.compile(f, ...)`, and that nothing else of the
        module's top level binds; bound more than once only when every binding is `f` or
        `torch.compile(f)` of the same `f` (`if USE_COMPILE: step_fn = torch.compile(step)` /
        `else: step_fn = step`). Found once per module from its top-level statements alone (no
        look at the text)."""
        facts = self.facts
        found = facts.__dict__.get("_top_level_aliases")
        if found is not None:
            return found  # type: ignore[no-any-return]
        found = {}
        targets: set[str] | None = None
        tree = facts.source.tree
        bound: dict[str, int] = {}  # each name's bindings to an alias of one function
        for stmt in top_level_bindings(facts):
            if len(stmt.targets) == 1 and stmt.targets[0].__class__ is ast.Name:  # type: ignore[attr-defined]
                aliased = _aliased_function(stmt.value, facts)  # type: ignore[attr-defined]
                if aliased is None:
                    continue
                if targets is None:
                    targets = self.backpropagating_names()
                if aliased[0] in targets:
                    name = stmt.targets[0].id  # type: ignore[attr-defined]
                    held = found.get(name)
                    if held is not None and (held[0] != aliased[0] or held[1] is not None or aliased[1] is not None):
                        bound[name] = -1  # two functions (or a partial's arguments): not one alias
                    elif bound.get(name, 0) >= 0:
                        bound[name] = bound.get(name, 0) + 1
                    found[name] = aliased
        if found:
            counts: dict[str, int] = {}
            for top in tree.body:  # type: ignore[attr-defined]
                if isinstance(top, (*FUNCTIONS, ast.ClassDef)):
                    counts[top.name] = counts.get(top.name, 0) + 2
                    continue
                for node in ast_walk(top):
                    count_binding(node, counts, found)
            # bound once; or in each arm of a top-level `if`/`try` to a compiled or plain form
            # of one function (`step_fn = torch.compile(step)` / `step_fn = step`), and nowhere else
            found = {name: aliased for name, aliased in found.items() if counts.get(name) == bound[name]}
        facts.__dict__["_top_level_aliases"] = found
        return found

    def _find_aliases(self, scope: ast.AST, ctx: _Context) -> dict[str, tuple[str, ast.Call | None]]:
        source = ctx.source or self.source
        facts = ctx.facts or self.facts
        if len(source.text) > BIG_FILE and not _module_aliases_functions(facts, source):
            return {}  # a big file: one look at its text, not one per function
        names = _function_names(facts)
        if not names or self._backpropagating is not None and not self._backpropagating:
            return {}  # no function of the module (or none backpropagates): no alias of one, as below
        text = source.segment(scope) if not isinstance(scope, ast.Module) else source.text
        candidates = _alias_candidates(text)
        if not candidates & names:
            return {}  # no `x = f`, `x = partial(f, ...)`, `x = torch.compile(f)` of a function of the module
        targets = self.backpropagating_names()
        if not candidates & targets:
            return {}
        facts = ctx.facts or self.facts
        counts: dict[str, int] = {}
        candidates: dict[str, tuple[str, ast.Call | None]] = {}
        statements = scope.body if isinstance(scope, ast.Module) else [scope]
        for top in statements:
            if isinstance(scope, ast.Module) and isinstance(top, (*FUNCTIONS, ast.ClassDef)):
                counts[top.name] = counts.get(top.name, 0) + 2
                continue
            for node in ast_walk(top):
                if node is scope:
                    continue
                count_binding(node, counts)
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    aliased = _aliased_function(node.value, facts)
                    if aliased is not None and aliased[0] in targets:
                        candidates[node.targets[0].id] = aliased
        return {name: aliased for name, aliased in candidates.items() if counts.get(name) == 1}

    def key(self, expr: ast.AST, ctx: _Context) -> str:
        return (ctx.source or self.source).key(expr)

    # statements ----------------------------------------------------------------
    def block(self, suite: list[ast.stmt], ctx: _Context) -> None:
        source = ctx.source or self.source
        if source.inline_block(suite):
            # `for x in y: a(); b()` -- the header line is the only statement
            for stmt in suite:
                self.simple_or_compound(stmt, ctx)
            return
        for stmt in suite:
            self.statement(stmt, suite, ctx)

    def comprehension_calls(self, stmt: ast.stmt, ctx: _Context, elements: list[ast.Call] | None = None) -> set[int]:
        """`losses = [trainer.step(x, y) for x, y in batches]` outside any loop: a call of a
        helper of the project that is a comprehension's whole element is noted as a call site
        (its body is not walked here): a step function's caller, once per item. `elements`:
        those calls, found already (`run_per_item`). The ids of the calls noted."""
        noted: set[int] = set()
        if elements is None:
            elements = []
            for node in ast_walk(stmt):  # (one walk: a lambda or a function anywhere in it ends the look)
                if isinstance(node, (ast.Lambda, *FUNCTIONS)):
                    return noted
                element = node.elt if isinstance(node, (ast.ListComp, ast.SetComp)) else node.value if isinstance(node, ast.DictComp) else None
                if isinstance(element, ast.Call):
                    elements.append(element)
        for element in elements:
            spelled = _getattr_method_call(element)
            call = spelled if spelled is not None else element
            helper = self.resolve(call, ctx)
            method, recv = method_name(call), receiver(call)
            if helper is None and method is not None and recv is not None and self.library_kind(recv, ctx) is None:
                helper = self.project_method(recv, method, ctx)
            if helper is not None:
                self.calls_into.setdefault(id(helper.node), []).append((element, ctx))
                self.helper_infos[id(helper.node)] = helper
                noted.add(id(element))
        return noted

    def run_per_item(self, stmt: ast.stmt, ctx: _Context) -> None:
        """A statement outside any loop that says ` for `, `map(` or `reduce(` (`facts.runs_per_item`).
        An expression statement or assignment: `comprehension_calls` as before. Then each call
        run once per item of a comprehension the statement evaluates whole (`return [fit(x, y)
        for x, y in loader]`, `sum(fit(b) for b in loader)`), of a consumed `map(step, loader)`
        or `itertools.starmap(step, pairs)`, or of a `functools.reduce(step, loader, init)`,
        whose function may backpropagate (`steps_per_item`) and that `comprehension_calls` did
        not note, is walked inside loops made for it (`item_loop`), home loops of their own, as
        `for b in loader: step(b)` is read; a fix never edits those loops (`apply.own_edits`).
        Not when a function, `await` or a walrus is anywhere in the statement, nor a lambda
        but one a `map`, `starmap` or `reduce` is handed (`_per_item_call`)."""
        comprehensions: list[ast.AST] = []
        elements: list[ast.Call] = []
        calls: list[ast.Call] = []
        lambdas: list[ast.AST] = []
        per_item = True
        for node in ast_walk(stmt):  # (one walk)
            shape = node.__class__
            if shape is ast.Call:
                calls.append(node)  # type: ignore[arg-type]
            elif shape is ast.ListComp or shape is ast.SetComp or shape is ast.DictComp:
                comprehensions.append(node)
                element = node.value if shape is ast.DictComp else node.elt  # type: ignore[attr-defined]
                if element.__class__ is ast.Call:
                    elements.append(element)
            elif shape is ast.GeneratorExp:
                comprehensions.append(node)
            elif shape is ast.Lambda:
                lambdas.append(node)
            elif shape in FUNCTIONS:
                return
            elif shape is ast.Await or shape is ast.NamedExpr:
                per_item = False  # the old reading below only; no per-item reading
        facts = self.facts
        if lambdas:
            # only a lambda a `map`/`starmap`/`reduce` runs per item (`map(lambda b: fit(b),
            # xs)`); what its body holds is read by `_per_item_call`, not here
            if not calls or any(not any(c.args and c.args[0] is f and _mapped(c, facts) is not None for c in calls) for f in lambdas):
                return
            inside = {id(n) for f in lambdas for n in ast_walk(f.body)}  # type: ignore[attr-defined]
            calls = [c for c in calls if id(c) not in inside]
            comprehensions = [c for c in comprehensions if id(c) not in inside]
            elements = []  # (the old reading stays off for a statement holding a lambda)
        noted = self.comprehension_calls(stmt, ctx, elements) if elements and id(stmt) in self.facts.says_for else set()
        if not per_item or (not calls and not comprehensions):
            return
        whole: set[int] = set()  # generator expressions and `map`s consumed at once
        folds: list[ast.Call] = []
        for call in calls:
            if _consumes_whole(call):
                first = call.args[0]
                if first.__class__ is ast.GeneratorExp or _mapped(first, facts) is not None:
                    whole.add(id(first))
            if _mapped(call, facts) == "reduce":
                folds.append(call)
        made: list[ast.Call] = []
        for comp in comprehensions:
            if comp.__class__ is ast.GeneratorExp and id(comp) not in whole:
                continue
            self.comprehension_per_item(comp, (), (), whole)
            element = comp.value if comp.__class__ is ast.DictComp else comp.elt  # type: ignore[attr-defined]
            while element.__class__ in (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp):
                element = element.value if element.__class__ is ast.DictComp else element.elt  # type: ignore[attr-defined]
            if element.__class__ is ast.Call and id(element) not in noted and id(element) in self.per_item:
                made.append(element)  # type: ignore[arg-type]
        for call in calls:
            if id(call) in whole or call in folds:
                element = self.map_per_item(call, _mapped(call, facts))  # type: ignore[assignment]
                if element is not None:
                    made.append(element)
        for element in made:
            if self.steps_per_item(element, ctx):
                self.call(element, ctx, set())

    def steps_per_item(self, element: ast.Call, ctx: _Context) -> bool:
        """The call run per item is of a function that backpropagates itself: a function or a
        method of the module whose own text says `backward` (`backpropagating_names` holds its
        name first: a look at no text for every other call), a `functools.partial` of one, a
        factory's closure that does (`step = make_step(model, opt)`), or a name imported from a
        module of the project whose bytes say it. Anything else (`str(x)`, `opt.step()`,
        `os.path.join(...)`, a helper that only calls others) is left as before: its loops are
        not made."""
        func = element.func
        imports = self.facts.imports
        if func.__class__ is ast.Attribute:
            root = func.value  # type: ignore[attr-defined]
            while root.__class__ is ast.Attribute:
                root = root.value  # type: ignore[attr-defined]
            if func.attr in self.backpropagating_names():  # type: ignore[attr-defined]
                helper = self.resolve(element, ctx)
                if helper is None and root.__class__ is ast.Name and root.id not in imports.aliases:  # type: ignore[attr-defined]
                    helper = self.project_method(func.value, func.attr, ctx)  # type: ignore[attr-defined]
                return helper is not None and self.says_backward(helper)
            if root.__class__ is ast.Name and root.id in imports.aliases:  # type: ignore[attr-defined]
                return self.imported_backpropagates(imports.qualify(dotted(func)) or "")  # `engine.train_step`
            return False
        if func.__class__ is not ast.Name:
            return False
        name = func.id  # type: ignore[attr-defined]
        if name in imports.aliases:
            return self.imported_backpropagates(imports.qualify(name) or "")  # `from engine import train_step`
        if name in self.backpropagating_names():
            helper = self.resolve_name(name, ctx)
            if helper is not None:
                # (else a closure named as its factory's function)
                return self.says_backward(helper) or self.wraps_a_step(helper, ctx)
        alias = self.callable_aliases(ctx).get(name)
        if alias is not None:
            helper = self.resolve_name(alias[0], ctx)  # `step = functools.partial(fit, model, opt)`
            return helper is not None and self.says_backward(helper)
        local = self.facts.local_functions.get(id(ctx.functions[-1])) if ctx.functions and self.facts.local_functions else None
        if local is not None and name in local and local[name].source in (None, self.source):
            # a function defined in the function (`def fold(total, b): return total + fit(b)`)
            helper = local[name]
            return self.says_backward(helper) or self.wraps_a_step(helper, ctx)
        return self.calls_a_closure_step(name + "()")

    def wraps_a_step(self, helper: FunctionInfo, ctx: _Context) -> bool:
        """A short function of the module (three statements at most) that calls by name a
        function of the module whose own text backpropagates: `def fold(total, b): return
        total + fit(b)` handed to `functools.reduce`, `def run(b): return fit(model, opt, b)`
        handed to `map`. One level only: a helper that calls helpers is left as before."""
        node = helper.node
        if helper.source is not None and helper.source is not self.source or len(node.body) > 3:
            return False
        names = called_names(self.source.segment(node)) & self.backpropagating_names()
        names.discard(node.name)
        for name in names:
            callee = self.resolve_name(name, ctx)
            if callee is not None and callee.node is not node and self.says_backward(callee):
                return True
        return False

    def says_backward(self, helper: FunctionInfo) -> bool:
        text = (helper.source or self.source).segment(helper.node)
        return "backward" in text or any(alias in text for alias in backward_aliases(self.facts))

    def simple_or_compound(self, stmt: ast.stmt, ctx: _Context) -> None:
        if stmt.__class__ in COMPOUND_KINDS:
            self.statement(stmt, [], ctx, extend=False)
        else:
            self.simple(stmt, ctx)

    def statement(self, stmt: ast.stmt, suite: list[ast.stmt], ctx: _Context, extend: bool = True) -> None:
        shape = stmt.__class__  # (`is`/`in` on the class, not `isinstance`: `source.COMPOUND_KINDS`)
        if not ctx.loops and not ctx.via and shape not in COMPOUND_KINDS:
            if ctx.source is None or ctx.source is self.source:
                if id(stmt) in self.runs_per_item:  # (noted by the facts walk, or `note_unread`)
                    self.run_per_item(stmt, ctx.entered(stmt, suite) if extend else ctx)
            elif isinstance(stmt, (ast.Expr, ast.Assign, ast.AnnAssign)) and _on_a_line_saying_for(ctx.source, stmt):
                self.comprehension_calls(stmt, ctx.entered(stmt, suite) if extend else ctx)
            return  # no loop runs it: nothing a training loop owns
        if extend and not ctx.in_helper:
            ctx = ctx.entered(stmt, suite)
        if shape not in COMPOUND_KINDS:
            self.simple(stmt, ctx)
        elif shape in LOOP_KINDS:
            self.loop(stmt, ctx)  # type: ignore[arg-type]
        elif shape is ast.If:
            self.if_chain(stmt, ctx)  # type: ignore[arg-type]
        elif shape in WITH_KINDS:
            exits: list[tuple[ast.Call, FunctionInfo, list[ast.stmt] | None, tuple[tuple[str, str], ...] | None]] = []
            if ctx.loops or ctx.via:
                exprs: list[ast.AST] = []
                for item in stmt.items:
                    if item.context_expr.__class__ is ast.Name:
                        # `scope = Window(opt)` ... `with scope:`: the object built once before
                        built = self.built_before(item.context_expr, stmt, ctx)  # type: ignore[arg-type]
                        scope = self.class_halves(built, ctx, shape is ast.AsyncWith) if built is not None else None
                        if scope is not None:
                            enter, leave, attributes = scope
                            self.entered_generators.add(id(built))
                            self.inline(built, enter, ctx, arguments=(), attributes=attributes)  # type: ignore[arg-type]
                            exits.append((built, leave, None, attributes))  # type: ignore[arg-type]
                            if item.optional_vars is not None:
                                exprs.append(item.optional_vars)
                            continue
                    halves = self.generator_halves(item.context_expr, ctx)
                    scope = self.class_halves(item.context_expr, ctx, shape is ast.AsyncWith) if halves is None else None
                    if scope is not None:
                        # `with StepScope(opt):` over a class of the module: its `__enter__` runs
                        # at the entry, its `__exit__` at the exit, `self.<attr>` read as what
                        # `__init__` bound it to from the call's arguments
                        enter, leave, attributes = scope
                        self.entered_generators.add(id(item.context_expr))  # (a fix would edit the class)
                        self.expressions(item.context_expr.args + [kw.value for kw in item.context_expr.keywords], ctx)  # type: ignore[attr-defined]
                        self.inline(item.context_expr, enter, ctx, arguments=(), attributes=attributes)  # type: ignore[arg-type]
                        exits.append((item.context_expr, leave, None, attributes))  # type: ignore[arg-type]
                    elif halves is None:
                        exprs.append(item.context_expr)
                    else:
                        # `with accumulating(opt, i):` over a `@contextmanager` generator: its
                        # statements before the `yield` run at the entry, those after at the exit
                        helper, before, after = halves
                        self.entered_generators.add(id(item.context_expr))
                        self.expressions(item.context_expr.args + [kw.value for kw in item.context_expr.keywords], ctx)  # type: ignore[attr-defined]
                        self.inline(item.context_expr, helper, ctx, body=before)  # type: ignore[arg-type]
                        exits.append((item.context_expr, helper, after, None))  # type: ignore[arg-type]
                    if item.optional_vars is not None:
                        exprs.append(item.optional_vars)
                self.expressions(exprs, ctx)
            inner = ctx.replace(withs=ctx.withs + (stmt,))
            if any(self.gating_context(item.context_expr, ctx) for item in stmt.items):
                inner = inner.replace(accumulate=ctx.accumulate + (stmt,))
            self.block(stmt.body, inner)
            for call, helper, after, attributes in reversed(exits):
                if attributes is None:
                    self.inline(call, helper, ctx, body=after)
                else:
                    self.inline(call, helper, ctx, arguments=(), attributes=attributes)
        elif isinstance(stmt, TRIES):
            self.block(stmt.body, ctx)
            depth = len(ctx.loops)
            for handler in stmt.handlers:
                self.block(handler.body, self.branch(ctx, Branch(handler, "except", depth=depth)))
            if stmt.orelse:
                self.block(stmt.orelse, self.branch(ctx, Branch(stmt.orelse, "try-else", depth=depth)))
            if stmt.finalbody:
                self.block(stmt.finalbody, ctx)
        elif isinstance(stmt, MATCH):
            if ctx.loops or ctx.via:
                self.expressions([stmt.subject], ctx)
            for case in stmt.cases:
                self.block(case.body, self.branch(ctx, Branch(case, "case", depth=len(ctx.loops))))
        elif isinstance(stmt, FUNCTIONS):
            if not ctx.in_helper:
                self.function(stmt, ctx)
        elif isinstance(stmt, ast.ClassDef):
            if not ctx.in_helper:
                self.block(stmt.body, ctx.replace(class_name=stmt.name, path=(), blocks=()))

    def built_before(self, name: ast.Name, stmt: ast.stmt, ctx: _Context) -> ast.Call | None:
        """`scope = Window(opt)` ... `with scope:` in one function: the call of a class of the
        module that is the name's one binding there, a plain `=` of the function's own body
        (not under a branch, loop or `with`) written before the `with`, whose arguments are
        plain names the function binds nowhere else (its parameters, or names bound once before
        the call), keywords by name, nothing spread. None otherwise."""
        facts = ctx.facts or self.facts
        if not facts.classes or not ctx.functions:
            return None
        function = ctx.functions[-1]
        if not isinstance(function, FUNCTIONS):
            return None
        binding = None
        for top in function.body:  # type: ignore[attr-defined]
            if top.__class__ is ast.Assign and len(top.targets) == 1 and top.targets[0].__class__ is ast.Name and top.targets[0].id == name.id:  # type: ignore[attr-defined]
                if binding is not None:
                    return None
                binding = top
        if binding is None or (binding.lineno, binding.col_offset) >= (stmt.lineno, stmt.col_offset):
            return None
        call = binding.value  # type: ignore[attr-defined]
        if call.__class__ is not ast.Call or call.func.__class__ is not ast.Name or call.func.id not in facts.classes:
            return None
        if any(a.__class__ is not ast.Name for a in call.args) or any(k.arg is None or k.value.__class__ is not ast.Name for k in call.keywords):
            return None
        names = {name.id} | {a.id for a in call.args} | {k.value.id for k in call.keywords}
        stores: dict[str, int] = {}
        for n in ast_walk(function):
            if n.__class__ is ast.Name and n.ctx.__class__ is not ast.Load and n.id in names:  # type: ignore[attr-defined]
                stores[n.id] = stores.get(n.id, 0) + 1  # type: ignore[attr-defined]
                if n.id != name.id and (n.lineno, n.col_offset) >= (binding.lineno, binding.col_offset):  # type: ignore[attr-defined]
                    return None  # an argument bound again after the object is built
            elif n.__class__ in (ast.Global, ast.Nonlocal) and names & set(n.names):  # type: ignore[attr-defined]
                return None
            elif n is not function and n.__class__ in (*FUNCTIONS, ast.Lambda, ast.ClassDef):
                return None  # (a nested scope may rebind or hold them)
        if stores.get(name.id) != 1 or any(stores.get(n, 0) > 1 for n in names):
            return None
        return call  # type: ignore[return-value]

    def class_halves(
        self, expr: ast.AST, ctx: _Context, is_async: bool = False
    ) -> tuple[FunctionInfo, FunctionInfo, tuple[tuple[str, str], ...]] | None:
        """`with StepScope(opt):` over a class of this module with no base but `object` and no
        decorator, that defines `__enter__` and `__exit__` (neither a generator, `__exit__`
        returning nothing or a literal `None`/`False`: no exception swallowed): the two methods
        and the attributes `__init__` binds once from its parameters (`self.opt = opt`, at its
        top level, no other binding of `self.opt` in the class), each mapped to the key of the
        call's argument for that parameter. None otherwise (the call is read as before).
        `async with` reads `async def __aenter__`/`__aexit__` the same way. The methods may come
        from a chain of classes of the module, each built on the next alone (`class
        Window(Scope)`, `class Scope:` holding `__exit__`), the nearest definition first, when
        neither half calls `super()`."""
        if expr.__class__ is not ast.Call or expr.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
            return None
        facts = ctx.facts or self.facts
        name = expr.func.id  # type: ignore[attr-defined]
        node = facts.classes.get(name)
        if node is None:
            return None
        chain = [node]
        while chain[-1].bases and len(chain) < 4:
            base = chain[-1].bases[0]
            parent = facts.classes.get(dotted(base) or "") if len(chain[-1].bases) == 1 else None
            if parent is None or parent in chain:
                break
            chain.append(parent)
        methods: dict[str, FunctionInfo] = {}
        for cls in chain:
            if cls.decorator_list or cls.keywords:
                return None
            for defined, info in facts.methods.get(cls.name, {}).items():
                methods.setdefault(defined, info)
        if chain[-1].bases and any(dotted(base) != "object" for base in chain[-1].bases):
            return None
        kind = ast.AsyncFunctionDef if is_async else ast.FunctionDef
        enter, leave = (methods.get("__aenter__"), methods.get("__aexit__")) if is_async else (methods.get("__enter__"), methods.get("__exit__"))
        if enter is None or leave is None:
            return None
        for method in (enter, leave):
            if method.node.__class__ is not kind or method.node.decorator_list:
                return None
            for n in ast_walk(method.node):
                if n.__class__ is ast.Name and n.id == "super":  # type: ignore[attr-defined]
                    return None
                if n.__class__ in (ast.Yield, ast.YieldFrom):
                    return None
                if method is leave and n.__class__ is ast.Return and not (
                    n.value is None or (n.value.__class__ is ast.Constant and n.value.value in (None, False))  # type: ignore[attr-defined]
                ):
                    return None
        if any(a.__class__ is ast.Starred for a in expr.args) or any(k.arg is None for k in expr.keywords):  # type: ignore[attr-defined]
            return None
        attributes: list[tuple[str, str]] = []
        init = methods.get("__init__")
        if init is not None:
            params = init.params[1:]
            given = {params[i]: a for i, a in enumerate(expr.args) if i < len(params)}  # type: ignore[attr-defined]
            given.update({k.arg: k.value for k in expr.keywords if k.arg in params})  # type: ignore[attr-defined]
            stored: dict[str, int] = {}
            for n in chain_nodes(chain):
                if n.__class__ is ast.Attribute and n.ctx.__class__ is not ast.Load and n.value.__class__ is ast.Name and n.value.id == "self":  # type: ignore[attr-defined]
                    stored[n.attr] = stored.get(n.attr, 0) + 1  # type: ignore[attr-defined]
            for stmt in init.node.body:
                if not (stmt.__class__ is ast.Assign and len(stmt.targets) == 1 and stmt.value.__class__ is ast.Name):  # type: ignore[attr-defined]
                    continue
                target, value = stmt.targets[0], stmt.value.id  # type: ignore[attr-defined]
                if not (target.__class__ is ast.Attribute and target.value.__class__ is ast.Name and target.value.id == "self"):  # type: ignore[attr-defined]
                    continue
                if stored.get(target.attr) == 1 and value in given:  # type: ignore[attr-defined]
                    key = self.key(given[value], ctx)
                    if key is not None:
                        attributes.append(("self." + target.attr, ctx.rename(key)))  # type: ignore[attr-defined]
        # every attribute its methods read must be one of those (`self.count` kept across
        # `with`s, `self.opt = opt or default`: not read, the call is read as before)
        mapped = {name[5:] for name, _ in attributes}
        for n in chain_nodes(chain):
            if n.__class__ is ast.Attribute and n.ctx.__class__ is ast.Load and n.value.__class__ is ast.Name and n.value.id == "self":  # type: ignore[attr-defined]
                if n.attr not in mapped and n.attr not in methods:  # type: ignore[attr-defined]
                    return None
        return enter, leave, tuple(attributes)

    def generator_halves(self, expr: ast.AST, ctx: _Context) -> tuple[FunctionInfo, list[ast.stmt], list[ast.stmt]] | None:
        """`with accumulating(opt, i, every):` over a generator function of the project decorated
        with `contextlib.contextmanager` whose one `yield` is a statement of its own body (not in a
        loop, `try`, branch or `with`), or of the body of a `try` of its body that has a `finally`
        and no handler or `else`: the generator, its statements before the `yield` (run at
        the `with`'s entry) and those after it (run at its exit; the `finally` body after the
        rest of the `try`'s). None otherwise, also for several yields or one in a branch (the
        call is then read as any helper's)."""
        if expr.__class__ is not ast.Call or expr.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
            return None
        facts = ctx.facts or self.facts
        name = expr.func.id  # type: ignore[attr-defined]
        own = facts.module_functions.get(name)
        if own is not None and not own.node.decorator_list:
            return None  # (most `with f(...)`: a plain function of the module, no lookup)
        if own is None and name not in facts.imports.aliases:
            return None  # (a builtin or a local: not a generator of the project gradfix reads)
        helper = self.resolve(expr, ctx)  # type: ignore[arg-type]
        if helper is None or not helper.node.decorator_list:
            return None
        imports = (helper.facts or self.facts).imports
        if not any(imports.qualify(dotted(d)) == "contextlib.contextmanager" for d in helper.node.decorator_list):
            return None
        body = helper.node.body
        if sum(1 for n in ast_walk(helper.node) if n.__class__ in (ast.Yield, ast.YieldFrom)) != 1:
            return None
        at = [i for i, s in enumerate(body) if s.__class__ is ast.Expr and s.value.__class__ is ast.Yield]  # type: ignore[attr-defined]
        if len(at) == 1:
            return helper, body[: at[0]], body[at[0] + 1 :]
        # `try: ... yield ... finally: ...` (no handler, no `else`): on a `with` block that ends
        # normally the rest of the `try` body, then the `finally` body, run at the exit
        tries = [i for i, s in enumerate(body) if s.__class__ is ast.Try and not s.handlers and not s.orelse and s.finalbody]  # type: ignore[attr-defined]
        for i in tries:
            inner = body[i].body  # type: ignore[attr-defined]
            found = [j for j, s in enumerate(inner) if s.__class__ is ast.Expr and s.value.__class__ is ast.Yield]  # type: ignore[attr-defined]
            if len(found) == 1:
                j = found[0]
                return helper, [*body[:i], *inner[:j]], [*inner[j + 1 :], *body[i].finalbody, *body[i + 1 :]]  # type: ignore[attr-defined]
        return None

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, ctx: _Context) -> None:
        # a function body is analysed on its own: loops around the definition do not run it
        if self.facts.unread_per_item and id(node) in self.facts.unread_per_item:
            self.note_unread(node)
        inner = _Context(functions=ctx.functions + (node,), class_name=ctx.class_name)
        self.block(node.body, inner)

    def note_unread(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """A function the facts walk leaves unread (no word of training: `def run(loader):
        return [fit(x, y) for x, y in loader]`) whose text says ` for `, `map(` or `reduce(`:
        when it names a function of the module that backpropagates (`backpropagating_names`
        holds it then), its statements outside its loops that say so are looked at as the
        facts walk's are (`run_per_item`)."""
        if node.name not in self.backpropagating_names():
            return
        source = self.source
        found: dict[int, ast.stmt] = {}
        pending = list(node.body)
        while pending:
            stmt = pending.pop()
            shape = stmt.__class__
            if shape in COMPOUND_KINDS:
                if shape in LOOP_KINDS or shape in FUNCTIONS or shape is ast.ClassDef:
                    continue  # a loop's statements are read in the loop; a definition on its own
                for name in ("body", "orelse", "finalbody"):
                    pending += getattr(stmt, name, None) or ()
                for handler in getattr(stmt, "handlers", ()):
                    pending += handler.body
                for case in getattr(stmt, "cases", ()):
                    pending += case.body
                continue
            if shape is ast.Expr or shape is ast.Assign or shape is ast.AnnAssign or shape is ast.AugAssign or shape is ast.Return:
                text = source.segment(stmt)
                if " for " in text or "map(" in text or (self.says_reduce and "reduce(" in text):
                    found[id(stmt)] = stmt
        if found:
            self.runs_per_item = {**self.runs_per_item, **found}

    def branch(self, ctx: _Context, branch: Branch) -> _Context:
        return ctx.replace(branches=ctx.branches + (branch,))

    def if_chain(self, stmt: ast.If, ctx: _Context) -> None:
        if ctx.loops or ctx.via:
            # outside loops and helpers a test's events belong to no loop: nothing to record
            self.expressions([stmt.test], ctx)
        depth = len(ctx.loops)
        if ctx.mapping and isinstance(stmt.test, ast.Name):
            passed = ctx.rename(stmt.test.id)
            if passed in ("True", "False") and not _rebinds(ctx.helpers[-1] if ctx.helpers else None, stmt.test.id):
                # `if is_train: loss.backward()` in `calc_losses(data, is_train=False)`: the
                # constant the call hands the parameter decides the arm; the other never runs
                taken = stmt.body if passed == "True" else stmt.orelse
                kind = "if" if passed == "True" else "else"
                if taken:
                    self.block(taken, self.branch(ctx, Branch(stmt, kind, stmt.test, depth)))
                return
        self.block(stmt.body, self.branch(ctx, Branch(stmt, "if", stmt.test, depth)))
        # an elif chain: each test runs only when the earlier ones failed
        else_ctx = self.branch(ctx, Branch(stmt, "else", stmt.test, depth))
        orelse = stmt.orelse
        source = ctx.source or self.source
        if len(orelse) == 1 and isinstance(orelse[0], ast.If) and _is_elif(orelse[0], source):
            self.if_chain(orelse[0], else_ctx)
        elif orelse:
            self.block(orelse, else_ctx)

    def loop(self, stmt: Loop, ctx: _Context) -> None:
        if not ctx.loops and not ctx.via and not self.may_backpropagate(stmt, ctx):
            return  # no backward can run in it, nor in a loop inside it: not a training loop
        if isinstance(stmt, FOR_LOOPS):
            self.expressions([stmt.iter], ctx)
        else:
            self.expressions([stmt.test], ctx)
        if isinstance(stmt, FOR_LOOPS) and ctx.loops and self.iterates_nothing(stmt, ctx):
            # `for cb in self._callbacks: cb.before_step()` over a list the function binds to
            # `[]` and nothing fills: the body never runs
            if stmt.orelse:
                self.block(stmt.orelse, self.branch(ctx, Branch(stmt.orelse, "for-else", depth=len(ctx.loops))))
            return
        inner = ctx.replace(loops=ctx.loops + (stmt,))
        if not ctx.in_helper:
            inner = inner.replace(home_loops=ctx.home_loops + (stmt,))
            self.loop_nodes.append((stmt, inner))
        if isinstance(stmt, FOR_LOOPS):
            inner = self.bind_loop_variable(stmt, inner)
            stepper = self.iterated_next(stmt, ctx)
            if stepper is not None:
                # each iteration first runs the iterated object's `__next__`
                self.inline(stmt.iter, stepper, inner, arguments=())  # type: ignore[arg-type]
            elif stmt.iter.__class__ is ast.Call and stmt.iter.args:  # type: ignore[attr-defined]
                self.mapped_iteration(stmt.iter, inner)  # type: ignore[arg-type]
        self.block(stmt.body, inner)
        if stmt.orelse:
            kind = "for-else" if isinstance(stmt, FOR_LOOPS) else "while-else"
            self.block(stmt.orelse, self.branch(ctx, Branch(stmt.orelse, kind, depth=len(ctx.loops))))

    def mapped_iteration(self, iterated: ast.Call, inner: _Context) -> None:
        """`for loss in map(step, loader):` (or `itertools.starmap`, a lambda's call, an inline
        `functools.partial`): each iteration first runs `step(item)` (`_per_item_call`), read
        as the first statement of the loop's body; only a step that may backpropagate
        (`steps_per_item`)."""
        kind = _mapped(iterated, self.facts)
        if kind is None or kind == "reduce" or (inner.source is not None and inner.source is not self.source):
            return
        made = _per_item_call(iterated, kind, self.facts)
        if made is None:
            return
        target, items, element = made
        if not self.steps_per_item(element, inner):
            return
        # the step's parameters stand for the items: its target bound over the iterable
        bound = self.bind_loop_variable(ast.copy_location(ast.For(target=target, iter=items, body=[], orelse=[], type_comment=None), iterated), inner)
        self.call(element, bound, set())

    @staticmethod
    def says_next(facts: ModuleFacts) -> bool:
        """The module's text says `__next__` (found once per module)."""
        says = facts.__dict__.get("_says_next")
        if says is None:
            says = facts.__dict__["_says_next"] = "__next__" in facts.source.text
        return says  # type: ignore[no-any-return]

    def iterated_next(self, loop: Loop, ctx: _Context) -> FunctionInfo | None:
        """`for value in TrainLoop(model, loader):` over a new object of a class of the project
        whose `__iter__` returns `self` (and nothing else) and whose `__next__` touches gradients
        (runs a batch, `self.run(i, x, y)`): what every iteration of the loop runs first. Also
        over a name the loop's function (or module) binds once, to such a new object, and never
        again (`it = TrainLoop(model, loader)` ... `for value in it:`)."""
        if not isinstance(loop, FOR_LOOPS) or not isinstance(loop.iter, (ast.Call, ast.Name)):
            return None
        facts = ctx.facts or self.facts
        if not self.says_next(facts):
            return None  # (no class of the module defines it; the usual case, from the text)
        built = loop.iter
        if isinstance(built, ast.Name):
            scope = ctx.functions[-1] if ctx.functions else (ctx.source or self.source).tree
            built = _only_binding(scope, built.id, declarations=True)  # type: ignore[assignment]
            if not isinstance(built, ast.Call):
                return None
        located = self.built_class(built, facts, ctx.class_name)
        if not isinstance(located, tuple):
            return None
        owner, class_name = located
        started = self.method_of(owner, class_name, "__iter__", 0)
        stepper = self.method_of(owner, class_name, "__next__", 0)
        if started is None or stepper is None:
            return None
        returns = [node for node in own_nodes(started.node) if isinstance(node, ast.Return)]
        if not returns or not all(isinstance(r.value, ast.Name) and r.value.id == "self" for r in returns):
            return None
        return stepper if self.touches_gradients(stepper) else None

    def iterates_nothing(self, stmt: ast.For | ast.AsyncFor, ctx: _Context) -> bool:
        """The loop iterates a list that is always empty there: a local name, or an attribute
        of `self` of a class with no base but `object`/`nn.Module`, that the function binds
        to `[]` and that is named nowhere else but as what a `for` iterates (for an attribute:
        nowhere else in the module, nor in another file of the project)."""
        chain = dotted(stmt.iter)
        if chain is None or (("." in chain) and (not chain.startswith("self.") or chain.count(".") != 1)):
            return False
        source = ctx.source or self.source
        if chain not in _emptied_names(source):
            return False  # (a look at the file's text: most loops stop here)
        function: ast.AST | None = source.owner_of(stmt)
        while isinstance(function, ast.stmt) and not isinstance(function, FUNCTIONS):
            function = source.owner_of(function)
        if not isinstance(function, FUNCTIONS):
            return False
        if "." not in chain:
            if chain in {a.arg for a in ast_walk(function.args) if isinstance(a, ast.arg)}:
                return False
            return _only_emptied_and_iterated(function, chain, lambda n: isinstance(n, ast.Name) and n.id == chain, require=True)
        attribute = chain.split(".", 1)[1]
        facts = ctx.facts or self.facts
        node = facts.classes.get(ctx.class_name or "")
        if node is None or not self.plain_class(node, facts, 0):
            return False
        if not _only_emptied_and_iterated(function, chain, lambda n: isinstance(n, ast.Attribute) and n.attr == attribute, require=True):
            return False
        if not _only_emptied_and_iterated(source.tree, chain, lambda n: isinstance(n, ast.Attribute) and n.attr == attribute):
            return False
        prose = {id(e.value) for e in source.of_type(ast.Expr)}  # docstrings, strings as statements
        if any(
            isinstance(n.value, str) and attribute in n.value and id(n) not in prose  # type: ignore[attr-defined]
            for n in source.of_type(ast.Constant)
        ):
            return False  # named in a string (`getattr(self, "_callbacks")`): not sure
        project = facts.project
        if project is not None:
            word = attribute.encode()
            own = absolute(source.path) if source.path else None
            for path, data in project.contents():
                if data is not None and word in data and path != own and next(starting_at(re.compile(rb"\b" + re.escape(word) + rb"\b"), data, word), None):
                    return False  # another file may fill it (a subclass, a caller)
        return True

    def plain_class(self, node: ast.ClassDef, facts: ModuleFacts, depth: int) -> bool:
        """A class whose bases are only `object`, `abc.ABC`, torch's `nn.Module`, or such
        classes of the module or of another module of the project (`class End2End(
        IncrementalLearner)` of base.py, itself an `abc.ABC`): no base class of a library can
        fill one of its attributes (one of the project names it, which `iterates_nothing` looks
        for in every file)."""
        for base in node.bases:
            name = dotted(base)
            if name is None or depth > 3:
                return False
            qualified = facts.imports.qualify(name) or name
            if name == "object" or qualified in _PLAIN_BASES:
                continue
            local = facts.classes.get(name)
            if local is not None:
                if not self.plain_class(local, facts, depth + 1):
                    return False
                continue
            project = self.facts.project
            located = project.class_named(qualified, facts.source.path or None, any_bytes=True) if project is not None and qualified != name else None
            if located is None or not self.plain_class(located[0].facts.classes[located[1]], located[0].facts, depth + 1):
                return False
        return all(k.arg == "metaclass" and (facts.imports.qualify(dotted(k.value) or "") or "") == "abc.ABCMeta" for k in node.keywords)

    def bind_loop_variable(self, stmt: ast.For | ast.AsyncFor, ctx: _Context) -> _Context:
        """`for o in opts: o.zero_grad()` clears `opts[*]`, whatever the variable is called;
        so does `for name, o in opts.items(): o.zero_grad()` (the value of each entry)."""
        source = stmt.iter
        dropped: tuple[str, ...] = ()
        if (
            isinstance(stmt.target, ast.Tuple) and len(stmt.target.elts) == 2
            and all(isinstance(e, ast.Name) for e in stmt.target.elts)
            and isinstance(source, ast.Call) and method_name(source) == "items" and isinstance(source.func, ast.Attribute)
            and not source.args and not source.keywords
        ):
            key, value = stmt.target.elts
            dropped = (key.id,)  # type: ignore[attr-defined]
            stmt = ast.For(target=value, iter=ast.Call(func=ast.Attribute(value=source.func.value, attr="values", ctx=ast.Load()), args=[], keywords=[]), body=[], orelse=[])
            source = stmt.iter
        if not isinstance(stmt.target, ast.Name):
            return self.bind_zipped_optimizers(stmt, ctx) if isinstance(stmt.target, ast.Tuple) else ctx
        if isinstance(source, (ast.List, ast.Tuple)):
            collection = "[" + ",".join(ctx.rename(self.key(e, ctx)) for e in source.elts) + "]"
        elif isinstance(source, ast.Call) and method_name(source) == "values" and isinstance(source.func, ast.Attribute):
            collection = ctx.rename(self.key(source.func.value, ctx))
        elif dotted(source) is not None:
            collection = ctx.rename(self.key(source, ctx))
        else:
            return ctx
        variable = stmt.target.id
        mapping = tuple(m for m in ctx.mapping if m[0] != variable and m[0] not in dropped) + ((variable, collection + "[*]"),)
        return ctx.replace(mapping=mapping)

    def bind_zipped_optimizers(self, stmt: ast.For | ast.AsyncFor, ctx: _Context) -> _Context:
        """`for m, o in zip(nets, opts): o.step()` steps `opts[*]`, as `for o in opts` does; so
        does `for k, o in enumerate(opts)` and `for k, (m, o) in enumerate(zip(nets, opts))`. Only
        a variable whose name says nothing of its own is read through its collection, and only
        when the collection is known to hold optimizers (`opts = [SGD(...) for m in nets]`, or
        its name): an `env` zipped with `envs` stays an unknown receiver. Only inside another
        loop (a batch loop stepping the same optimizers again each pass): a loop with none
        around it steps each optimizer once, over its own model."""
        if len(ctx.loops) < 2:
            return ctx
        mapping = ctx.mapping
        for variable, collection in zipped_variables(stmt):
            if dotted(collection) is None or self.facts.optimizer_evidence(variable.id):
                continue
            raw = self.key(collection, ctx)
            key = ctx.rename(raw)
            if not self.ask(ctx, key, raw, "optimizer_evidence"):
                continue
            mapping = tuple(m for m in mapping if m[0] != variable.id) + ((variable.id, key + "[*]"),)
        return ctx.replace(mapping=mapping) if mapping is not ctx.mapping else ctx

    # events --------------------------------------------------------------------
    def expressions(self, exprs: Iterable[ast.AST], ctx: _Context) -> None:
        calls: list[ast.Call] = []
        grads: list[ast.Attribute] = []
        for expr in exprs:
            more_calls, more_grads = calls_and_grads(expr)
            calls += more_calls
            grads += more_grads
        self.collected(calls, grads, [], ctx)

    def simple(self, stmt: ast.stmt, ctx: _Context) -> None:
        text = (ctx.source or self.source).segment(stmt)
        if "(" not in text and "grad" not in text and (stmt.__class__ is not ast.Expr or stmt.value.__class__ is not ast.Call):  # type: ignore[attr-defined]
            return  # no call, no gradient: no event (`learner += batch` is read as a call: call_forms.py)
        calls, grads = calls_and_grads(stmt)
        clears = [stmt] if isinstance(stmt, ast.Assign) and any(_is_grad_attribute(t) for t in stmt.targets) else []
        if not clears and isinstance(stmt, (ast.Assign, ast.AugAssign)) and zeroed_gradient(stmt) is not None:
            clears = [stmt]  # `p.grad *= 0`, `p.grad[:] = 0`: a clear written by hand
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, (ast.ListComp, ast.SetComp)):
            ctx = self.bind_comprehension_variable(stmt.value, ctx)
        if (ctx.loops or ctx.via) and (" for " in text or "map(" in text or (self.says_reduce and "reduce(" in text)):
            self.note_per_item(stmt)
        self.collected(calls, grads, clears, ctx)

    def note_per_item(self, stmt: ast.stmt) -> None:
        """`losses = [step(i, b) for i, b in enumerate(loader)]`, `total = sum(step(b) for b in
        chunk)`, `list(map(step, chunk))` in a loop's statement: the element's call runs once per
        item, in order, as in `for i, b in enumerate(loader): step(i, b)` (each generator a loop
        of its own, its conditions an `if` around the call). Only a comprehension evaluated whole
        (a list, set or dict comprehension; a generator expression or a `map` consumed at once by
        `sum`, `list`, `tuple`, ... or `.extend`: not `any`/`all`, which may stop early), with no
        `await`, lambda or walrus in it; what the calls inline sees the loops (`inline`)."""
        # one pass over the statement's nodes (breadth first, as `ast_walk`): most statements
        # that say ` for ` say it in a string, and hold no comprehension and no `map`
        found: list[ast.AST] = []  # comprehensions, generator expressions and calls, in order
        lambdas: list[ast.AST] = []
        for node in ast_nodes(stmt):
            kind = node.__class__
            if kind is ast.Lambda:
                lambdas.append(node)
            elif kind in _PER_ITEM_STOPS:
                return
            elif kind in _PER_ITEM_KINDS:
                found.append(node)
        if not found:
            return
        facts = self.facts
        if lambdas:
            # only a lambda a `map`/`starmap`/`reduce` runs per item; its body is read by
            # `_per_item_call`, not here
            if any(not any(c.__class__ is ast.Call and c.args and c.args[0] is f and _mapped(c, facts) is not None for c in found) for f in lambdas):  # type: ignore[attr-defined]
                return
            inside = {id(n) for f in lambdas for n in ast_walk(f.body)}  # type: ignore[attr-defined]
            found = [n for n in found if id(n) not in inside]
        whole: set[int] = set()  # generator expressions and `map`s consumed at once
        for node in found:
            if node.__class__ is ast.Call and _consumes_whole(node):  # type: ignore[arg-type]
                first = node.args[0]  # type: ignore[attr-defined]
                if isinstance(first, ast.GeneratorExp) or _mapped(first, facts) is not None:
                    whole.add(id(first))
        for node in found:
            kind = node.__class__
            if kind is ast.Call:
                if id(node) in whole or _mapped(node, facts) == "reduce":
                    self.map_per_item(node, _mapped(node, facts))  # type: ignore[arg-type]
            elif kind is not ast.GeneratorExp or id(node) in whole:
                self.comprehension_per_item(node, (), (), whole)

    def comprehension_per_item(
        self, comp: ast.AST, outer: tuple[ast.For, ...], outer_tests: tuple[ast.expr, ...], whole: set[int]
    ) -> None:
        """A comprehension's element call runs once per item of all its generators, nested
        (`[step(b) for chunk in chunks for b in chunk]`); an element that is itself a
        comprehension (`[[step(b) for b in chunk] for chunk in chunks]`) runs its own element
        inside these loops."""
        if id(comp) in self.per_item_seen:
            return
        self.per_item_seen.add(id(comp))
        generators = comp.generators  # type: ignore[attr-defined]
        element = comp.value if isinstance(comp, ast.DictComp) else comp.elt  # type: ignore[attr-defined]
        if any(g.is_async for g in generators):
            return
        made = isinstance(element, ast.Call) or isinstance(element, (ast.ListComp, ast.SetComp, ast.DictComp)) or (
            isinstance(element, ast.GeneratorExp) and id(element) in whole
        )
        if not made:
            return
        loops = list(outer)
        tests = list(outer_tests)
        for generator in generators:
            loops.append(self.item_loop(generator.target, generator.iter, comp, element))
            tests += generator.ifs
        if isinstance(element, ast.Call):
            self.per_item[id(element)] = (tuple(loops), tuple(tests))
        else:
            self.per_item_seen.discard(id(element))
            self.comprehension_per_item(element, tuple(loops), tuple(tests), whole)

    def item_loop(self, target: ast.expr, iterated: ast.expr, where: ast.AST, element: ast.expr) -> ast.For:
        """The loop a comprehension's generator stands for: no statement of the file (its body
        the element's call alone, as a statement made for it): a fix editing it is refused, as
        one editing no node of the file (`apply.own_edits`)."""
        body = [ast.copy_location(ast.Expr(value=element), element)]
        made = ast.copy_location(ast.For(target=target, iter=iterated, body=body, orelse=[], type_comment=None), where)
        return made

    def map_per_item(self, call: ast.Call, kind: str | None = "map") -> ast.Call | None:
        """The call a consumed `map(f, xs, ...)` (`f(item)`), `itertools.starmap(f, pairs)`
        (`f(*item)`) or `functools.reduce(f, xs[, init])` (`f(accumulated, item)`) makes per
        item, made for it (no node of the file), run in a loop made for it (`_per_item_call`:
        also a lambda's call, `map(lambda b: fit(model, opt, b), xs)`, and an inline
        `functools.partial(fit, model, opt)`)."""
        made_parts = _per_item_call(call, kind, self.facts)
        if made_parts is None:
            return None
        target, iterated, element = made_parts
        made = self.item_loop(target, iterated, call, element)
        self.mapped[id(call)] = element
        self.per_item[id(element)] = ((made,), ())
        return element

    def bind_comprehension_variable(self, comp: ast.ListComp | ast.SetComp, ctx: _Context) -> _Context:
        """`[o.step() for o in opts]`, a statement of its own: the variable stands for
        `opts[*]`, as in `for o in opts: o.step()`."""
        if len(comp.generators) != 1 or comp.generators[0].ifs or comp.generators[0].is_async or not isinstance(comp.elt, ast.Call):
            return ctx
        generator = comp.generators[0]
        return self.bind_loop_variable(ast.For(target=generator.target, iter=generator.iter, body=[], orelse=[]), ctx)

    def collected(self, calls: list[ast.Call], grads: list[ast.Attribute], clears: list[ast.Assign | ast.AugAssign], ctx: _Context) -> None:
        consumed: set[int] = set()
        for call in calls:
            self.call(call, ctx, consumed)
        for node in clears:
            self.emit(EventKind.CLEAR, node, ctx, scope=ClearScope.PARAMETERS)
            zeroed = zeroed_gradient(node)
            if zeroed is not None:
                consumed.add(id(zeroed))
                continue
            for target in node.targets:  # type: ignore[union-attr]
                if _is_grad_attribute(target):
                    consumed.add(id(_grad_node(target)))
        for attribute in grads:
            if id(attribute) not in consumed:
                self.emit(EventKind.GRAD_READ, attribute, ctx, target=ctx.rename(self.key(attribute.value, ctx)))

    def emit(self, kind: EventKind, node: ast.AST, ctx: _Context, **values: object) -> GradEvent:
        if kind is EventKind.BACKWARD and ctx.arguments:
            loss = values.get("loss")
            if isinstance(loss, ast.Name):
                values["argument"] = _passed_on(loss, node, ctx)
        event = GradEvent(
            kind=kind,
            node=node,
            path=ctx.path,
            blocks=ctx.blocks,
            branches=ctx.branches,
            loops=ctx.loops,
            home_loops=ctx.home_loops,
            withs=ctx.withs,
            via=ctx.via,
            source=ctx.source,
            helpers=ctx.helpers,
            **values,  # type: ignore[arg-type]
        )
        self.events.append(event)
        return event

    def call(self, call: ast.Call, ctx: _Context, consumed: set[int]) -> None:
        if self.mapped and id(call) in self.mapped:
            element = self.mapped[id(call)]
            helper = self.resolve(element, ctx)
            if helper is not None:
                self.inline(element, helper, ctx)  # `list(map(step, chunk))`: `step(item)` per item
                return
        func = call.func
        if func.__class__ is ast.Subscript and func.value.__class__ is ast.Dict:  # type: ignore[attr-defined]
            # `{"plain": step}[mode](x, y, i)`: every entry the same function, the call is its call
            from gradfix.call_forms import dispatch_target

            target = dispatch_target(func)  # type: ignore[arg-type]
            if target is not None:
                call.func = target  # (in the tree: what reads the call later reads the name)
        elif func.__class__ is ast.Subscript and ctx.facts is None and func.value.__class__ is ast.Name:  # type: ignore[attr-defined]
            # `HANDLERS[phase](data)` over `HANDLERS = {"train": train_epoch, "val": evaluate}`
            target = self.function_table_entry(func)  # type: ignore[arg-type]
            if target is not None:
                call.__dict__["_gradfix_table"] = func  # (what GF017's walk reads: every entry the keys reach)
                call.func = target
        elif func.__class__ is ast.Subscript and ctx.facts is None and (ctx.class_name is not None or self.facts.classes):
            # `self.handlers[phase](i, x, y)` over `{"train": self.train_batch, "eval": ...}`
            # (or `loop.phases[name](loader)`, `loop = Loop()`)
            target = self.table_entry(func, ctx)  # type: ignore[arg-type]
            if target is not None:
                call.__dict__["_gradfix_table"] = func  # (what GF017's walk reads: every entry the keys reach)
                call.func = target  # (in the tree, as for a dict literal above)
        spelled = _getattr_method_call(call)
        if spelled is None and call.func.__class__ is ast.Call and ctx.arguments:
            spelled = _getattr_method_call(call, ctx.arguments)  # `getattr(h, event)(self)`, `event="after_step"`
        if spelled is None and call.func.__class__ is ast.Name:
            spelled = self.bound_backward(call, ctx.facts or self.facts)  # `bw = loss.backward; bw()`
        if spelled is not None:
            call = spelled  # `getattr(opt, "zero_grad")()`: the method call `opt.zero_grad()`
        elif self.optimizer_method_named_at_run_time(call, ctx):
            self.emit(EventKind.UNKNOWN, call, ctx, reason="a method of an optimizer named at run time (`getattr(opt, name)()`) may clear or step")
            return
        elif call.func.__class__ is ast.Call and _run_time_method_on_self(call):
            # `for h in self.hooks: getattr(h, event)(self)`: a hook named at run time, handed
            # the trainer that holds the optimizer (or one of the trainer's own methods)
            self.emit(EventKind.UNKNOWN, call, ctx, reason="a method named at run time (`getattr(hook, name)(self)`) is handed the trainer and may clear or step")
            return
        name = call_name(call)
        if self.facts.imports.alternatives and ctx.loops and ctx.facts is None and name is not None:
            self.note_alternatives(call, name, ctx)
        qualified = (ctx.facts or self.facts).imports.qualify(name) or ""
        method = method_name(call)
        recv = receiver(call)
        if isinstance(recv, ast.Call) and method_name(recv) == "unwrap_model" and len(recv.args) == 1 and not recv.keywords:
            recv = recv.args[0]  # `accelerator.unwrap_model(model).zero_grad()`: the model itself
        args = positional(call)

        library = self.library_kind(recv, ctx) if recv is not None else self.library_kind(call.func, ctx)
        if library is None and method == "backward" and call.args and ctx.facts is None and isinstance(recv, ast.Name) and ctx.functions and not ctx.mapping:
            # `acc.backward(loss)` in `def train_step(acc, ...)`, which the calls hand an Accelerator
            from gradfix.analysis.steps import handed_library

            library = handed_library(recv.id, ctx.functions[-1], self.facts)
        if (
            recv is not None
            and (_calls_objects(self.facts) or (ctx.facts is not None and _calls_objects(ctx.facts)))
            and (library is None or frameworks.method(library, method or "") is None)
        ):
            # `self.loss_scaler(loss, optimizer)`: the attribute is the library object called
            called = self.library_kind(call.func, ctx)
            entry = frameworks.method(called, "__call__") if called is not None else None
            if entry is not None:
                self.library_call(call, entry, called, call.func, ctx)  # type: ignore[arg-type]
                return
        if (
            library is None and recv.__class__ is ast.Name and recv.id == "self" and method is not None  # type: ignore[union-attr]
            and ctx.class_name is not None and method not in CLIP_FUNCTIONS
        ):
            # (`self.clip_grad_norm(params)` is read as the clip it is named, below: GF013's fix
            # unscales before that call)
            helper = self.own_callable_attribute(method, ctx)
            if helper is not None:
                # `self.scaler(loss, opt, update_grad=...)` with `self.scaler = GradNormScaler()`
                # in `__init__`: the class's `__call__`
                self.inline(call, helper, ctx, receiver=call.func)
                return
        if library is not None and frameworks.MODEL_KINDS.get(library) != "optimizer":
            entry = frameworks.method(library, method if recv is not None else "__call__")  # type: ignore[arg-type]
            if entry is not None:
                self.library_call(call, entry, library, recv if recv is not None else call.func, ctx)
                return
            if recv is not None and frameworks.context(library, method or "") is not None:
                return  # `accelerator.accumulate(model)`: what it does is in the `with` block's events

        if qualified in ("torch.autograd.backward", "autograd.backward"):
            loss = args[0] if args else None
            self.emit(EventKind.BACKWARD, call, ctx, loss=loss)
            return
        if qualified in ("torch.autograd.grad", "autograd.grad"):
            consumed.add(id(call.func))
            self.emit(EventKind.AUTOGRAD_GRAD, call, ctx)
            return
        if method in ("backward", "manual_backward") and recv is not None:
            self.backward(call, recv, method, args, ctx)
            return
        if method == "step" and recv is not None:
            self.step(call, recv, args, ctx)
            return
        if method == "optimizer_step" and args:
            if not qualified.startswith("torch_xla") and recv is not None and library is None:
                # not torch_xla's `xm.optimizer_step(opt)`: a strategy's method of the project
                # (OpenRLHF's `self.strategy.optimizer_step(opt, model, sched)` steps and clears)
                imported = isinstance(recv, ast.Name) and recv.id in (ctx.facts or self.facts).imports.aliases
                helper = self.resolve(call, ctx) if imported else self.project_method(recv, method, ctx)
                if helper is not None:
                    self.inline(call, helper, ctx, receiver=None if imported else recv)
                    return
                if not imported:
                    self.emit(EventKind.UNKNOWN, call, ctx,
                              reason=f"`{dotted(recv) or 'an object'}.optimizer_step(...)` may be a method that gradfix cannot see")
                    return
            self.emit(EventKind.STEP, call, ctx, target=ctx.rename(self.key(args[0], ctx)))
            return
        if method == "zero_grad" and recv is not None:
            raw = self.key(recv, ctx)
            key = ctx.rename(raw)
            is_optimizer = self.ask(ctx, key, raw, "optimizer_evidence") or self.class_optimizer(raw, ctx)
            scope = ClearScope.OPTIMIZER if is_optimizer or key.endswith("[*]") else ClearScope.MODEL
            gated = scope is ClearScope.OPTIMIZER and self.gated(key, raw, ctx)
            self.emit(EventKind.CLEAR, call, ctx, target=key, scope=scope, gated=gated)
            return
        if (method == "zero_" or (method in ("fill_", "mul_") and fills_zero(call))) and recv is not None:
            recv = _detached_grad(recv)  # `p.grad.detach_().zero_()`: `Module.zero_grad`'s clear, chained
        if method in ("zero_", "detach_", "requires_grad_") and recv is not None and _is_grad_attribute(recv):
            grad = _grad_node(recv)
            consumed.add(id(grad))
            if method == "zero_":
                self.emit(EventKind.CLEAR, call, ctx, scope=ClearScope.PARAMETERS, target=self.key(grad.value, ctx))
            return
        if method in ("fill_", "mul_") and recv is not None and fills_zero(call) and _is_grad_attribute(recv):
            # `w.grad.data.fill_(0)`: the clear of an attack's perturbation written by hand;
            # `p.grad.mul_(0)` the same (a literal zero only)
            grad = _grad_node(recv)
            consumed.add(id(grad))
            self.emit(EventKind.CLEAR, call, ctx, scope=ClearScope.PARAMETERS, target=self.key(grad.value, ctx))
            return
        if method in ("clamp_", "clip_") and recv is not None and not ctx.via and _is_grad_attribute(recv) and _clips_every_gradient(call, recv, ctx):
            # `for p in params: p.grad.data.clamp_(-c, c)`: a clip written by hand (the
            # gradient it reads stays a read)
            key = ctx.rename(self.key(_grad_node(recv).value, ctx))
            self.emit(EventKind.CLIP, call, ctx, target=key[:-3] if key.endswith("[*]") else None)
            return
        given = (args[0] if args else _argument(call, "optimizer")) if method == "unscale_" else None
        if given is not None:
            # `scaler.unscale_(opt)`, `scaler.unscale_(optimizer=opt)`
            self.emit(EventKind.UNSCALE, call, ctx, target=ctx.rename(self.key(given, ctx)))
            return
        last = (name or method or "").rsplit(".", 1)[-1]
        if qualified.startswith("torch.") and last not in CLIP_FUNCTIONS:
            last = qualified.rsplit(".", 1)[-1]  # `clip_grad_norm_ as clip_norm`
        elif last not in CLIP_FUNCTIONS and isinstance(call.func, ast.Name):
            bound = self.clip_alias(call.func.id, ctx.facts or self.facts)
            if bound is not None:
                qualified, last = bound, bound.rsplit(".", 1)[-1]  # `clip = nn.utils.clip_grad_norm_`
        if last in CLIP_FUNCTIONS:
            if not qualified.startswith("torch."):
                helper = self.resolve(call, ctx)
                if helper is not None and any(
                    method_name(n) == "unscale_"
                    or (
                        isinstance(call.func, ast.Attribute)  # a method: Lightning's name (a function is judged at its call)
                        and isinstance(n.func, ast.Attribute) and n.func.attr in ("clip_grad_norm_", "clip_grad_value_")
                    )
                    for n in ast_walk(helper.node)
                    if isinstance(n, ast.Call)
                ):
                    # `clip_gradients(scaler, opt, ...)` of the project that unscales before it
                    # clips; a trainer's own `self.clip_gradients()` clipping with torch (not
                    # Lightning's, which unscales): the clip is the one inside
                    self.inline(call, helper, ctx)
                    return
            target = ctx.rename(self.key(args[0], ctx)) if args else None
            self.emit(EventKind.CLIP, call, ctx, target=target)
            return
        if call.func.__class__ is ast.Name and ctx.facts is None and call.args and call.args[0].__class__ is ast.Constant:
            handlers = self.bus_handlers(call, ctx)
            if handlers is not None:
                # `emit("batch", ctx, i, x, y)`: the handlers registered under "batch", in turn
                for handler in handlers:
                    self.inline(bus_call(call, handler.node.name, self.facts), handler, ctx)
                return
        helper = self.resolve(call, ctx)
        if helper is not None:
            self.inline(call, helper, ctx)
            return
        if isinstance(call.func, ast.Name):
            alias = self.callable_aliases(ctx).get(call.func.id)
            helper = self.resolve_name(alias[0], ctx) if alias is not None else None
            if helper is not None:
                # `step = functools.partial(train_step, model=model)` ... `step(batch)`
                self.inline(call, helper, ctx, bound=alias[1])  # type: ignore[index]
                return
            helper = self.callable_object(call.func, ctx)
            if helper is not None:
                # `step = TrainStep(model, opt)` ... `step(x, y)`: the class's `__call__`
                self.inline(call, helper, ctx, receiver=call.func)
                return
            helper = self.registry_alias(call.func, ctx)
            if helper is not None:
                # `step = STEPS["sup"]` ... `step(model, opt, batch)`: the entry's function
                self.inline(call, helper, ctx)
                return
            closure = self.closure_step(call.func, ctx)
            if closure is not None:
                # `train_step = make_train_step(model, opt)` ... `train_step(x, y)`: the function
                # the factory defines and returns, its free names those the factory was given
                self.inline(call, closure[0], ctx, factory=closure[1])
                return
            stages = self.pipeline_functions(call.func.id, ctx) if ctx.loops else None
            if stages is not None:
                name = call.func.id
                self.pipeline_loops.update(
                    id(lp) for lp in ctx.loops if lp.__class__ is ast.For and lp.target.__class__ is ast.Name and lp.target.id == name  # type: ignore[attr-defined]
                )
                if not ctx.via and ctx.source is None:
                    for stage in stages:
                        self.stage_calls.setdefault(id(stage.node), (stage.node, []))[1].append(call)
                # `for fn in (train_batch, record): state = fn(state)`: each function of the
                # module the `for` runs through, in turn, as if called there
                for stage in stages:
                    self.inline(call, stage, ctx)
                return
            made = self.stepping_lambdas(call, ctx) if not call.args and not call.keywords else ()
            if made:
                # `update = lambda: opt.step()` ... `update()`; `hooks = [lambda: opt.step()]` ...
                # `for h in hooks: h()`: the step each lambda runs, as in a helper called there
                for one in made:
                    body: ast.Call = one.body  # type: ignore[assignment]
                    self.step(body, body.func.value, (), ctx.replace(via=ctx.via + (call,), helpers=ctx.helpers + (one,)))  # type: ignore[attr-defined]
                return
        if isinstance(call.func, ast.Subscript):
            helper = self.registry_step(call.func, ctx)
            if helper is not None:
                # `STEPS["sup"](model, opt, batch)`: the function of the dict's entry
                self.inline(call, helper, ctx)
                return
        if method is not None and recv is not None and library is None:
            helper = self.project_method(recv, method, ctx)
            if helper is not None:
                # `agent.learn()`: a method of a class of the project, on one of its objects
                self.inline(call, helper, ctx, receiver=recv)
                return
        if method is not None and isinstance(recv, ast.Name) and library is None and recv.id != "self":
            hooks = self.callback_hooks(recv, method, ctx)
            if hooks is not None:
                # `for cb in self.callbacks: cb.on_batch_end(self)`: each callback's hook, in turn
                # (a hook's `self.scheduler` the argument its object was built with, when known)
                attributes = self.__dict__.get("_hook_attributes", {}).get((ctx.class_name, ctx.rename(recv.id)[5:-3], method))
                for index, hook in enumerate(hooks):
                    handed = attributes[index] if attributes and index < len(attributes) else None
                    self.inline(call, hook, ctx, receiver=recv, attributes=handed)
                return
        reason = self.suspicious(call, name, method, recv, ctx, library)
        if reason:
            helper = self.plain_module_function(call, ctx)
            if helper is not None:
                # `log_lr(opt)` of a module that says no gradient word (which the project index
                # does not parse for helpers): its body read, as a function of this file's is
                self.inline(call, helper, ctx)
                return
            self.emit(EventKind.UNKNOWN, call, ctx, reason=reason)

    def optimizer_method_named_at_run_time(self, call: ast.Call, ctx: _Context) -> bool:
        """`getattr(opt, name)(...)` whose name is no string literal, on an optimizer."""
        func = call.func
        if not (isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "getattr" and func.args):
            return False
        value = func.args[0]
        if dotted(value) is None and not isinstance(value, ast.Subscript):
            return False
        key = ctx.rename(self.key(value, ctx))
        facts = ctx.facts or self.facts
        return facts.kind(key) == "optimizer" or (key in facts.stepped and facts.optimizer_evidence(key))

    def note_alternatives(self, call: ast.Call, name: str, ctx: _Context) -> None:
        """`train_step(...)` in a loop, the name imported in two arms (`try: from .fast import
        train_step` / `except ImportError: from .slow import train_step`): the walk follows the
        arm `imports.aliases` holds; the others' functions are noted with the call, for the
        step function of another arm to read what its caller's loop does around it."""
        head, dot, rest = name.partition(".")
        others = self.facts.imports.alternatives.get(head)
        if others:
            self.alternative_calls.append((call, ctx, tuple(other + dot + rest for other in others)))

    def backward(self, call: ast.Call, recv: ast.expr, method: str, args: Sequence[ast.expr], ctx: _Context) -> None:
        if method == "manual_backward":  # Lightning
            self.emit(EventKind.BACKWARD, call, ctx, loss=args[0] if args else None)
            return
        if isinstance(recv, ast.Call) and method_name(recv) == "scale":  # scaler.scale(loss).backward()
            inner = positional(recv)
            self.emit(EventKind.BACKWARD, call, ctx, loss=inner[0] if inner else recv)
            return
        raw = self.key(recv, ctx)
        recv_key = ctx.rename(raw)
        # `engine.backward(loss)`, `optimizer.backward(loss)` (Apex's and DeepSpeed's FP16
        # optimizers, ColossalAI's): the object backpropagates its argument
        wrapper = bool(args) and (self.ask(ctx, recv_key, raw, "is_engine") or self.optimizer_backward(recv, recv_key, raw, ctx))
        if method == "backward":
            located = self.instance_of(recv, ctx, thorough=bool(args))
            if located is not None:
                helper = self.backward_method(recv, located, ctx)
                if helper is not None:
                    # `grad_acc.backward(loss)`: a method of the project, with the loss as its argument
                    self.inline(call, helper, ctx, receiver=recv)
                    return
                if not (located and wrapper):
                    what = f"`{located[1]}`" if located else "a class of the project"
                    self.emit(EventKind.UNKNOWN, call, ctx,
                              reason=f"`{raw}.backward()` calls a method of {what} that gradfix cannot see")
                    return
            elif args and not wrapper and self.computed_elsewhere(recv, ctx):
                self.emit(EventKind.UNKNOWN, call, ctx,
                          reason=f"`{raw}` is not computed in the iteration: `{raw}.backward(...)` may be any object's method")
                return
        if wrapper:
            info = self.facts.info(recv_key) or (ctx.facts or self.facts).info(raw)
            engine = info is not None and info.kind == "engine" and info.library not in ("accelerator", "fabric") and (
                "Accelerator" not in (info.constructor or "")
            )
            self.emit(EventKind.BACKWARD, call, ctx, loss=args[0], target=recv_key, engine=engine)
            return
        self.emit(EventKind.BACKWARD, call, ctx, loss=recv)

    def step(self, call: ast.Call, recv: ast.expr, args: Sequence[ast.expr], ctx: _Context) -> None:
        facts = ctx.facts or self.facts
        if isinstance(recv, ast.Name) and (recv.id == "self" or recv.id in facts.imports.aliases or recv.id in facts.classes):
            # `self.step(batch)`: a trainer's own per-batch method, looked into like any other;
            # `E.step(model, batch, opt)` after `import engine as E`: a function of the project
            helper = self.resolve(call, ctx)
            if helper is not None:
                self.inline(call, helper, ctx)
                return
        helper = self.own_step(recv, ctx)
        if helper is not None:
            # `warmup_opt.step()`: a class of the project (no library base) with a `step` of its
            # own, which steps (and perhaps clears) the optimizer it holds
            self.inline(call, helper, ctx, receiver=recv)
            return
        if self.step_without_gradients(recv, ctx):
            return  # `ema_optimizer.step()` of MixMatch's `WeightEMA`: it blends weights, no gradient
        raw = self.key(recv, ctx)
        key = ctx.rename(raw)
        given = args[0] if args else _argument(call, "optimizer")
        if given is not None and self.ask(ctx, key, raw, "is_scaler"):  # scaler.step(opt), scaler.step(optimizer=opt)
            self.emit(EventKind.STEP, call, ctx, target=ctx.rename(self.key(given, ctx)))
            return
        if self.ask(ctx, key, raw, "is_scheduler"):
            self.emit(EventKind.SCHEDULER_STEP, call, ctx, target=key)
            return
        if self.ask(ctx, key, raw, "is_engine"):
            self.emit(EventKind.STEP, call, ctx, target=key, engine=True)
            return
        if not (self.ask(ctx, key, raw, "optimizer_evidence") or key.endswith("[*]") or self.class_optimizer(raw, ctx)):
            return  # env.step(action), a scheduler we cannot recognise...
        if key.startswith("[") and key.endswith("][*]") and all(
            self.ask(ctx, element, element, "is_scheduler") for element in key[1:-4].split(",")
        ):
            return  # `for s in [lr_sched, warm_sched]: s.step()`: schedulers, no gradient applied
        closure: ast.expr | None = args[0] if args else None
        for kw in call.keywords:
            if kw.arg == "closure":
                closure = kw.value
        if closure is not None:
            helper = self.resolve_name(closure.id, ctx) if isinstance(closure, ast.Name) else None
            partial = None
            if helper is None:
                # `opt.step(functools.partial(closure_fn, model, x, y))`, or a name bound once to it
                alias = _aliased_function(closure, ctx.facts or self.facts) if isinstance(closure, ast.Call) else (
                    self.callable_aliases(ctx).get(closure.id) if isinstance(closure, ast.Name) else None
                )
                if alias is not None and alias[1] is not None:
                    helper, partial = self.resolve_name(alias[0], ctx), alias[1]
            if helper is not None and partial is not None and not self.too_deep(helper):
                self.inline(call, helper, ctx, bound=partial, bound_only=True)
                helper = None
                closure = None
            if (
                helper is None and isinstance(closure, ast.Attribute) and isinstance(closure.value, ast.Name)
                and closure.value.id == "self" and ctx.class_name is not None
            ):
                # `self.optimizer.step(self.loss_func)`: a method of the class is the closure
                helper = self.method_of(ctx.facts or self.facts, ctx.class_name, closure.attr, 0)
            if closure is None:
                pass  # inlined through its `functools.partial`
            elif helper is not None and not self.too_deep(helper):
                self.inline(call, helper, ctx, arguments=())
            else:
                self.emit(EventKind.UNKNOWN, call, ctx, reason="optimizer step with a closure we cannot see")
        self.emit(EventKind.STEP, call, ctx, target=key, gated=self.gated(key, raw, ctx))

    def class_optimizer(self, raw: str, ctx: _Context) -> bool:
        """`cls.o` in a `@classmethod`, where the class's body binds `o` once, to a name the
        module knows for an optimizer (`o = opt`)."""
        if not raw.startswith("cls.") or raw.count(".") != 1 or ctx.class_name is None:
            return False
        facts = ctx.facts or self.facts
        node = facts.classes.get(ctx.class_name)
        function = ctx.functions[-1] if ctx.functions else None
        if node is None or function is None or _class_level(function) != "classmethod":
            return False
        attribute = raw[4:]
        values = [
            stmt.value for stmt in node.body
            if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == attribute for t in stmt.targets)
        ]  # fmt: skip
        if len(values) != 1:
            return False
        bound = dotted(values[0])
        return bound is not None and facts.kind(bound) == "optimizer"

    # helpers -------------------------------------------------------------------
    # library semantics -----------------------------------------------------------
    def info(self, key: str, raw: str, ctx: _Context):  # type: ignore[no-untyped-def]
        if ctx.facts is None and "." not in key and self.facts.local_objects:
            return self.facts.info_in(key, ctx.functions) or self.facts.info(key)  # its function's own binding first
        return self.facts.info(key) or (ctx.facts or self.facts).info(raw)

    def library_kind(self, expr: ast.AST, ctx: _Context) -> str | None:
        """The library table's kind of the object an expression denotes, if any."""
        if isinstance(expr, ast.Name) and expr.id == "self":
            return self.self_kind(ctx)
        raw = dotted(expr)  # what `self.key` answers for a dotted expression
        if raw is None:
            return None
        key = ctx.rename(raw)
        info = self.info(key, raw, ctx)
        if info is not None and info.library is not None:
            return info.library
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
            owner = self.self_kind(ctx)
            entry = frameworks.method(owner, expr.attr) if owner else None
            if entry is not None and entry.returns:
                return entry.returns  # `self.accelerator` of an HF Trainer subclass
        qualified = (ctx.facts or self.facts).imports.qualify(raw)
        if qualified in frameworks.MODULE_KINDS:
            return frameworks.MODULE_KINDS[qualified]  # `amp` from `from apex import amp`
        if info is None and "." not in raw:
            imported = imported_object(ctx.facts or self.facts, raw)
            if imported is not None:
                return imported[0].library  # `from accel import accelerator`, built at accel.py's top
        if info is None or info.kind == "unknown":
            return frameworks.named_kind(key)
        return None

    def self_kind(self, ctx: _Context) -> str | None:
        """`self` in a subclass of a framework class (LightningModule, HF Trainer)."""
        facts = ctx.facts or self.facts
        node = facts.classes.get(ctx.class_name or "")
        if node is None:
            return None
        for base in node.bases:
            name = dotted(base)
            kind = frameworks.self_kind(facts.imports.qualify(name) if name else None)
            if kind is not None:
                return kind
        return None

    def scheduler_stepping(self, recv: ast.expr, method: str, ctx: _Context) -> bool:
        """`scheduler.step_update(...)`, `lr_sched.step_frac(...)`: a `step...` method of an object
        the module takes for a learning-rate scheduler, and no class of the module defines it."""
        if not method.startswith("step") or dotted(recv) is None:
            return False
        if any(method in methods for methods in (ctx.facts or self.facts).methods.values()):
            return False
        raw = self.key(recv, ctx)
        if "opt" in raw.rsplit(".", 1)[-1].lower():
            return False  # `warmup_opt.step_update()`: perhaps an optimizer wrapper
        return self.ask(ctx, ctx.rename(raw), raw, "is_scheduler")

    def harmless_library_method(self, recv: ast.expr, method: str, ctx: _Context, library: str | None) -> bool:
        """The tables say the method leaves gradients, parameters and the optimizer alone.
        `library`: `library_kind(recv, ctx)`, which the caller knows already."""
        if library is None and dotted(recv) is not None:
            raw = self.key(recv, ctx)
            info = self.info(ctx.rename(raw), raw, ctx)
            library = info.kind if info is not None and info.kind == "optimizer" else None
        entry = frameworks.method(library, method) if library else None
        if entry is None and library is not None and frameworks.MODEL_KINDS.get(library) == "optimizer":
            entry = frameworks.method("optimizer", method)
        return entry is not None and tuple(entry.effects) == (frameworks.Effect.NONE,)

    def gating_context(self, expr: ast.AST, ctx: _Context) -> bool:
        """`accelerator.accumulate(model)`: prepared optimizers step and clear on sync steps only."""
        if not isinstance(expr, ast.Call) or not isinstance(expr.func, ast.Attribute):
            return False
        entry = frameworks.context(self.library_kind(expr.func.value, ctx), expr.func.attr)
        return entry is not None and entry.gates_prepared_optimizers

    def gated(self, key: str, raw: str, ctx: _Context) -> bool:
        if not ctx.accumulate:
            return False
        info = self.info(key, raw, ctx)
        if info is None and ctx.facts is None and ctx.class_name is not None and key.startswith("self.") and key.count(".") == 1:
            info = inherited_info(self.facts, ctx.class_name, key)
        return info is not None and info.library == "accelerated-optimizer"

    def library_call(self, call: ast.Call, entry, library: str, recv: ast.AST, ctx: _Context) -> None:  # type: ignore[no-untyped-def]
        """Events for a call a library table describes (`accelerator.backward(loss)`,
        `loss_scaler(loss, optimizer, clip_grad=...)`, `engine.step()`...)."""
        effects = entry.effects
        raw = self.key(recv, ctx)
        key = ctx.rename(raw)
        engine = library == "deepspeed-engine"
        Effect = frameworks.Effect
        if Effect.UNKNOWN in effects:
            handlers = fabric_callbacks(call, raw, self.facts) if library == "fabric" and entry.name == "call" and ctx.facts is None else None
            if handlers is not None:
                # `fabric.call("on_train_batch_end", optimizer=opt)`: that method of each
                # callback handed to `Fabric(callbacks=[...])`, in turn
                for handler, direct in handlers:
                    self.inline(direct, handler, ctx)
                return
            self.emit(EventKind.UNKNOWN, call, ctx, reason=f"`{raw}.{entry.name}()` runs code gradfix cannot see")
            return
        if Effect.BACKWARD in effects:
            loss = _argument(call, entry.loss_argument)
            info = self.info(key, raw, ctx)
            divides = entry.divides_by if Effect.DIVIDES_LOSS in effects else None
            if divides is not None and entry.divides_unless is not None:
                off = _argument(call, entry.divides_unless)
                if off is not None and not (isinstance(off, ast.Constant) and off.value is True):
                    divides = None  # `engine.backward(loss, scale_wrt_gas=False)` does not divide
            self.emit(
                EventKind.BACKWARD, call, ctx, loss=loss, target=key, engine=engine,
                divides=divides,
                divisor=info.accumulation if info is not None else None,
            )  # fmt: skip
        if entry.name == "__call__" and any(
            k.arg == "need_update" and isinstance(k.value, ast.Constant) and k.value.value is False for k in call.keywords
        ):
            return  # `loss_scaler(loss, optimizer, need_update=False)` (timm): a backward only
        if Effect.CLIPS in effects:
            clip = _argument(call, "clip_grad") if entry.name == "__call__" else None
            if entry.name != "__call__" or (clip is not None and not (isinstance(clip, ast.Constant) and clip.value is None)):
                # `accelerator.clip_grad_norm_(D.parameters(), ...)`: the parameters it clips (the
                # key torch's own clip would have), for rules matching them to an optimizer's
                clipped = next((a for w in entry.clips_parameters if (a := _argument(call, w)) is not None), None)
                target = ctx.rename(self.key(clipped, ctx)) if clipped is not None else None
                self.emit(EventKind.CLIP, call, ctx, target=target, unscales=Effect.UNSCALES in effects)
        elif Effect.UNSCALES in effects and Effect.STEPS not in effects:
            self.emit(EventKind.UNSCALE, call, ctx, target=key)
        if Effect.STEPS in effects:
            if entry.name == "__call__":  # a loss scaler: `scaler(loss, optimizer, ...)`
                optimizer = _argument(call, 1) or _argument(call, "optimizer")
                if optimizer is not None:
                    self.emit(EventKind.STEP, call, ctx, target=ctx.rename(self.key(optimizer, ctx)))
            else:
                self.emit(EventKind.STEP, call, ctx, target=key, engine=True)
        elif Effect.CLEARS in effects:
            self.emit(EventKind.CLEAR, call, ctx, target=key, scope=ClearScope.OPTIMIZER, engine=engine)

    def ask(self, ctx: _Context, key: str, raw: str, question: str) -> bool:
        """A fact about an object, by the caller's name for it (`key`) or, inside a helper of
        another module, by the helper's own name (`raw`) in that module's facts."""
        if getattr(self.facts, question)(key):
            return True
        facts = ctx.facts or self.facts
        return bool(getattr(facts, question)(raw))

    def function_table_entry(self, sub: ast.Subscript) -> ast.Name | None:
        """`HANDLERS[phase]` over a table of the module's functions (`function_tables`) of which
        exactly one touches gradients, the others none (as `table_entry`): that function's name,
        written at the subscript; else None."""
        table = function_tables(self.facts).get(sub.value.id)  # type: ignore[attr-defined]
        if table is None:
            return None
        touching = {e.id for e in table[1] if self.touches_gradients(function_table_function(self.facts, sub.value.id, e.id))}  # type: ignore[attr-defined]
        if len(touching) != 1:
            return None
        func = ast.Name(id=touching.pop(), ctx=ast.Load())
        ast.copy_location(func, sub)
        func.end_lineno, func.end_col_offset = sub.end_lineno, sub.end_col_offset  # type: ignore[attr-defined]
        return func

    def table_entry(self, sub: ast.Subscript, ctx: _Context) -> ast.Attribute | None:
        """`self.handlers[phase]` over a table of the class's methods (`_method_tables`) of which
        exactly one touches gradients, the others none: the call runs that one or one that
        changes no gradient, so the iteration's gradient events are that method's. That
        method's `self.<name>` as written in the table; else None."""
        table = sub.value
        if table.__class__ is not ast.Attribute or table.value.__class__ is not ast.Name:  # type: ignore[attr-defined]
            return None
        owner = table.value.id  # type: ignore[attr-defined]
        if owner == "self":
            class_name = ctx.class_name
        else:
            # `loop.phases[name](loader)` with `loop` bound only to `Loop(...)`, a class of the module
            built = _assigned_callees(self.facts, owner)
            class_name = next(iter(built)) if len(built) == 1 else None
            if class_name not in self.facts.classes or _only_binding(self.source.tree, owner) is None:
                return None
        if class_name is None:
            return None
        entries = _method_tables(self.facts, class_name).get(table.attr)  # type: ignore[attr-defined]
        if not entries:
            return None
        touching: dict[str, ast.Attribute] = {}
        for entry in entries:
            info = self.method_of(self.facts, class_name, entry.attr, 0)
            if info is None or overriding(self.facts, class_name, info, entry.attr) is not info:
                return None
            if self.touches_gradients(info):
                touching.setdefault(entry.attr, entry)
        if len(touching) != 1:
            return None
        entry = next(iter(touching.values()))
        func = ast.Attribute(value=ast.Name(id=owner, ctx=ast.Load()), attr=entry.attr, ctx=ast.Load())
        at = entry if owner == "self" else sub  # (`loop.train_epoch` as the call writes `loop.phases[name]`)
        for node in (func, func.value):
            node.lineno, node.col_offset = at.lineno, at.col_offset  # type: ignore[attr-defined]
            node.end_lineno, node.end_col_offset = at.end_lineno, at.end_col_offset  # type: ignore[attr-defined]
        return func

    def resolve(self, call: ast.Call, ctx: _Context) -> FunctionInfo | None:
        func = call.func
        facts = ctx.facts or self.facts
        if isinstance(func, ast.Name):
            return self.resolve_name(func.id, ctx)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            if ctx.class_name is None:
                return None
            if self.overrides is not None and ctx.facts is None and ctx.class_name in self.overrides[0]:
                override = self.overrides[1].get(func.attr)
                if override is not None:
                    return override  # the subclass's own method, on its objects
            found = self.method_of(facts, ctx.class_name, func.attr, 0)
            if found is not None and facts.undecided_in_class and (ctx.class_name, func.attr) in facts.undecided_in_class:
                # `def step` and `step = staticmethod(_update)` in one class body: not guessed
                self.undecided_overrides.add(id(call))
                return found
            if found is None:
                # `self.step_fn = self.train_step` once, in `__init__`: `self.step_fn(batch)` runs it
                bound = _bound_methods(facts, ctx.class_name).get(func.attr)
                if bound is not None:
                    func = bound  # (an `ast.Attribute` of `self`, as written in `__init__`)
                    found = self.method_of(facts, ctx.class_name, bound.attr, 0)
            result = overriding(facts, ctx.class_name, found, func.attr)
            if result is not None and result is found and ctx.facts is None and self.facts.project is not None and _stub(result.node):
                result = self.project_override(call, ctx.class_name, result)
            return result
        if (
            func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and func.value.id == "cls"  # type: ignore[attr-defined]
            and ctx.class_name is not None and ctx.functions and class_method(ctx.functions[-1])
        ):  # fmt: skip
            # `cls.train_batch(x, y)` in a `@classmethod`: a class method of its own class
            found = self.method_of(facts, ctx.class_name, func.attr, 0)  # type: ignore[attr-defined]
            return found if found is not None and _class_level(found.node) == "classmethod" else None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in facts.classes:
            # `Trainer.step(model, opt, x, y)`: a `@staticmethod` (or `@classmethod`) of a class
            # of the module, called on the class
            found = self.method_of(facts, func.value.id, func.attr, 0)
            if found is not None and facts.undecided_in_class and (func.value.id, func.attr) in facts.undecided_in_class:
                self.undecided_overrides.add(id(call))  # (`def step` and `step = ...` in its body)
                return found
            if found is not None and (
                _class_level(found.node)
                # (`step = staticmethod(_update)` in its body: `_update` itself, not a method)
                or (found.node.name != func.attr and found.class_name is not None and found.params[:1] != ["self"])
            ):
                return found
        if isinstance(func, ast.Attribute) and _is_super(func.value):
            # `super().learn(batch)` in a subclass's `learn`: the base class's method (of the
            # module or, through the project, of another), whose `self` is the caller's
            if ctx.class_name is None or func.attr.startswith("__"):
                return None
            return self.inherited_method(facts, ctx.class_name, func.attr, 0)
        name = dotted(func)
        if name is not None:
            qualified = facts.imports.qualify(name)
            if qualified is not None and qualified != name:
                return self.imported(qualified, facts)  # `engine.train_one_epoch(...)`, `T.step(...)`
            if qualified == name and self.project_module(name.split(".", 1)[0], facts):
                return self.imported(qualified, facts)  # `import engine`; `engine.step(...)`
        return None

    def project_override(self, call: ast.Call, class_name: str, stub: FunctionInfo) -> FunctionInfo:
        """What `self.name()` runs in a method of the module's `class_name` whose `name` is a stub
        (`def before_step(self): pass`) no subclass of the module overrides: the override of the
        one subclass of another module of the project that writes one (`class Trainer(Base):
        def before_step(self): self.opt.zero_grad()` in trainer.py), as for a subclass of the
        module (`overriding`); with several overrides, one touching gradients, the call is
        undecided (an unknown event)."""
        name = stub.node.name
        facts = self.facts
        if any(name in facts.methods.get(owner, {}) for owner in _subclasses_of(facts, class_name)):
            return stub  # the module's own subclasses decide (`overriding`)
        key = (class_name, name)
        found = self._project_overrides.get(key)
        if found is None:
            from gradfix.analysis.steps import project_overrides

            found = self._project_overrides[key] = [
                info for _, info in project_overrides(facts.project, facts, class_name, name) if info is not None  # type: ignore[arg-type]
            ]
        if len(found) == 1:
            return found[0]
        if any(not _stub(info.node) and self.touches_gradients(info) for info in found):
            self.undecided_overrides.add(id(call))
        return stub

    def project_module(self, root: str, facts: ModuleFacts) -> bool:
        """`root` is a module the file imports whole (`import engine`) and the project holds."""
        project = self.facts.project
        if project is None or root in LIBRARY_ROOTS or facts.imports.aliases.get(root) != root:
            return False
        return project.module_file(root, facts.source.path or None) is not None

    def resolve_name(self, name: str, ctx: _Context) -> FunctionInfo | None:
        facts = ctx.facts or self.facts
        for function in reversed(ctx.functions):
            local = facts.local_functions.get(id(function), {}).get(name)
            if local is not None:
                return local
        found = facts.module_functions.get(name)
        if found is not None:
            return found
        qualified = facts.imports.qualify(name)
        if qualified is not None and qualified != name:
            return self.imported(qualified, facts)  # `from .engine import train_one_epoch`
        if facts.imports.stars and self.facts.project is not None:
            starred = self.facts.project.star_name(facts.imports.stars, name, facts.source.path or None, facts)
            if starred is not None:
                return self.imported(starred, facts)  # `from .engine import *`
        return None

    def imported(self, qualified: str, facts: ModuleFacts) -> FunctionInfo | None:
        """A function of another module of the project (read and indexed only now)."""
        project = self.facts.project
        if project is None:
            return None
        importer = facts.source.path or None
        return project.function(qualified, importer)

    def method_of(self, facts: ModuleFacts, class_name: str, name: str, depth: int) -> FunctionInfo | None:
        """`self.name` in a class: its own method, or one of a base class of the module or,
        through the project, of another module."""
        found = facts.methods.get(class_name, {}).get(name)
        if found is None and facts.bound_in_class:
            found = facts.bound_in_class.get(class_name, {}).get(name)  # `step = staticmethod(_update)`
        if found is not None or depth > 3:
            return found
        return self.inherited_method(facts, class_name, name, depth)

    def inherited_method(self, facts: ModuleFacts, class_name: str, name: str, depth: int) -> FunctionInfo | None:
        """The method a base class of `class_name` (of the module or, through the project, of
        another module) defines: what `super().name` calls."""
        node = facts.classes.get(class_name)
        if node is None or depth > 3:
            return None
        for base in node.bases:
            base_name = dotted(base)
            if base_name is None:
                continue
            found = None
            if base_name in facts.classes and base_name != class_name:
                found = self.method_of(facts, base_name, name, depth + 1)
            elif self.facts.project is not None:
                qualified = facts.imports.qualify(base_name) or base_name
                located = self.facts.project.class_named(qualified, facts.source.path or None)
                found = self.method_of(located[0].facts, located[1], name, depth + 1) if located else None
                if located is None:
                    # a mixin of a module that says no gradient word (`class GradMixin` in
                    # mixins.py): its method read, when its own `self.name()` calls are its own
                    located = self.facts.project.class_named(qualified, facts.source.path or None, any_bytes=True)
                    found = self.method_of(located[0].facts, located[1], name, depth + 1) if located else None
                    if found is not None and not self.calls_only_its_own(found, depth + 1):
                        found = None
            if found is not None:
                return found
        return None

    def calls_only_its_own(self, method: FunctionInfo, depth: int) -> bool:
        """Each `self.name(...)` in a method of another module's class names a method of that
        class (or of its bases) there: no subclass's method (`self.reset()` of the trainer that
        mixes it in, which clears) runs in its stead, that its module could not show."""
        facts = method.facts
        if facts is None or method.class_name is None:
            return False
        for node in ast_walk(method.node):
            if (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "self" and self.method_of(facts, method.class_name, node.func.attr, depth) is None
            ):  # fmt: skip
                return False
        return True

    # objects of the project's own classes -------------------------------------------------
    def instance_of(
        self, recv: ast.expr, ctx: _Context, thorough: bool = True, named: bool = False
    ) -> tuple[ModuleFacts, str] | str | None:
        """The class of the project (of this module, or of another one through the project
        index) whose instance `recv` is: `self` (or `super()`) in a method, or a name bound by
        calling the class (`grad_acc = FP32Accumulator(...)`), or a parameter annotated with it.
        "" when it may be one but gradfix cannot tell which (bound to several classes, or to
        something else as well, or built by a method of such a class); None when nothing says
        it is an object of the project. Not `thorough` (a plain `loss.backward()`): a name is
        looked up in the module's assignment index only when a line of the module assigns it a
        call of something of the project (the index costs a walk over every statement); `named`
        as well: only a call of something of this module, or of a capitalized (class) name,
        counts, so that no other module is read for an imported factory (`create_optimizer()`)."""
        facts = ctx.facts or self.facts
        if (isinstance(recv, ast.Name) and recv.id == "self") or _is_super(recv):
            if ctx.class_name is not None and ctx.class_name in facts.classes:
                return facts, ctx.class_name
            return None
        raw = dotted(recv)
        if raw is None:
            return None
        key = ctx.rename(raw)
        if key != raw:
            # a helper's parameter, or `self` mapped to the caller's object: the caller's name
            # for it, bound in the analysed code, around the call that entered the helpers
            outer = ctx.functions[: len(ctx.functions) - len(ctx.helpers)]
            found = self.bound_class(key, self.facts, outer[-1] if outer else self.source.tree, thorough, named)
            if found is not None:
                return found
        scope = ctx.functions[-1] if ctx.functions else (ctx.source or self.source).tree
        return self.bound_class(raw, facts, scope, thorough, named)

    def bound_class(
        self, key: str, facts: ModuleFacts, scope: ast.AST, thorough: bool = True, named: bool = False
    ) -> tuple[ModuleFacts, str] | str | None:
        """`instance_of` for a key of a module, bound (or annotated) as code in `scope` sees it."""
        if not thorough:
            callees = _assigned_callees(facts, key) | _entered_callees(facts, key)
            if not callees:
                return self.annotated_class(key, facts, scope)
            if named:
                callees = {name for name in callees if _names_a_class(name, facts)}
            if not any(self.of_the_project(name, facts) for name in callees):
                return None
        bindings = _assignment_index(facts).bindings(key, scope)
        if not bindings:
            return self.annotated_class(key, facts, scope)
        found: dict[tuple[int, str], tuple[ModuleFacts, str]] = {}
        others = False
        for binding in bindings:
            if binding.value is None and binding.statement.__class__ in WITH_KINDS:
                # `with Trainer(model) as trainer:`: the object the class's `__enter__` returns,
                # when every `return` of it is `return self`
                located = self.entered_class(binding.statement, key, facts, binding.class_name)
                if located is None:
                    others = True
                else:
                    found[(id(located[0]), located[1])] = located
                continue
            for value in _alternatives(binding.value):
                if isinstance(value, ast.Constant) and value.value is None:
                    continue  # `self.acc = None` until it is built: `None.backward()` runs nothing
                located = self.built_class(value, facts, binding.class_name)
                if located == "":
                    return ""
                if located is None:
                    others = True
                else:
                    found[(id(located[0]), located[1])] = located  # type: ignore[index]
        if not found:
            return None
        return next(iter(found.values())) if len(found) == 1 and not others else ""

    def entered_class(
        self, stmt: ast.stmt, key: str, facts: ModuleFacts, class_name: str | None
    ) -> tuple[ModuleFacts, str] | None:
        """The class of the project whose object a `with` statement binds to `key`: the item's
        `Trainer(...)` (a call of the class, or of a function of the project returning one),
        when the class's `__enter__` (its own, or a base's) returns `self` and nothing else."""
        for item in stmt.items:  # type: ignore[attr-defined]
            if item.optional_vars is None or facts.source.key(item.optional_vars) != key:
                continue
            located = self.built_class(item.context_expr, facts, class_name)
            if not isinstance(located, tuple):
                return None
            enter = self.method_of(located[0], located[1], "__enter__", 0)
            if enter is None:
                return None
            returns = [node for node in own_nodes(enter.node) if isinstance(node, ast.Return)]
            if returns and all(isinstance(r.value, ast.Name) and r.value.id == "self" for r in returns):
                return located
            return None
        return None

    def built_class(
        self, value: ast.expr | None, facts: ModuleFacts, class_name: str | None
    ) -> tuple[ModuleFacts, str] | str | None:
        """The class of the project whose instance a value is: a call of the class, or of a
        function of the project that returns one (`make_accumulator()`). "" for an object a
        method of such a class builds (`Accumulator.from_config(...)`), or a function that
        returns one among other things."""
        if not isinstance(value, ast.Call):
            return None
        name = call_name(value)
        located = self.project_class(name, facts)
        if located is not None:
            return located
        func = value.func
        if isinstance(func, ast.Attribute):
            owner = self.project_class(dotted(func.value), facts)
            if owner is not None and self.method_of(owner[0], owner[1], "backward", 0) is not None:
                return ""
        factory: FunctionInfo | None = None
        if isinstance(func, ast.Name):
            factory = facts.module_functions.get(func.id)
        elif isinstance(func, ast.Attribute) and dotted(func.value) == "self" and class_name is not None:
            factory = self.method_of(facts, class_name, func.attr, 0)
        if factory is None and name is not None and self.facts.project is not None:
            qualified = facts.imports.qualify(name)
            if qualified is not None and qualified != name:
                factory = self.imported(qualified, facts)
        if factory is None:
            return None
        home = factory.facts or facts
        returned: dict[tuple[int, str], tuple[ModuleFacts, str]] = {}
        others = False
        for node in ast_walk(factory.node):
            if isinstance(node, ast.Return) and node.value is not None:
                for alternative in _alternatives(node.value):
                    built = self.project_class(call_name(alternative), home) if isinstance(alternative, ast.Call) else None
                    if built is None:
                        others = others or not (isinstance(alternative, ast.Constant) and alternative.value is None)
                    else:
                        returned[(id(built[0]), built[1])] = built
        if not returned:
            return None
        return next(iter(returned.values())) if len(returned) == 1 and not others else ""

    def own_step(self, recv: ast.expr, ctx: _Context) -> FunctionInfo | None:
        """The `step` method `recv.step()` runs when `recv` is an object of a class of the
        project whose bases are all of the project too (not an optimizer subclass, whose
        `step` is an optimizer's), and that class or one of those bases defines a `step` that
        says something of gradients (not an environment's `step(action)`). A class with a
        `zero_grad` of its own stays one optimizer (its own clear is the one a fix calls)
        unless its `step` clears as well."""
        if (isinstance(recv, ast.Name) and recv.id == "self") or _is_super(recv):
            return None  # an optimizer class's own code
        located = self.instance_of(recv, ctx, thorough=False, named=True)
        if not located or not self.project_only(located[0], located[1], 0):  # type: ignore[index]
            return None
        facts, class_name = located  # type: ignore[misc]
        helper = self.method_of(facts, class_name, "step", 0)
        if helper is None or not self.touches_gradients(helper):
            return None  # `env.step(action)`: nothing of gradients to look into
        if self.method_of(facts, class_name, "zero_grad", 0) is None:
            return helper
        source = helper.source or self.source
        text = source.text[source.start(helper.node) : source.end(helper.node)]
        return helper if any(word in text for word in ("zero_grad", ".grad = None", ".grad.zero_(")) else None

    def step_without_gradients(self, recv: ast.expr, ctx: _Context) -> bool:
        """`recv` is an object of a class of the project (its bases all of the project) whose
        `step` says nothing of gradients: not an optimizer, whatever its name."""
        if (isinstance(recv, ast.Name) and recv.id == "self") or _is_super(recv) or dotted(recv) is None:
            return False
        located = self.instance_of(recv, ctx, thorough=False, named=True)
        if not located or not self.project_only(located[0], located[1], 0):  # type: ignore[index]
            return False
        facts, class_name = located  # type: ignore[misc]
        helper = self.method_of(facts, class_name, "step", 0)
        return helper is not None and not self.touches_gradients(helper) and self.method_of(facts, class_name, "zero_grad", 0) is None

    def callable_object(self, name: ast.Name, ctx: _Context) -> FunctionInfo | None:
        """The `__call__` of a class of this module that `name` is an object of (a training step
        written as a callable class): only where a class of the module defines one."""
        facts = ctx.facts or self.facts
        callables = facts.__dict__.get("_callable_classes")
        if callables is None:
            callables = facts.__dict__["_callable_classes"] = {c for c, methods in facts.methods.items() if "__call__" in methods}
        if not callables:
            return self.imported_scaler_class(name, ctx) if "scaler" in name.id else None
        if name.id == "self":
            # `self(x, y)` in a method of a class of the module that defines `__call__`
            own = ctx.class_name if ctx.facts is None or ctx.facts is facts else None
            return facts.methods[own]["__call__"] if own in callables else None  # type: ignore[index]
        located = self.instance_of(name, ctx, thorough=False, named=True)
        if not located or located[0] is not facts or located[1] not in callables:  # type: ignore[index]
            return self.imported_scaler_class(name, ctx) if "scaler" in name.id else None
        return facts.methods[located[1]]["__call__"]  # type: ignore[index]

    def own_callable_attribute(self, attribute: str, ctx: _Context) -> FunctionInfo | None:
        """The `__call__` of a class of this module that `self.<attribute>` holds in a method of
        the class `ctx` walks: `__init__` binds it once, as a statement of its own body, to
        `Cls(...)` (a class of the module with no base but `object` and a `__call__` of its own),
        and no other statement of the module binds an attribute of that name (nor `setattr`)."""
        facts = ctx.facts or self.facts
        callables = facts.__dict__.get("_callable_classes")
        if callables is None:
            callables = facts.__dict__["_callable_classes"] = {c for c, methods in facts.methods.items() if "__call__" in methods}
        if not callables:
            return None
        cache = facts.__dict__.setdefault("_callable_attributes", {})
        key = (ctx.class_name, attribute)
        if key not in cache:
            cache[key] = self._own_callable_attribute(attribute, ctx.class_name, callables, facts)  # type: ignore[arg-type]
        return cache[key]  # type: ignore[no-any-return]

    def _own_callable_attribute(self, attribute: str, class_name: str, callables: set[str], facts: ModuleFacts) -> FunctionInfo | None:
        init = facts.methods.get(class_name, {}).get("__init__")
        if init is None:
            return None
        made = [
            stmt.value for stmt in init.node.body  # type: ignore[attr-defined]
            if stmt.__class__ is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0].__class__ is ast.Attribute
            and stmt.targets[0].attr == attribute and stmt.targets[0].value.__class__ is ast.Name and stmt.targets[0].value.id == "self"
        ]  # fmt: skip
        if len(made) != 1 or made[0].__class__ is not ast.Call or made[0].func.__class__ is not ast.Name or made[0].func.id not in callables:  # type: ignore[attr-defined]
            return None
        owner = made[0].func.id  # type: ignore[attr-defined]
        definition = facts.classes.get(owner)
        if definition is None or any(b.__class__ is not ast.Name or b.id != "object" for b in definition.bases):  # type: ignore[attr-defined]
            return None
        source = facts.source
        bindings = 0
        for node in source.of_type(ast.Attribute):
            if node.attr == attribute and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
                bindings += 1
        if bindings != 1 or any(node.func.__class__ is ast.Name and node.func.id == "setattr" for node in source.of_type(ast.Call)):  # type: ignore[attr-defined]
            return None
        return facts.methods[owner]["__call__"]

    def imported_scaler_class(self, name: ast.Name, ctx: _Context) -> FunctionInfo | None:
        """The `__call__` of a class of another module of the project that `name`, named like a
        loss scaler (`loss_scaler`), is an object of: MAE's `NativeScalerWithGradNormCount` of
        `util/misc.py`, built as `loss_scaler = NativeScaler()` after `from util.misc import
        NativeScalerWithGradNormCount as NativeScaler`, read as `callable_object` reads a class
        of this module (its own body only, no base class's `__call__`). Such a `__call__` is
        then the loop's own code, not a step function judged where it is defined (no loop of
        its module calls it: `ModuleModel.in_step_function`)."""
        if (ctx.facts or self.facts).project is None:
            return None
        located = self.instance_of(name, ctx, thorough=False, named=True)
        if not located or isinstance(located, str):
            return None
        owner, class_name = located
        if owner is (ctx.facts or self.facts):
            return None
        found = owner.methods.get(class_name, {}).get("__call__")
        if found is not None:
            self.__dict__.setdefault("_scaler_calls", set()).add(id(found.node))
        return found

    def closure_step(self, name: ast.Name, ctx: _Context) -> tuple[FunctionInfo, tuple[ast.Call, list[str]]] | None:
        """The function a factory of this module (or imported from one of the project, see
        `imported_factory`) defines and returns, and the factory's call with the factory's
        parameters, when `name` is bound once in the code around the call (its function, or the
        module's top level), and nothing else binds it there, to a call of that factory."""
        facts = ctx.facts or self.facts
        found = module_closure(facts, name, ctx.functions)
        if found is not None:
            return found
        closures = {}
        for callee in _assigned_callees(facts, name.id) - _factory_closures(facts).keys():
            made = self.imported_factory(callee, facts) if callee in facts.imports.aliases else None
            if made is not None:
                closures[callee] = (made[1], made[0].params)
        return _closure_bound(facts, name, ctx.functions, closures) if closures else None

    def project_method(self, recv: ast.expr, method: str, ctx: _Context) -> FunctionInfo | None:
        """The method `recv.method()` runs when `recv` is an object of a class of the project
        whose bases are all of the project (an agent, a trainer: not a module or an optimizer,
        whose methods are a library's) or, for a class with a library base (an `nn.Module`
        holding its optimizer), that the class body itself defines, and the method says
        something of gradients."""
        if not isinstance(recv, (ast.Name, ast.Attribute)) or (isinstance(recv, ast.Name) and recv.id == "self") or _is_super(recv):
            return None
        if method.startswith("__") and method != "__iadd__":
            return None  # (`trainer += batch` is read as `trainer.__iadd__(batch)`: call_forms.py)
        facts = ctx.facts or self.facts
        defined = facts.__dict__.get("_method_names")
        if defined is None:
            defined = facts.__dict__["_method_names"] = {name for methods in facts.methods.values() for name in methods}
        if method in _NOT_PROJECT_METHODS or method not in defined:
            # a name the usual objects' methods have, or no class of this module has such a method:
            # looked into only when a line builds the object by calling a class of this module
            # that has it, or a class imported from a module that backpropagates
            # (`agent = Agent()`; `agent.update(batch)`, agent.py)
            key = dotted(recv) or ""
            if not (method in defined and self.built_by_class_with(key, method, facts)) and (
                facts is not self.facts or not self.built_by_imported_class(key, facts, method)
            ):
                # (a parameter handed an object of the project by the calls of other modules,
                # for a method named like one that may touch gradients)
                if self.handed_class(recv, ctx, method) is None:
                    return None
        located = self.instance_of(recv, ctx, thorough=False, named=True)
        if located is None and method not in _NOT_PROJECT_METHODS and method in defined:
            located = self.sole_class_defining(recv, method, ctx)
        if located is None:
            located = self.handed_class(recv, ctx, method)
        if not located:
            return None
        owner, class_name = located  # type: ignore[misc]
        if (
            not self.project_only(owner, class_name, 0) and method not in owner.methods.get(class_name, {})
            and (method in _NOT_PROJECT_METHODS or self.inherited_method(owner, class_name, method, 0) is None)
        ):  # fmt: skip
            # a module (or another library class) of the project: only a method its own class
            # body defines (`m.process(x)` clearing the optimizer it holds), or one a base class
            # of the project defines (an agent's `learn` of its `BaseAgent(nn.Module)`), is the project's
            return None
        helper = self.method_of(owner, class_name, method, 0)
        if helper is None or not self.touches_gradients(helper):
            return None
        return helper

    def project_only(self, facts: ModuleFacts, class_name: str, depth: int) -> bool:
        """Every base of the class (and of its bases) is a class of the project or `object`."""
        node = facts.classes.get(class_name)
        if node is None or depth > 3:
            return False
        for base in node.bases:
            base_name = dotted(base)
            if base_name == "object":
                continue
            if base_name is None:
                return False
            if base_name in facts.classes and base_name != class_name:
                if not self.project_only(facts, base_name, depth + 1):
                    return False
                continue
            located = self.project_class(base_name, facts)
            if located is None or not self.project_only(located[0], located[1], depth + 1):
                return False
        return True

    def optimizer_backward(self, recv: ast.expr, key: str, raw: str, ctx: _Context) -> bool:
        """`recv` is an optimizer (built as one, or named like one and not computed in the
        iteration): its `backward(loss)` is an optimizer wrapper's, which backpropagates `loss`."""
        info = self.info(key, raw, ctx)
        if info is not None and info.kind == "optimizer":
            return True
        return self.ask(ctx, key, raw, "optimizer_evidence") and self.computed_elsewhere(recv, ctx)

    def computed_elsewhere(self, recv: ast.expr, ctx: _Context) -> bool:
        """`recv` is a name of the analysed code that the iteration never binds: not a tensor
        of this micro-batch's graph (backpropagating one tensor again every iteration fails
        once its graph is freed), so `recv.backward(x)` calls something else's `backward`."""
        if ctx.via or not isinstance(recv, ast.Name) or not ctx.home_loops:
            return False
        loop = ctx.home_loops[-1]
        scope = ctx.functions[-1] if ctx.functions else self.source.tree
        first, last = loop.lineno, loop.end_lineno or loop.lineno
        for binding in _assignment_index(self.facts).bindings(recv.id, scope):
            if first <= binding.statement.lineno <= last:
                return False
        return True

    def sole_class_defining(self, recv: ast.expr, method: str, ctx: _Context) -> tuple[ModuleFacts, str] | None:
        """`def run(agent, env): ... agent.learn()`, `agent` a parameter of the function
        around the loop that nothing annotates nor binds there: the one class of the module
        that defines `learn` (none when two do, or when a call of the function in the module
        passes for it anything but an object of that class, or a name it cannot tell)."""
        facts = ctx.facts or self.facts
        if ctx.helpers or ctx.facts is not None or not isinstance(recv, ast.Name) or not ctx.functions:
            return None
        function = ctx.functions[-1]
        if not isinstance(function, FUNCTIONS):
            return None
        known = self.__dict__.setdefault("_sole_classes", {})
        asked = (id(function), recv.id, method, ctx.class_name)
        if asked not in known:
            known[asked] = self._sole_class_defining(function, recv.id, method, ctx.class_name, facts)
        return known[asked]  # type: ignore[no-any-return]

    def _sole_class_defining(
        self, function: ast.FunctionDef | ast.AsyncFunctionDef, name: str, method: str, class_name: str | None, facts: ModuleFacts
    ) -> tuple[ModuleFacts, str] | None:
        params = _parameters(function)
        if not any(a.arg == name and a.annotation is None for a in params) or function.args.vararg or function.args.kwarg:
            return None
        owners = [owner for owner, methods in facts.methods.items() if method in methods]
        if len(owners) != 1:
            return None
        if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)):
            return None  # bound again in the function (`agent = agents[i]`)
        if sum(1 for c in self.source.of_type(ast.ClassDef) if c.name == owners[0]) != 1:  # type: ignore[attr-defined]
            return None
        positions = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        if positions and positions[0] in ("self", "cls") and class_name is not None:
            positions = positions[1:]
        index = positions.index(name) if name in positions else None
        for call in self.source.of_type(ast.Call):
            if not isinstance(call.func, ast.Name) or call.func.id != function.name:  # type: ignore[attr-defined]
                continue
            if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):  # type: ignore[attr-defined]
                return None
            given = next((k.value for k in call.keywords if k.arg == name), None)  # type: ignore[attr-defined]
            if given is None and index is not None and index < len(call.args):  # type: ignore[attr-defined]
                given = call.args[index]  # type: ignore[attr-defined]
            if given is None:
                return None
            if isinstance(given, ast.Call):
                built = self.built_class(given, facts, None)
            elif isinstance(given, ast.Name):
                built = self.bound_class(given.id, facts, _function_around(call, self.source))
            else:
                built = None
            if not built or built[1] != owners[0]:  # type: ignore[index]
                return None  # handed something else (or something gradfix cannot tell)
        return facts, owners[0]

    def callback_hooks(self, recv: ast.expr, method: str, ctx: _Context) -> list[FunctionInfo] | None:
        """`for cb in self.callbacks: cb.on_batch_end(self)` in a method of a class of the module
        whose `__init__` stores a parameter's list in `self.callbacks` (`self.callbacks =
        list(callbacks)`; nothing else in the project adds to it), when every construction of
        the class in the project hands the same list of objects of classes of the project
        (`Trainer(model, opt, loader, [ClipHook(), StepHook()])`, or a name bound once to such
        a list): those classes' `method`s, in the list's order (a class of the project without
        one runs nothing). Subclasses of the class in the project count when each keeps the
        list (`_inheriting_the_list`: no `__init__` of its own, or one handing `*args,
        **kwargs` on to `super().__init__`, and no `self.callbacks` of its own): their
        constructions are read too. None when anything is unsure."""
        facts = self.facts
        if not _names_a_hook(method) or ctx.facts is not None or not ctx.mapping or not isinstance(recv, ast.Name) or facts.project is None:
            return None
        key = ctx.rename(recv.id)
        class_name = ctx.class_name
        if not (key.endswith("[*]") and key.startswith("self.")) or class_name is None or class_name not in facts.classes:
            return None
        attribute = key[5:-3]
        if not attribute.isidentifier():
            return None
        known = self.__dict__.setdefault("_callback_hook_lists", {})
        asked = (class_name, attribute, method)
        if asked not in known:
            known[asked] = self._callback_hooks(class_name, attribute, method)
        return known[asked]  # type: ignore[no-any-return]

    def _callback_hooks(self, class_name: str, attribute: str, method: str) -> list[FunctionInfo] | None:
        from gradfix.analysis.steps import _importers, _subclass_names, called_name

        facts = self.facts
        project = facts.project
        assert project is not None
        init = facts.methods.get(class_name, {}).get("__init__")
        if init is None or init.node.args.vararg or init.node.args.kwarg:
            return None
        stores = [
            node for node in ast_walk(facts.classes[class_name])
            if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load) and dotted(node) == f"self.{attribute}"
        ]  # fmt: skip
        if len(stores) != 1:
            return None
        value = _assigned_in(init.node.body, stores[0])
        if value is None:
            return None
        if isinstance(value, ast.Call) and call_name(value) in ("list", "tuple") and len(value.args) == 1 and not value.keywords:
            value = value.args[0]  # `self.callbacks = list(callbacks)`
        params = [a.arg for a in (*init.node.args.posonlyargs, *init.node.args.args)][1:]
        built_here = isinstance(value, (ast.List, ast.Tuple)) and bool(value.elts)
        if not built_here and (not isinstance(value, ast.Name) or value.id not in params):
            return None
        for word in (b".append(", b".extend(", b".insert(", b" +=", b"+=", b".remove(", b"[0] =", b".pop("):
            if project.saying(f".{attribute}{word.decode()}".encode()):
                return None  # added to (or changed) elsewhere: the list is not the one handed in
        if built_here:
            # `self.hooks = [LRHook(self.scheduler), LogHook()]`: the list built in `__init__`
            # (of a class no class of the project derives from: a subclass may build its own)
            if self._subclassed(class_name):
                return None
            return self._listed_hooks([(value.elts, facts, init.node, True)], (class_name, attribute, method))  # type: ignore[attr-defined]
        parameter, index = value.id, params.index(value.id)  # type: ignore[attr-defined]
        defaults = init.node.args.defaults
        default = defaults[index - (len(params) - len(defaults))] if index >= len(params) - len(defaults) else None
        own = absolute(self.source.path) if self.source.path else ""
        if not own:
            return None
        names = {class_name}
        modules = [(self.source, facts)]
        seen = {own}
        for path in project.saying(class_name.encode()):
            subclasses = _subclass_names(project.read_quietly(path) or b"", class_name)
            if not subclasses:
                continue
            module = project.module(path, any_bytes=True)
            inherited = _inheriting_the_list(module, subclasses, attribute, project) if module is not None else None
            if inherited is None:
                return None  # a subclass may hand its own list
            names.update(subclasses)
            if path not in seen:
                seen.add(path)
                modules.append((module.source, module.facts))  # type: ignore[union-attr]
            for importer in _importers(project, path, subclasses, ""):
                if importer not in seen:
                    seen.add(importer)
                    imported = project.module(importer, any_bytes=True)
                    if imported is None:
                        return None
                    modules.append((imported.source, imported.facts))
        for path in _importers(project, own, [class_name], class_name):
            if path in seen:
                continue
            seen.add(path)
            module = project.module(path, any_bytes=True)
            if module is None:
                return None
            modules.append((module.source, module.facts))
        handed: list[tuple[list[ast.expr], ModuleFacts, ast.AST, bool]] = []
        for source, module_facts in modules:
            for call in source.of_type(ast.Call):
                if called_name(call.func) not in names:  # type: ignore[attr-defined]
                    continue
                if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):  # type: ignore[attr-defined]
                    return None
                given = next((k.value for k in call.keywords if k.arg == parameter), None)  # type: ignore[attr-defined]
                if given is None and index < len(call.args):  # type: ignore[attr-defined]
                    given = call.args[index]  # type: ignore[attr-defined]
                if given is None:
                    given = default
                if given is None or (isinstance(given, ast.Constant) and given.value is None):
                    elements: list[ast.expr] = []
                elif isinstance(given, (ast.List, ast.Tuple)):
                    elements = list(given.elts)
                elif isinstance(given, ast.Name):
                    scope = _function_around(call, source)
                    bindings = _assignment_index(module_facts).bindings(given.id, scope)
                    listed = bindings[0].value if len(bindings) == 1 else None
                    if not isinstance(listed, (ast.List, ast.Tuple)) or f"{given.id}." in source.segment(scope if scope is not source.tree else call):
                        return None  # not one list, or one changed after it is built (`hooks.append(...)`)
                    elements = list(listed.elts)
                else:
                    return None
                scope = _function_around(call, source)
                handed.append((elements, module_facts, scope, source is self.source and isinstance(given, (ast.List, ast.Tuple))))
        return self._listed_hooks(handed, (class_name, attribute, method))

    def _subclassed(self, class_name: str) -> bool:
        """Some module of the project derives a class from `class_name`."""
        from gradfix.analysis.steps import _subclass_names

        project = self.facts.project
        assert project is not None
        return any(_subclass_names(project.read_quietly(path) or b"", class_name) for path in project.saying(class_name.encode()))

    def _listed_hooks(
        self, handed: list[tuple[list[ast.expr], ModuleFacts, ast.AST, bool]], asked: tuple[str, str, str]
    ) -> list[FunctionInfo] | None:
        """The hooks named `asked[2]` of the objects of each list of `handed` (its elements, the
        module's facts, the scope the list is written in, whether written at the construction
        in this module), when every list holds objects of the same classes of the project, in
        the same order. For each object built with arguments whose `__init__` stores them in
        attributes (`LRHook(sched)`, `self.scheduler = scheduler`), those attributes stand for
        the arguments (`_hook_attributes`) when every list hands the same ones."""
        found: list[tuple[int, str]] | None = None
        classes: dict[tuple[int, str], tuple[ModuleFacts, str]] = {}
        stored: list[tuple[tuple[str, str], ...] | None] | None = None
        for elements, module_facts, scope, own in handed:
            sequence = []
            attributes: list[tuple[tuple[str, str], ...] | None] = []
            for element in elements:
                built = self.project_class(call_name(element), module_facts, any_bytes=True) if isinstance(element, ast.Call) else None
                if built is None:
                    return None
                classes[(id(built[0]), built[1])] = built  # type: ignore[index]
                sequence.append((id(built[0]), built[1]))  # type: ignore[index]
                attributes.append(self._constructed_attributes(element, built, scope, asked[0]) if own else None)  # type: ignore[arg-type]
            if found is not None and sequence != found:
                return None  # constructions handing different lists
            stored = attributes if stored is None or stored == attributes else [None] * len(attributes)
            found = sequence
        if found is None or stored is None:
            return None
        hooks = []
        chosen: list[tuple[tuple[str, str], ...] | None] = []
        for entry, attributes_of in zip(found, stored):
            owner, name = classes[entry]
            hook = self.method_of(owner, name, asked[2], 0)
            if hook is None and not self.project_only(owner, name, 0):
                return None  # a base of a library may define the hook
            if hook is not None:
                hooks.append(hook)
                chosen.append(attributes_of if hook.facts is self.facts or hook.facts is None else None)
        self.__dict__.setdefault("_hook_attributes", {})[asked] = chosen
        return hooks

    def _constructed_attributes(
        self, element: ast.Call, built: tuple[ModuleFacts, str], scope: ast.AST, trainer: str
    ) -> tuple[tuple[str, str], ...] | None:
        """`LRHook(sched)` written at the module's top level (`sched` a name bound there), or
        `LRHook(self.scheduler)` in a method of the trainer class: the attributes its class's
        own `__init__` sets once from a parameter (`self.scheduler = scheduler`), each paired
        with the argument handed for it (`("self.scheduler", "sched")`). None when none is."""
        owner, name = built
        if owner is not self.facts or any(isinstance(a, ast.Starred) for a in element.args) or any(k.arg is None for k in element.keywords):
            return None
        init = owner.methods.get(name, {}).get("__init__")
        if init is None or init.node.args.vararg or init.node.args.kwarg:
            return None
        params = [a.arg for a in (*init.node.args.posonlyargs, *init.node.args.args)][1:]
        top = scope is self.source.tree
        in_trainer = not top and any(scope is info.node for info in self.facts.methods.get(trainer, {}).values())
        pairs = []
        for index, param in enumerate(params):
            given = next((k.value for k in element.keywords if k.arg == param), None)
            if given is None and index < len(element.args):
                given = element.args[index]
            key = dotted(given) if given is not None else None
            if key is None or not ((top and "." not in key) or (in_trainer and key.startswith("self.") and key.count(".") == 1)):
                continue
            stores = [
                node for node in ast_walk(self.facts.classes[name])
                if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name)
                and node.value.id == "self"
            ]  # fmt: skip
            for target in stores:
                value = _assigned_in(init.node.body, target)
                written = [t for t in stores if t.attr == target.attr]
                if isinstance(value, ast.Name) and value.id == param and len(written) == 1 and not _rebinds(init.node, param):
                    pairs.append((f"self.{target.attr}", key))
        return tuple(pairs) or None

    def handed_class(self, recv: ast.expr, ctx: _Context, method: str) -> tuple[ModuleFacts, str] | None:
        """`def fit(module, loader): ... module.training_step(batch, i)` in core/fit.py, `module` a
        parameter of a function of the module that nothing annotates nor binds again in it,
        and that the module never calls itself: the one class of the project whose object every
        call of the function in the project's other modules hands in (`fit(LitRegressor(),
        loader)`, or `model = LitRegressor()` ... `fit(model, loader)` in run.py), asked for a
        method named like one that may touch gradients. None when a call passes nothing for
        it, something else or something gradfix cannot tell, or when no other module calls
        the function."""
        facts = self.facts
        if not isinstance(recv, ast.Name) or facts.project is None or not _hints_gradients(method):
            return None
        name = recv.id
        if ctx.helpers:
            # in a helper the loop calls (`validate(module, loader)`): its parameter stands for
            # the caller's name, a parameter of the function around the loop
            if not any(param == name for param, _ in ctx.mapping):
                return None
            name = ctx.rename(name)
            outer = ctx.functions[: len(ctx.functions) - len(ctx.helpers)]
            if not name.isidentifier() or not outer:
                return None
            function = outer[-1]
        elif ctx.facts is not None or not ctx.functions:
            return None
        else:
            function = ctx.functions[-1]
        if not isinstance(function, FUNCTIONS):
            return None
        known = self.__dict__.setdefault("_handed_classes", {})
        asked = (id(function), name)
        if asked not in known:
            known[asked] = self._handed_class(function, name, facts)
        return known[asked]  # type: ignore[no-any-return]

    def _handed_class(self, function: ast.FunctionDef | ast.AsyncFunctionDef, name: str, facts: ModuleFacts) -> tuple[ModuleFacts, str] | None:
        info = facts.module_functions.get(function.name)
        if info is None or info.node is not function or function.args.vararg or function.args.kwarg:
            return None
        if not any(a.arg == name and a.annotation is None for a in _parameters(function)):
            return None
        text = self.source.text
        if text.count(function.name) > 1 and any(n.id == function.name for n in self.source.of_type(ast.Name)):  # type: ignore[attr-defined]
            return None  # named in its own module (a call there is what `sole_class_defining` reads)
        if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)):
            return None  # bound again in the function (`module = module.to(device)`)
        from gradfix.analysis.steps import arguments_elsewhere

        found: tuple[ModuleFacts, str] | None = None
        for module, given in arguments_elsewhere(facts.project, self.source.path, info, name):  # type: ignore[arg-type]
            if isinstance(given, ast.Call):
                built = self.built_class(given, module.facts, None)
            elif isinstance(given, ast.Name):
                built = self.bound_class(given.id, module.facts, _function_around(given, module.source))
            else:
                return None
            if not built or (found is not None and (found[0] is not built[0] or found[1] != built[1])):  # type: ignore[index]
                return None  # handed something else (or something gradfix cannot tell)
            found = built  # type: ignore[assignment]
        return found

    def annotated_class(self, key: str, facts: ModuleFacts, scope: ast.AST) -> tuple[ModuleFacts, str] | None:
        """The class of the project a parameter of `scope` named `key` is annotated with."""
        if "." in key or not isinstance(scope, FUNCTIONS):
            return None
        annotations = [a.annotation for a in _parameters(scope) if a.arg == key and a.annotation is not None]
        return self.project_class(dotted(annotations[0]), facts) if annotations else None

    def of_the_project(self, name: str, facts: ModuleFacts) -> bool:
        """A called name may build an object of a class of the project: the class, a method of
        it (`Accumulator.create`), a function of the module or of a project module (a factory)."""
        root = name.split(".", 1)[0]
        if root in facts.classes or name in facts.module_functions:
            return True
        if root == "self" and "." in name:
            return any(name[5:] in methods for methods in facts.methods.values())
        qualified = facts.imports.qualify(name)
        if qualified is None or qualified == name or self.facts.project is None:
            return False
        return self.project_class(name, facts) is not None or self.imported(qualified, facts) is not None

    def project_class(self, name: str | None, facts: ModuleFacts, any_bytes: bool = False) -> tuple[ModuleFacts, str] | None:
        """The class of the project a (dotted) name in a module stands for (`any_bytes`: also
        in a module whose bytes say no gradient word, as a callback's module may)."""
        if not name:
            return None
        if name in facts.classes:
            return facts, name
        project = self.facts.project
        qualified = facts.imports.qualify(name)
        if project is None or not qualified or (qualified == name and "." not in name):
            return None
        located = project.class_named(qualified, facts.source.path or None, any_bytes=any_bytes)
        return (located[0].facts, located[1]) if located is not None else None

    def backward_method(
        self, recv: ast.expr, located: tuple[ModuleFacts, str] | str, ctx: _Context
    ) -> FunctionInfo | None:
        """The `backward` method a call on an object of the project runs (`super().backward`:
        the one a base class defines)."""
        if not located:
            return None
        facts, class_name = located  # type: ignore[misc]
        if _is_super(recv):
            return self.inherited_method(facts, class_name, "backward", 0)
        return self.method_of(facts, class_name, "backward", 0)

    def too_deep(self, helper: FunctionInfo) -> bool:
        return len(self.visiting) >= MAX_HELPER_DEPTH or id(helper.node) in self.visiting

    def inline(
        self,
        call: ast.Call,
        helper: FunctionInfo,
        ctx: _Context,
        arguments: Sequence[ast.AST] | None = None,
        receiver: ast.expr | None = None,
        bound: ast.Call | None = None,
        factory: tuple[ast.Call, list[str]] | None = None,
        bound_only: bool = False,
        body: list[ast.stmt] | None = None,
        attributes: tuple[tuple[str, str], ...] | None = None,
    ) -> None:
        """Walk a helper's body as part of the caller, its parameters mapped to the caller's
        arguments; `receiver`: the object a method is called on (`grad_acc.backward(loss)`),
        which its `self` then stands for; `bound`: the `functools.partial(helper, ...)` call
        the called name is bound to, whose arguments come first; `factory`: the call of the
        module function that defined the helper and returned it, and that function's parameters,
        which the helper's free names are mapped to the arguments of."""
        if self.undecided_overrides and id(call) in self.undecided_overrides:
            self.emit(EventKind.UNKNOWN, call, ctx, reason="subclasses of other modules override the method differently")
            return
        if self.too_deep(helper):
            if helper.node.name == "__next__" and id(helper.node) in self.visiting:
                return  # `return self.__next__()` at an epoch's end: the same step, read already
            if self.touches_gradients(helper):
                self.emit(EventKind.UNKNOWN, call, ctx, reason="helpers nested too deeply to follow")
            return
        params = list(helper.params)
        if helper.class_name is not None and params and params[0] in ("self", "cls") and _class_level(helper.node) != "staticmethod":
            params = params[1:]
        mapping = dict(ctx.mapping)
        new_mapping: dict[str, str] = {}
        given: list[tuple[str | None, ast.expr]]
        if arguments is None:
            given = []
            # (`bound_only`: the partial is handed to `step()`, which calls it with nothing)
            extra_args, extra_keywords = ([], []) if bound_only else (call.args, call.keywords)
            positional_args = [*bound.args[1:], *extra_args] if bound is not None else call.args
            for arg in positional_args:
                if isinstance(arg, ast.Starred):
                    break
                given.append((None, arg))
            keywords = [*bound.keywords, *extra_keywords] if bound is not None else call.keywords
            given += [(kw.arg, kw.value) for kw in keywords if kw.arg is not None]
        else:
            given = []
        passed: list[tuple[str, ast.expr]] = []
        if factory is not None:
            made_by, outer = factory
            made = [(None, a) for a in made_by.args] if not any(isinstance(a, ast.Starred) for a in made_by.args) else []
            for index, (keyword_name, value) in enumerate([*made, *[(k.arg, k.value) for k in made_by.keywords if k.arg]]):
                param = keyword_name if keyword_name is not None else (outer[index] if index < len(outer) else None)
                if param is not None and param not in params:
                    key = self.key(value, ctx)
                    new_mapping[param] = substitute_root(key, mapping) if mapping else key
        for index, (keyword_name, value) in enumerate(given):
            param = keyword_name if keyword_name is not None else (params[index] if index < len(params) else None)
            if param is not None:
                key = self.key(value, ctx)
                new_mapping[param] = ctx.rename(key) if mapping else key
                passed.append((param, value))
        if helper.class_name is not None and receiver is not None and dotted(receiver) not in (None, "self"):
            new_mapping["self"] = ctx.rename(self.key(receiver, ctx))
        elif helper.class_name is not None and "self" in mapping:
            new_mapping["self"] = mapping["self"]
            if mapping["self"][:1] == "<":  # (an object built in a `with` item: its attributes too)
                new_mapping.update((k, v) for k, v in mapping.items() if k[:5] == "self.")
        if attributes is not None:
            # `with StepScope(opt):` an object of its own, whose `self.opt` is the caller's `opt`
            new_mapping["self"] = "<" + (helper.class_name or "") + ">"
            new_mapping.update(attributes)
        per_item = self.per_item.get(id(call)) if self.per_item else None
        if per_item is not None:
            # the element of a comprehension: its body runs once per item, inside loops of its own
            loops, tests = per_item
            for made in loops:
                if ctx.in_helper:
                    ctx = ctx.replace(loops=ctx.loops + (made,))
                else:
                    # written in the analysed code: a loop of its own, as `for b in xs: step(b)`
                    ctx = ctx.replace(loops=ctx.loops + (made,), home_loops=ctx.home_loops + (made,))
                    if not any(made is lp for lp, _ in self.loop_nodes):
                        self.loop_nodes.append((made, ctx))
                ctx = self.bind_loop_variable(made, ctx)
            for test in tests:
                ctx = self.branch(ctx, Branch(test, "if", test, len(ctx.loops)))
        self.calls_into.setdefault(id(helper.node), []).append((call, ctx))
        self.helper_infos[id(helper.node)] = helper
        inner = ctx.replace(via=ctx.via + (call,),
            helpers=ctx.helpers + (helper.node,),
            mapping=tuple(new_mapping.items()),
            arguments=() if ctx.via else tuple(passed),
            functions=ctx.functions + (helper.node,),
            class_name=helper.class_name or ctx.class_name,
            source=helper.source if helper.source is not self.source else None,
            facts=helper.facts if helper.facts is not self.facts else None,
        )
        self.visiting.append(id(helper.node))
        try:
            self.block(helper.node.body if body is None else body, inner)
        finally:
            self.visiting.pop()

    def inherited(self, method: str, ctx: _Context) -> bool:
        """`self.method()` looks like a framework hook and is neither defined nor assigned in this
        class, whose bases we cannot read."""
        facts = ctx.facts or self.facts
        node = facts.classes.get(ctx.class_name or "")
        if node is None or not _names_a_hook(method) or method in facts.methods.get(node.name, {}):
            return False
        bases = [dotted(base) for base in node.bases]
        if all(base is not None and base.rsplit(".", 1)[-1] in _KNOWN_BASES for base in bases):
            return False
        attributes = self.self_attributes.get(node.name)
        if attributes is None:
            attributes = self.self_attributes[node.name] = _self_attributes(node)
        return method not in attributes

    def bound_gradient_method(self, name: str, ctx: _Context) -> bool:
        """`reset = opt.zero_grad`, `update = opt.step`: a name written bound to a method that
        clears, steps or backpropagates (the names are found once per module)."""
        facts = ctx.facts or self.facts
        names = facts.__dict__.get("_bound_gradient_methods")
        if names is None:
            names = facts.__dict__["_bound_gradient_methods"] = _bound_method_names(facts.source.text)
        return name in names

    def held_gradient_method(self, name: str, ctx: _Context) -> bool:
        """`for fn in hooks: fn()` with `hooks = [opt.zero_grad, ...]` (a name written bound to a
        list that holds a method that clears, steps or backpropagates, as `bound_gradient_method`
        finds them), or with such a list written in the `for` itself: the call may run it."""
        facts = ctx.facts or self.facts
        uncalled = facts.__dict__.get("_uncalled_gradient_methods")
        if uncalled is None:  # (once per module: a method named without its call, anywhere)
            uncalled = facts.__dict__["_uncalled_gradient_methods"] = _UNCALLED_GRADIENT_METHOD.search(facts.source.text) is not None
        if not uncalled:
            return False
        holder = next((lp for lp in reversed(ctx.loops) if isinstance(lp, ast.For) and isinstance(lp.target, ast.Name) and lp.target.id == name), None)
        if holder is None:
            return False
        written = holder.iter
        if isinstance(written, ast.Name):
            return self.bound_gradient_method(written.id, ctx)
        return isinstance(written, (ast.List, ast.Tuple)) and any(
            isinstance(e, ast.Attribute) and e.attr in ("zero_grad", "step", "backward") for e in written.elts)

    def stepping_lambdas(self, call: ast.Call, ctx: _Context) -> tuple[ast.Lambda, ...]:
        """The lambdas a call of a bare name in the loop's own code runs when each only steps
        (`lambda: opt.step()`): the name bound once in the module, in the scope of the call, to
        one; or the variable of a `for` around the call over a name bound once there to a list
        or tuple of them that nothing else reads (`for h in hooks: h()`). Empty otherwise: a
        lambda that may clear or backpropagate stays code gradfix does not see."""
        if ctx.via or ctx.source is not None or not ctx.path:
            return ()
        table = self.facts.__dict__.get("_stepping_lambdas")
        if table is None:
            stepping = _STEPPING_LAMBDA.search(self.source.text) is not None
            table = self.facts.__dict__["_stepping_lambdas"] = _stepping_lambdas(self.source) if stepping else {}
            self.facts.__dict__["_stepping_lambda_text"] = stepping
        if not self.facts.__dict__["_stepping_lambda_text"]:
            return ()
        name = call.func.id  # type: ignore[attr-defined]
        found = table.get(name)
        if found is None:
            holder = next((lp for lp in reversed(ctx.loops) if isinstance(lp, ast.For) and isinstance(lp.target, ast.Name) and lp.target.id == name), None)
            if holder is None:
                return ()
            written = holder.iter
            if isinstance(written, (ast.List, ast.Tuple)) and written.elts and all(isinstance(e, ast.Lambda) and _only_steps(e) for e in written.elts):
                # `for fn in [lambda: sched.step(), lambda: opt.step()]: fn()`: the list written in
                # the `for` itself, its lambdas run in order
                found = (holder, True, tuple(written.elts))  # type: ignore[arg-type]
            elif not isinstance(written, ast.Name) or not table.get(written.id, (None, False))[1]:
                return ()
            if sum(1 for n in ast_walk(holder) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)) != 1:
                return ()  # rebound in the `for` (its own target aside)
            if found is None:
                found = table[written.id]  # type: ignore[union-attr]
        elif found[1]:
            return ()  # the list itself called
        assignment, _, lambdas = found
        if _scope_of(assignment, self.source) is not _scope_of(ctx.path[-1], self.source):
            return ()  # another scope's name: what the lambda's free names mean there is not read
        return lambdas

    def stage_tuples(self) -> frozenset[str]:
        """Names the module binds (`STAGES = (train_batch, log)`, in any scope) to a tuple or
        list of names one of which is a function of the module that backpropagates: a loop
        over one may run it (`pipeline_functions` decides). Found once per module."""
        facts = self.facts
        found = facts.__dict__.get("_stage_tuples")
        if found is None:
            # (asked by the loop gate after `backpropagating_names`: known already.) Such a
            # tuple writes one of those names as an element, before a `,`, `)`, `]` or the
            # line's end: a module whose text writes none so needs no look at its
            # assignments (most modules: their statement index is not built for this)
            targets = self.backpropagating_names()
            tuples = [
                node for node in facts.source.of_type(ast.Assign)
                if node.value.__class__ in (ast.Tuple, ast.List) and node.value.elts  # type: ignore[attr-defined]
                and len(node.targets) == 1 and node.targets[0].__class__ is ast.Name  # type: ignore[attr-defined]
                and all(e.__class__ is ast.Name for e in node.value.elts)  # type: ignore[attr-defined]
            ] if targets and _writes_as_element(facts.source.text, targets) else []  # fmt: skip
            names: set[str] = set()
            for node in tuples:
                if any(e.id in targets for e in node.value.elts):  # type: ignore[attr-defined]
                    names.add(node.targets[0].id)  # type: ignore[attr-defined]
            found = facts.__dict__["_stage_tuples"] = frozenset(names)
        return found  # type: ignore[no-any-return]

    def pipeline_functions(self, name: str, ctx: _Context) -> list[FunctionInfo] | None:
        """The functions a call of `name` runs when `name` is the variable of a `for` around the
        call (not rebound in it) over a tuple or list of names, each a function of the module
        not shadowed where the call is (`for fn in (load, train_batch, log): state =
        fn(state)`): the tuple written in the `for` itself or a name the call's scope binds
        once, and only there, to one (`STAGES = (train_batch, record)`). None otherwise."""
        for holder in reversed(ctx.loops):
            if holder.__class__ is ast.For and holder.target.__class__ is ast.Name and holder.target.id == name:  # type: ignore[attr-defined]
                break
        else:
            return None
        facts = ctx.facts or self.facts
        written = holder.iter  # type: ignore[attr-defined]
        if written.__class__ is ast.Name:
            scope: ast.AST = ctx.functions[-1] if ctx.functions else facts.source.tree
            written = _only_binding(scope, written.id, declarations=True)
            if written is None and ctx.functions:
                # a module-level `STAGES = (...)` the function reads and no scope rebinds
                value = _only_binding(facts.source.tree, holder.iter.id, declarations=True)  # type: ignore[attr-defined]
                written = value if value is not None and not _binds_name(ctx.functions[-1], holder.iter.id) else None  # type: ignore[attr-defined]
        if written is None or written.__class__ not in (ast.Tuple, ast.List) or not written.elts:  # type: ignore[attr-defined]
            return None
        found: list[FunctionInfo] = []
        for item in written.elts:  # type: ignore[attr-defined]
            if item.__class__ is not ast.Name:
                return None
            stage = self.resolve_name(item.id, ctx)  # type: ignore[attr-defined]
            if stage is None or stage is not facts.module_functions.get(item.id):  # type: ignore[attr-defined]
                return None
            found.append(stage)
        if sum(1 for n in ast_walk(holder) if n.__class__ is ast.Name and n.id == name and n.ctx.__class__ is not ast.Load) != 1:  # type: ignore[attr-defined]
            return None  # rebound in the `for` (its own target aside)
        return found

    def lambda_touches_gradients(self, name: str, ctx: _Context, attribute: bool = False) -> bool:
        """`clear = lambda: opt.zero_grad()`: a name the module binds to a lambda whose body
        clears, steps or backpropagates (its calls are not looked into); with `attribute`, an
        attribute so bound (`state.clear = lambda: opt.zero_grad()` ... `state.clear()`). The
        names are found once per module."""
        facts = ctx.facts or self.facts
        names = facts.__dict__.get("_gradient_lambdas")
        if names is None:
            source = facts.source
            names = set()
            if "lambda" in source.text:
                bound = _lambda_bound_names(source.text)
                if bound:
                    names = {
                        target.id if isinstance(target, ast.Name) else "." + target.attr
                        for node in source.of_type(ast.Assign)
                        if isinstance(node.value, ast.Lambda)
                        and any(w in source.segment(node.value) for w in ("backward", "zero_grad", ".step(", ".grad", ".train(", ".eval("))
                        for target in node.targets
                        if (isinstance(target, ast.Name) and target.id in bound)
                        or (isinstance(target, ast.Attribute) and target.attr in bound)
                    }  # fmt: skip
            facts.__dict__["_gradient_lambdas"] = names
        return ("." + name if attribute else name) in names

    def harmless_project_method(self, recv: ast.expr, method: str, ctx: _Context) -> bool:
        """`recv` is an object of one class of the project whose own `method` gradfix reads and
        that touches no gradient (a meter's `accumulate`, a logger's `step`)."""
        if not isinstance(recv, (ast.Name, ast.Attribute)) or (isinstance(recv, ast.Name) and recv.id == "self") or _is_super(recv):
            return False
        located = self.instance_of(recv, ctx, thorough=False, named=True)
        if located is None:
            located = self.handed_class(recv, ctx, method)  # `module.training_step(batch)`, `fit(LitNet(), ...)` in run.py
        if not located:
            return False
        owner, class_name = located  # type: ignore[misc]
        helper = owner.methods.get(class_name, {}).get(method)
        if helper is None and self.project_only(owner, class_name, 0):
            helper = self.method_of(owner, class_name, method, 0)
        if helper is None or self.touches_gradients(helper):
            return False
        # a method of its own class may clear in its stead (`self._reset()`): not read here
        return not any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
            and n.func.value.id == "self"
            for n in ast_walk(helper.node)
        )

    def project_hooks_touch(self, recv: ast.Name, method: str, ctx: _Context) -> bool | None:
        """`for hook in self.hooks: hook.after_step(self)`, the element of a list gradfix cannot
        place (`callback_hooks` declined): whether a method of that name that the project's
        classes define (in any module) clears, steps or backpropagates; None when no class of
        the project defines one (or a function of that name may be in the list too)."""
        facts = self.facts
        project = facts.project
        if project is None or not _names_a_hook(method):
            return None
        if not ctx.rename(recv.id).endswith("[*]") and not any(
            s.__class__ is ast.For and s.target.__class__ is ast.Name and s.target.id == recv.id for s in ctx.path  # type: ignore[attr-defined]
        ):
            return None  # not an element of a list the loop runs through
        known = self.__dict__.setdefault("_project_hooks", {})
        if method not in known:
            known[method] = self._project_hooks_touch(method)
        return known[method]  # type: ignore[no-any-return]

    def _project_hooks_touch(self, method: str) -> bool | None:
        project = self.facts.project
        assert project is not None
        found = False
        for path in project.saying(f"def {method}(".encode()):
            module = project.module(path, any_bytes=True)
            if module is None:
                return None
            for methods in module.facts.methods.values():
                hook = methods.get(method)
                if hook is None:
                    continue
                found = True
                if self.touches_gradients(hook, body_only=True, scheduler_steps=False):
                    return True
            if any(getattr(f, "name", None) == method for f in module.source.tree.body):
                return None  # a function of that name too: the list may hold it
        return False if found else None

    def inert_construction(self, name: str, ctx: _Context) -> bool:
        """Calling `name` builds an object and runs no code that may clear, step or
        backpropagate: a class of the module's top level bound by nothing else in it, with no
        decorator, no metaclass keyword, no base but `object`, a body of methods (undecorated),
        a docstring, `pass` and plain class attributes, no `__new__`, and an `__init__` and
        `__post_init__` (absent, or) that `touches_gradients` does not find touching gradients
        (their text, and the methods of the class they call on `self`); or a name the module
        binds once, at its top level, to `collections.namedtuple(...)` / `typing.NamedTuple(...)`.
        Asked only of a call whose name says it may step (`Step(x, y)`, `step_record(...)`), once
        per module and name."""
        facts = ctx.facts or self.facts
        known: dict[str, bool] = facts.__dict__.setdefault("_inert_constructions", {})
        found = known.get(name)
        if found is None:
            found = known[name] = self._inert_construction(name, facts) or self._imported_inert(name, facts)
        return found

    def _imported_inert(self, name: str, facts: ModuleFacts) -> bool:
        """`name` is imported, once and never rebound, from a module of the project whose class
        of that name is inert there (`_plain_record` or `_inert_construction` of that module:
        `from records import Step`)."""
        project = facts.project
        if project is None or name in facts.classes:
            return False
        qualified = facts.imports.qualify(name)
        if not qualified or qualified == name or qualified.lstrip(".").split(".", 1)[0] in LIBRARY_ROOTS:
            return False
        located = project.class_named(qualified, facts.source.path or None, any_bytes=True)
        if located is None or located[0].facts is facts:
            return False
        other, defined = located
        if not (_plain_record(defined, other.facts) or self._inert_construction(defined, other.facts)):
            return False
        return self._bound(name, facts.source) == 2  # (the import alone)

    def _inert_construction(self, name: str, facts: ModuleFacts) -> bool:
        # (what the class, or the top-level binding, says first: the count of bindings walks
        # every node of the module, and most names asked are functions)
        source = facts.source
        tree = source.tree  # type: ignore[attr-defined]
        node = facts.classes.get(name)
        if node is None:
            value = next((
                stmt.value for stmt in tree.body
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and stmt.targets[0].id == name
            ), None)  # fmt: skip
            if not isinstance(value, ast.Call) or facts.imports.qualify(dotted(value.func)) not in ("collections.namedtuple", "typing.NamedTuple"):
                return False
            return self._bound(name, source) == 1
        if not any(stmt is node for stmt in tree.body):
            return False
        if node.decorator_list or node.keywords or any(dotted(b) not in ("object", "builtins.object") for b in node.bases):  # type: ignore[attr-defined]
            return False
        for stmt in node.body:  # type: ignore[attr-defined]
            if isinstance(stmt, ast.FunctionDef):
                if stmt.decorator_list or stmt.name == "__new__":
                    return False
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                if not all(isinstance(t, ast.Name) and not t.id.startswith("__") for t in targets):
                    return False
            elif not (isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))):
                return False
        methods = facts.methods.get(name, {})
        if any(
            methods[m].node.__class__ is not ast.FunctionDef or self.touches_gradients(methods[m])
            for m in ("__init__", "__post_init__")
            if m in methods
        ):
            return False
        return self._bound(name, source) == 2  # (the `class` statement alone)

    @staticmethod
    def _bound(name: str, source) -> int:  # type: ignore[no-untyped-def]
        counts: dict[str, int] = {}
        for other in source.nodes:
            count_binding(other, counts, (name,))
        return counts.get(name, 0)

    def touches_gradients(
        self, helper: FunctionInfo, depth: int = 0, body_only: bool = False, scheduler_steps: bool = True
    ) -> bool:
        """`body_only`: its name (`def after_backward(...)`) says nothing; its body speaks.
        `scheduler_steps=False`: a `.step(` whose receiver is named like a learning-rate
        scheduler (`self.scheduler.step()` of a hook) is not read as an optimizer's step."""
        source = helper.source or self.source
        text = source.text[source.start(helper.node.body[0] if body_only else helper.node) : source.end(helper.node)]
        if not scheduler_steps and ".step(" in text:
            text = _STEP_RECEIVER.sub(_unless_a_scheduler, text)
        if body_only and any(_hints_gradients(name) for name in _CALLED_ATTRIBUTE.findall(text)):
            return True  # `trainer.reset_grads()`
        if any(word in text for word in ("backward", "zero_grad", ".step(", ".grad")):
            return True
        facts = helper.facts or self.facts
        if any(alias in text for alias in backward_aliases(facts)):
            return True
        if helper.class_name is None or depth > 3:
            return False
        if "self." in text and depth < 2:
            # `train_epoch(batches)` whose loop calls `self._update(x, y)`, a method of its own
            # class that backpropagates (its own method only: one a subclass may override is not read)
            own = facts.methods.get(helper.class_name, {})
            for name in set(_SELF_CALL.findall(text)):
                other = own.get(name)
                if other is not None and other.node is not helper.node and self.touches_gradients(other, depth + 1, scheduler_steps=scheduler_steps):
                    return True
        if "super(" not in text:
            return False
        # `super().learn(batch)`: what the base class's method does
        for name in set(_SUPER_CALL.findall(text)):
            inherited = None if name.startswith("__") else self.inherited_method(facts, helper.class_name, name, 0)
            if inherited is not None and self.touches_gradients(inherited, depth + 1, scheduler_steps=scheduler_steps):
                return True
        return False

    def averaged_model(self, recv: ast.expr, ctx: _Context) -> bool:
        """`recv` is bound to torch's `AveragedModel(...)` (`torch.optim.swa_utils`)."""
        raw = dotted(recv)
        text = (ctx.source or self.source).text
        if raw is None or "AveragedModel" not in text:
            return False
        pattern = re.compile(rf"(?<![\w.]){re.escape(raw)}\s*=\s*(?:[\w.]+\.)?AveragedModel\(")
        return pattern.search(text) is not None and "torch" in text

    def suspicious(
        self, call: ast.Call, name: str | None, method: str | None, recv: ast.expr | None, ctx: _Context,
        library: str | None,
    ) -> str:
        """Why a call gradfix cannot see into may touch gradients ("" when it cannot).
        `library`: `library_kind` of the receiver (of the called name without one)."""
        last = (name or method or "").rsplit(".", 1)[-1]
        for arg in call.args:
            if arg.__class__ is ast.Lambda and _lambda_calls_gradient_method(arg):  # type: ignore[arg-type]
                return f"`{last or 'a call'}` runs a lambda that may clear, step or backpropagate"
        qualified = (ctx.facts or self.facts).imports.qualify(name)
        if last in HARMLESS_CALLS or classify_constructor(qualified) is not None:
            return ""
        if qualified is not None and frameworks.constructor_entry(qualified) is not None:
            return ""  # builds a library object (a plugin, an engine): touches no gradients
        if recv is not None and method is not None and self.harmless_library_method(recv, method, ctx, library):
            return ""  # `optimizer.train()` of a schedule-free optimizer, `accelerator.gather(...)`
        if isinstance(recv, ast.Name) and recv.id == "self" and method and self.inherited(method, ctx):
            return f"`self.{method}()` comes from a base class gradfix cannot see, and may clear or step"
        if method == "update_parameters" and recv is not None and self.averaged_model(recv, ctx):
            return ""  # torch's `AveragedModel.update_parameters(model)`: an EMA of the weights
        if last and _says_gradients(last) and "requires_grad" not in last:
            if recv is None and call.func.__class__ is ast.Name and (
                _plain_record(call.func.id, ctx.facts or self.facts) or self.inert_construction(call.func.id, ctx)  # type: ignore[attr-defined]
            ):
                return ""  # `Step(x, y)` of `@dataclass class Step` (or a `NamedTuple`) of fields alone: a record
            if recv is not None and method is not None and self.harmless_project_method(recv, method, ctx):
                return ""  # `tracker.accumulate(loss)` of a class of the project: a meter, seen
            if recv is not None and method is not None and self.scheduler_stepping(recv, method, ctx):
                return ""  # timm's `scheduler.step_update(num_updates=n)`: a learning rate, no gradient
            if library is None and isinstance(recv, ast.Name) and recv.id != "self" and method is not None and self.project_hooks_touch(recv, method, ctx) is False:
                return ""  # `for h in self.hooks: h.after_step(self)`: every hook of that name only logs
            return f"`{last}` may clear, step or backpropagate and gradfix cannot see into it"
        if (
            recv is not None and method and library is None and _names_a_hook(method)
            and not (isinstance(recv, ast.Name) and recv.id == "self") and not _is_super(recv)
        ):
            # `for cb in callbacks: cb.on_batch_end(step)`: an object gradfix cannot place, and a
            # class of the module whose hook of that name clears, steps or backpropagates (a
            # hook stepping only a learning-rate scheduler, `self.scheduler.step()`, does neither)
            facts_here = ctx.facts or self.facts
            for methods in facts_here.methods.values():
                hook = methods.get(method)
                if hook is not None and self.touches_gradients(hook, scheduler_steps=False):
                    return f"`{dotted(recv) or 'an object'}.{method}()` may run a hook of the file that clears, steps or backpropagates"
            if isinstance(recv, ast.Name) and self.project_hooks_touch(recv, method, ctx):
                return f"`{recv.id}.{method}()` may run a hook of the project that clears, steps or backpropagates"
        if recv is None and isinstance(call.func, ast.Name) and self.lambda_touches_gradients(call.func.id, ctx):
            return f"`{call.func.id}` is a lambda that may clear, step or backpropagate"
        if recv is not None and method is not None and self.lambda_touches_gradients(method, ctx, attribute=True):
            return f"`{dotted(recv) or 'an object'}.{method}` is a lambda that may clear, step or backpropagate"
        if recv is None and isinstance(call.func, ast.Name) and self.bound_gradient_method(call.func.id, ctx):
            return f"`{call.func.id}` is an optimizer's or a tensor's method held in a name (`reset = opt.zero_grad`)"
        if recv is not None and method is not None and self.bound_gradient_method("." + method, ctx):
            return f"`{dotted(recv) or 'an object'}.{method}` is an optimizer's or a tensor's method held in an attribute (`state.clear = opt.zero_grad`)"
        if recv is None and isinstance(call.func, ast.Name) and ctx.loops and self.held_gradient_method(call.func.id, ctx):
            return f"`{call.func.id}` runs the methods of a list that holds an optimizer's or a tensor's method (`for fn in hooks: fn()`)"
        facts = self.facts
        if (
            recv is not None
            and method not in _OPTIMIZER_METHODS_NOT_CLEARING
            and (dotted(recv) is not None or isinstance(recv, ast.Subscript))
        ):
            key = ctx.rename(self.key(recv, ctx))
            # (a set lookup before `optimizer_evidence`'s name patterns: most keys are never stepped)
            if facts.kind(key) == "optimizer" or (key in facts.stepped and facts.optimizer_evidence(key)):
                return f"`{key}.{method}()` is an optimizer method gradfix does not know"
        values = [a for a in call.args if not isinstance(a, ast.Starred)] + [k.value for k in call.keywords]
        for value in values:
            if dotted(value) is None and not isinstance(value, ast.Subscript):
                continue  # an optimizer is passed by name, never as an expression
            key = ctx.rename(self.key(value, ctx))
            if facts.kind(key) == "optimizer" or (
                isinstance(value, (ast.Name, ast.Attribute)) and key in facts.stepped and facts.optimizer_evidence(key)
            ):
                if self.plain_project_function(call, ctx):
                    return ""  # `change_lr(optimizer, lr)` of a module that says no gradient word
                if self.partial_closure(call, ctx):
                    return ""  # `closure = functools.partial(closure_fn, opt, ...)` for `opt.step(closure)`
                return f"`{last or 'a call'}` receives the optimizer `{key}` and gradfix cannot see into it"
        return ""

    def partial_closure(self, call: ast.Call, ctx: _Context) -> bool:
        """`functools.partial(f, ...)` over a function gradfix reads, made to be handed to an
        optimizer's `step()` -- written in it (`opt.step(functools.partial(f, opt, x))`) or bound
        by the statement to a name the file hands to a `step()` (`closure = partial(f, ...)` ...
        `opt.step(closure)`): it runs nothing; `step()` calls it, and that call is followed."""
        alias = _aliased_function(call, ctx.facts or self.facts)
        if alias is None or alias[1] is not call or not ctx.path or self.resolve_name(alias[0], ctx) is None:
            return False
        stmt = ctx.path[-1]
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and method_name(stmt.value) == "step":
            return any(v is call for v in [*stmt.value.args, *(k.value for k in stmt.value.keywords)])
        if not (isinstance(stmt, ast.Assign) and stmt.value is call and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            return False
        name = re.escape(stmt.targets[0].id)
        return re.search(rf"\.step\(\s*(?:closure\s*=\s*)?{name}\s*\)", (ctx.source or self.source).text) is not None

    def plain_module_function(self, call: ast.Call, ctx: _Context) -> FunctionInfo | None:
        """The top-level function a call names (`log_lr(opt)`, `utils.log_lr(opt)`) imported
        from a module of the project whose bytes say no gradient word: `resolve` does not see
        it (the project parses such modules only for a question about any module). Asked only
        of a call gradfix would otherwise take as a possible clear or step."""
        project = self.facts.project
        if project is None or not isinstance(call.func, (ast.Name, ast.Attribute)):
            return None
        facts = ctx.facts or self.facts
        name = dotted(call.func)
        if name is None or name.split(".", 1)[0] == "self":
            return None
        qualified = facts.imports.qualify(name)
        if qualified == name and isinstance(call.func, ast.Name) and facts.imports.stars:
            qualified = project.star_name(facts.imports.stars, name, facts.source.path or None, facts)  # `from utils import *`
        elif qualified == name and not self.project_module(name.split(".", 1)[0], facts):
            return None  # `import utils`; `utils.log_lr(opt)`: qualified as written
        if not qualified or (qualified == name and isinstance(call.func, ast.Name)):
            return None
        module, function = split_qualified(qualified)
        if not module.strip(".") or module.lstrip(".").split(".", 1)[0] in LIBRARY_ROOTS:
            return None
        path = project.module_file(module, facts.source.path or None)
        data = project.read(path) if path is not None else None
        if data is None or b"def " + function.encode() + b"(" not in data or any(word in data for word in GRADIENT_BYTES):
            return None  # (a module saying one is the project's to read: `resolve` asked it)
        found = project.module(path, any_bytes=True)  # type: ignore[arg-type]
        return found.facts.module_functions.get(function) if found is not None else None

    def plain_project_function(self, call: ast.Call, ctx: _Context) -> bool:
        """`change_lr(optimizer, lr)` or `save_checkpoint(epoch, model, optimizer)` imported from
        a module of the project whose bytes say no gradient word (`backward`, `step`,
        `zero_grad`, `.grad`, ...) and switch no mode, and whose function calls nothing that
        could reach one: only the standard library, libraries, builtins (not `getattr` /
        `setattr`), and a few reading methods of its parameters (`optimizer.state_dict()`) --
        no parameter called (a callback), no function of the project, no name it cannot place."""
        project = self.facts.project
        if project is None or not isinstance(call.func, ast.Name):
            return False
        facts = ctx.facts or self.facts
        qualified = facts.imports.qualify(call.func.id)
        if qualified == call.func.id and facts.imports.stars:
            qualified = project.star_name(facts.imports.stars, call.func.id, facts.source.path or None, facts)  # `from utils import *`
        if not qualified or qualified == call.func.id:
            return False
        module, _, name = qualified.rpartition(".")
        if not module.strip("."):
            return False
        path = project.module_file(module, facts.source.path or None)
        data = project.read(path) if path is not None else None
        if data is None or b"def " + name.encode() + b"(" not in data:
            return False
        if any(word in data for word in (*GRADIENT_BYTES, *_INDIRECT_BYTES)):
            return False
        found = project.module(path, any_bytes=True)  # type: ignore[arg-type]
        info = found.facts.module_functions.get(name) if found is not None else None
        if info is None:
            return False
        return _calls_only_plain_code(info, found.facts, lambda top: project.module_file(top, path) is not None)  # type: ignore[union-attr]


# bytes of a module whose functions may reach gradients or modes indirectly
_INDIRECT_BYTES = (b".eval(", b".train(", b"requires_grad", b"getattr", b"setattr", b"__dict__", b"exec(", b"eval(")
# methods of a helper's parameter that only read it or record to it
_READING_METHODS = frozenset({
    "state_dict", "append", "extend", "items", "keys", "values", "get", "copy", "item", "tolist", "cpu", "numpy",
    "size", "numel", "dim", "parameters", "named_parameters", "format", "write", "info", "debug", "warning", "log",
    "add_scalar", "add_scalars", "flush", "close",
})


# what `_Walker.note_per_item` looks for in a statement, and what makes it leave the statement
_PER_ITEM_KINDS = frozenset((ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Call))
_PER_ITEM_STOPS = frozenset((ast.Lambda, *FUNCTIONS, ast.Await, ast.NamedExpr))
_COMPREHENSIONS = frozenset((ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
_WHOLE_CONSUMERS = frozenset(("sum", "list", "tuple", "set", "sorted", "max", "min", "extend", "stack", "cat", "mean", "fsum", "dict", "deque"))


def _consumes_whole(call: ast.Call) -> bool:
    """`sum(...)`, `list(...)`, `losses.extend(...)`, `torch.stack(...)`,
    `collections.deque(..., maxlen=0)`: a call that runs through the whole iterable it is
    handed first, at once."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name in _WHOLE_CONSUMERS and len(call.args) >= 1


def _mapped(expr: ast.AST, facts: ModuleFacts) -> str | None:
    """"map" for `map(f, xs, ...)`, "starmap" for `itertools.starmap(f, pairs)` (or `starmap`
    imported from itertools), "reduce" for `functools.reduce(f, xs[, init])` (or `reduce`
    imported from functools); names qualified through the module's imports (a project's own
    `reduce` is none of them)."""
    if expr.__class__ is not ast.Call or len(expr.args) < 2:  # type: ignore[attr-defined]
        return None
    func = expr.func  # type: ignore[attr-defined]
    if func.__class__ is ast.Name:
        name = func.id
        if name == "map":
            return "map"
        if name != "starmap" and name != "reduce":
            return None
    elif func.__class__ is ast.Attribute and func.attr in ("starmap", "reduce") and func.value.__class__ is ast.Name:
        name = f"{func.value.id}.{func.attr}"
    else:
        return None
    qualified = facts.imports.qualify(name)
    return "starmap" if qualified == "itertools.starmap" else "reduce" if qualified == "functools.reduce" else None


def _per_item_call(call: ast.Call, kind: str | None, facts: ModuleFacts) -> tuple[ast.expr, ast.expr, ast.Call] | None:
    """For a `map`, `starmap` or `reduce` call (`kind`): the target and the iterable of the loop
    it stands for, and the call it makes per item (made for it: no node of the file). Its
    function is a name or an attribute (`step(item)`), an inline `functools.partial(fit, model,
    opt)` (`fit(model, opt, item)`), or a lambda of plain parameters whose body is a call or
    adds a call to something (`lambda b: fit(model, opt, b)`, `lambda total, b: total + fit(b)`
    of a `reduce`): that call, its parameters the loop's target."""
    function, iterables = call.args[0], call.args[1:]
    if any(a.__class__ is ast.Starred for a in iterables) or call.keywords:
        return None
    if kind != "map":
        if not iterables or len(iterables) > (2 if kind == "reduce" else 1):
            return None
        iterables = iterables[:1]
    shape = function.__class__
    if shape is ast.Lambda:
        params = function.args  # type: ignore[attr-defined]
        if params.posonlyargs or params.vararg or params.kwonlyargs or params.kwarg or params.defaults:
            return None
        names = [a.arg for a in params.args]
        if kind == "reduce":
            if len(names) != 2:
                return None
            names = names[1:]  # (the accumulated value: unbound, as `_gf_accumulated` below)
        elif not names or (kind == "map" and len(names) != len(iterables)):
            return None
        body = function.body  # type: ignore[attr-defined]
        if body.__class__ is ast.BinOp:
            sides = [side for side in (body.left, body.right) if side.__class__ is ast.Call]  # type: ignore[attr-defined]
            body = sides[0] if len(sides) == 1 else None
        if body.__class__ is not ast.Call or any(n.__class__ in _PER_ITEM_STOPS or n.__class__ in _COMPREHENSIONS for n in ast_walk(body)):
            return None  # (nothing run per item, or deferred, inside the call)
        element: ast.Call = body  # type: ignore[assignment]
        stored = [ast.Name(id=n, ctx=ast.Store()) for n in names]
        if kind == "starmap":
            target: ast.expr = ast.Tuple(elts=stored, ctx=ast.Store()) if len(stored) > 1 else stored[0]
            return target, iterables[0], element
        if len(iterables) == 1:
            return stored[0], iterables[0], element
        return ast.Tuple(elts=stored, ctx=ast.Store()), ast.Call(func=ast.Name(id="zip", ctx=ast.Load()), args=list(iterables), keywords=[]), element
    given: list[ast.expr] = []
    keywords: list[ast.keyword] = []
    if shape is ast.Call and function.args and not any(a.__class__ is ast.Starred for a in function.args) and all(  # type: ignore[attr-defined]
        k.arg is not None for k in function.keywords  # type: ignore[attr-defined]
    ) and facts.imports.qualify(dotted(function.func) or "") == "functools.partial":  # type: ignore[attr-defined]
        given, keywords = list(function.args[1:]), list(function.keywords)  # type: ignore[attr-defined]
        function = function.args[0]  # type: ignore[attr-defined]
    if not isinstance(function, (ast.Name, ast.Attribute)):
        return None
    names = [f"_gf_item{k}" for k in range(len(iterables))]
    if len(iterables) == 1:
        target = ast.Name(id=names[0], ctx=ast.Store())
        iterated = iterables[0]
    else:
        target = ast.Tuple(elts=[ast.Name(id=n, ctx=ast.Store()) for n in names], ctx=ast.Store())
        iterated = ast.Call(func=ast.Name(id="zip", ctx=ast.Load()), args=list(iterables), keywords=[])
    args: list[ast.expr] = [ast.Name(id=n, ctx=ast.Load()) for n in names]
    if kind == "starmap":
        args = [ast.Starred(value=args[0], ctx=ast.Load())]
    elif kind == "reduce":
        args = [ast.Name(id="_gf_accumulated", ctx=ast.Load()), *args]
        if len(call.args) == 3 and call.args[2].__class__ is ast.Constant and call.args[2].value == 0 and not given and _counts_by_one(function, facts):  # type: ignore[attr-defined]
            # `functools.reduce(consume, loader, 0)` with `consume` handing back its first
            # parameter plus one: that parameter is the item's index, as `enumerate` counts
            target = ast.Tuple(elts=[ast.Name(id="_gf_accumulated", ctx=ast.Store()), target], ctx=ast.Store())
            iterated = ast.Call(func=ast.Name(id="enumerate", ctx=ast.Load()), args=[iterated], keywords=[])
    element = ast.copy_location(ast.Call(func=function, args=[*given, *args], keywords=keywords), call)
    return target, iterated, element


def _counts_by_one(function: ast.expr, facts: ModuleFacts) -> bool:
    """`function` names one function of the module (at its top level or nested, the one
    definition of the name) whose every `return` (at least one) hands back its first parameter
    plus one (`return i + 1`), a parameter it never rebinds."""
    if function.__class__ is not ast.Name:
        return False
    name = function.id  # type: ignore[attr-defined]
    found = [info.node for info in (facts.module_functions.get(name),) if info is not None]
    found += [local[name].node for local in facts.local_functions.values() if name in local]
    if len(found) != 1 or found[0].__class__ is not ast.FunctionDef:
        return False
    node = found[0]
    params = [*node.args.posonlyargs, *node.args.args]  # type: ignore[attr-defined]
    if not params:
        return False
    first = params[0].arg
    returns = 0
    for sub in ast_walk(node):
        if sub.__class__ is ast.Return:
            value = sub.value  # type: ignore[attr-defined]
            if not (
                value.__class__ is ast.BinOp and value.op.__class__ is ast.Add and value.left.__class__ is ast.Name
                and value.left.id == first and value.right.__class__ is ast.Constant and value.right.value == 1
            ):  # fmt: skip
                return False
            returns += 1
        elif sub.__class__ is ast.Name and sub.id == first and sub.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            return False
        elif sub is not node and sub.__class__ in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda):
            return False  # (a nested function's `return` is not its own)
    return returns > 0


_CALLED_NAMES: dict[str, frozenset[str]] = {}  # text -> its called names (a few texts kept)


def called_names(text: str) -> set[str]:
    r"""The plain names the text calls (`train_step` in `loss = train_step(model, batch)`): the
    word right before each `(` (blanks between allowed), not an attribute (`x.step(`), not
    starting with a digit or a non-ASCII letter. (A pattern, `(?<![\w.])([A-Za-z_]\w*)[ \t]*\(`,
    said the same but was tried at every position of the text: five times slower.) Keywords
    (`in (`, `if (`) are left out. Kept for the last texts asked (GF017's text gate asks up to
    five times of one loop's text); each caller gets a set of its own."""
    known = _CALLED_NAMES.get(text)
    if known is None:
        if len(_CALLED_NAMES) >= 32:
            _CALLED_NAMES.clear()
        known = _CALLED_NAMES[text] = frozenset(_called_names(text))
    return set(known)


def _called_names(text: str) -> set[str]:
    names = set()
    pieces = text.split("(")
    pieces.pop()
    for piece in pieces:
        end = len(piece.rstrip(" \t"))
        start = end
        while start and (piece[start - 1].isalnum() or piece[start - 1] == "_"):
            start -= 1
        if start < end and (start == 0 or piece[start - 1] != "."):
            first = piece[start]
            if first == "_" or (first.isascii() and first.isalpha()):
                names.add(piece[start:end])
    return names - _KEYWORDS


# words before a `(` that name nothing (`x in (a, b)`, `if (`): nothing binds them
_KEYWORDS = frozenset(kwlist)


def _rebinds(function: ast.AST | None, name: str) -> bool:
    """The helper binds the parameter `name` again, or `name` is not its own parameter (or it
    cannot be read): its value at a test may not be the one its call handed it."""
    if not isinstance(function, FUNCTIONS):
        return True
    arguments = function.args
    if name not in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
        return True  # (a free name of a closure, which its factory may have bound again)
    return any(
        (isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)) or isinstance(n, (ast.Global, ast.Nonlocal))
        for n in ast_walk(function)
    )


def _calls_only_plain_code(info: FunctionInfo, facts: ModuleFacts, in_project) -> bool:  # type: ignore[no-untyped-def]
    """Every call of the function (of a module without gradient words) is of a builtin, of
    the standard library or a library, or a reading method of a parameter or of a library
    object: nothing of the project, no parameter called, no name it cannot place."""
    params = set(info.params)
    library = stdlib_names()
    for node in ast_walk(info.node):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        root = func
        while isinstance(root, ast.Attribute):
            root = root.value
        if not isinstance(root, ast.Name):
            return False  # `handlers[i](opt)`, `make()(opt)`
        if root.id in params:
            if func is root or not (isinstance(func, ast.Attribute) and func.value is root and func.attr in _READING_METHODS):
                return False  # a callback, or a method of the optimizer it was handed
            continue
        qualified = facts.imports.qualify(root.id) or root.id
        top = qualified.split(".", 1)[0]
        if qualified.startswith(".") or (root.id not in facts.imports.aliases and not hasattr(builtins, root.id)):
            return False  # the project's, or a name of the module (a function, a global callable, a loop variable)
        if top not in LIBRARY_ROOTS and top not in library and not hasattr(builtins, root.id) and in_project(top):
            return False  # a module of the project (`import inner; inner.tidy(opt)`)
        if root.id in ("getattr", "setattr", "eval", "exec", "globals", "vars"):
            return False
    return True


_COMPOUND = (*LOOPS, ast.If, *WITHS, *TRIES, MATCH, *FUNCTIONS, ast.ClassDef)


def _argument(call: ast.Call, where: int | str | None) -> ast.expr | None:
    if isinstance(where, int):
        args = positional(call)
        return args[where] if where < len(args) else None
    if isinstance(where, str):
        for kw in call.keywords:
            if kw.arg == where:
                return kw.value
    return None


def _passed_on(loss: ast.Name, node: ast.AST, ctx: _Context) -> ast.expr | None:
    """The caller's argument a helper backpropagates as it was given: `loss` is a parameter of
    the helper (entered from the analysed code) that the helper never rebinds nor changes in
    place, and the backward is a statement of the helper's own body (under no condition, loop,
    `with` or `try` of the helper)."""
    given = dict(ctx.arguments).get(loss.id)
    helper = ctx.helpers[-1] if len(ctx.helpers) == 1 else None
    if given is None or not isinstance(helper, FUNCTIONS):
        return None
    holder = None
    for stmt in helper.body:
        if not isinstance(stmt, _COMPOUND) and any(sub is node for sub in ast_walk(stmt)):
            holder = stmt
    if holder is None:
        return None
    for sub in ast_walk(helper):
        if isinstance(sub, (ast.Global, ast.Nonlocal)) and loss.id in sub.names:
            return None
        if isinstance(sub, ast.Name) and sub.id == loss.id and not isinstance(sub.ctx, ast.Load):
            return None  # rebound (`loss = loss / n`, `loss /= n`) or deleted
        stored = isinstance(sub, (ast.Attribute, ast.Subscript)) and not isinstance(sub.ctx, ast.Load)
        if stored and root_name(dotted(sub.value) or "") == loss.id:  # type: ignore[attr-defined]
            return None  # `loss.data = ...`, `loss[...] = ...`
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr.endswith("_")
            and not sub.func.attr.startswith("__")
            and root_name(dotted(sub.func.value) or "") == loss.id
        ):
            return None  # changed in place: `loss.div_(n)`
    return given


# `recv.method(`: a method called on a (dotted) name, not on a call's result or a subscript
_METHOD_CALL = lazily(r"(?<![\w.)\]])([A-Za-z_][\w.]*)\.(\w+)[ \t]*\(")
_WITH_HEAD = lazily(r"[ \t]*(?:async[ \t]+)?with[ \t]")
_CALLED_NAME = lazily(r"([A-Za-z_][\w.]*)[ \t]*\(")
_ASSIGNED_CALL = lazily(r"^[ \t]*([A-Za-z_][\w.]*)[ \t]*(?::[^=\n]*)?=(?!=)[ \t]*\(?\s*([A-Za-z_][\w.]*)[ \t]*\(", re.M)


def _entered_callees(facts: ModuleFacts, key: str) -> set[str]:
    """The callees written on the lines of a module's text saying `with callee(...) as key`
    (`async with` too): the names called before `as key` on a line that starts with `with`.
    A byte search for ` as key` first; found once per key."""
    known: dict[str, set[str]] = facts.__dict__.setdefault("_entered_callees", {})
    found = known.get(key)
    if found is None:
        found = known[key] = set()
        text = facts.source.text
        needle = " as " + key
        at = text.find(needle)
        while at != -1:
            end = at + len(needle)
            if text[end : end + 1] in (":", ",", ")", " "):
                line = text.rfind("\n", 0, at) + 1
                head = _WITH_HEAD.match(text, line)
                if head is not None and head.end() <= at:
                    found.update(_CALLED_NAME.findall(text, head.end(), at))
            at = text.find(needle, end)
    return found


def _assigned_callees(facts: ModuleFacts, key: str) -> set[str]:
    """The callees of the lines of a module's text written as `key = callee(...)` (or `key: T =
    callee(...)`): `_ASSIGNED_CALL`'s matches for `key`, without the walk over every statement
    that the assignment index costs. The pattern is tried only at the starts of lines where
    `key` is written first (a byte search, as `project.import_lines` does): a pass of it over
    the whole text of a 5 MB file took 0.05-0.1 s. A line it misses (a call inside brackets,
    after an `if`...) leaves the name to what its other lines say. Found once per key."""
    return _bound_at_line_starts(facts, key, _ASSIGNED_CALL, "_assigned_callees")


def _only_binding(scope: ast.AST, name: str, declarations: bool = False, besides: ast.AST | None = None) -> ast.expr | None:
    """The value of the one statement binding `name` in `scope` (a function, or a module's
    top level, nested scopes included), when it is a plain `name = value` and nothing else
    stores the name; None when a parameter or a definition has that name (with
    `declarations`, a `global` or `nonlocal` of it too), but `besides`, a definition nested in
    a function of the scope (it binds the name in that function only)."""
    values: list[ast.expr] = []
    stores = 0
    for node in ast_walk(scope):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif node is besides:
            continue
        elif isinstance(node, (ast.arg, *FUNCTIONS, ast.ClassDef)) and getattr(node, "arg", getattr(node, "name", None)) == name:
            return None  # a parameter or a definition of that name
        elif declarations and isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return None
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name:
            values.append(node.value)
    return values[0] if stores == 1 and len(values) == 1 else None


def _binds_name(scope: ast.AST, name: str) -> bool:
    """Something in `scope` stores `name` (or declares it a parameter, `global` or `nonlocal`)."""
    for node in ast_walk(scope):
        if node.__class__ is ast.Name and node.id == name and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            return True
        if isinstance(node, ast.arg) and node.arg == name:
            return True
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return True
    return False


def _module_constant_string(facts: ModuleFacts, source: Source, name: str) -> str | None:
    """The string a name stands for everywhere in the module: bound once, at the module's top
    level, to a string literal (`KIND = "sup"`), never bound again in any scope (no parameter,
    no `global` rebinding it, no import of that name); None otherwise."""
    stores = facts.__dict__.get("_gradfix_name_stores")
    if stores is None:
        stores = facts.__dict__["_gradfix_name_stores"] = _name_stores(source)
    if stores.get(name) != 1 or name in facts.imports.aliases or name in facts.module_functions:
        return None
    if any(a.arg == name for a in source.of_type(ast.arg)):  # type: ignore[attr-defined]
        return None
    for stmt in source.tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name:
            value = stmt.value
            return value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else None
    return None


def _name_stores(source: Source) -> dict[str, int]:
    """How many times the module binds (or deletes) each name, in any scope."""
    stores: dict[str, int] = {}
    for node in source.of_type(ast.Name):
        if not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
            stores[node.id] = stores.get(node.id, 0) + 1  # type: ignore[attr-defined]
    return stores


def _on_a_line_saying_for(source: Source, stmt: ast.stmt) -> bool:
    """One of the statement's lines says ` for ` (where a comprehension may be): the lines are
    found once per source by a search of its text, not by the text of every statement outside
    a loop."""
    lines = getattr(source, "_gradfix_for_lines", None)
    if lines is None:
        text, starts = source.text, source.line_starts
        lines = []
        at = text.find(" for ")
        while at != -1:
            line = bisect.bisect_right(starts, at)  # 1-based
            lines.append(line)
            at = text.find(" for ", starts[line] if line < len(starts) else len(text))
        try:
            source._gradfix_for_lines = lines  # type: ignore[attr-defined]
        except AttributeError:
            pass
    at = bisect.bisect_left(lines, stmt.lineno)
    return at < len(lines) and lines[at] <= (stmt.end_lineno or stmt.lineno)


def _bound_at_line_starts(facts: ModuleFacts, key: str, pattern, cache: str) -> set[str]:  # type: ignore[no-untyped-def]
    """Group 2 of `pattern`'s matches at the starts of the module's lines where `key` is written
    first and is the match's group 1; found once per key (kept under `cache` on the facts)."""
    known: dict[str, set[str]] = facts.__dict__.setdefault(cache, {})
    found = known.get(key)
    if found is None:
        found = known[key] = set()
        made = facts.source.tree.__dict__.get("_gradfix_made_bindings")
        if made is not None and cache == "_assigned_callees" and key in made:
            found.add(made[key])  # `PHASES__0 = Fit()`, made by call_forms.py: no text of its own
        match_at = pattern.match
        text = facts.source.text
        for line in _lines_starting_with(facts, key):
            match = match_at(text, line)
            if match is not None and match.group(1) == key:
                found.add(match.group(2))
    return found


def _lines_starting_with(facts: ModuleFacts, key: str) -> list[int]:
    """The offsets of the module's lines where `key` is written first (after blanks) and
    followed by a blank, `=` or `:`: where `_bound_at_line_starts` tries its patterns. Found by
    a byte search once per key and kept on the facts: both patterns are asked about the same
    keys (every key `_assigned_entries` is asked about was asked of `_assigned_callees` first,
    on perf5), and the search through the text is what these questions cost."""
    known: dict[str, list[int]] = facts.__dict__.setdefault("_lines_starting_with", {})
    lines = known.get(key)
    if lines is None:
        lines = known[key] = []
        text = facts.source.text
        size = len(key)
        at = text.find(key)
        while at != -1:
            # (both patterns follow the key by blanks, `=` or an annotation's `:`, and only blanks
            # come before it on its line: `self.`, `model(` and `x = model` are passed over before
            # looking back for the line's start)
            if text[at + size : at + size + 1] in _AFTER_BOUND_KEY and (not at or text[at - 1] in _BEFORE_BOUND_KEY):
                line = text.rfind("\n", 0, at) + 1
                if not text[line:at].strip(" \t"):
                    lines.append(line)
            at = text.find(key, at + 1)
    return lines


# bases that fill no attribute of their subclasses' objects (`plain_class`)
_PLAIN_BASES = frozenset(("torch.nn.Module", "torch.nn.modules.module.Module", "abc.ABC"))
_AFTER_BOUND_KEY = frozenset(" \t:=")
_BEFORE_BOUND_KEY = frozenset(" \t\n")


# `key = table[` at the start of a line: key is group 1, table group 2
_ASSIGNED_ENTRY = lazily(r"^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*\[", re.M)


def _assigned_entries(facts: ModuleFacts, key: str) -> set[str]:
    """The dicts of the lines of a module's text written as `key = table[...]`, found as
    `_assigned_callees` finds calls (at the starts of lines where `key` is written first)."""
    return _bound_at_line_starts(facts, key, _ASSIGNED_ENTRY, "_assigned_entries")


def decorated_entry(func: ast.expr, facts: ModuleFacts) -> str | None:
    """The function `STEPS[key]` stands for in a dict filled by a decorator of the module (see
    `decorator_registries`): the entry of a constant key, or the one function registered when
    the key is read at run time."""
    if not (isinstance(func, ast.Subscript) and isinstance(func.value, ast.Name)):
        return None
    decorated = decorator_registries(facts).get(func.value.id)
    if not decorated:
        return None
    key = func.slice.value if isinstance(func.slice, ast.Constant) else None
    names = [n for k, n in decorated if key is None or k == key]
    return names[0] if len(names) == 1 else None


def registry_tables(facts: ModuleFacts) -> dict[str, list[str]]:
    """Dict literals bound at the module's top level to a name whose values include functions
    of the module (`STEPS = {"sup": sup_step, "ssl": ssl_step}`): name -> those functions
    (found once per module; a look at the text first)."""
    found = facts.__dict__.get("_registry_tables")
    if found is None:
        found = facts.__dict__["_registry_tables"] = {}
        if "{" in facts.source.text and facts.module_functions:
            for stmt in facts.source.tree.body:
                if (
                    isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                    and isinstance(stmt.value, ast.Dict)
                ):
                    functions = [v.id for v in stmt.value.values if isinstance(v, ast.Name) and v.id in facts.module_functions]
                    if functions:
                        found[stmt.targets[0].id] = functions
            for table, entries in decorator_registries(facts).items():
                found.setdefault(table, [name for _, name in entries])
    return found  # type: ignore[no-any-return]


def decorator_registries(facts: ModuleFacts) -> dict[str, list[tuple[str, str]]]:
    """Dicts filled by a decorator of the module: `STEPS = {}` at the top level, a module function
    `register_step(name)` whose nested `def deco(fn):` stores `STEPS[name] = fn` (and nothing
    else of the module storing into `STEPS`), and module functions decorated by
    `@register_step("plain")`: table -> [(key, function)]. Found once per module (the decorated
    functions looked at first)."""
    found = facts.__dict__.get("_decorator_registries")
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = facts.__dict__["_decorator_registries"] = {}
    decorated = [
        (dec.func.id, dec.args[0].value, name)
        for name, info in facts.module_functions.items()
        if info.class_name is None
        for dec in info.node.decorator_list
        if isinstance(dec, ast.Call) and isinstance(dec.func, ast.Name) and len(dec.args) == 1 and not dec.keywords
        and isinstance(dec.args[0], ast.Constant) and isinstance(dec.args[0].value, str)
    ]  # fmt: skip
    if not decorated:
        return found  # type: ignore[no-any-return]
    tables = {
        stmt.targets[0].id for stmt in facts.source.tree.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Dict) and not stmt.value.keys
    }  # fmt: skip
    writers: dict[str, tuple[str, ast.Assign]] = {}
    for factory in {d[0] for d in decorated}:
        info = facts.module_functions.get(factory)
        if info is None or info.class_name is not None or len(info.node.args.args) != 1:
            continue
        key = info.node.args.args[0].arg
        for inner in info.node.body:
            if not isinstance(inner, ast.FunctionDef) or len(inner.args.args) != 1 or inner.decorator_list:
                continue
            param = inner.args.args[0].arg
            for stmt in inner.body:
                if (
                    isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript)
                    and isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id in tables
                    and isinstance(stmt.targets[0].slice, ast.Name) and stmt.targets[0].slice.id == key
                    and isinstance(stmt.value, ast.Name) and stmt.value.id == param
                ):
                    writers[factory] = (stmt.targets[0].value.id, stmt)
    if not writers:
        return found  # type: ignore[no-any-return]
    allowed = {id(stmt.targets[0]) for _, stmt in writers.values()}
    for node in facts.source.nodes:
        # another store into the table (or an update of it): entries gradfix does not read
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name) and id(node) not in allowed:
            writers = {f: w for f, w in writers.items() if w[0] != node.value.id}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.attr in ("update", "setdefault", "__setitem__"):
            writers = {f: w for f, w in writers.items() if w[0] != node.func.value.id}
    for factory, key, name in decorated:
        if factory in writers:
            found.setdefault(writers[factory][0], []).append((key, name))
    return found  # type: ignore[no-any-return]


def event_buses(facts: ModuleFacts) -> dict[str, tuple[int, dict[str, list[tuple[str, int]]]]]:
    """Event buses of the module: a dict bound once at the top level (`HANDLERS = {}`,
    `HANDLERS = defaultdict(list)`) filled only by registrations under constant event names, in
    the order the module runs them: functions decorated by a factory of the module whose inner
    function appends the decorated function and returns it (`@on("batch")`, `def on(event): def
    register(fn): HANDLERS.setdefault(event, []).append(fn); return fn; return register`), or
    top-level `HANDLERS["batch"].append(fn)` / `register("batch", fn)` statements; and a module
    function looping over the event's handlers and calling each with the arguments it was given
    (`def emit(event, *args): for handler in HANDLERS.get(event, []): handler(*args)`).
    dispatcher -> (how many of its positional parameters it forwards one by one, or -1 for
    `*args`; event -> [(handler, line of its registration)]). A table named anywhere else (cleared, popped, rebound, filled
    under a name read at run time, handed away) has no bus. Found once per module."""
    found = facts.__dict__.get("_event_buses")
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = facts.__dict__["_event_buses"] = {}
    if ".append(" not in facts.source.text or not facts.module_functions:
        return found  # type: ignore[no-any-return]
    body = facts.source.tree.body
    tables: dict[str, int] = {}
    allowed: set[int] = set()  # the Name nodes of the tables, factories and registrars read as such
    for stmt in body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and _empty_registry(stmt.value):
            name = stmt.targets[0].id
            tables[name] = tables.get(name, 0) + 1
            allowed.add(id(stmt.targets[0]))
    tables = {name: count for name, count in tables.items() if count == 1}
    if not tables:
        return found  # type: ignore[no-any-return]
    dispatchers: dict[str, tuple[str, int]] = {}
    top = {id(stmt) for stmt in body}
    factories: dict[str, str] = {}
    registrars: dict[str, str] = {}
    for name, info in facts.module_functions.items():
        node = info.node
        if info.class_name is not None or node.decorator_list or not isinstance(node, ast.FunctionDef):
            continue
        if id(node) not in top:
            continue
        shape = _dispatcher(node, tables)
        if shape is not None:
            dispatchers[name] = (shape[0], shape[1])
            allowed.add(id(shape[2]))
            continue
        made = _registering(node, tables)
        if made is not None:
            (registrars if made[1] == "registrar" else factories)[name] = made[0]
            allowed.add(id(made[2]))
    if not dispatchers:
        return found  # type: ignore[no-any-return]
    bad: set[str] = set()
    entries: dict[str, list[tuple[str, str, int]]] = {}
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef) and stmt.decorator_list:
            used = [d for d in stmt.decorator_list if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id in factories]
            if not used:
                continue
            if len(used) != len(stmt.decorator_list) or facts.module_functions.get(stmt.name) is None or facts.module_functions[stmt.name].node is not stmt:
                bad.update(factories[d.func.id] for d in used)  # type: ignore[attr-defined]
                continue
            for dec in reversed(stmt.decorator_list):  # (the innermost decorator registers first)
                table = factories[dec.func.id]  # type: ignore[attr-defined]
                if len(dec.args) == 1 and not dec.keywords and isinstance(dec.args[0], ast.Constant) and isinstance(dec.args[0].value, str):  # type: ignore[attr-defined]
                    entries.setdefault(table, []).append((dec.args[0].value, stmt.name, stmt.lineno))  # type: ignore[attr-defined]
                    allowed.add(id(dec.func))  # type: ignore[attr-defined]
                else:
                    bad.add(table)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            call = stmt.value
            if isinstance(call.func, ast.Name) and call.func.id in registrars:
                table = registrars[call.func.id]
                if (
                    len(call.args) == 2 and not call.keywords and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
                    and isinstance(call.args[1], ast.Name) and call.args[1].id in facts.module_functions
                ):  # fmt: skip
                    entries.setdefault(table, []).append((call.args[0].value, call.args[1].id, stmt.lineno))
                    allowed.add(id(call.func))
                else:
                    bad.add(table)
                continue
            appended = _appended(call)
            if appended is not None and appended[0].id in tables:
                table_node, key, value = appended
                if isinstance(key, ast.Constant) and isinstance(key.value, str) and isinstance(value, ast.Name) and value.id in facts.module_functions:
                    entries.setdefault(table_node.id, []).append((key.value, value.id, stmt.lineno))
                    allowed.add(id(table_node))
    names = set(tables) | set(factories) | set(registrars)
    for node in facts.source.nodes:
        if isinstance(node, ast.Name) and node.id in names and id(node) not in allowed:
            # the table (or a function filling it) named otherwise: entries not read
            bad.add(node.id if node.id in tables else (factories.get(node.id) or registrars.get(node.id)))  # type: ignore[arg-type]
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and names & set(node.names):
            bad |= set(tables)
        elif isinstance(node, ast.arg) and node.arg in names:
            bad.add(node.arg if node.arg in tables else (factories.get(node.arg) or registrars.get(node.arg)))  # type: ignore[arg-type]
    project = facts.project
    if project is not None and facts.source.path:
        # another module of the project importing the table, or a function filling it, may
        # register handlers of its own (`from bus import on` ... `@on("batch")`)
        from gradfix.analysis.steps import _importers

        own = absolute(facts.source.path)
        for name in names:
            table = name if name in tables else (factories.get(name) or registrars.get(name))
            if table not in bad and table in {t for t, _ in dispatchers.values()} and _importers(project, own, [name], name):
                bad.add(table)  # type: ignore[arg-type]
    for name, (table, forwarded) in dispatchers.items():
        if table in bad:
            continue
        events: dict[str, list[tuple[str, int]]] = {}
        for key, function, line in entries.get(table, []):
            events.setdefault(key, []).append((function, line))
        found[name] = (forwarded, events)
    return found  # type: ignore[no-any-return]


def bus_handlers(call: ast.Call, facts: ModuleFacts, top_level: bool = False) -> list[FunctionInfo] | None:
    """`emit("batch", ctx, i, x, y)`, `emit` a dispatcher of an event bus of the module (see
    `event_buses`): the functions registered under the constant event, in the order they were
    registered (for a call of the module's top level, `top_level`, those registered before it);
    None when the call is no such call or its arguments cannot be handed on one by one."""
    func = call.func
    if func.__class__ is not ast.Name or not call.args or call.args[0].__class__ is not ast.Constant:
        return None
    buses = event_buses(facts)
    bus = buses.get(func.id) if buses else None  # type: ignore[attr-defined]
    if bus is None:
        return None
    event = call.args[0].value  # type: ignore[attr-defined]
    forwarded, events = bus
    if not isinstance(event, str) or any(isinstance(a, ast.Starred) for a in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    if forwarded >= 0 and (call.keywords or len(call.args) != forwarded + 1):
        return None
    handlers = []
    for function, line in events.get(event, []):
        if top_level and line >= call.lineno:
            continue  # (registered after the call)
        info = facts.module_functions.get(function)
        if info is None:
            return None
        handlers.append(info)
    return handlers


def fabric_callbacks(call: ast.Call, fabric: str, facts: ModuleFacts) -> list[tuple[FunctionInfo, ast.Call]] | None:
    """`fabric.call("hook", *args, **kwargs)` of a `fabric` the module binds once, at its top
    level, to `Fabric(..., callbacks=[C(...), ...])` (or one `C(...)`), every callback built
    there from a class of the module without bases: each such class's method `hook` (a class
    without one is skipped, as Fabric skips it) with the call it makes of it, `hook(*args,
    **kwargs)` with only the keywords the method takes (Fabric filters them:
    lightning_fabric 2.6.6 fabric.py `Fabric.call`, `_filter_kwargs_for_callback`;
    tests/libraries/test_lightning.py::test_fabric_call_runs_the_named_method_of_each_callback).
    None when any of that is not so (the call then runs code gradfix cannot see)."""
    if not call.args or not isinstance(call.args[0], ast.Constant) or not isinstance(call.args[0].value, str):
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    hook = call.args[0].value
    built = [
        stmt.value for stmt in facts.source.tree.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        and stmt.targets[0].id == fabric
    ]  # fmt: skip
    if len(built) != 1 or not isinstance(built[0], ast.Call) or "." in fabric:
        return None
    entry = frameworks.constructor_entry(facts.imports.qualify(call_name(built[0]) or "") or "")
    if entry is None or entry.kind != "fabric":
        return None
    if sum(1 for n in facts.source.of_type(ast.Name) if n.id == fabric and not isinstance(n.ctx, ast.Load)) != 1:  # type: ignore[attr-defined]
        return None
    given = next((k.value for k in built[0].keywords if k.arg == "callbacks"), None)
    if given is None:
        return None
    elements = given.elts if isinstance(given, (ast.List, ast.Tuple)) else [given]
    made: dict[tuple[int, str], ast.Call] = facts.__dict__.setdefault("_fabric_calls", {})
    found: list[tuple[FunctionInfo, ast.Call]] = []
    for element in elements:
        if not isinstance(element, ast.Call) or not isinstance(element.func, ast.Name):
            return None
        cls = facts.classes.get(element.func.id)
        if cls is None or cls.bases or cls.keywords:
            return None
        method = facts.methods.get(cls.name, {}).get(hook)
        if method is None:
            continue
        node = method.node
        if not isinstance(node, ast.FunctionDef) or node.decorator_list:
            return None
        takes = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
        keywords = [kw for kw in call.keywords if node.args.kwarg is not None or kw.arg in takes]
        direct = made.get((id(call), cls.name))
        if direct is None:
            name = ast.Name(hook, ast.Load())
            direct = made[(id(call), cls.name)] = ast.Call(name, call.args[1:], keywords)
            for new, at in ((name, call.func), (direct, call)):
                new.lineno, new.col_offset = at.lineno, at.col_offset
                new.end_lineno, new.end_col_offset = at.end_lineno, at.end_col_offset
        found.append((method, direct))
    return found


def bus_call(call: ast.Call, handler: str, facts: ModuleFacts) -> ast.Call:
    """`emit("batch", ctx, i, x, y)` as the call it makes of one of the event's handlers (see
    `event_buses`): `batch(ctx, i, x, y)`, at the place of the call, built once per call and
    handler (the readers of a helper's call map its arguments to the helper's parameters)."""
    made: dict[tuple[int, str], ast.Call] = facts.__dict__.setdefault("_bus_calls", {})
    direct = made.get((id(call), handler))
    if direct is None:
        name = ast.Name(handler, ast.Load())
        direct = made[(id(call), handler)] = ast.Call(name, call.args[1:], call.keywords)
        for node, at in ((name, call.func), (direct, call)):
            node.lineno, node.col_offset = at.lineno, at.col_offset
            node.end_lineno, node.end_col_offset = at.end_lineno, at.end_col_offset
    return direct


def _empty_registry(value: ast.expr) -> bool:
    """`{}`, `dict()`, `defaultdict(list)`, `collections.defaultdict(list)`."""
    if isinstance(value, ast.Dict):
        return not value.keys
    if not isinstance(value, ast.Call) or value.keywords:
        return False
    name = dotted(value.func)
    if name == "dict":
        return not value.args
    return name in ("defaultdict", "collections.defaultdict") and len(value.args) == 1 and isinstance(value.args[0], ast.Name) and value.args[0].id == "list"


def _appended(call: ast.Call) -> tuple[ast.Name, ast.expr, ast.expr] | None:
    """`TABLE.setdefault(key, []).append(fn)` or `TABLE[key].append(fn)`: (TABLE, key, fn)."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr == "append" and len(call.args) == 1 and not call.keywords):
        return None
    inner = func.value
    if isinstance(inner, ast.Subscript) and isinstance(inner.value, ast.Name):
        return inner.value, inner.slice, call.args[0]
    if (
        isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr == "setdefault"
        and isinstance(inner.func.value, ast.Name) and len(inner.args) == 2 and not inner.keywords
        and isinstance(inner.args[1], ast.List) and not inner.args[1].elts
    ):  # fmt: skip
        return inner.func.value, inner.args[0], call.args[0]
    return None


def _plain_params(node: ast.FunctionDef) -> list[str] | None:
    """The parameters of a function taking only plain positional ones (no defaults)."""
    args = node.args
    if args.posonlyargs or args.kwonlyargs or args.defaults or args.vararg or args.kwarg:
        return None
    return [a.arg for a in args.args]


def _registering(node: ast.FunctionDef, tables: dict[str, int]) -> tuple[str, str, ast.Name] | None:
    """`def on(event): def register(fn): TABLE.setdefault(event, []).append(fn); return fn;
    return register` -> (TABLE, "factory", its Name node); `def register(event, fn):
    TABLE[event].append(fn)` -> (TABLE, "registrar", ...)."""
    params = _plain_params(node)
    stmts = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if params is None:
        return None
    if len(params) == 1 and len(stmts) == 2 and isinstance(stmts[0], ast.FunctionDef) and not stmts[0].decorator_list:
        inner = stmts[0]
        inner_params = _plain_params(inner)  # type: ignore[arg-type]
        last = stmts[1]
        if inner_params is None or len(inner_params) != 1 or not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name) and last.value.id == inner.name):
            return None
        body = [s for s in inner.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        if len(body) != 2 or not (isinstance(body[1], ast.Return) and isinstance(body[1].value, ast.Name) and body[1].value.id == inner_params[0]):
            return None
        table = _appending(body[0], params[0], inner_params[0], tables)
        return (table.id, "factory", table) if table is not None else None
    if len(params) == 2 and len(stmts) in (1, 2):
        if len(stmts) == 2 and not (isinstance(stmts[1], ast.Return) and isinstance(stmts[1].value, ast.Name) and stmts[1].value.id == params[1]):
            return None
        table = _appending(stmts[0], params[0], params[1], tables)
        return (table.id, "registrar", table) if table is not None else None
    return None


def _appending(stmt: ast.stmt, key: str, value: str, tables: dict[str, int]) -> ast.Name | None:
    """`TABLE.setdefault(key, []).append(value)` / `TABLE[key].append(value)`: TABLE's node."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return None
    found = _appended(stmt.value)
    if found is None or found[0].id not in tables:
        return None
    table, k, v = found
    if isinstance(k, ast.Name) and k.id == key and isinstance(v, ast.Name) and v.id == value:
        return table
    return None


def _dispatcher(node: ast.FunctionDef, tables: dict[str, int]) -> tuple[str, int, ast.Name] | None:
    """`def emit(event, *args): for handler in TABLE.get(event, []): handler(*args)` (or
    `TABLE[event]`, `**kwargs` forwarded too, or `def emit(event, ctx, batch)` calling
    `handler(ctx, batch)`) -> (TABLE, forwarded positional count or -1, TABLE's node)."""
    args = node.args
    if args.posonlyargs or args.kwonlyargs or args.defaults or not args.args:
        return None
    stmts = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(stmts) != 1 or not isinstance(stmts[0], ast.For) or stmts[0].orelse or not isinstance(stmts[0].target, ast.Name):
        return None
    loop = stmts[0]
    event = args.args[0].arg
    it = loop.iter
    table: ast.expr | None = None
    if isinstance(it, ast.Subscript) and isinstance(it.slice, ast.Name) and it.slice.id == event:
        table = it.value
    elif (
        isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and it.func.attr == "get" and len(it.args) == 2 and not it.keywords
        and isinstance(it.args[0], ast.Name) and it.args[0].id == event
        and isinstance(it.args[1], (ast.List, ast.Tuple)) and not it.args[1].elts
    ):  # fmt: skip
        table = it.func.value
    if not (isinstance(table, ast.Name) and table.id in tables):
        return None
    if len(loop.body) != 1 or not isinstance(loop.body[0], ast.Expr) or not isinstance(loop.body[0].value, ast.Call):
        return None
    call = loop.body[0].value
    if not (isinstance(call.func, ast.Name) and call.func.id == loop.target.id):
        return None
    rest = [a.arg for a in args.args[1:]]
    if args.kwarg is not None:
        if not (len(call.keywords) == 1 and call.keywords[0].arg is None and isinstance(call.keywords[0].value, ast.Name) and call.keywords[0].value.id == args.kwarg.arg):
            return None
    elif call.keywords:
        return None
    if args.vararg is not None:
        if rest or not (
            len(call.args) == 1 and isinstance(call.args[0], ast.Starred) and isinstance(call.args[0].value, ast.Name)
            and call.args[0].value.id == args.vararg.arg
        ):  # fmt: skip
            return None
        return table.id, -1, table
    if args.kwarg is not None or [a.id if isinstance(a, ast.Name) else None for a in call.args] != rest:
        return None
    return table.id, len(rest), table


class _ModelView:
    """What `dict_of_names` reads of a module model, from the walker's facts."""

    def __init__(self, facts: ModuleFacts, source: Source) -> None:
        self.facts = facts
        self.source = source


def _factory_closures(facts: ModuleFacts) -> dict[str, FunctionInfo]:
    """Module functions that define a function and return it by name as their last statement
    (`def make_train_step(model, opt): def step(x, y): ...; return step`), with nothing else
    of theirs binding that name: factory name -> the function returned. Found once per module."""
    found: dict[str, FunctionInfo] | None = facts.__dict__.get("_factory_closures")
    if found is None:
        found = facts.__dict__["_factory_closures"] = {}
        for name, info in facts.module_functions.items():
            local = facts.local_functions.get(id(info.node))
            last = info.node.body[-1]
            if not local or not isinstance(last, ast.Return) or not isinstance(last.value, ast.Name):
                continue
            inner = local.get(last.value.id)
            if inner is None or not any(stmt is inner.node for stmt in info.node.body):
                continue
            if sum(1 for n in ast_walk(info.node) if isinstance(n, ast.Name) and n.id == inner.node.name and not isinstance(n.ctx, ast.Load)):
                continue
            found[name] = inner
    return found


def _factory_tuple_closures(facts: ModuleFacts) -> dict[str, tuple[FunctionInfo | None, ...]]:
    """Module functions whose last statement returns a tuple of names, some of them functions
    they define in their own body (`def make_train_step(model, opt): def step(x, y): ...; def
    end_epoch(i): ...; return step, end_epoch`), nothing else of theirs binding those names:
    factory name -> for each element, the function returned there (None: no such function).
    Also a method of one class of the module doing so (`def make_steps(self): ...; return
    run_epoch, evaluate`), keyed `self.<method>` (`_method_factory_classes` gives its class;
    a method name two classes define is left out). Found once per module."""
    found: dict[str, tuple[FunctionInfo | None, ...]] | None = facts.__dict__.get("_factory_tuple_closures")
    if found is None:
        found = facts.__dict__["_factory_tuple_closures"] = {}
        for name, info in facts.module_functions.items():
            inners = _returned_closures(facts, info)
            if inners is not None:
                found[name] = inners
        owners: dict[str, str] = {}
        facts.__dict__["_method_factory_classes"] = owners
        twice: set[str] = set()
        for class_name, methods in facts.methods.items():
            for name, info in methods.items():
                inners = _returned_closures(facts, info)
                if inners is None:
                    continue
                key = f"self.{name}"
                if key in found:
                    twice.add(key)
                found[key] = inners
                owners[key] = class_name
        for key in twice:
            del found[key], owners[key]
    return found


def _returned_closures(facts: ModuleFacts, info: FunctionInfo) -> tuple[FunctionInfo | None, ...] | None:
    """For a function whose last statement returns a tuple of names, some of them functions it
    defines in its own body and nothing else of it binds: for each element, that function
    (None: no such function); None when it is no such factory."""
    local = facts.local_functions.get(id(info.node))
    last = info.node.body[-1]
    if not local or not isinstance(last, ast.Return) or not isinstance(last.value, ast.Tuple):
        return None
    elements = last.value.elts
    if not elements or not all(isinstance(e, ast.Name) for e in elements):
        return None
    stores: dict[str, int] = {}
    for n in ast_walk(info.node):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            stores[n.id] = stores.get(n.id, 0) + 1
    inners: list[FunctionInfo | None] = []
    for element in elements:
        inner = local.get(element.id)  # type: ignore[attr-defined]
        if inner is not None and (stores.get(element.id, 0) or not any(stmt is inner.node for stmt in info.node.body)):  # type: ignore[attr-defined]
            inner = None
        inners.append(inner)
    return tuple(inners) if any(inners) else None


def _factory_key(func: ast.expr) -> str | None:
    """How `_factory_tuple_closures` names the factory a call calls: `make_steps` for
    `make_steps(...)`, `self.make_steps` for `self.make_steps(...)`."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        return f"self.{func.attr}"
    return None


def _tuple_callees(facts: ModuleFacts) -> dict[str, set[str]]:
    """For each name bound as an element of a tuple assigned a call of a plain name (`step,
    end_epoch = make_train_step(model, opt)`): the names called so. Found once per module,
    asked only of modules with a factory returning a tuple of its functions."""
    found: dict[str, set[str]] | None = facts.__dict__.get("_tuple_callees")
    if found is None:
        found = facts.__dict__["_tuple_callees"] = {}
        for node in facts.source.of_type(ast.Assign):
            if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Tuple):  # type: ignore[attr-defined]
                continue
            value = node.value  # type: ignore[attr-defined]
            key = _factory_key(value.func) if isinstance(value, ast.Call) else None
            if key is None:
                continue
            for element in node.targets[0].elts:  # type: ignore[attr-defined]
                if isinstance(element, ast.Name):
                    found.setdefault(element.id, set()).add(key)
    return found


def unpacked_closure(facts: ModuleFacts, name: str) -> FunctionInfo | None:
    """The function of a factory of `_factory_tuple_closures` that every tuple assignment of the
    module unpacking a call of such a factory binds `name` to (`step, finish = make_steps(model,
    opt)` ... `finish(k)`), when there is one; None otherwise."""
    tuples = _factory_tuple_closures(facts)
    if not tuples or name not in _tuple_callees(facts):
        return None
    found: set[int] = set()
    inner: FunctionInfo | None = None
    for node in facts.source.of_type(ast.Assign):
        if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Tuple):  # type: ignore[attr-defined]
            continue
        elements = node.targets[0].elts  # type: ignore[attr-defined]
        index = next((k for k, e in enumerate(elements) if isinstance(e, ast.Name) and e.id == name), None)
        if index is None:
            continue
        value = node.value  # type: ignore[attr-defined]
        inners = tuples.get(value.func.id) if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) else None
        if inners is None or len(inners) != len(elements) or inners[index] is None:
            return None
        inner = inners[index]
        found.add(id(inner.node))  # type: ignore[union-attr]
    return inner if len(found) == 1 else None


def module_closure(
    facts: ModuleFacts, name: ast.Name, functions: tuple[ast.AST, ...]
) -> tuple[FunctionInfo, tuple[ast.Call, list[str]]] | None:
    """What a call of `name` runs, in the code of `functions` (innermost last; none: the
    module's top level), when a factory of this module defines and returns it: one of a tuple
    it returns, unpacked there (`_tuple_closure`), or the one function it returns (`step =
    make_train_step(model, opt)`, bound once there); and the factory's call with the factory's
    parameters (its free names are those arguments)."""
    tupled = _tuple_closure(facts, name, functions)
    if tupled is not None:
        return tupled
    closures = {factory: (inner, facts.module_functions[factory].params) for factory, inner in _factory_closures(facts).items()}
    found = _closure_bound(facts, name, functions, closures) if closures else None
    if found is None and functions and facts.local_functions.get(id(functions[-1])):
        return _local_factory_closure(facts, name, functions[-1])
    return found


def _nested_factories(facts: ModuleFacts) -> dict[str, str]:
    """Functions defined in another function whose last statement returns by name a function
    they define (the factories `_local_factory_closure` reads): factory name -> returned
    function's name. Found once per module (a prefilter: one name defined twice keeps either)."""
    found: dict[str, str] | None = facts.__dict__.get("_nested_factories")
    if found is None:
        found = facts.__dict__["_nested_factories"] = {}
        for local in facts.local_functions.values():
            for name, info in local.items():
                last = info.node.body[-1]
                if last.__class__ is ast.Return and last.value.__class__ is ast.Name and last.value.id in facts.local_functions.get(id(info.node), ()):  # type: ignore[attr-defined]
                    found[name] = last.value.id  # type: ignore[attr-defined]
    return found


def _local_factory_closure(facts: ModuleFacts, name: ast.Name, scope: ast.AST) -> tuple[FunctionInfo, tuple[ast.Call, list[str]]] | None:
    """`step = make_step()` bound once in the loop's function, `make_step` a function defined in
    that function that defines a function and returns it by name as its last statement (nothing
    else of it binding that name): the function returned, and the call with the factory's
    parameters (`_closure_bound` for a factory nested in the loop's own function)."""
    local = facts.local_functions[id(scope)]
    callees = _assigned_callees(facts, name.id) & local.keys()  # (a byte search of the lines binding the name)
    if len(callees) != 1:
        return None
    factory = local[next(iter(callees))]
    last = factory.node.body[-1]
    inner = facts.local_functions.get(id(factory.node), {}).get(last.value.id) if isinstance(last, ast.Return) and isinstance(last.value, ast.Name) else None
    if inner is None or not any(stmt is inner.node for stmt in factory.node.body):
        return None
    if sum(1 for n in ast_walk(factory.node) if isinstance(n, ast.Name) and n.id == inner.node.name and not isinstance(n.ctx, ast.Load)):
        return None
    call = _only_binding(scope, name.id, besides=inner.node if inner.node.name == name.id else None)
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == factory.node.name):
        return None
    return inner, (call, factory.params)


def _closure_bound(
    facts: ModuleFacts, name: ast.Name, functions: tuple[ast.AST, ...], closures: dict[str, tuple[FunctionInfo, list[str]]]
) -> tuple[FunctionInfo, tuple[ast.Call, list[str]]] | None:
    """`name` bound once in the code around the call to a call of one of `closures`' factories:
    the function that factory returns, and the call with the factory's parameters."""
    if not _assigned_callees(facts, name.id) & closures.keys():
        return None
    scope: ast.AST = functions[-1] if functions else facts.source.tree
    call = _only_binding(scope, name.id)
    if call is None and not functions:
        # at the module's top level, `one_batch = make_step()` where `make_step` defines
        # `def one_batch(...)` and returns it: that definition binds the name in the factory
        for factory in _assigned_callees(facts, name.id) & closures.keys():
            inner = closures[factory][0]
            if inner.node.name == name.id:
                call = _only_binding(scope, name.id, besides=inner.node)
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in closures):
        return None
    inner, params = closures[call.func.id]
    return inner, (call, params)


def _tuple_closure(facts: ModuleFacts, name: ast.Name, functions: tuple[ast.AST, ...]) -> tuple[FunctionInfo, tuple[ast.Call, list[str]]] | None:
    """`step(x, y)` with `step, end_epoch = make_train_step(model, opt)` the one binding of
    `step` in the code around the call (its function, or the module's top level), the factory
    one of `_factory_tuple_closures` returning as many elements: the function it returns at
    that place, and the factory's call with its parameters (as `closure_step` gives them)."""
    tuples = _factory_tuple_closures(facts)
    if not tuples or name.id not in _tuple_callees(facts):
        return None
    scope: ast.AST = functions[-1] if functions else facts.source.tree
    bound: tuple[ast.expr, int, int] | None = None
    stores = 0
    defined: list[ast.AST] = []
    for node in ast_walk(scope):
        if isinstance(node, ast.Name) and node.id == name.id and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, (*FUNCTIONS, ast.ClassDef)) and node.name == name.id:
            defined.append(node)  # (the factory's own function of that name, when the scope is the module's)
        elif isinstance(node, ast.arg) and node.arg == name.id:
            return None  # a parameter of that name
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple):
            elements = node.targets[0].elts
            for index, element in enumerate(elements):
                if isinstance(element, ast.Name) and element.id == name.id:
                    bound = (node.value, index, len(elements))
    if stores != 1 or bound is None:
        return None
    call, index, size = bound
    key = _factory_key(call.func) if isinstance(call, ast.Call) else None
    if key is None or key not in tuples:
        return None
    inners = tuples[key]
    if len(inners) != size or inners[index] is None or any(isinstance(a, ast.Starred) for a in call.args):  # type: ignore[union-attr]
        return None
    if any(node is not inners[index].node for node in defined):  # type: ignore[union-attr]
        return None  # another definition of that name
    if key in facts.module_functions:
        return inners[index], (call, facts.module_functions[key].params)  # type: ignore[return-value]
    # `run_epoch, evaluate = self.make_steps()` in a method of the factory's class: the
    # closures' `self` is the caller's; the call's arguments are the parameters after `self`
    owner = facts.__dict__["_method_factory_classes"][key]
    if not functions or facts.methods.get(owner, {}).get(getattr(functions[0], "name", "")) is None:
        return None
    if facts.methods[owner][getattr(functions[0], "name", "")].node is not functions[0]:
        return None
    params = facts.methods[owner][key[5:]].params
    if not params or params[0] != "self":
        return None
    return inners[index], (call, params[1:])  # type: ignore[return-value]


def _names_a_class(name: str, facts: ModuleFacts) -> bool:
    """A called name that is of this module (a class, a function, a method), or whose last
    part is capitalized as class names are."""
    root = name.split(".", 1)[0]
    return root in facts.classes or name in facts.module_functions or root == "self" or name.rsplit(".", 1)[-1][:1].isupper()


def _alternatives(value: ast.expr | None) -> list[ast.expr | None]:
    """The values an expression may take: both branches of `a if c else b`, each of `a or b`."""
    if isinstance(value, ast.IfExp):
        return _alternatives(value.body) + _alternatives(value.orelse)
    if isinstance(value, ast.BoolOp):
        return [v for part in value.values for v in _alternatives(part)]
    return [value]


_WORD_START = lazily(r"\b")
_ASSIGNED_AFTER = lazily(r"\s*(?::[^=\n]*)?=(?!=)")  # `self.<name> = ...` (`overriding`): `\bself\.<name>` then this
_NOT_AFTER_NAME = lazily(r"(?<![\w.])")
_CALLED_AFTER = lazily(r"\s*\(")  # `<Class>(` (`_never_built`): `(?<![\w.])<Class>` then this


def overriding(facts: ModuleFacts, class_name: str, found: FunctionInfo | None, name: str | None = None) -> FunctionInfo | None:
    """What `self.name()` runs in a method of `class_name`: `found`, or, when that is a stub
    (`def training_step(self, batch): raise NotImplementedError` in a trainer base) or the
    class defines no such method (`name`: a template method only subclasses write), the
    override of the one subclass of the module that overrides it."""
    concrete = False
    if found is None and name is not None and not name.startswith("__"):
        # no method of the class or its bases: a subclass's, when one alone defines it (unless
        # the name is an attribute the objects set, `self.train_step = step_fn`)
        text = facts.source.text
        if f"self.{name}" in text and next(around(text, f"self.{name}", _WORD_START, _ASSIGNED_AFTER), None):
            return None
    elif found is None:
        return found
    elif not _stub(found.node):
        name = found.node.name  # type: ignore[attr-defined]
        if found.class_name != class_name or name.startswith("__") or not _never_built(facts, class_name):
            return found
        concrete = True  # a base class the module never builds: its objects are a subclass's
    else:
        name = found.node.name  # type: ignore[attr-defined]
    subclasses = _subclasses_of(facts, class_name)
    overrides = [facts.methods[owner][name] for owner in subclasses if name in facts.methods.get(owner, {})]
    if concrete or found is None:
        # (a concrete method, or none: the one subclass of the module that overrides it, when
        # it is the only subclass and the module builds it, a script; a library module's base
        # class may be used elsewhere as it is, or through another subclass)
        if len(subclasses) != 1 or len(overrides) != 1 or _never_built(facts, subclasses[0]):
            return found
    if len(overrides) > 1 and not concrete and _never_built(facts, class_name):
        # a stub of a base several subclasses of the module override, in a chain (`class
        # SupervisedBase(BaseTrainer)` writes the step, `class Trainer(LoggingMixin,
        # SupervisedBase)` overrides it again and calls `super().train_step(...)`) of which
        # the module builds one class alone: what that class's MRO runs
        built = [owner for owner in subclasses if not _never_built(facts, owner)]
        if len(built) == 1:
            order = _module_mro(facts, built[0])
            if order is not None:
                return next((facts.methods[owner][name] for owner in order if name in facts.methods.get(owner, {})), found)
    return overrides[0] if len(overrides) == 1 else found


def _module_mro(facts: ModuleFacts, class_name: str, depth: int = 0) -> list[str] | None:
    """The C3 method resolution order of a class of the module, over the classes of the module
    only (a base from elsewhere, `abc.ABC`, ends its line); None when it cannot be formed."""
    node = facts.classes.get(class_name)
    if node is None or depth > 6:
        return None
    parents = [name for name in (dotted(base) for base in node.bases) if name in facts.classes and name != class_name]
    lines = []
    for parent in parents:
        line = _module_mro(facts, parent, depth + 1)
        if line is None:
            return None
        lines.append(line)
    lines.append(list(parents))
    order = [class_name]
    while any(lines):
        for line in lines:
            head = line[0] if line else None
            if head is not None and not any(head in other[1:] for other in lines):
                break
        else:
            return None
        order.append(head)
        lines = [line[1:] if line and line[0] == head else line for line in lines]
    return order


def _subclasses_of(facts: ModuleFacts, class_name: str) -> list[str]:
    """The classes of the module deriving (through classes of the module) from `class_name`,
    found once per module and class."""
    known = facts.__dict__.setdefault("_subclasses_of", {})
    found = known.get(class_name)
    if found is None:
        found = known[class_name] = [owner for owner in facts.classes if owner != class_name and _derives(facts, owner, class_name)]
    return found


def _never_built(facts: ModuleFacts, class_name: str) -> bool:
    """No call of the class in the module (`Base(...)`) other than in the bases of a class
    statement: every object of it the module makes is a subclass's."""
    known = facts.__dict__.setdefault("_never_built", {})
    if class_name not in known:
        text = facts.source.text
        known[class_name] = True
        for start, _ in around(text, class_name, _NOT_AFTER_NAME, _CALLED_AFTER):
            line_start = text.rfind("\n", 0, start) + 1
            if not text[line_start:start].lstrip().startswith("class "):
                known[class_name] = False
                break
    return known[class_name]


def _stub(function: ast.AST) -> bool:
    """A method with nothing to run: `pass`, `...`, `return`/`return None`, `raise
    NotImplementedError`, after an optional docstring."""
    body = list(function.body)  # type: ignore[attr-defined]
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    if not body:
        return True
    if len(body) != 1:
        return False
    stmt = body[0]
    if isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and stmt.value.value is Ellipsis):
        return True
    if isinstance(stmt, ast.Return):
        return stmt.value is None or (isinstance(stmt.value, ast.Constant) and stmt.value.value is None)
    if isinstance(stmt, ast.Raise) and stmt.exc is not None:
        raised = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        return dotted(raised) == "NotImplementedError"
    return False


def imported_object(facts: ModuleFacts, name: str):  # type: ignore[no-untyped-def]
    """A library object (of the library tables: an `Accelerator`, a DeepSpeed engine...) that
    the module imports by name from a module of the project which builds it once, at its top
    level (`from accel import accelerator` with `accelerator = Accelerator(...)` in accel.py),
    and that the module itself never binds: its facts there, that module, and the module's
    qualified name. Found once per module and name."""
    project = facts.project
    if project is None or "." in name:
        return None
    cache = facts.__dict__.setdefault("_imported_objects", {})
    if name in cache:
        return cache[name]
    cache[name] = None
    qualified = facts.imports.qualify(name)
    if not qualified or qualified == name or qualified.lstrip(".").split(".", 1)[0] in LIBRARY_ROOTS:
        return None
    module_name, _, attribute = qualified.rpartition(".")
    if not module_name.strip("."):
        return None  # `from . import accelerator`: a module, not an object
    path = project.module_file(module_name, facts.source.path or None)
    data = project.read(path) if path is not None else None
    if data is None or not _binds_at_top(data, attribute.encode()):
        return None  # no top-level `name = ...` in its text (a function, a class, a module): not parsed
    module = project.module(path, any_bytes=True)  # type: ignore[arg-type]
    if module is None or module.source is facts.source:
        return None
    info = module.facts.info(attribute)
    if info is None or info.library is None:
        return None
    top = [
        stmt for stmt in module.source.tree.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == attribute
    ]  # fmt: skip
    stores = [n for n in module.source.of_type(ast.Name) if n.id == attribute and not isinstance(n.ctx, ast.Load)]  # type: ignore[attr-defined]
    if len(top) != 1 or len(stores) != 1 or not isinstance(top[0].value, ast.Call):
        return None  # rebound, or built in a function: which object is imported is unclear
    if any(n.id == name and not isinstance(n.ctx, ast.Load) for n in facts.source.of_type(ast.Name)):  # type: ignore[attr-defined]
        return None  # the module binds the name itself too
    if any(a.arg == name for a in facts.source.of_type(ast.arg)):  # type: ignore[attr-defined]
        return None  # a parameter of that name: another object inside its function
    cache[name] = (info, module, module_name)
    return cache[name]


def _binds_at_top(data: bytes, name: bytes) -> bool:
    """A line of `data` starts with `name =` (not `==`): a top-level binding of it may be there.
    (Found with `bytes.find`: a multi-line regular expression took 0.5 ms on a 200 kB module.)"""
    position = 0 if data.startswith(name) else data.find(b"\n" + name) + 1
    while position >= 0 and (position > 0 or data.startswith(name)):
        rest = data[position + len(name) : position + len(name) + 80].lstrip(b" \t")
        if rest[:1] == b"=" and rest[1:2] != b"=":
            return True
        found = data.find(b"\n" + name, position + 1)
        position = found + 1 if found >= 0 else -1
    return False


def _derives(facts: ModuleFacts, name: str, base: str, depth: int = 0) -> bool:
    """The class `name` of the module derives (through classes of the module) from `base`."""
    node = facts.classes.get(name)
    if node is None or depth > 5:
        return False
    for parent in node.bases:
        parent_name = dotted(parent)
        if parent_name == base or (parent_name in facts.classes and parent_name != name and _derives(facts, parent_name, base, depth + 1)):
            return True
    return False


_EMPTIED = lazily(r"^[ \t]*((?:self\.)?[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*\[[ \t]*\][ \t]*(?:#.*)?\r?$", re.M)
_EMPTIED_OVER_LINES = lazily(
    r"[ \t]*((?:self\.)?[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*\[\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*\][ \t]*(?:#.*)?\r?$", re.M
)


def _emptied_names(source: Source) -> frozenset[str]:
    """Names and `self.` attributes a statement of the file binds to `[]` (found once; the
    pattern tried only on the lines saying `[]`, not at every position of the text)."""
    found: frozenset[str] | None = getattr(source, "_emptied_names", None)
    if found is None:
        text = source.text
        names = {match.group(1) for match in on_lines(_EMPTIED, text, "[]")}
        for opening in ("[\n", "[\r\n"):
            at = text.find(opening)
            while at != -1:
                # `self._callbacks = [` over lines that only hold comments (entries commented out), then `]`
                match = _EMPTIED_OVER_LINES.match(text, text.rfind("\n", 0, at) + 1)
                if match is not None:
                    names.add(match.group(1))
                at = text.find(opening, at + 2)
        found = source._emptied_names = frozenset(names)  # type: ignore[attr-defined]
    return found


def _only_emptied_and_iterated(scope: ast.AST, chain: str, names: object, require: bool = False) -> bool:
    """Every node of `scope` that `names` (a test) picks is the target of a `chain = []` or
    the iterable of a `for` (and, with `require`, at least one such binding is there): the
    list is never filled, passed on or rebound to anything else there."""
    allowed: set[int] = set()
    emptied = False
    mentioned = []
    for node in ast_walk(scope):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and chain in node.names:
            return False
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and dotted(node.targets[0]) == chain:
            if isinstance(node.value, ast.List) and not node.value.elts:
                allowed.add(id(node.targets[0]))
                emptied = True
        elif isinstance(node, FOR_LOOPS) and dotted(node.iter) == chain:
            allowed.add(id(node.iter))
        if names(node):  # type: ignore[operator]
            mentioned.append(node)
    return (emptied or not require) and all(id(n) in allowed for n in mentioned)


_SELF_CALL = lazily(r"\bself\.(\w+)\s*\(")
_SUPER_CALL = lazily(r"\bsuper\([^()]*\)\s*\.\s*(\w+)\s*\(")


def _is_super(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "super"


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    args = node.args
    return [*args.posonlyargs, *args.args, *args.kwonlyargs]


def _assignment_index(facts: ModuleFacts) -> Assignments:
    """The assignment index of a module, built once (and handed on to its model)."""
    found = facts.__dict__.get("_assignments")
    if found is None:
        found = facts.__dict__["_assignments"] = Assignments(facts.source)
    return found  # type: ignore[no-any-return]


def _calls_objects(facts: ModuleFacts) -> bool:
    """The module holds an object that a library table says does something when called (timm's
    loss scalers): only then can an attribute call be a call of such an object."""
    found = facts.__dict__.get("_calls_objects")
    if found is None:
        found = facts.__dict__["_calls_objects"] = any(
            info.library is not None and frameworks.method(info.library, "__call__") is not None
            for info in facts.objects.values()
        )
    return found


def backward_aliases(facts: ModuleFacts) -> tuple[str, ...]:
    """Local names the module's imports give `torch.autograd.backward` other than its own
    (`from torch.autograd import backward as bw`): a call of one runs a backward pass, though
    its text never says `backward`."""
    found = facts.__dict__.get("_backward_aliases")
    if found is None:
        found = facts.__dict__["_backward_aliases"] = tuple(
            sorted(local for local, full in facts.imports.aliases.items() if full == "torch.autograd.backward" and local != "backward")
        )
    return found  # type: ignore[no-any-return]


def _aliased_function(value: ast.expr, facts: ModuleFacts) -> tuple[str, ast.Call | None] | None:
    """`f`, `functools.partial(f, ...)` or `torch.compile(f, ...)`: ("f", the partial or None)."""
    if isinstance(value, ast.Name):
        return value.id, None
    if not isinstance(value, ast.Call) or not value.args or not isinstance(value.args[0], ast.Name):
        return None
    called = facts.imports.qualify(dotted(value.func))
    if called == "functools.partial":
        if any(isinstance(arg, ast.Starred) for arg in value.args) or any(kw.arg is None for kw in value.keywords):
            return None
        return value.args[0].id, value
    if called == "torch.compile" and len(value.args) == 1:
        return value.args[0].id, None
    return None


def _module_aliases_functions(facts: ModuleFacts, source: Source) -> bool:
    """Some line of the module is `x = f`, `x = partial(f, ...)` or `x = torch.compile(f)` with
    `f` a function of the module (one look at the text per module)."""
    found = facts.__dict__.get("_aliases_functions")
    if found is None:
        names = _function_names(facts)
        found = facts.__dict__["_aliases_functions"] = bool(names) and any(
            m.group(1) in names for m in _ALIAS_CANDIDATE.finditer("\n" + source.text)
        )
    return found  # type: ignore[no-any-return]


def _function_names(facts: ModuleFacts) -> set[str]:
    """Names of the module's functions, top-level and nested (found once per module)."""
    found = facts.__dict__.get("_function_names")
    if found is None:
        found = facts.__dict__["_function_names"] = set(facts.module_functions) | {
            n for local in facts.local_functions.values() for n in local
        }
    return found  # type: ignore[no-any-return]


# `x = f`, `x = partial(f, ...)`, `x = torch.compile(f)` at the start of a line: f is group 1.
# Searched for in "\n" + text, from the newline before the line: a pattern starting with a
# literal character is searched for by that character, where one starting with `(?m)^` is
# tried at every offset of the text (a third of the time, timed over perf5's files). A match
# holds no newline but its first, so it finds the lines `^` would, in the same order.
_ALIAS_CANDIDATE = lazily(r"\n[ \t]*[A-Za-z_]\w*[ \t]*=[ \t]*(?:[\w.]+\([ \t]*)?([A-Za-z_]\w*)[ \t]*(?:[,)#\r]|$)", re.M)


def _alias_candidates(text: str) -> set[str]:
    """Group 1 of `_ALIAS_CANDIDATE`'s matches on the lines of `text`."""
    return {m.group(1) for m in _ALIAS_CANDIDATE.finditer("\n" + text)}


def _names(text: str, name: str) -> bool:
    """`name` is written in `text` as a whole identifier (not inside a longer one): how a
    loop calls a function by its name (`f(...)`, `self.f(...)`)."""
    at = text.find(name)
    while at != -1:
        end = at + len(name)
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            return True
        at = text.find(name, at + 1)
    return False


def _writes_as_element(text: str, names: Iterable[str]) -> bool:
    """One of `names` is written in `text` as a whole identifier preceded (after spaces) by
    `=`, `(`, `[`, `,` or a line's start and followed (after spaces) by `,`, `)`, `]`, `;`, a
    comment, a backslash or the line's end: as every element of a tuple or list of names
    bound by an assignment is (`(train_batch, log)`, `[log, train_batch]`, `STAGES = a, b`,
    an element on a line of its own). Not written so, no such tuple or list holds it."""
    size = len(text)
    for name in names:
        at = text.find(name)
        while at != -1:
            end = at + len(name)
            start = at
            while start and text[start - 1] in " \t\f":
                start -= 1
            if start and text[start - 1] in "=([,\n\r":  # (a longer identifier: a letter before)
                while end < size and text[end] in " \t\f":
                    end += 1
                if end == size or text[end] in ",)];#\\\n\r":  # (a longer identifier goes on: a letter)
                    return True
            at = text.find(name, at + 1)
    return False


def _function_texts(facts: ModuleFacts) -> dict[str, list[str]]:
    """The text of each function and method of the module, by name."""
    texts: dict[str, list[str]] = {}
    infos = list(facts.module_functions.items())
    # (`bound_in_class` by the name a class knows it: `step = staticmethod(_update)`, `self.step`)
    infos += [named for methods in facts.methods.values() for named in methods.items()]
    infos += [named for local in facts.local_functions.values() for named in local.items()]
    infos += [named for bound in facts.bound_in_class.values() for named in bound.items()]
    for name, info in infos:
        source = info.source or facts.source
        texts.setdefault(name, []).append(source.segment(info.node))
    return texts


def backpropagating_functions(facts: ModuleFacts) -> set[str]:
    """Names of the module's functions and methods whose text mentions `backward` (or a name
    the module imports `torch.autograd.backward` as), or a call of such a function (to a fixed
    point); with those names themselves."""
    texts = _function_texts(facts)
    aliases = backward_aliases(facts)
    words = ("backward", *aliases)
    found = {name for name, bodies in texts.items() if any(word in body for body in bodies for word in words)}
    if _calls_objects(facts):
        # `self.amp_scaler(loss, self.optimizer)`: an object whose call backpropagates (timm's
        # loss scalers), named anything
        keys = [
            key
            for key, info in facts.objects.items()
            if info.library is not None
            and frameworks.Effect.BACKWARD in getattr(frameworks.method(info.library, "__call__"), "effects", ())
        ]
        found |= {
            name
            for name, bodies in texts.items()
            if any(calls(body, key) for body in bodies for key in keys)
        }
    # the callers of each name found, to a fixed point: each found name is looked for once
    pending = list(found)
    registries = decorator_registries(facts) if facts.module_functions else {}
    buses = event_buses(facts) if facts.module_functions else {}
    dispatchers = facts.source.tree.__dict__.get("_gradfix_dispatchers") or {}  # (call_forms.py: singledispatch)
    tables: set[str] = set()
    while pending:
        other = pending.pop()
        for dispatcher, implementations in dispatchers.items():
            if dispatcher not in found and other in implementations:
                found.add(dispatcher)  # `handle(ev, st)` runs the implementation registered for `ev`'s class
                pending.append(dispatcher)
        for name, bodies in texts.items():
            if name not in found and any(other in body and _names(body, other) for body in bodies):
                found.add(name)
                pending.append(name)
        for dispatcher, (_, events) in buses.items():
            if dispatcher not in found and any(function == other for handlers in events.values() for function, _ in handlers):
                # `emit("batch", ctx, x, y)` runs the handlers registered on the bus
                found.add(dispatcher)
                pending.append(dispatcher)
        for table, entries in registries.items():
            if table not in tables and any(function == other for _, function in entries):
                # `UPDATES["ce"](net, opt, ...)` calls a function `@update_rule("ce")` registered
                tables.add(table)
                pending.append(table)
        for table in entry_tables(facts, other):
            if table not in tables:
                # `def run(self, phase): self.handlers[phase](...)`: a method calling a table of
                # the class's methods, one of them backpropagating
                tables.add(table)
                pending.append(table)
    return found | set(aliases)


def entry_tables(facts: ModuleFacts, method: str) -> list[str]:
    """The attributes naming tables of their methods (`_method_tables`) that classes of the
    module defining `method` bind with `self.<method>` among the entries."""
    found: list[str] = []
    for class_name, methods in facts.methods.items():
        if method in methods and "__init__" in methods:
            found += [attr for attr, entries in _method_tables(facts, class_name).items() if any(e.attr == method for e in entries)]
    return found


def _is_elif(node: ast.If, source: Source) -> bool:
    return source.text.startswith("elif", source.start(node))


def _self_attributes(node: ast.ClassDef) -> set[str]:
    """Names assigned as `self.<name> = ...` anywhere in a class."""
    names: set[str] = set()

    def target(expr: ast.AST) -> None:
        if isinstance(expr, (ast.Tuple, ast.List)):
            for element in expr.elts:
                target(element)
        elif isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
            names.add(expr.attr)

    for sub in ast_walk(node):
        if isinstance(sub, ast.Assign):
            for t in sub.targets:
                target(t)
        elif isinstance(sub, (ast.AnnAssign, ast.AugAssign)):
            target(sub.target)
    return names


def build_model(
    source: Source,
    project: Project | None = None,
    step_functions: bool = True,
    overrides: tuple[frozenset[str], dict[str, FunctionInfo]] | None = None,
) -> ModuleModel:
    """The module's loops (and, with `step_functions`, its step functions). `overrides`: the
    classes (of this module) a subclass of another module derives from, and that subclass's
    methods, which `self.name()` in their code then runs: the bases' loops, as they run on the
    subclass's objects."""
    facts = project.facts_of(source) if project is not None else None  # indexed already
    if facts is None:
        facts = collect_facts(source, project)
    if project is not None and source.path:
        project.remember(source.path, source.data, source, facts)
    walker = _Walker(facts)
    walker.overrides = overrides
    walker.block(source.tree.body, _Context())
    model = ModuleModel(source, facts, helper_infos=walker.helper_infos)
    index = facts.__dict__.get("_assignments")
    if index is not None and index.source is source:
        model._assignments = index  # type: ignore[attr-defined]  # built for the walk already
    model.inlined_calls = {id(call) for sites in walker.calls_into.values() for call, _ in sites}
    if "_scaler_calls" in walker.__dict__:
        model._scaler_calls = walker.__dict__["_scaler_calls"]  # type: ignore[attr-defined]
    model.pipeline_loops = walker.pipeline_loops
    model.entered_generators = walker.entered_generators
    model.stage_calls = walker.stage_calls
    model.handed_classes = {asked: found for asked, found in walker.__dict__.get("_handed_classes", {}).items() if found is not None}
    model.callback_hooks = {asked: found for asked, found in walker.__dict__.get("_callback_hook_lists", {}).items() if found}
    model.alternative_calls = [(call, ctx.home_loops, ctx.mapping, names) for call, ctx, names in walker.alternative_calls]
    by_loop: dict[int, list[GradEvent]] = {}
    for event in walker.events:
        for loop in event.home_loops:
            by_loop.setdefault(id(loop), []).append(event)
    for loop, ctx in walker.loop_nodes:
        events = by_loop.get(id(loop), [])
        if not any(e.kind is EventKind.BACKWARD for e in events):
            continue
        if any(e.kind is EventKind.UNKNOWN for e in events):
            events = [e for e in events if not _computes_the_backpropagated_loss(e, events, loop)]
        training = TrainingLoop(
            node=loop,
            events=events,
            function=ctx.functions[-1] if ctx.functions else None,  # type: ignore[arg-type]
            enclosing_loops=ctx.home_loops[:-1],
            unknown=[e for e in events if e.kind is EventKind.UNKNOWN],
        )
        model.loops.append(training)
    if step_functions:
        from gradfix.analysis.steps import find_step_functions

        for training in find_step_functions(model, walker, project):
            model.loops.append(training)
            model.step_functions.add(id(training.node))
    return model


def inherited_info(facts: ModuleFacts, class_name: str, key: str) -> ObjectInfo | None:
    """What `self.optimizer` is when this module never binds it and the class inherits it from a
    trainer base of another module of the project, whose methods bind it
    (`self.optimizer = self.accelerator.prepare(self.optimizer)` in the base's `__init__`): that
    module's answer, when a base of the project defines the class and that module binds the
    attribute to one kind of object; a base's bases are followed, three levels up at most."""
    node = facts.classes.get(class_name)
    if node is None or _binds_attribute(node, key, facts.source):
        return None  # the class binds it itself (`self.optimizer = None`): not the base's object
    return _inherited_info(facts, class_name, key, 0)


def _binds_attribute(node: ast.ClassDef, key: str, source: Source) -> bool:
    for stmt in ast_walk(node):
        if isinstance(stmt, ast.Assign):
            targets = list(stmt.targets)
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
            targets = [stmt.target]
        elif isinstance(stmt, ast.Call) and isinstance(stmt.func, ast.Name) and stmt.func.id == "setattr":
            return True  # `setattr(self, name, ...)`: any attribute
        else:
            continue
        while targets:
            target = targets.pop()
            if isinstance(target, (ast.Tuple, ast.List)):
                targets.extend(target.elts)
            elif isinstance(target, ast.Starred):
                targets.append(target.value)
            elif source.key(target) == key:
                return True
    return False


def _inherited_info(facts: ModuleFacts, class_name: str, key: str, depth: int) -> ObjectInfo | None:
    for _, located in located_bases(facts, class_name, _UNREAD_BASES):
        if located is None:
            continue
        base_facts, base_name = located
        info = base_facts.info(key) if base_facts is not facts else None
        if info is not None:
            return info
        base_node = base_facts.classes.get(base_name)
        if base_node is None or _binds_attribute(base_node, key, base_facts.source):
            continue  # a base that binds it to something gradfix cannot name
        if depth < 3 and base_name != class_name:
            info = _inherited_info(base_facts, base_name, key, depth + 1)  # a base's own base
            if info is not None:
                return info
    return None


_UNREAD_BASES = frozenset({"torch", "accelerate", "pytorch_lightning", "lightning", "transformers", "abc", "typing"})


def _computes_the_backpropagated_loss(event: GradEvent, events: list[GradEvent], loop: ast.AST) -> bool:
    """An unseen `..._step` method whose result the iteration itself backpropagates, in an
    iteration that clears by itself: `pred, loss = model.training_step(batch)` ...
    `scaler.scale(loss).backward()` (a plain module with Lightning-style method names; also
    through an assignment after it: `preds = self.model.train_step(data)`; `loss =
    self.loss(preds, data)`). It returned what is still to be backpropagated: it ran no
    backward or step on it, and a clear of its own would come before the iteration's backward.
    Also an evaluation pass in Lightning's names (`val_out = model.validation_step(batch)`,
    `test_step`, `predict_step`) whose result the iteration does not backpropagate."""
    call = event.node
    if event.kind is not EventKind.UNKNOWN or event.via or not isinstance(call, ast.Call):
        return False
    if not (method_name(call) or "").endswith("_step") or not event.path:
        return False
    statement = event.path[-1]
    if _EVALUATION_STEP.match(method_name(call) or "") and receiver(call) is not None and not _is_super(receiver(call)):
        # `val_out = model.validation_step(batch)` (Lightning's name for an evaluation pass)
        # whose result nothing backpropagates: it evaluates, it does not train
        statement_names = _assigned_names(statement) if isinstance(statement, ast.Assign) and statement.value is call else set()
        return not _feeds_a_backward(statement_names, statement, events, loop) if statement_names else (
            isinstance(statement, ast.Expr) and statement.value is call
        )
    if not isinstance(statement, ast.Assign) or statement.value is not call:
        return False
    fed = _feeds_a_backward(_assigned_names(statement), statement, events, loop)
    return fed and any(e.kind is EventKind.CLEAR and not e.via for e in events)


# an evaluation pass in Lightning's names (`validation_step`, `test_step`, `predict_step`)
_EVALUATION_STEP = lazily(r"(val|valid|validation|eval|evaluation|test|predict|prediction|inference)_step$")


def _assigned_names(statement: ast.Assign) -> set[str]:
    return {n.id for target in statement.targets for n in ast_walk(target) if isinstance(n, ast.Name)}


def _feeds_a_backward(names: set[str], statement: ast.stmt, events: list[GradEvent], loop: ast.AST) -> bool:
    """A value bound to `names` by `statement` reaches the loss of a later backward of the
    iteration's own code, directly or through two assignments."""
    names = set(names)
    later = [n for n in ast_walk(loop) if isinstance(n, ast.Assign) and n.lineno > statement.lineno]
    for _ in range(2):  # `loss = criterion(preds, y)`, `total = loss + aux`
        names |= {
            n.id for a in later if any(isinstance(r, ast.Name) and r.id in names for r in ast_walk(a.value))
            for target in a.targets for n in ast_walk(target) if isinstance(n, ast.Name)
        }
    return any(
        e.kind is EventKind.BACKWARD and not e.via and e.loss is not None and e.node.lineno > statement.lineno  # type: ignore[attr-defined]
        and any(isinstance(n, ast.Name) and n.id in names for n in ast_walk(e.loss))
        for e in events
    )


def walk_as_iteration(
    facts: ModuleFacts, function: FunctionInfo, mapping: tuple[tuple[str, str], ...] = (), class_name: str | None = None
) -> list[GradEvent]:
    """The events of one call of `function`, as if its body were a loop's body; `mapping`: its
    parameters named as the callers name them (`tr` -> `self` of `class_name`)."""
    walker = _Walker(facts)
    node = function.node
    ctx = _Context(
        path=(node,),
        blocks=(facts.source.block_of(node) or [],),
        loops=(node,),  # type: ignore[arg-type]
        home_loops=(node,),  # type: ignore[arg-type]
        functions=(node,),
        class_name=class_name or function.class_name,
        mapping=mapping,
    )
    walker.block(node.body, ctx)
    return walker.events


def zipped_variables(stmt: ast.For | ast.AsyncFor) -> list[tuple[ast.Name, ast.expr]]:
    """Each plain name a loop's tuple target binds to the items of one collection, with that
    collection: `m, o` of `for m, o in zip(nets, opts)`, `o` of `for k, o in enumerate(opts)`,
    `m, o` of `for k, (m, o) in enumerate(zip(nets, opts))`; none for anything else."""
    pairs: list[tuple[ast.expr, ast.expr]] = []
    target, source = stmt.target, stmt.iter
    if isinstance(source, ast.Call) and isinstance(source.func, ast.Name) and source.func.id == "enumerate":
        if len(source.args) != 1 or any(k.arg != "start" for k in source.keywords) or not isinstance(target, ast.Tuple) or len(target.elts) != 2:
            return []
        target, source = target.elts[1], source.args[0]
        if not isinstance(target, ast.Tuple):
            pairs.append((target, source))
    if isinstance(target, ast.Tuple) and isinstance(source, ast.Call) and isinstance(source.func, ast.Name) and source.func.id == "zip":
        if source.keywords or len(source.args) != len(target.elts) or any(isinstance(a, ast.Starred) for a in source.args):
            return []
        pairs += zip(target.elts, source.args)
    return [(v, c) for v, c in pairs if isinstance(v, ast.Name)]


def chain_nodes(chain: list[ast.ClassDef]) -> Iterator[ast.AST]:
    """Every node of the classes of a chain (a class and its bases of the file)."""
    for cls in chain:
        yield from ast_walk(cls)
