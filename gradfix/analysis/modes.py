"""Train/eval mode across one iteration of a training loop (GF017).

`mode_items(loop, model)` lists, in program order, what one iteration does to module modes
and where it trains: `model.eval()`, `model.train()` (and `train(False)`), a mode set to a
value we cannot read, calls we cannot see into that receive a module, the forward calls of
modules and every `backward`. Helpers defined in the module (functions, methods through
`self`) are looked into with their parameters renamed to the caller's arguments, so
`validate(model, loader)` contributes the `net.eval()` it runs as `model.eval()`.

`unrestored_evals` reads the iteration as a cycle: an `eval()` that the next backward
reaches (later in the iteration, or in the next one) without a `train()` of that module in
between leaves the training that follows in inference mode -- unless the mode in force at
that backward was chosen by the training code itself (`chosen_for_training`): a linear probe
that calls `model.eval()` at the start of its own epoch function, to keep a frozen
backbone's batch-norm statistics, trains in eval mode on purpose.

`manual_mode_keys` finds the files that manage modes by hand (BN freezing helpers, a
submodule put in eval mode after `train()`, `m.train()` over `model.modules()`), where a
blanket `model.train()` would undo what the author meant.
"""

from __future__ import annotations

from gradfix import syntax as ast
import enum
import re

from gradfix.analysis.assignments import assigned_values, assignment_statements, assignments, built_object
from gradfix.analysis.facts import FunctionInfo, ModuleFacts, function_params
from gradfix.analysis.loops import (
    HARMLESS_CALLS,
    ModuleModel,
    _an_optimizer_built,
    _consumes_whole,
    _mapped,
    _method_tables,
    _per_item_call,
    called_names,
    calls_a_table_entry,
    decorated_entry,
    entry_tables,
    function_tables,
    module_closure,
    overriding,
)
from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.analysis.modules import contains, normalize, related, stored_parameter, strip_same_module, wrapped_key
from gradfix.analysis.names import (
    LIBRARY_ROOTS,
    call_name,
    calls_in_order,
    class_method,
    dotted,
    is_false,
    is_true,
    method_name,
    own_method,
    static_or_class,
    positional,
    receiver,
    substitute_root,
)
from gradfix.patterns import lazily
from gradfix.records import dataclass, field
from gradfix.source import (
    DEFINITION_KINDS,
    DEFINITIONS,
    FOR_LOOPS,
    FUNCTIONS,
    LOOPS,
    MATCH,
    TRIES,
    WITHS,
    Source,
    blocks_of,
    encloses,
)
from gradfix.walk import ast_walk, child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import NamedTuple
else:
    from gradfix.records import NamedTuple

MAX_DEPTH = 3


class ModeKind(enum.Enum):
    TRAIN = "train"
    EVAL = "eval"
    UNSURE = "unsure"  # `train(flag)`, or an unseen call that receives the module
    BACKWARD = "backward"
    FORWARD = "forward"  # `model(x)`


@dataclass(eq=False, repr=False)
class ModeItem:
    kind: ModeKind
    keys: tuple[str, ...]  # in the analysed loop's names (helper parameters renamed)
    node: ast.AST
    path: tuple[ast.stmt, ...]  # statements of the loop's own code, from its body down
    blocks: tuple[list[ast.stmt], ...]
    via: tuple[ast.Call, ...]
    loops: tuple[ast.AST, ...]  # loops inside the analysed loop around it (helpers' too)
    tests: frozenset[str]  # names read by the conditions it runs under (inside the loop)
    conditional: bool
    exits: bool  # a break/return/raise of the loop's own code follows it: no next iteration
    no_grad: bool
    # (id of an `if`/`match`, which arm) around it, helpers' too, for those no loop inside the
    # analysed loop holds: in one iteration only one arm of each runs
    arms: tuple[tuple[int, int], ...] = ()

    @property
    def key(self) -> str:
        return self.keys[0]

    @property
    def anchor(self) -> ast.stmt:
        """The statement of the loop's own code that holds it (a helper's call)."""
        return self.path[-1]


# Statements after which nothing more of their suite runs.
_JUMPS = (ast.Break, ast.Continue, ast.Return, ast.Raise)

# Methods of a module that do not change its mode.
_MODULE_METHODS_KEEPING_MODE = {
    "parameters", "named_parameters", "buffers", "named_buffers", "modules", "named_modules",
    "children", "named_children", "state_dict", "load_state_dict", "to", "cuda", "cpu", "half",
    "float", "double", "bfloat16", "zero_grad", "requires_grad_", "register_buffer",
    "register_forward_hook", "register_forward_pre_hook", "register_full_backward_hook",
    "get_submodule", "get_parameter", "no_sync", "forward", "size", "numel", "item",
    "extra_repr", "type", "share_memory",
}  # fmt: skip
# Functions that receive a module without changing its mode.
_KEEPING_MODE = HARMLESS_CALLS | {
    "accumulate", "unwrap_model", "get_state_dict", "autocast", "no_sync", "clip_grad_norm_", "clip_grad_value_",
    "summary", "deepcopy", "copy", "DataParallel", "DistributedDataParallel", "DDP", "compile",
    "count_parameters", "parameters_to_vector", "vector_to_parameters", "save", "log_model",
    "register_hooks", "sync_batchnorm", "convert_sync_batchnorm", "zip", "map", "sum", "max", "min",
    "backward", "step", "zero_grad", "sleep", "time", "flush",
    # builtins that read a value (`range(self.num_tasks)`, `int(self.lr)`): never a mode switch
    "range", "int", "float", "abs", "round", "bool", "reversed", "sorted", "set", "frozenset", "iter",
    "next", "any", "all", "divmod", "pow", "hash", "callable", "vars", "dir",
}  # fmt: skip
# Calls that log or save what they are given (`writer.log_validation(loss, model, step)`,
# `logger.add_histogram(...)`, `save_checkpoint(model, ...)`): they do not switch its mode.
# torch's functions that trace, script or export a module: they leave its mode as it was
# (`torch.onnx.export` switches to eval for the export and back to what the module was in).
_TORCH_KEEPING_MODE = {
    "torch.jit.trace", "torch.jit.trace_module", "torch.jit.script", "torch.onnx.export", "torch.onnx.dynamo_export",
    "torch.export.export",
}  # fmt: skip
# torch's module containers: building one (`nn.Sequential(encoder, head)`) leaves the modules'
# modes as they were
_TORCH_CONTAINERS = {"torch.nn.Sequential", "torch.nn.ModuleList", "torch.nn.ModuleDict"}
_CONTAINERS = {name.rsplit(".", 1)[-1] for name in _TORCH_CONTAINERS}
_CONTAINER_USES = {"parameters", "named_parameters", "to", "cuda", "cpu"}
_LOGGING = ("log_", "add_", "write", "save_", "print", "summar", "plot", "visuali")
_NO_GRAD = lazily(r"(^|\.)(no_grad|inference_mode)$")
_MODE_HELPER = lazily(r"bn|batch_?norm|freeze|frozen|eval|train|dropout|mode", re.I)
# Method names that say they may switch a mode (`model.freeze_bn()`, `self.evaluate()`):
# a word of the name (split at `_`) is or starts with one of these.
_MODE_WORDS = lazily(r"(^|_)(mode|bn|fit|(train|eval|valid|test|freez|frozen|dropout|infer|predict)[a-z]*)(_|$)", re.I)
_MODE_WORDED: dict[str, bool] = {}  # a name -> `_MODE_WORDS` finds it (`_mode_worded`)


def _averaged_model(recv: ast.expr, text: str) -> bool:
    """`recv` is bound to torch's `AveragedModel(...)` (`torch.optim.swa_utils`) in `text`: its
    `update_parameters(model)` averages the module's weights into its own copy and leaves the
    module's mode as it was."""
    raw = dotted(recv)
    if raw is None or "AveragedModel" not in text or "torch" not in text:
        return False
    return re.search(rf"(?<![\w.]){re.escape(raw)}\s*=\s*(?:[\w.]+\.)?AveragedModel\(", text) is not None


def _mode_worded(method: str) -> bool:
    """`_MODE_WORDS` finds the name; once per name (the walk asks at every method call, and each
    model of its imported names)."""
    said = _MODE_WORDED.get(method)
    if said is None:
        said = _MODE_WORDED[method] = _MODE_WORDS.search(method) is not None
    return said


# Attributes of a module that are not modules: passing them on cannot change a mode.
_NOT_MODULES = {"training", "device", "dtype", "config", "cfg", "args", "hparams", "name", "num_classes", "weight", "bias"}
_FREEZE_CALL = lazily(r"freeze|bn_eval|fix_bn|frozen_?bn|set_bn|eval_bn", re.I)
_FREEZING: dict[str, bool] = {}  # a called name -> `_FREEZE_CALL` finds it (`_freeze_named`)


def _freeze_named(name: str) -> bool:
    """`_FREEZE_CALL` finds the called name (`freeze_bn`, `set_bn_eval`); once per name."""
    said = _FREEZING.get(name)
    if said is None:
        said = _FREEZING[name] = _FREEZE_CALL.search(name) is not None
    return said


# a name its condition reads that says the switch picks batch-norm layers by their type
# (`if isinstance(layer, nn.BatchNorm2d): layer.eval()`, `nn.modules.batchnorm._BatchNorm`)
_NORM_LAYER_TEST = lazily(r"BatchNorm|^batchnorm$")


class _Ctx(NamedTuple):
    path: tuple[ast.stmt, ...] = ()
    blocks: tuple[list[ast.stmt], ...] = ()
    via: tuple[ast.Call, ...] = ()
    loops: tuple[ast.AST, ...] = ()
    tests: frozenset[str] = frozenset()
    conditional: bool = False
    exits: bool = False
    no_grad: bool = False
    home_depth: int = 0  # loops of the analysed code entered inside the analysed loop
    mapping: tuple[tuple[str, str], ...] = ()
    functions: tuple[ast.AST, ...] = ()
    class_name: str | None = None
    source: Source | None = None
    arms: tuple[tuple[int, int], ...] = ()

    def rename(self, key: str) -> str:
        if not self.mapping:
            return key
        mapping = dict(self.mapping)
        if key.startswith("self."):
            # `self.net` of an object the loop built over its module (`task = Task(model)`)
            head = ".".join(key.split(".", 2)[:2])
            if head in mapping:
                return mapping[head] + key[len(head) :]
        return substitute_root(key, mapping)


_NEW_TUPLE = tuple.__new__  # (a `_Ctx` from its fields in order, as `_Ctx._make` builds it)
_NOT_PROJECT_ROOTS = frozenset(("", *LIBRARY_ROOTS))  # (a set built once, not a tuple at each call)


class _ModeWalker:
    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.facts = model.facts
        self.items: list[ModeItem] = []
        self.visiting: list[int] = []
        self.helpers: dict[int, ast.AST] = {}  # id of a call inlined -> the helper's definition
        self.foreign_facts: dict[int, ModuleFacts] = {}  # id of another module's Source -> its facts

    def key(self, expr: ast.AST, ctx: _Ctx) -> str:
        return ctx.rename((ctx.source or self.model.source).key(expr))

    # statements --------------------------------------------------------------------
    def block(self, suite: list[ast.stmt], ctx: _Ctx) -> None:
        # Statements after a `break`, `continue`, `return` or `raise` of the same suite never run
        # (`train(...); break; validate(...)`): their switches are not walked.
        if ctx.exits:
            for stmt in suite:
                self.statement(stmt, suite, ctx)
                if isinstance(stmt, _JUMPS):
                    return
            return
        exiting = None  # (the context with `exits` set, built once per suite that needs it)
        for stmt, exits in zip(suite, self._exits_following(suite, ctx)):
            if exits and exiting is None:
                exiting = ctx._replace(exits=True)
            self.statement(stmt, suite, exiting if exits else ctx)
            if isinstance(stmt, _JUMPS):
                return

    def _exits_following(self, suite: list[ast.stmt], ctx: _Ctx) -> list[bool]:
        """For each statement of the suite, whether a later one of it leaves: a `raise` in a
        helper (a helper's return ends the helper, not the loop; an `except` arm that re-raises
        leaves the loop too), else a `return`, a `raise`, or a `break` of no loop entered inside
        the analysed one. Found in one pass from the suite's end, not a scan of the statements
        after each one."""
        if ctx.via:
            leaving: type | tuple[type, ...] = ast.Raise
            kind = 0
        elif ctx.home_depth == 0:
            leaving = (ast.Return, ast.Raise, ast.Break)
            kind = 1
        else:
            leaving = (ast.Return, ast.Raise)
            kind = 2
        # (once per model for each suite and kind of leaving: a helper's suites are met at each call of it)
        answers = self.model.__dict__.setdefault("_mode_exits", {})
        known = answers.get((id(suite), kind))
        if known is not None and known[0] is suite:
            return known[1]  # type: ignore[no-any-return]
        follows = [False] * len(suite)
        found = False
        for index in range(len(suite) - 1, -1, -1):
            follows[index] = found
            if not found and isinstance(suite[index], leaving):
                found = True
        answers[id(suite), kind] = (suite, follows)
        return follows

    def statement(self, stmt: ast.stmt, suite: list[ast.stmt], ctx: _Ctx) -> None:
        if not ctx.via:
            # (`_replace` written out: once per statement of the loop's own code)
            ctx = _NEW_TUPLE(_Ctx, (ctx.path + (stmt,), ctx.blocks + (suite,), *ctx[2:]))
        if isinstance(stmt, LOOPS):
            if ctx.via and isinstance(stmt, FOR_LOOPS) and isinstance(stmt.iter, ast.Name) and f"*{stmt.iter.id}" in dict(ctx.mapping):
                if self._star_switches(stmt, ctx):
                    return  # `for m in modules: m.eval()` over `*modules`
            switched = self._listed_switches(stmt)
            if switched is not None:
                # `for m in [enc, dec]: m.eval()`: a switch of each module listed, held by the `for`
                self._listed(switched, ctx)
                return
            self.expressions(stmt.iter if isinstance(stmt, FOR_LOOPS) else stmt.test, ctx)
            inner = ctx._replace(loops=ctx.loops + (stmt,), home_depth=ctx.home_depth + (0 if ctx.via else 1))
            self.block(stmt.body, inner)
            if stmt.orelse:
                self.block(stmt.orelse, self._branch(ctx, None))
        elif isinstance(stmt, ast.If):
            known = _decided(stmt.test, ctx) if ctx.via else None
            if known is not None:
                # `if state == "Train": model.train() else: model.eval()` in a helper called
                # with `"Train"`: only that arm runs
                self.block(stmt.body if known else stmt.orelse, ctx)
                return
            self.expressions(stmt.test, ctx)
            self.block(stmt.body, self._branch(ctx, stmt.test, (stmt, 0)))
            if stmt.orelse:
                self.block(stmt.orelse, self._branch(ctx, stmt.test, (stmt, 1)))
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.ListComp) and (switched := self._listed_switches(stmt)):
            self._listed(switched, ctx)  # `[m.train() for m in (enc, dec)]`
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.IfExp):
            # `model.train() if phase == "train" else model.eval()`: the arms of an `if`
            choice = stmt.value
            known = _decided(choice.test, ctx) if ctx.via else None
            if known is not None:
                self.expressions(choice.body if known else choice.orelse, ctx)
                return
            self.expressions(choice.test, ctx)
            self.expressions(choice.body, self._branch(ctx, choice.test, (stmt, 0)))
            self.expressions(choice.orelse, self._branch(ctx, choice.test, (stmt, 1)))
        elif isinstance(stmt, WITHS):
            no_grad = ctx.no_grad
            for item in stmt.items:
                self.expressions(item.context_expr, ctx)
                if _is_no_grad(item.context_expr, self.facts.imports.qualify):
                    no_grad = True
            self.block(stmt.body, ctx._replace(no_grad=no_grad))
        elif isinstance(stmt, TRIES):
            self.block(stmt.body, ctx)
            for handler in stmt.handlers:
                self.block(handler.body, self._branch(ctx, None))
            if stmt.orelse:
                self.block(stmt.orelse, ctx)
            if stmt.finalbody:
                self.block(stmt.finalbody, ctx)
        elif isinstance(stmt, MATCH):
            self.expressions(stmt.subject, ctx)
            for arm, case in enumerate(stmt.cases):
                self.block(case.body, self._branch(ctx, stmt.subject, (stmt, arm)))
        elif isinstance(stmt, DEFINITIONS):
            return
        else:
            self.expressions(stmt, ctx)

    def _listed_switches(self, stmt: ast.stmt) -> tuple[list[tuple[ast.Call, ModeKind]], list[ast.expr]] | None:
        """`listed_switches(stmt, self.model)`, once per model for each statement (a helper's
        loops are met at each call of it, a nested loop in its own walk and its outer loop's);
        callers only read the answer."""
        answers = self.model.__dict__.setdefault("_mode_listed", {})
        known = answers.get(id(stmt))
        if known is not None and known[0] is stmt:
            return known[1]  # type: ignore[no-any-return]
        found = listed_switches(stmt, self.model)
        answers[id(stmt)] = (stmt, found)
        return found

    def _star_switches(self, stmt: ast.For | ast.AsyncFor, ctx: _Ctx) -> bool:
        """`for m in modules: m.eval()` in a helper taking `*modules`, called with plain names
        (`evaluate(enc, dec)`): a switch of each module given, as over a literal list."""
        target = stmt.target
        if stmt.orelse or not isinstance(target, ast.Name):
            return False
        calls: list[tuple[ast.Call, ModeKind]] = []
        for inner in stmt.body:
            call = inner.value if isinstance(inner, ast.Expr) else None
            recv = receiver(call) if isinstance(call, ast.Call) else None
            if not (isinstance(call, ast.Call) and method_name(call) in ("eval", "train") and isinstance(recv, ast.Name) and recv.id == target.id):
                return False
            calls.append((call, _mode_of(call, method_name(call))))  # type: ignore[arg-type]
        keys = [k for k in dict(ctx.mapping)[f"*{stmt.iter.id}"].split("\0") if k]  # type: ignore[union-attr]
        restores = calls_train(self.model.source)
        for call, kind in calls:
            if kind is ModeKind.EVAL and restores:
                continue  # as over a literal list: a file that switches modules back may do so unread
            for key in keys:
                self.emit(kind, (key,), call, ctx)
        return True

    def _listed(self, switched: tuple[list[tuple[ast.Call, ModeKind]], list[ast.expr]], ctx: _Ctx) -> None:
        calls, modules = switched
        restores = calls_train(ctx.source or self.model.source)
        for call, kind in calls:
            if kind is ModeKind.EVAL and restores:
                # the file switches modules back somewhere, in ways that may not be read
                # (`for _, m in models.items(): m.train()`, `map(...)`, a helper over `*modules`):
                # an eval through a list is taken to be theirs to restore
                continue
            for module in modules:
                self.emit(kind, (self.key(module, ctx),), call, ctx)

    def _branch(self, ctx: _Ctx, test: ast.AST | None, arm: tuple[ast.stmt, int] | None = None) -> _Ctx:
        names: frozenset[str] = frozenset()
        attrs: frozenset[str] = frozenset()
        if test is not None:
            # (each test's names read once per model: a helper's tests are met at each call of it)
            tests = self.model.__dict__.setdefault("_mode_tests", {})
            known = tests.get(id(test))
            if known is not None and known[0] is test:
                names, attrs = known[1], known[2]
            else:
                # one walk for both (each set built from its names in the walk's order, as before)
                named: list[str] = []
                read: list[str] = []
                for n in ast_walk(test):
                    if isinstance(n, ast.Name):
                        named.append(n.id)
                    elif isinstance(n, ast.Attribute):
                        read.append(n.attr)
                names, attrs = frozenset(named), frozenset(read)
                tests[id(test)] = (test, names, attrs)
        if arm is not None and not ctx.loops:  # one arm of an `if` no loop of the iteration holds
            return ctx._replace(conditional=True, tests=ctx.tests | names | attrs, arms=ctx.arms + ((id(arm[0]), arm[1]),))
        return ctx._replace(conditional=True, tests=ctx.tests | names | attrs)

    # calls -------------------------------------------------------------------------
    def expressions(self, node: ast.AST, ctx: _Ctx) -> None:
        text = (ctx.source or self.model.source).segment(node) if hasattr(node, "lineno") else ""
        if "(" not in text:
            return
        guarded = self._guarded(node) if (" if " in text or " and " in text or " or " in text) else {}
        for call in calls_in_order(node):
            extra = guarded.get(id(call))
            self.call(call, ctx if extra is None else ctx._replace(conditional=True, tests=ctx.tests | extra))

    def _guarded(self, node: ast.AST) -> dict[int, frozenset[str]]:
        """`_guarded_calls(node)`, once per model for each statement (a helper's statements are
        walked at each call of it); callers only read the answer."""
        answers = self.model.__dict__.setdefault("_mode_guarded", {})
        known = answers.get(id(node))
        if known is not None and known[0] is node:
            return known[1]  # type: ignore[no-any-return]
        found = _guarded_calls(node)
        answers[id(node)] = (node, found)
        return found

    def _property_module(self, recv: ast.expr, ctx: _Ctx) -> ast.expr | None:
        """`self.unwrapped_model` of a class of this module whose `@property` of that name only
        returns a module of `self` (`return self.accelerator.unwrap_model(self.model)`, `return
        self.model.module`, `return self.model`): that module's expression."""
        if not (isinstance(recv, ast.Attribute) and isinstance(recv.value, ast.Name) and recv.value.id == "self"):
            return None
        if ctx.class_name is None or (ctx.source is not None and ctx.source is not self.model.source):
            return None
        info = self.facts.methods.get(ctx.class_name, {}).get(recv.attr)
        node = info.node if info is not None else None
        if node is None or not any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list):  # type: ignore[attr-defined]
            return None
        body = [stmt for stmt in node.body if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]  # type: ignore[attr-defined]
        if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
            return None
        value = strip_same_module(body[0].value)
        if isinstance(value, ast.Call) and method_name(value) == "unwrap_model" and len(value.args) == 1 and not value.keywords:
            value = strip_same_module(value.args[0])
        found = dotted(value)
        return value if found is not None and found.startswith("self.") and found != dotted(recv) else None

    def emit(self, kind: ModeKind, keys: tuple[str, ...], node: ast.AST, ctx: _Ctx) -> None:
        self.items.append(
            ModeItem(
                kind, keys, node, ctx.path, ctx.blocks, ctx.via, ctx.loops, ctx.tests, ctx.conditional, ctx.exits, ctx.no_grad,
                ctx.arms,
            )
        )

    def call(self, call: ast.Call, ctx: _Ctx) -> None:
        method = method_name(call)
        recv = receiver(call)
        name = call_name(call)
        qualified = self.facts.imports.qualify(name) or ""
        if qualified in ("torch.autograd.backward", "autograd.backward") or (
            method in ("backward", "manual_backward") and recv is not None
        ):
            self.emit(ModeKind.BACKWARD, ("",), call, ctx)
            return
        if id(call) in _library_backwards(self.model):
            self.emit(ModeKind.BACKWARD, ("",), call, ctx)  # timm's `loss_scaler(loss, optimizer)`
            return
        if self.model.callback_hooks and recv is not None and method is not None:
            hooks = self._callback_hooks(recv, method, ctx)
            if hooks is not None:
                # `for cb in self.callbacks: cb.on_epoch_end(self)`: each callback's hook, in turn
                for hook in hooks:
                    self.inline(call, hook, ctx)
                return
        table = call.__dict__.get("_gradfix_table") if ctx.source is None else None
        if table is not None:
            entries = self._table_calls(call, table, ctx)
            if entries:
                # `loop.phases[name](loader)` in `for name in ("train", "val"):` over `self.phases =
                # {"train": self.train_epoch, "val": self.evaluate}`: each method the keys reach, in turn
                for each in entries:
                    self.call(each, ctx)
                return
        helper = self.resolve(call, ctx)
        if helper is not None:
            self.inline(call, helper, ctx)
            return
        if call.args and _consumes_whole(call):
            # `collections.deque(itertools.starmap(step, enumerate(loader)), maxlen=0)`,
            # `list(map(step, loader))`: the call the map makes per item runs here, at once
            kind = _mapped(call.args[0], self.facts)
            if kind == "map" or kind == "starmap":
                made = _per_item_call(call.args[0], kind, self.facts)  # type: ignore[arg-type]
                if made is not None:
                    self.call(made[2], ctx)
                    return
        if self.facts.local_functions and call.func.__class__ is ast.Name and (ctx.source is None or ctx.source is self.model.source):
            closure = module_closure(self.facts, call.func, ctx.functions)  # type: ignore[arg-type]
            if closure is not None:
                # `run_epoch, evaluate = make_trainer(model, opt, loader)` ... `run_epoch()`: the
                # function the factory defines and returns, its free names the factory's arguments
                self.inline(call, closure[0], ctx, factory=closure[1])
                return
        if isinstance(call.func, ast.Name) and (ctx.source is None or ctx.source is self.model.source):
            bound = _partial_of(call.func.id, self.model)
            if bound is not None and any(
                getattr(stmt, "value", None) is bound and self._beside_loop(stmt) for stmt in assignment_statements(self.model)
            ):
                # `run_val()` with `run_val = functools.partial(validate, model, loader)`: the
                # call `validate(model, loader)` written at `run_val()`
                whole = ast.Call(func=bound.args[0], args=[*bound.args[1:], *call.args], keywords=[*bound.keywords, *call.keywords])
                for field_name in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
                    setattr(whole, field_name, getattr(call, field_name, None))
                self.call(whole, ctx)
                return
            switched = _partial_switches(call.func.id, self.model) if bound is None and _says_partial(self.model) else ()
            if switched:
                # `back()` with `back = partial(model.train, True)`: the bound method's own switch
                self.emit(ModeKind.UNSURE, tuple(self.key(recv_, ctx) for recv_ in switched), call, ctx)
            called = self._called_through(call)
            if called:
                # `validate()` with `validate = lambda: evaluate(model, loader)` beside the loop:
                # the call its body makes; `cb(model)` in `for cb in callbacks:` with `callbacks =
                # [evaluate, log]`: each function called in turn, with these arguments
                for each in called:
                    for field_name in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
                        setattr(each, field_name, getattr(call, field_name, None))
                    self.call(each, ctx)
                return
        if method == "run" and recv is not None and says_evaluator(self.model) and (ctx.source is None or ctx.source is self.model.source):
            evaluated = ignite_evaluated(recv, self.model)
            if evaluated is not None:
                # `evaluator.run(val)` with `evaluator = create_supervised_evaluator(model, ...)`:
                # Ignite's evaluation step calls `model.eval()` at each batch and never switches back
                self.emit(ModeKind.EVAL, (self.key(evaluated, ctx),), call, ctx)
                return
        if (
            recv is not None and method in ("eval", "train") and call.args and dotted(call.args[0]) is not None
            and (self.facts.imports.qualify(dotted(recv) or "") or "") in _UNBOUND_MODULE
        ):  # fmt: skip
            # `nn.Module.train(model)`: the unbound method, on the module its first argument names
            bound = ast.Call(func=ast.Attribute(value=call.args[0], attr=method, ctx=ast.Load()), args=call.args[1:], keywords=call.keywords)
            self.emit(_mode_of(bound, method), (self.key(call.args[0], ctx),), call, ctx)
            return
        if recv is not None and method in ("eval", "train"):
            recv = strip_same_module(recv)
            if isinstance(recv, ast.Call) and method_name(recv) == "unwrap_model" and len(recv.args) == 1 and not recv.keywords:
                recv = strip_same_module(recv.args[0])  # `accelerator.unwrap_model(model).eval()`: the module itself
            returned = self._property_module(recv, ctx)
            if returned is not None:
                recv = returned  # `self.unwrapped_model.eval()`: the module the property returns
        if recv is not None and method in ("eval", "train") and dotted(recv) is not None or (
            recv is not None and method in ("eval", "train") and isinstance(recv, ast.Subscript)
        ):
            if ctx.via and isinstance(recv, ast.Name) and recv.id != "self" and recv.id not in dict(ctx.mapping):
                # a name of the helper's own (`net = self.net`, or a parameter left to its
                # default and rebound: `if module is None: module = self.model`): the module
                # it is bound to, or, when that is not one module, a switch of some module
                alias = self._function_answer(_local_alias, ctx.functions[-1], recv.id)
                if alias is None and not self._shared_global(recv.id, ctx):
                    self.emit(ModeKind.UNSURE, (self.key(recv, ctx),), call, ctx)
                    return
                recv = alias if alias is not None else recv
            key = self.key(recv, ctx)
            kind = _mode_of(call, method)  # type: ignore[arg-type]
            self.emit(kind, (key,), call, ctx)
            return
        if recv is not None and method == "apply":
            key = self.key(recv, ctx) if dotted(recv) is not None else None
            if key is not None and self._mode_function(call):
                self.emit(ModeKind.UNSURE, (key,), call, ctx)
            return
        last = (name or method or "").rsplit(".", 1)[-1]
        keys: list[str] = []
        if isinstance(call.func, ast.Name) and not ctx.via and self._has_lambdas():
            # `back = lambda: model.train()`; `back()`: it may switch those modules' modes
            keys += self._lambda_switches(call.func.id)
        if isinstance(call.func, ast.Name):
            self.emit(ModeKind.FORWARD, (self.key(call.func, ctx),), call, ctx)  # `model(x)`, or a function
        elif recv is not None and dotted(call.func) is not None:
            # `self.model(x)`, `model.encoder(x)`: a submodule's forward, or a method we cannot
            # see; one named like a mode switch (`model.freeze_bn()`, `self.evaluate()`) may set it
            self.emit(ModeKind.FORWARD, (self.key(call.func, ctx),), call, ctx)
            if _says_partial(self.model) and (ctx.source is None or ctx.source is self.model.source):
                # `self.resume()` with `self.resume = partial(self.model.train, True)`
                keys += [self.key(bound, ctx) for bound in _partial_switches(self.model.source.key(call.func), self.model)]
            if (
                method and _mode_worded(method) and method not in _MODULE_METHODS_KEEPING_MODE and last not in _KEEPING_MODE
                and not self._torch_submodule(recv, method, ctx)
            ):  # fmt: skip
                keys.append(self.key(recv, ctx))
        if (
            last not in _KEEPING_MODE and not last.startswith(_LOGGING) and qualified not in _TORCH_KEEPING_MODE
            and not (last in _CONTAINERS and self._forward_only_container(call, ctx))
            and not (method == "update_parameters" and recv is not None and _averaged_model(recv, (ctx.source or self.model.source).text))
        ):  # fmt: skip
            values = [*positional(call), *[k.value for k in call.keywords]]
            if last == "from_pretrained":
                # `Pipeline.from_pretrained(path, unet=unet, vae=vae)`: a pipeline (diffusers) built
                # around the components handed in by keyword keeps them as they are; what is handed
                # in first may be wrapped and switched (`PeftModel.from_pretrained(model, path)`)
                values = list(positional(call))
            if qualified == "functools.partial" and call.args and isinstance(call.args[0], ast.Attribute) and dotted(call.args[0]) is not None:
                # `partial(self.model.sample, n=4)`: a method bound for a later call, which may switch
                # the module's mode only as the method's own call may (`model.sample()` does not);
                # `partial(accelerator.no_sync, model)` hands the module to a function keeping its mode
                head = values.pop(0)
                if _MODE_WORDS.search(head.attr) and head.attr not in _MODULE_METHODS_KEEPING_MODE:
                    keys.append(self.key(head.value, ctx))
                if head.attr in _KEEPING_MODE or head.attr.startswith(_LOGGING):
                    values = []
            for value in values:
                if (dotted(value) is not None or isinstance(value, ast.Subscript)) and not _plain_attribute(value):
                    keys.append(self.key(value, ctx))
        if keys:
            self.emit(ModeKind.UNSURE, tuple(keys), call, ctx)
            if qualified == "functools.partial" and not ctx.via and ctx.path:
                if _partial_alias_bound(ctx.path[-1], call, self.model):
                    # `step = partial(train_step, model=model)`: nothing runs yet; where the loop
                    # calls `step(...)` the walk reads `train_step`'s own switches (`mode_items`)
                    self.__dict__.setdefault("bound_partials", {})[id(self.items[-1])] = call

    def _callback_hooks(self, recv: ast.expr, method: str, ctx: _Ctx) -> list[FunctionInfo] | None:
        """The hooks the loop model found for `cb.<method>(...)` in `for cb in self.<list>:`, a
        statement of the loop's own method (`_Walker.callback_hooks`)."""
        if ctx.via or not isinstance(recv, ast.Name) or ctx.class_name is None:
            return None
        for stmt in reversed(ctx.path):
            if isinstance(stmt, FOR_LOOPS) and isinstance(stmt.target, ast.Name) and stmt.target.id == recv.id:
                listed = dotted(stmt.iter) or ""
                if not listed.startswith("self.") or "." in listed[5:]:
                    return None
                return self.model.callback_hooks.get((ctx.class_name, listed[5:], method))
        return None

    def _forward_only_container(self, call: ast.Call, ctx: _Ctx) -> bool:
        """`tuned = nn.Sequential(encoder, head)` in a function, the one binding of `tuned`
        there, which the function only runs (`tuned(x)`), moves or hands its parameters
        (`SGD(tuned.parameters())`): building the container switches no mode, and no switch
        of the modules it holds can go through it (`tuned.train()`, `fit(tuned)` may)."""
        facts = self.foreign_facts.get(id(ctx.source), self.facts) if ctx.source is not None else self.facts
        if (facts.imports.qualify(call_name(call) or "") or "") not in _TORCH_CONTAINERS or not ctx.functions:
            return False
        scope = ctx.functions[-1]
        parents: dict[int, ast.AST] = {}
        target: str | None = None
        for node in ast_walk(scope):
            for child in child_nodes(node):
                parents[id(child)] = node
            if isinstance(node, ast.Assign) and node.value is call and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                target = node.targets[0].id
        if target is None:
            return False
        for node in ast_walk(scope):
            if not (isinstance(node, ast.Name) and node.id == target):
                continue
            parent = parents.get(id(node))
            if isinstance(node.ctx, ast.Store):
                if not (isinstance(parent, ast.Assign) and parent.value is call):
                    return False  # bound again
                continue
            if isinstance(parent, ast.Call) and parent.func is node:
                continue  # `tuned(x)`
            if (
                isinstance(parent, ast.Attribute) and parent.attr in _CONTAINER_USES
                and isinstance(outer := parents.get(id(parent)), ast.Call) and outer.func is parent
            ):  # fmt: skip
                continue  # `tuned.parameters()`, `tuned.to(device)`
            return False
        return True

    def _called_through(self, call: ast.Call) -> list[ast.Call]:
        """The calls `name(...)` makes (`call.func` a plain name the module defines no function
        by): the body of the lambda without parameters it is bound to once, beside the loop,
        when that body is a call (`validate = lambda: evaluate(model, loader)`), or, for the
        variable of a `for` over a list of functions of the module (written there or bound once
        to a list literal nothing changes: `callbacks = [evaluate]`; `for cb in callbacks:
        cb(model)`), a call of each with the call's arguments. [] otherwise."""
        func = call.func
        name = func.id  # type: ignore[attr-defined]
        facts = self.facts
        text = self.model.source.text
        if name in facts.module_functions or name in facts.imports.aliases or name in facts.classes:
            return []
        values = _name_values(self.model).get(name, [])
        # (the name's values first: most names have none, and the text is searched only for one
        # bound once to a lambda)
        if len(values) == 1 and isinstance(values[0], ast.Lambda) and "lambda" in text:
            value = values[0]
            args = value.args
            if args.args or args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg or call.args or call.keywords:
                return []
            if not isinstance(value.body, ast.Call) or not any(
                getattr(stmt, "value", None) is value and self._beside_loop(stmt) for stmt in assignment_statements(self.model)
            ):
                return []
            return [ast.Call(func=value.body.func, args=list(value.body.args), keywords=list(value.body.keywords))]
        if values or name not in _for_targets(self.model):
            return []
        loop = next(
            (
                node for node in self.model.source.of_type(ast.For)
                if isinstance(node.target, ast.Name) and node.target.id == name  # type: ignore[attr-defined]
                and any(n is call for n in ast_walk(node))
            ),
            None,
        )
        if loop is None:
            return []
        listed = loop.iter  # type: ignore[attr-defined]
        if isinstance(listed, ast.Name):
            bound = _name_values(self.model).get(listed.id, [])
            if len(bound) != 1 or any(
                isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == listed.id  # type: ignore[attr-defined]
                for n in self.model.source.of_type(ast.Attribute)
            ) or any(
                isinstance(n.target, ast.Name) and n.target.id == listed.id for n in self.model.source.of_type(ast.AugAssign)  # type: ignore[attr-defined]
            ) or any(
                isinstance(n.value, ast.Name) and n.value.id == listed.id and not isinstance(n.ctx, ast.Load)  # type: ignore[attr-defined]
                for n in self.model.source.of_type(ast.Subscript)
            ):
                return []  # (bound more than once, or changed: `callbacks.append(log)`)
            listed = bound[0]
        if not isinstance(listed, (ast.List, ast.Tuple)) or not listed.elts:
            return []
        if not all(
            isinstance(e, ast.Name) and e.id in facts.module_functions and not _name_values(self.model).get(e.id) for e in listed.elts
        ):
            return []
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return []
        return [ast.Call(func=e, args=list(call.args), keywords=list(call.keywords)) for e in listed.elts]

    def _table_calls(self, call: ast.Call, func: ast.Subscript, ctx: _Ctx) -> list[ast.Call]:
        """`self.phases[name](loader)` (or `loop.phases[...]`, `loop` bound only to `Loop(...)`, a
        class of the module) over a table the class's `__init__` binds once to its own methods
        (`_method_tables`), or `HANDLERS[name](data)` over one of the module's functions
        (`function_tables`), the key a string or the variable of a `for` over a literal tuple of
        strings nothing rebinds (`for name in ("train", "val"):`, or over a name bound once to
        such a tuple: `PHASES = ("train", "val")`), every key one of the table's:
        the calls `self.train_epoch(loader)`, `self.evaluate(loader)` in the tuple's order, as
        written at the call (the loop model's walk read the call as the entry touching gradients,
        `table_entry`, and left the subscript `func` on it). [] otherwise."""
        table = func.value
        if table.__class__ is ast.Name:
            # `HANDLERS[phase](data)` over `HANDLERS = {"train": train_epoch, "val": evaluate}`
            table_keys, names = function_tables(self.facts).get(table.id, ((), ()))  # type: ignore[attr-defined]
            entries: list[ast.expr] = list(names)
        elif table.__class__ is not ast.Attribute or table.value.__class__ is not ast.Name:
            return []
        else:
            table_keys, entries = self._method_table(table, ctx)
        if not entries:
            return []
        key = func.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            wanted = [key.value]
        elif isinstance(key, ast.Name):
            found = self._loop_keys(key.id, ctx, ctx.functions[-1] if ctx.via else None, call)
            if found is None:
                # `def run(self, phase): self.handlers[phase](...)` called as `self.run("val")`,
                # or as `self.run(phase)` in the caller's `for phase in ("train", "val"):`
                found = self._handed_key(key, ctx, call)
            if not found:
                return []
            wanted = found
        else:
            return []
        if any(k not in table_keys for k in wanted):
            return []
        return self._entry_calls(call, table, wanted, table_keys, entries)

    def _loop_keys(self, name: str, ctx: _Ctx, inside: ast.AST | None, called: ast.AST, holding: ast.AST | None = None) -> list[str] | None:
        """The keys a `for <name> in ("train", "val"):` around the walk gives `name` (a literal
        tuple or list of strings, or a name bound once to such a tuple, `PHASES`; nothing in the
        loop rebinding `name`): the loops entered in the walk, then the analysed one; with
        `inside`, a loop of that function only; with `holding`, a loop whose body holds that
        call. The walk runs the entries one after the other at `called`: so only when no other
        statement of the loop's body may switch a mode (`_quiet`), which would run between two
        entries. None when no such loop is found."""
        # (the loops entered in the walk, then the analysed one: `for name in ("train", "val"):`)
        around = (*ctx.loops, self.__dict__.get("_loop_node")) if ctx.via else (self.__dict__.get("_loop_node"), *ctx.loops)
        loop = next((n for n in reversed(around) if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and n.target.id == name), None)
        if loop is None:
            return None
        listed = loop.iter  # type: ignore[attr-defined]
        if listed.__class__ is ast.Name:
            # `for phase in PHASES:` with `PHASES = ("train", "val")`, bound once, no parameter of that name
            bound = _name_values(self.model).get(listed.id, [])
            if len(bound) != 1 or bound[0].__class__ is not ast.Tuple or any(
                a.arg == listed.id for a in self.model.source.of_type(ast.arg)  # type: ignore[attr-defined]
            ):
                return None
            listed = bound[0]
        if not isinstance(listed, (ast.Tuple, ast.List)) or not listed.elts:
            return None
        if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in listed.elts):
            return None
        if inside is not None and not any(n is loop for n in ast_walk(inside)):
            return None  # (a loop of a caller: the name is the helper's own)
        if holding is not None and (
            any(n is loop for n in ast_walk(ctx.functions[-1])) or not any(n is holding for stmt in loop.body for n in ast_walk(stmt))  # type: ignore[attr-defined]
        ):
            return None  # (the caller's loop must hold the call that entered the helper)
        if any(
            isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) or isinstance(n, ast.NamedExpr) and n.target.id == name
            for stmt in loop.body  # type: ignore[attr-defined]
            for n in ast_walk(stmt)
        ):
            return None  # (rebound in the loop)
        held = holding if holding is not None else called
        if not self._quiet([stmt for stmt in loop.body if not any(n is held for n in ast_walk(stmt))]):  # type: ignore[attr-defined]
            return None  # (`for name in ("val", "train"): phases[name](); model.train()`: between the entries)
        return [e.value for e in listed.elts]  # type: ignore[attr-defined]

    def _quiet(self, statements: list[ast.stmt]) -> bool:
        """No statement's text switches a mode (`.train(`, `.eval(`) or names a function of
        the module that may (`_switching_functions`)."""
        if not statements:
            return True
        source = self.model.source
        names = _switching_functions(self.model)
        for stmt in statements:
            text = source.segment(stmt)
            if ".train(" in text or _evaluates(text) or any(n in text for n in names):
                return False
        return True

    def _handed_key(self, key: ast.Name, ctx: _Ctx, call: ast.Call) -> list[str] | None:
        """The keys a helper's parameter `key` was handed by the call the walk entered it
        through: the string (`self.run("val")` for `def run(self, phase)`), or the variable of
        the caller's `for` over literal strings that holds the call (`for phase in ("train",
        "val"): self.run(phase)`, `_loop_keys`), when nothing in the helper rebinds the
        parameter; else None."""
        if not ctx.via or not ctx.functions:
            return None
        helper = ctx.functions[-1]
        if key.id not in function_params(helper):  # type: ignore[arg-type]
            return None
        value = dict(ctx.mapping).get(key.id)
        if value is None or len(value) < 2:
            return None
        if any(isinstance(n, ast.Name) and n.id == key.id and not isinstance(n.ctx, ast.Load) or isinstance(n, ast.NamedExpr) and n.target.id == key.id for n in ast_walk(helper)):
            return None  # (rebound in the helper)
        if value.isidentifier():
            # (the helper's other statements run around each entry too)
            if not self._quiet([stmt for stmt in helper.body if not any(n is call for n in ast_walk(stmt))]):  # type: ignore[attr-defined]
                return None
            return self._loop_keys(value, ctx, None, call, holding=ctx.via[-1])
        if value[0] not in "'\"" or value[-1] != value[0] or "\\" in value or value[0] in value[1:-1]:
            return None
        return [value[1:-1]]

    def _entry_calls(self, call: ast.Call, table: ast.expr, wanted: list[str], table_keys: list[str], entries: list[ast.expr]) -> list[ast.Call]:
        """The calls of the table's entries the keys `wanted` reach, in order, as written at `call`."""
        calls = []
        for k in wanted:
            entry = entries[table_keys.index(k)]
            if entry.__class__ is ast.Name:
                method: ast.expr = ast.Name(id=entry.id, ctx=ast.Load())  # type: ignore[attr-defined]
            else:
                method = ast.Attribute(value=table.value, attr=entry.attr, ctx=ast.Load())  # type: ignore[attr-defined]
            each = ast.Call(func=method, args=list(call.args), keywords=list(call.keywords))
            for node in (method, each):
                for field_name in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
                    setattr(node, field_name, getattr(call, field_name, None))
            calls.append(each)
        return calls

    def _method_table(self, table: ast.Attribute, ctx: _Ctx) -> tuple[list[str], list[ast.expr]]:
        """`self.phases` (or `loop.phases`, `loop` bound only to `Loop(...)`, a class of the
        module) that the class's `__init__` binds to a table of its methods: its keys and
        entries, in order; else two empty lists."""
        owner = table.value.id  # type: ignore[attr-defined]
        if owner == "self":
            class_name = ctx.class_name
        else:
            values = assigned_values(self.model, owner)
            class_name = call_name(values[0]) if len(values) == 1 and isinstance(values[0], ast.Call) else None
            if class_name not in self.facts.classes:
                return [], []
        if not class_name or table.attr not in _method_tables(self.facts, class_name):
            return [], []
        return self.facts.__dict__["_method_table_keys"][class_name, table.attr], list(_method_tables(self.facts, class_name)[table.attr])

    def _torch_submodule(self, recv: ast.expr, method: str, ctx: _Ctx) -> bool:
        """`self.dropout_net(x)` where `self.dropout_net` is no method of the class but a torch
        module built in it (every binding `nn.Sequential(...)`, `nn.Dropout(0.1)`): the call runs
        that module's forward, which switches no mode, whatever its name says."""
        if not (isinstance(recv, ast.Name) and recv.id == "self" and ctx.class_name and ctx.functions):
            return False
        if (ctx.source is not None and ctx.source is not self.model.source) or "self" in dict(ctx.mapping):
            return False
        if method in self.facts.methods.get(ctx.class_name, {}):
            return False
        bindings = assignments(self.model).bindings(f"self.{method}", ctx.functions[-1])
        qualify = self.facts.imports.qualify
        for binding in bindings:
            value = binding.value
            written = dotted(value.func) if isinstance(value, ast.Call) else None
            name = qualify(written) if written else None
            if not (name and name.startswith("torch.nn.") and name.rsplit(".", 1)[-1][:1].isupper()):
                return False
        return bool(bindings)

    def _has_lambdas(self) -> bool:
        found = self.model.__dict__.get("_mode_has_lambda")  # (once per model)
        if found is None:
            found = self.model.__dict__["_mode_has_lambda"] = "lambda" in self.model.source.text
        return found

    def _lambda_switches(self, name: str) -> list[str]:
        """The modules a lambda bound to `name` switches (`lambda: model.train()`)."""
        cache = self.model.__dict__.setdefault("_mode_lambdas", {})  # (once per model and name)
        if name not in cache:
            source = self.model.source
            keys: list[str] = []
            for value in assigned_values(self.model, name):
                if isinstance(value, ast.Lambda):
                    for node in ast_walk(value.body):
                        if isinstance(node, ast.Call) and method_name(node) in ("train", "eval", "requires_grad_"):
                            recv = receiver(node)
                            if recv is not None and dotted(recv) is not None:
                                keys.append(source.key(recv))
            cache[name] = keys
        return cache[name]

    def _shared_global(self, name: str, ctx: _Ctx) -> bool:
        """A helper of this file reads `name` without binding it (`def evaluate(): model.eval()`),
        and the analysed loop's code sees the same binding: the loop is at module level, the
        helper is nested in the loop's function (a closure), or that function does not bind the
        name either (both read the module's)."""
        if ctx.source is not None and ctx.source is not self.model.source:
            return False  # a helper of another file reads that file's globals
        helper = ctx.functions[-1]
        if not self._function_answer(_free_in, helper, name):
            return False
        outer = ctx.functions[0] if len(ctx.functions) > 1 and ctx.functions[0] is not helper else None
        if outer is None or self._function_answer(_free_in, outer, name):
            return True
        return helper is not outer and encloses(outer, helper)

    def _function_answer(self, ask, function: ast.AST, name: str):  # type: ignore[no-untyped-def]
        """`ask(function, name)` (`_free_in`, `_local_alias`: each a whole-function walk that reads
        nothing but the function's own tree), answered once per model for each function and name:
        the walks of a model's loops ask the same ones again (a helper inlined from two loops)."""
        answers = self.model.__dict__.setdefault("_function_answers", {})
        key = (ask, id(function), name)
        known = answers.get(key)
        if known is not None and known[0] is function:
            return known[1]
        found = ask(function, name)
        answers[key] = (function, found)
        return found

    def _mode_function(self, call: ast.Call) -> bool:
        """`model.apply(fn)` where `fn` sets modes (a BN freezing helper)."""
        if not call.args:
            return False
        fn = call.args[0]
        name = dotted(fn)
        if name is None:
            return isinstance(fn, ast.Lambda) and _calls_mode(fn)
        if _MODE_HELPER.search(name.rsplit(".", 1)[-1]):
            return True
        info = self.facts.module_functions.get(name)
        return info is not None and _calls_mode(info.node)

    # helpers -----------------------------------------------------------------------
    def resolve(self, call: ast.Call, ctx: _Ctx) -> FunctionInfo | None:
        func = call.func
        if self.model.handed_classes and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and ctx.functions:
            # `module.training_step(batch, i)`, `module` a parameter every call of the loop's
            # function in other modules hands an object of one class of the project (in a
            # helper, `validate(module, loader)`: the caller's name for it)
            name = dict(ctx.mapping).get(func.value.id, "") if ctx.via else func.value.id
            handed = self.model.handed_classes.get((id(ctx.functions[0]), name)) if name.isidentifier() else None
            if handed is not None:
                found = handed[0].methods.get(handed[1], {}).get(func.attr)
                if found is not None:
                    self.__dict__.setdefault("_handed_calls", set()).add(id(call))  # its `self` is the object
                return found
        if ctx.source is not None and ctx.source is not self.model.source:
            # inside a helper of another module: its names are that module's (`train_one_epoch`
            # of engine.py calling `_update` beside it)
            facts = self.foreign_facts.get(id(ctx.source))
            if (
                facts is not None and ctx.class_name and isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name) and func.value.id == "self"
            ):  # fmt: skip
                # `self.step(x, y)` in a method of a class of that module: its own method
                found = facts.methods.get(ctx.class_name, {}).get(func.attr)
                return found if found is not None and not static_or_class(found.node) else None
            if facts is None or not isinstance(func, ast.Name):
                return None
            found = facts.module_functions.get(func.id)
            if found is None and func.id in facts.imports.aliases:
                found = _imported_switch(func.id, self.model, facts, hops=1)  # one it imports in turn
            return found
        if ctx.class_name and own_method(call) == "__call__":
            # `loss = self(x, y)` in a method: the object calls itself, its class's `__call__`
            # (read as `self.__call__(x, y)` is, below)
            found = overriding(self.facts, ctx.class_name, self.facts.methods.get(ctx.class_name, {}).get("__call__"), "__call__")
            return found or _inherited(self.facts, ctx.class_name, "__call__") or _project_inherited(self.facts, ctx.class_name, "__call__")
        if func.__class__ is ast.Subscript and ctx.source is None:
            # `STEPS[self.kind](self, batch)`: the function a decorator of the module registered
            name = decorated_entry(func, self.facts)
            if name is None or any(func.value.id in (a.arg for a in ast_walk(f) if isinstance(a, ast.arg)) for f in ctx.functions):  # type: ignore[attr-defined]
                return None
            return self.facts.module_functions.get(name)
        if isinstance(func, ast.Name):
            for function in reversed(ctx.functions):
                local = self.facts.local_functions.get(id(function), {}).get(func.id)
                if local is not None:
                    return local
            nested = self.model.__dict__.get("_mode_nested")  # (once per model, not per walk)
            if nested is None:
                nested = self.model.__dict__["_mode_nested"] = {id(i.node) for d in self.facts.local_functions.values() for i in d.values()}
            if ctx.functions and id(ctx.functions[0]) in nested:
                # the loop's function nested in another (`def train(...)` inside `main()`): the
                # enclosing ones' local functions (`validation(model)`, defined beside it)
                owner = self.model.source.owner_of(ctx.functions[0])  # type: ignore[arg-type]
                while isinstance(owner, FUNCTIONS):
                    local = self.facts.local_functions.get(id(owner), {}).get(func.id)
                    if local is not None:
                        return local
                    owner = self.model.source.owner_of(owner)
            found = self.facts.module_functions.get(func.id) or _imported_switch(func.id, self.model)
            # `verify(step, model)` with `verify = Verifier(...)`: the class's `__call__`
            return found if found is not None else _callable_object(func.id, self.model)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self" and ctx.class_name:
            found = overriding(self.facts, ctx.class_name, self.facts.methods.get(ctx.class_name, {}).get(func.attr), func.attr)
            if found is None and self.facts.bound_in_class:
                # `validate = staticmethod(_evaluate)` in the class body: `_evaluate`
                found = self.facts.bound_in_class.get(ctx.class_name, {}).get(func.attr)
            # `self.evaluate()` in a subclass: the method a base class of the file defines, or
            # else one of another module of the project (a mixin's `validate` in mixins.py)
            if found is None:
                found = _inherited(self.facts, ctx.class_name, func.attr) or _project_inherited(self.facts, ctx.class_name, func.attr)
            return None if _undecided(found, func.attr) else found
        if (
            isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "cls"
            and ctx.class_name and ctx.functions and class_method(ctx.functions[-1])
        ):  # fmt: skip
            # `cls.end_epoch(epoch)` in a `@classmethod`: a class method of its own class
            found = self.facts.methods.get(ctx.class_name, {}).get(func.attr) or _inherited(self.facts, ctx.class_name, func.attr)
            return found if found is not None and class_method(found.node) and not _undecided(found, func.attr) else None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in self.facts.classes:
            # `Trainer.evaluate(model, loader)`: a static or class method of a class of the file
            found = self.facts.methods.get(func.value.id, {}).get(func.attr) or _inherited(self.facts, func.value.id, func.attr)
            if found is None and self.facts.bound_in_class:
                # `Session.measure(model, loader)` of `measure = staticmethod(_score)`: `_score`
                bound = self.facts.bound_in_class.get(func.value.id, {}).get(func.attr)
                return bound if bound is not None and bound.params[:1] != ["self"] else None
            return found if found is not None and static_or_class(found.node) and not _undecided(found, func.attr) else None
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.attr[:1].islower()
            and self.facts.imports.aliases.get(func.value.id, "").lstrip(".").split(".", 1)[0] not in _NOT_PROJECT_ROOTS
        ):
            return _imported_switch(f"{func.value.id}.{func.attr}", self.model)  # `import helpers as H`; `H.evaluate(model)`
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id not in self.facts.imports.aliases:
            return self._object_method(func.value.id, func.attr)
        return None

    def _object_method(self, name: str, method: str) -> FunctionInfo | None:
        """`cb.on_epoch_end(model)` with `cb` bound only to `ValCallback(...)`, a class of the
        module with no base but `object`, or one imported from another module of the project
        (`from callbacks import ValCallback`) whose method switches a module to eval mode: that
        class's method."""
        plain = self.model.__dict__.get("_mode_plain_classes")
        if plain is None:  # classes of the module with no base but `object`, by method name (once per model)
            plain = self.model.__dict__["_mode_plain_classes"] = {
                method_name
                for class_name, node in self.facts.classes.items()
                if all(dotted(base) == "object" for base in node.bases)
                for method_name in self.facts.methods.get(class_name, {})
            }
        if method not in plain:
            # no plain class of the module has it (most calls: `model.eval()`, `loss.item()`):
            # perhaps one imported from another module of the project (asked once per name and
            # method, from the module's names read in one pass)
            if not _may_call_objects(self.model):
                return None
            # (the object's training method too, `t.train_batch(x, y)` beside `t.validate(...)`:
            # the walk sees its forward and backward after the evaluation's switch)
            return _imported_object_method(name, method, self.model) or _imported_object_method(name, method, self.model, training=True)
        values = assigned_values(self.model, name)
        if not values:
            # `with Trainer(model) as trainer:` (its `__enter__` returning `self`), the name's one binding
            built = self._entered_object(name)
            values = [built] if built is not None else []
        classes = {call_name(v) if isinstance(v, ast.Call) else None for v in values}
        if len(classes) != 1:
            return None
        class_name = classes.pop()
        node = self.facts.classes.get(class_name or "")
        if node is None or any(dotted(base) != "object" for base in node.bases):
            return None
        return self.facts.methods.get(class_name, {}).get(method)  # type: ignore[arg-type]

    def inline(self, call: ast.Call, helper: FunctionInfo, ctx: _Ctx, factory: tuple[ast.Call, list[str]] | None = None) -> None:
        """Walk a helper's body as part of the caller, its parameters mapped to the caller's
        arguments; `factory`: the call of the module function that defined the helper and
        returned it, and that function's parameters, which the helper's free names are mapped
        to the arguments of."""
        if len(self.visiting) >= MAX_DEPTH or id(helper.node) in self.visiting:
            self.emit(ModeKind.UNSURE, tuple(self._argument_keys(call, ctx)) or ("",), call, ctx)
            return
        params = list(helper.params)
        if helper.class_name is not None and params and params[0] in ("self", "cls"):
            params = params[1:]
        mapping: dict[str, str] = {}
        if factory is not None:
            made_by, outer = factory
            if not any(isinstance(a, ast.Starred) for a in made_by.args):
                for index, arg in enumerate(made_by.args):
                    if index < len(outer) and outer[index] not in params:
                        mapping[outer[index]] = self.key(arg, ctx)
            for kw in made_by.keywords:
                if kw.arg is not None and kw.arg not in params:
                    mapping[kw.arg] = self.key(kw.value, ctx)
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                break
            if index < len(params):
                mapping[params[index]] = self.key(arg, ctx)
        for kw in call.keywords:
            if kw.arg is not None:
                mapping[kw.arg] = self.key(kw.value, ctx)
        vararg = helper.node.args.vararg
        if vararg is not None and not any(isinstance(arg, ast.Starred) for arg in call.args):
            extra = call.args[len(params) :]
            if extra and all(dotted(arg) is not None for arg in extra):
                mapping[f"*{vararg.arg}"] = "\0".join(self.key(arg, ctx) for arg in extra)  # `evaluate(enc, dec)` for `*modules`
        _constant_defaults(helper.node, mapping, helper.source or self.model.source)
        if helper.class_name is not None and "self" in dict(ctx.mapping):
            mapping["self"] = dict(ctx.mapping)["self"]
            if helper.class_name == ctx.class_name and ctx.via:
                # `self.step(x, y)` in `engine.run(loader)`: the same object, its modules as
                # the loop named them (`self.model` -> `model`)
                mapping.update((k, v) for k, v in ctx.mapping if k.startswith("self."))
        elif helper.class_name is not None and helper.class_name == ctx.class_name and ctx.via:
            mapping.update((k, v) for k, v in ctx.mapping if k.startswith("self."))  # `self.helper()` of the same object
        elif helper.class_name is not None and id(call) in self.__dict__.get("_handed_calls", ()):
            mapping["self"] = self.key(call.func.value, ctx)  # type: ignore[attr-defined]  # `module.training_step(b)`: `self` is `module`
        elif helper.class_name is not None and not ctx.via:
            mapping.update(self._held_modules(call, helper))  # `task.validation_epoch(loader)`
        for param in _copied_params(helper, mapping, helper.source or self.model.source):
            mapping[param] = mapping[param] + "@copy"  # `model = deepcopy(model)`: the helper's own copy from there on
        no_grad = ctx.no_grad or any(_is_no_grad(d, self.facts.imports.qualify) for d in helper.node.decorator_list)
        inner = ctx._replace(
            via=ctx.via + (call,),
            mapping=tuple(mapping.items()),
            functions=ctx.functions + (helper.node,),
            class_name=helper.class_name or ctx.class_name,
            source=helper.source if helper.source is not self.model.source else ctx.source,
            no_grad=no_grad,
        )
        tested = self._none_tested(helper)
        if tested is not None:
            # `def run_epoch(model, loader, opt=None): training = opt is not None; if training: ...`
            # called as `run_epoch(model, tr, opt)` then `run_epoch(model, va)`: each call's arms
            # (held in `mapping` under `_FLAG` + name: a field more would cost every `_replace`)
            flags = self._call_flags(call, helper, params, mapping, tested, inner, ctx)
            if flags:
                inner = inner._replace(mapping=inner.mapping + flags)
        if helper.facts is not None and helper.source is not None and helper.source is not self.model.source:
            self.foreign_facts[id(helper.source)] = helper.facts
        self.visiting.append(id(helper.node))
        self.helpers[id(call)] = helper.node
        try:
            self.block(helper.node.body, inner)
        finally:
            self.visiting.pop()

    def _none_tested(self, helper: FunctionInfo) -> tuple[frozenset[str], list[tuple[str, ast.expr]]] | None:
        """The parameters defaulting to `None` a helper compares to it (`if optimizer is None:`)
        or tests for truth (`if optimizer:`, `bool(optimizer)`), and the flags its body binds
        once, at its top level, to a test of those or of a parameter with a constant default
        (`training = optimizer is not None`, `training = train`), once per model for each
        helper; None when it has neither."""
        answers = self.model.__dict__.setdefault("_mode_none_tested", {})
        node = helper.node
        known = answers.get(id(node))
        if known is not None and known[0] is node:
            return known[1]  # type: ignore[no-any-return]
        found = None
        args = node.args  # type: ignore[attr-defined]
        positional_args = [*args.posonlyargs, *args.args]
        pairs = [*zip(positional_args[len(positional_args) - len(args.defaults) :], args.defaults), *zip(args.kwonlyargs, args.kw_defaults)]
        # (parameters defaulting to a constant, read from the signature first: most helpers have none)
        params = {a.arg for a, d in pairs if isinstance(d, ast.Constant) and d.value is None}
        constants = {a.arg for a, d in pairs if isinstance(d, ast.Constant) and isinstance(d.value, (bool, int, str))}
        text = (helper.source or self.model.source).segment(node) if params else ""
        truth = [p for p in params if f"if {p}" in text or f"not {p}" in text or f"bool({p})" in text]
        # `training = train` at the top: a flag over a parameter with a constant default
        over_constants = constants and any(
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and (_flag_operand(stmt.value) or "") in constants
            for stmt in node.body  # type: ignore[attr-defined]
        )
        if "is None" in text or "is not None" in text or truth or over_constants:
            compared: set[str] = set()
            stored: dict[str, int] = {}
            nested = False
            for n in ast_walk(node):
                if isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], (ast.Is, ast.IsNot)):
                    left, right = n.left, n.comparators[0]
                    if isinstance(right, ast.Constant) and right.value is None and isinstance(left, ast.Name) and left.id in params:
                        compared.add(left.id)
                elif isinstance(n, (ast.If, ast.IfExp, ast.While)) and truth:
                    test = n.test.operand if isinstance(n.test, ast.UnaryOp) and isinstance(n.test.op, ast.Not) else n.test
                    if isinstance(test, ast.Name) and test.id in params:
                        compared.add(test.id)  # `if optimizer:` / `if not optimizer:`
                elif isinstance(n, ast.Call) and truth and isinstance(n.func, ast.Name) and n.func.id == "bool" and len(n.args) == 1:
                    if isinstance(n.args[0], ast.Name) and n.args[0].id in params and not n.keywords:
                        compared.add(n.args[0].id)
                elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                    stored[n.id] = stored.get(n.id, 0) + 1
                elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) and n is not node:
                    nested = True  # (a nested scope may read or rebind the names: not decided)
                    break
            flags = [
                (stmt.targets[0].id, stmt.value)
                for stmt in node.body  # type: ignore[attr-defined]
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and stored.get(stmt.targets[0].id) == 1 and stmt.targets[0].id not in params and stmt.targets[0].id not in constants
                and _readable_flag(stmt.value, compared, constants, stored)
            ] if not nested else []
            if not nested and (compared or flags):
                found = (frozenset(compared), flags)
        answers[id(node)] = (node, found)
        return found

    def _call_flags(
        self, call: ast.Call, helper: FunctionInfo, params: list[str], mapping: dict[str, str],
        tested: tuple[frozenset[str], list[tuple[str, ast.expr]]], inner: _Ctx, ctx: _Ctx,
    ) -> tuple[tuple[str, str], ...]:
        """What this call decides of the parameters the helper compares to `None`: left to a
        `None` default, or given an object the caller built (`opt` bound only to constructor
        calls in this module, or the call itself); then the flags bound once to a test of them."""
        compared, bound = tested
        given: dict[str, ast.expr] = {}
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                return ()
            if index < len(params):
                given[params[index]] = arg
        given.update((kw.arg, kw.value) for kw in call.keywords if kw.arg is not None)
        flags: dict[str, str] = {}
        for name in compared:
            arg = given.get(name)
            if arg is None:
                if mapping.get(name) == "None":
                    flags[_FLAG + name] = "None"  # left to its default
            elif isinstance(arg, ast.Constant) and isinstance(arg.value, (bool, int, str, type(None))):
                flags[_FLAG + name] = repr(arg.value)
            elif isinstance(arg, ast.Call) or not ctx.via and dotted(arg) is not None and self._built_object(arg):
                # an optimizer built in place or by every binding of the name is true
                # (`if optimizer:`); any other object's truth is its own
                flags[_FLAG + name] = _OPTIMIZER if _an_optimizer_built(arg, self.facts) else _NOT_NONE
        if not flags and not bound:
            return ()
        decided = inner._replace(mapping=inner.mapping + tuple(flags.items()))
        for name, value in bound:
            truth = _decided(value, decided)
            if truth is not None:
                flags[_FLAG + name] = repr(truth)
                decided = inner._replace(mapping=inner.mapping + tuple(flags.items()))
        return tuple(flags.items())

    def _built_object(self, arg: ast.expr) -> bool:
        """A name of the loop's code every binding of which in this module is a constructor-like
        call (`opt = torch.optim.SGD(...)`, `self.optimizer = build_optimizer(cfg)`): never `None`."""
        values = assigned_values(self.model, self.model.source.key(arg))
        return bool(values) and all(isinstance(v, ast.Call) for v in values)

    def _entered_statements(self, name: str) -> list[ast.stmt]:
        """The `with` statements binding `name` (`with Trainer(model) as name:`), anywhere in the module."""
        index = assignments(self.model)
        return [b.statement for b in index.by_key.get(name, []) if b.value is None and isinstance(b.statement, WITHS)]

    def _entered_object(self, name: str) -> ast.Call | None:
        """`Trainer(model)` when the name's one binding in the module is `with Trainer(model) as
        name:`, `Trainer` a class of the module whose own `__enter__` returns `self` only."""
        index = assignments(self.model)
        bindings = index.by_key.get(name, [])
        if len(bindings) != 1 or bindings[0].value is not None or not isinstance(bindings[0].statement, WITHS):
            return None
        return built_object(name, bindings[0].scope, self.model)

    def _beside_loop(self, stmt: ast.stmt) -> bool:
        """The statement belongs to the analysed loop's function (or, for a loop at module
        level, to the module's own code): the names it reads are the loop's."""
        owner: ast.AST | None = stmt
        while owner is not None and not isinstance(owner, (*FUNCTIONS, ast.ClassDef, ast.Module)):
            owner = self.model.source.owner_of(owner)  # type: ignore[arg-type]
        loop_function = self.__dict__.get("_loop_function")
        return owner is (loop_function if loop_function is not None else self.model.source.tree)

    def _held_modules(self, call: ast.Call, helper: FunctionInfo) -> dict[str, str]:
        """`task.validation_epoch(loader)` with `task = Task(model)` (its one binding, in the
        loop's own function or module level) and `self.net = net` in `Task.__init__`, the one
        binding of `self.net` in the class: `self.net` -> `model`, the module the loop names."""
        func = call.func
        class_name = helper.class_name
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            holder = func.value.id
        elif isinstance(func, ast.Name) and helper.node.name == "__call__":
            holder = func.id  # `runner(train, val)`: the object's `__call__`, its `self` the object
        else:
            return {}
        if holder == "self" or not class_name:
            return {}
        facts = self.facts
        if helper.source is not None and helper.source is not self.model.source:
            # `t = Trainer(model, opt)` with `Trainer` imported from another module of the
            # project: its `__init__` there says what `self.model` holds
            if helper.facts is None or helper.source is not helper.facts.source:
                return {}
            facts = helper.facts
        init = facts.methods.get(class_name, {}).get("__init__")
        class_node = facts.classes.get(class_name)
        if init is None or class_node is None:
            return {}
        statements = [
            stmt for stmt in assignment_statements(self.model)
            if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == holder for t in stmt.targets)
        ]
        entered = self._entered_object(holder) if not statements and not assigned_values(self.model, holder) else None
        if entered is not None:
            # `with Trainer(model) as trainer:`, the name's one binding, the statement that binds it
            statements = [stmt for stmt in self._entered_statements(holder) if any(i.context_expr is entered for i in stmt.items)]  # type: ignore[attr-defined]
        elif len(statements) != 1 or len(assigned_values(self.model, holder)) != 1:
            return {}
        if len(statements) != 1:
            return {}
        built = entered if entered is not None else statements[0].value  # type: ignore[attr-defined]
        if not (isinstance(built, ast.Call) and call_name(built) == class_name):
            return {}
        if facts is not self.facts and not (self.facts.imports.qualify(class_name) or "").endswith(f".{class_name}"):
            return {}  # (the name is the imported class, not one bound otherwise)
        if not self._beside_loop(statements[0]):
            return {}  # built elsewhere: its names may be others
        args = init.node.args
        positional_params = [a.arg for a in (*args.posonlyargs, *args.args)][1:]
        given: dict[str, ast.expr] = {}
        for index, arg in enumerate(built.args):
            if isinstance(arg, ast.Starred):
                break
            if index < len(positional_params):
                given[positional_params[index]] = arg
        given.update((kw.arg, kw.value) for kw in built.keywords if kw.arg is not None)
        held: dict[str, str] = {"self": holder}  # `agent.act(state)`: its `self.net` is `agent.net`
        counts: dict[str, int] = {}
        for node in ast_walk(class_node):
            if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                name = dotted(node)
                if name is not None and name.startswith("self."):
                    counts[name] = counts.get(name, 0) + 1
        for stmt in init.node.body:
            stored = stored_parameter(stmt.value, init.node) if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
            if stored is not None and stored in given:
                target = dotted(stmt.targets[0])  # type: ignore[attr-defined]
                arg = given[stored]
                if target is not None and target.count(".") == 1 and target.startswith("self.") and counts.get(target) == 1:
                    if dotted(arg) is not None:
                        held[target] = self.model.source.key(arg)
        return held

    def _argument_keys(self, call: ast.Call, ctx: _Ctx) -> list[str]:
        keys = []
        for value in [*positional(call), *[k.value for k in call.keywords]]:
            if dotted(value) is not None:
                keys.append(self.key(value, ctx))
        recv = receiver(call)
        if recv is not None and dotted(recv) is not None:
            keys.append(self.key(recv, ctx))
        return keys


def _callable_object(name: str, model: ModuleModel) -> FunctionInfo | None:
    """`verify(step, model)` with `verify` bound only to `Verifier(...)`, a plain class (no base
    but `object`) of the module, or one imported from another module of the project, whose
    `__call__` may switch a module to eval mode: that `__call__` (asked once per name)."""
    cache: dict[str, FunctionInfo | None] = model.__dict__.setdefault("_callable_objects", {})
    if name in cache:
        return cache[name]
    cache[name] = None
    facts = model.facts
    if not _may_call_objects(model) or name in facts.imports.aliases:
        return None
    classes = {call_name(v) if isinstance(v, ast.Call) else None for v in _name_values(model).get(name, ())}
    if len(classes) != 1:
        return None
    class_name = classes.pop()
    if not class_name:
        return None
    if class_name in facts.classes:
        if "__call__" not in _switching_functions(model):
            return None
        node, methods = facts.classes[class_name], facts.methods.get(class_name, {})
    else:
        found = _imported_class(class_name, "__call__", facts)
        if found is None:
            return None
        node, methods = found
    if node is None or any(dotted(base) != "object" for base in node.bases):
        return None
    info = methods.get("__call__")
    if info is None or (info.source is not model.source and not _evaluates((info.source or model.source).segment(info.node))):
        return None
    cache[name] = info
    return info


def _imported_object_method(name: str, method: str, model: ModuleModel, training: bool = False) -> FunctionInfo | None:
    """`cb.on_epoch_end(model)` with `cb` bound only to `EvalCallback(...)`, a plain class (no
    base but `object`) imported from another module of the project, whose `method` switches a
    module to eval mode: that method (asked once per name and method). With `training`, a
    method of such a class (its module switching some module to eval mode) that backpropagates
    instead (`t.train_batch(x, y)` of a `Trainer` whose `validate` calls `self.model.eval()`)."""
    cache: dict[tuple[str, str, bool], FunctionInfo | None] = model.__dict__.setdefault("_imported_object_methods", {})
    if (name, method, training) in cache:
        return cache[name, method, training]
    cache[name, method, training] = None
    facts = model.facts
    if not _may_call_objects(model) or name in facts.imports.aliases or name in facts.classes or name == "self":
        return None
    classes = {call_name(v) if isinstance(v, ast.Call) else None for v in _name_values(model).get(name, ())}
    if len(classes) != 1:
        return None
    class_name = classes.pop()
    if not class_name or class_name in facts.classes:
        return None
    found = _imported_class(class_name, method, facts)
    if found is None or found[0] is None or any(dotted(base) != "object" for base in found[0].bases):
        return None
    info = found[1].get(method)
    if info is None or info.source is None:
        return None
    text = info.source.segment(info.node)
    if not (".backward(" in text if training else _evaluates(text)):
        if not training or "self." not in text:
            return None
        # `engine.run(loader)`, whose loop calls `self.step(x, y)` that backpropagates: a
        # method of the same class, one call away
        others = [other for other_name, other in found[1].items() if other_name != method and f"self.{other_name}(" in text]
        if not any(other.source is not None and ".backward(" in other.source.segment(other.node) for other in others):
            return None
    cache[name, method, training] = info
    return info


def _imported_class(class_name: str, method: str, facts: ModuleFacts) -> tuple[ast.ClassDef | None, dict[str, FunctionInfo]] | None:
    """The class `class_name` (`Verifier`, `callbacks.Verifier`) the module imports from another
    module of the project, and its methods, when that module's text says `method` and switches
    a module to eval mode (`.eval(`): most classes built are models, whose module is not parsed
    for this."""
    root = class_name.split(".", 1)[0]
    qualified = facts.imports.qualify(class_name)
    whole = "." in class_name and facts.imports.aliases.get(root) == root  # `import callbacks`: `callbacks.Verifier`
    if (
        facts.project is None or not qualified or (qualified == class_name and not whole)
        or qualified.lstrip(".").split(".", 1)[0] in LIBRARY_ROOTS
    ):
        return None
    module_name = qualified.rsplit(".", 1)[0]
    path = facts.project.module_file(module_name, facts.source.path or None) if module_name != qualified else None
    data = facts.project.read(path) if path is not None else None
    if data is None or (not path.endswith("__init__.py") and not (method.encode() in data and b".eval(" in data)):  # type: ignore[union-attr]
        return None
    found = facts.project.definition(qualified, facts.source.path or None)
    if found is None:
        return None
    module, defined = found
    return module.facts.classes.get(defined), module.facts.methods.get(defined, {})


def _for_targets(model: ModuleModel) -> set[str]:
    """Every string `t` such that the module's text says `for t in ` (a name is in it exactly
    when `f"for {name} in " in text`: a name has no blank, so the first blank after `for `
    ends it). Read once per model instead of once per called name."""
    found: set[str] | None = model.__dict__.get("_for_targets")
    if found is None:
        found = model.__dict__["_for_targets"] = set()
        text = model.source.text
        at = text.find("for ")
        while at != -1:
            end = text.find(" ", at + 4)
            if end == -1:
                break
            if text.startswith(" in ", end):
                found.add(text[at + 4 : end])
            at = text.find("for ", at + 1)
    return found


def _name_values(model: ModuleModel) -> dict[str, list[ast.expr]]:
    """What `assigned_values` answers for every plain name of the module, in one pass over its
    assignments (built once per model: the callable-object and partial lookups ask it for every
    name a loop calls)."""
    found = model.__dict__.get("_name_values")
    if found is None:
        found = {}
        for stmt in assignment_statements(model):
            for target in stmt.targets if stmt.__class__ is ast.Assign else [stmt.target]:  # type: ignore[attr-defined]
                if target.__class__ is ast.Name:
                    found.setdefault(target.id, []).append(stmt.value)  # type: ignore[attr-defined]
        model.__dict__["_name_values"] = found
    return found


def says_evaluator(model: ModuleModel) -> bool:
    """Whether the file says `create_supervised_evaluator` at all (read once per model)."""
    says = model.__dict__.get("says_evaluator")
    if says is None:
        says = model.__dict__["says_evaluator"] = "create_supervised_evaluator" in model.source.text
    return says


_IGNITE_EVALUATORS = ("ignite.engine.create_supervised_evaluator", "ignite.engine.__init__.create_supervised_evaluator")


def ignite_evaluated(engine: ast.expr, model: ModuleModel) -> ast.expr | None:
    """The module an Ignite supervised evaluator runs in eval mode: `create_supervised_evaluator(net,
    ...)` itself, or a name the file binds once, to that call (`net`, when it is a name or an
    attribute). Its update (`supervised_evaluation_step`) calls `net.eval()` at each batch."""
    value: ast.expr | None = strip_same_module(engine)
    if isinstance(value, ast.Name):
        bindings = assignments(model).by_key.get(value.id, [])
        value = bindings[0].value if len(bindings) == 1 else None
    if not isinstance(value, ast.Call) or (model.facts.imports.qualify(call_name(value)) or "") not in _IGNITE_EVALUATORS:
        return None
    if any(isinstance(a, ast.Starred) for a in value.args) or any(k.arg is None for k in value.keywords):
        return None
    module = value.args[0] if value.args else next((k.value for k in value.keywords if k.arg == "model"), None)
    return module if module is not None and dotted(module) is not None else None


def _says_partial(model: ModuleModel) -> bool:
    """Whether the file says `partial(` at all (read once per model)."""
    says = model.__dict__.get("_says_partial")
    if says is None:
        says = model.__dict__["_says_partial"] = "partial(" in model.source.text
    return says


def _partial_switches(name: str, model: ModuleModel) -> tuple[ast.expr, ...]:
    """The modules whose mode a call of `name` may switch when it is bound to `functools.partial`
    over a method named like a switch (`back = partial(model.train, True)`: `model`), asked only
    in files that say `partial`."""
    cache: dict[str, tuple[ast.expr, ...]] = model.__dict__.setdefault("_partial_switches", {})
    if name in cache:
        return cache[name]
    found: list[ast.expr] = []
    values = _name_values(model).get(name, ()) if "." not in name else assigned_values(model, name)
    for value in values:
        if (
            isinstance(value, ast.Call) and value.args and isinstance(value.args[0], ast.Attribute)
            and dotted(value.args[0]) is not None and _MODE_WORDS.search(value.args[0].attr)
            and value.args[0].attr not in _MODULE_METHODS_KEEPING_MODE
            and model.facts.imports.qualify(call_name(value) or "") == "functools.partial"
        ):  # fmt: skip
            found.append(value.args[0].value)
    cache[name] = tuple(found)
    return cache[name]


def _partial_of(name: str, model: ModuleModel) -> ast.Call | None:
    """`functools.partial(validate, model, loader)`, the one value `name` is bound to, over a
    function of the module (asked once per name, in files that say `partial`: whether the file
    does is read once per model)."""
    if not _says_partial(model):
        return None
    cache: dict[str, ast.Call | None] = model.__dict__.setdefault("_partials", {})
    if name in cache:
        return cache[name]
    cache[name] = None
    facts = model.facts
    if name in facts.module_functions or name in facts.imports.aliases:
        return None
    values = _name_values(model).get(name, [])
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    value = values[0]
    if facts.imports.qualify(call_name(value) or "") != "functools.partial" or not value.args:
        return None
    if not isinstance(value.args[0], ast.Name) or value.args[0].id not in facts.module_functions:
        return None
    if any(isinstance(arg, ast.Starred) for arg in value.args) or any(kw.arg is None for kw in value.keywords):
        return None
    cache[name] = value
    return value


def _may_call_objects(model: ModuleModel) -> bool:
    """A class of the module defines `__call__`, or the module imports a capitalized name from
    elsewhere than a library (a class of the project, perhaps callable): asked once per model."""
    found = model.__dict__.get("_may_call_objects")
    if found is None:
        facts = model.facts
        found = any("__call__" in methods for methods in facts.methods.values()) or (
            facts.project is not None
            and any(
                name[:1].isupper() and qualified.lstrip(".").split(".", 1)[0] not in LIBRARY_ROOTS
                for name, qualified in facts.imports.aliases.items()
            )
        )
        model.__dict__["_may_call_objects"] = found
    return found


def _calls_callable_object(text: str, model: ModuleModel) -> bool:
    """The text calls a name bound to an object whose `__call__` may switch a module to eval
    mode (`verify(step, model)`, `_callable_object`)."""
    if not _may_call_objects(model):
        return False
    facts = model.facts
    return any(
        _callable_object(name, model) is not None
        for name in sorted(called_names(text))
        if name not in facts.module_functions and name not in facts.imports.aliases and name not in facts.classes
    )


def _inherited(facts: ModuleFacts, class_name: str, name: str, depth: int = 0) -> FunctionInfo | None:
    """The method `name` a base class of the file gives `class_name` (the first base, in
    Python's order for single chains, that defines it), when the class defines none."""
    node = facts.classes.get(class_name)
    if node is None or depth > MAX_DEPTH:
        return None
    for base in node.bases:
        base_name = dotted(base)
        if base_name is None or base_name == class_name or base_name not in facts.classes:
            continue
        found = facts.methods.get(base_name, {}).get(name) or _inherited(facts, base_name, name, depth + 1)
        if found is not None:
            return found
    return None


def _project_inherited(facts: ModuleFacts, class_name: str, name: str, depth: int = 0) -> FunctionInfo | None:
    """The method `name` a base class of another module of the project gives `class_name` (of
    the file, or through its bases there), when neither it nor its bases in the file define
    one (`class Trainer(EvalMixin)`, `EvalMixin.validate` in mixins.py). None when a base
    before it cannot be read (it may define the method), or when the method calls one of
    `self` that a class of either module defines (the walk does not follow those)."""
    project = facts.project
    node = facts.classes.get(class_name)
    if project is None or node is None or depth > MAX_DEPTH or not node.bases:
        return None
    for base in node.bases:
        base_name = dotted(base)
        if base_name is None or base_name == class_name:
            return None
        if base_name in facts.classes:
            found = _project_inherited(facts, base_name, name, depth + 1)
            if found is not None:
                return found
            continue
        qualified = facts.imports.qualify(base_name) or base_name
        if qualified == base_name and "." not in base_name and facts.imports.stars:
            # `class Trainer(EvalMixin)` after `from mixins import *`
            qualified = project.star_name(facts.imports.stars, base_name, facts.source.path or None, facts, classes=True) or base_name
        if qualified == "object" or qualified.split(".", 1)[0] in LIBRARY_ROOTS:
            continue  # `nn.Module`, `object`: no evaluation of the project's
        located = project.class_named(qualified, facts.source.path or None, any_bytes=True)
        if located is None:
            return None  # a base gradfix cannot read comes first: it may define the method
        there, owner = located[0].facts, located[1]
        found = there.methods.get(owner, {}).get(name) or _inherited(there, owner, name)
        if found is None:
            found = _project_inherited(there, owner, name, depth + 1)
        if found is not None:
            methods = {m for known in (facts, there) for defined in known.methods.values() for m in defined}
            if any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
                and n.func.value.id == "self" and n.func.attr in methods
                for n in ast_walk(found.node)
            ):  # fmt: skip
                return None
            return found
    return None


def _inherited_switches(text: str, class_name: str | None, model: ModuleModel) -> bool:
    """The text calls `self.name(...)` that neither the class nor its bases of the file define,
    and a base class of another module of the project gives it a method whose text switches a
    module to eval mode."""
    facts = model.facts
    if class_name is None or "self." not in text or facts.project is None:
        return False
    for name in sorted(_attribute_calls(text, "self")):
        if name in facts.methods.get(class_name, {}) or _inherited(facts, class_name, name) is not None:
            continue
        found = _project_inherited(facts, class_name, name)
        if found is not None and found.source is not None and _evaluates(found.source.segment(found.node)):
            return True
    return False


def _constant_defaults(function: ast.AST, mapping: dict[str, str], source: Source) -> None:
    """Parameters left to a constant default (`state="Train"`): mapped to its text."""
    args = function.args  # type: ignore[attr-defined]
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    for arg, default in pairs:
        if arg.arg not in mapping and isinstance(default, ast.Constant):
            mapping[arg.arg] = source.segment(default)


def _flag_operand(value: ast.expr) -> str | None:
    """The parameter a flag's value tests: `train`, `not train`, `optimizer is not None`,
    `mode == "train"`, `bool(optimizer)`; else None."""
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
        value = value.operand
    if isinstance(value, ast.Compare) and len(value.ops) == 1:
        value = value.left
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "bool" and len(value.args) == 1 and not value.keywords:
        value = value.args[0]
    return value.id if isinstance(value, ast.Name) else None


def _readable_flag(value: ast.expr, compared: set[str], constants: set[str], stored: dict[str, int]) -> bool:
    """A flag's value `_decided` can read at a call: a test when the helper compares a
    parameter to `None`, or one over a parameter the helper never rebinds."""
    operand = _flag_operand(value)
    if operand is not None and stored.get(operand, 0):
        return False
    if compared and isinstance(value, (ast.Compare, ast.UnaryOp, ast.Name)):
        return True
    return operand is not None and (operand in compared or operand in constants)


_FLAG = "\0"  # (a key of `_Ctx.mapping` no dotted name starts with: what a call decides of a helper's name)
_NOT_NONE = "\0object"  # (a parameter given an object: `is None` is false, its truth unknown)
_OPTIMIZER = "\0optimizer"  # (a parameter given a torch optimizer: not `None`, and true)


def _decided(test: ast.expr, ctx: _Ctx) -> bool | None:
    """The value of an `if` test inside an inlined helper when it compares a parameter the
    call gave a constant (`state == "Train"`, `not train`, `train`), else None."""
    mapping = dict(ctx.mapping)

    def constant(expr: ast.expr) -> tuple[bool, object]:
        if isinstance(expr, ast.Constant):
            return True, expr.value
        if isinstance(expr, ast.Name) and _FLAG + expr.id in mapping:
            text = mapping[_FLAG + expr.id]
            return (False, None) if text in (_NOT_NONE, _OPTIMIZER) else (True, ast.literal_eval(text))
        if isinstance(expr, ast.Name) and expr.id in mapping:
            try:
                return True, ast.literal_eval(mapping[expr.id])
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                return False, None
        return False, None

    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _decided(test.operand, ctx)
        return None if inner is None else not inner
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "bool" and len(test.args) == 1 and not test.keywords:
        test = test.args[0]  # `bool(optimizer)`
    if isinstance(test, ast.Name):
        if mapping.get(_FLAG + test.id) == _OPTIMIZER:
            return True
        known, value = constant(test)
        return bool(value) if known and isinstance(value, (bool, int, str, type(None))) else None
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Is, ast.IsNot)):
        # `optimizer is not None` with `optimizer` left to its `None` default or given an object
        right = test.comparators[0]
        if not (isinstance(right, ast.Constant) and right.value is None and isinstance(test.left, ast.Name) and _FLAG + test.left.id in mapping):
            return None
        return (mapping[_FLAG + test.left.id] == "None") == isinstance(test.ops[0], ast.Is)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq)):
        left_known, left = constant(test.left)
        right_known, right = constant(test.comparators[0])
        if not (left_known and right_known) or (isinstance(test.left, ast.Constant) and isinstance(test.comparators[0], ast.Constant)):
            return None
        equal = left == right
        return equal if isinstance(test.ops[0], ast.Eq) else not equal
    return None


def _copied_params(helper: FunctionInfo, mapping: dict[str, str], source: Source) -> list[str]:
    """Parameters the helper rebinds to a copy of what it was given, as the first thing it
    does with them (`model = copy.deepcopy(model)` before `model.eval()`): what it switches
    is its own copy, not the caller's module."""
    if "copy" not in source.segment(helper.node):
        return []
    found = []
    for stmt in helper.node.body:  # type: ignore[attr-defined]
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        param = stmt.targets[0].id
        value = stmt.value
        if param in mapping and isinstance(value, ast.Call) and (call_name(value) or "").rsplit(".", 1)[-1] in ("deepcopy", "copy"):
            args = positional(value)
            if args and isinstance(args[0], ast.Name) and args[0].id == param:
                found.append(param)
    return found


def _library_backwards(model: ModuleModel) -> set[int]:
    """The calls the loop model takes for a library's backward that does not say `backward`
    (`loss_scaler(loss, optimizer)`, timm's NativeScaler), found once per model."""
    found: set[int] | None = getattr(model, "_library_backwards", None)
    if found is None:
        found = {
            id(event.node)
            for loop in model.loops
            for event in loop.events
            if event.kind is EventKind.BACKWARD and event.target is not None and isinstance(event.node, ast.Call)
            and method_name(event.node) not in ("backward", "manual_backward")
        }
        model._library_backwards = found  # type: ignore[attr-defined]
    return found


def _free_in(function: ast.AST, name: str) -> bool:
    """The function neither takes `name` as a parameter nor binds it in its own statements
    (nested functions aside), nor declares it `global`/`nonlocal` and rebinds it."""
    args = getattr(function, "args", None)
    if args is not None and name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)} | {
        a.arg for a in (args.vararg, args.kwarg) if a is not None
    }:
        return False
    todo: list[ast.AST] = list(getattr(function, "body", []))
    while todo:
        node = todo.pop()
        kind = node.__class__  # (`is`/`in` on the class, not `isinstance`: `source.DEFINITION_KINDS`)
        if kind in DEFINITION_KINDS or kind is ast.Lambda:
            continue
        if kind is ast.Name and node.id == name and not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
            return False
        if (kind is ast.Global or kind is ast.Nonlocal) and name in node.names:  # type: ignore[attr-defined]
            return False
        if (kind is ast.Import or kind is ast.ImportFrom) and any((a.asname or a.name.split(".")[0]) == name for a in node.names):  # type: ignore[attr-defined]
            return False
        todo.extend(child_nodes(node))
    return True


def _local_alias(function: ast.AST, name: str) -> ast.expr | None:
    """The one module a name of a helper stands for: every value the function assigns to it
    (outside nested functions; `None` aside) is the same dotted name (`net = self.net`), and
    it is not a parameter with another default. None when that cannot be told."""
    values: list[ast.expr] = []
    todo: list[ast.stmt] = list(getattr(function, "body", []))
    while todo:  # statements only
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                value = node.value
                if isinstance(value, ast.Call) and method_name(value) == "unwrap_model" and len(value.args) == 1 and not value.keywords:
                    value = value.args[0]  # `net = accelerator.unwrap_model(model)`: the model itself
                values.append(value)
            elif any(isinstance(n, ast.Name) and n.id == name for t in node.targets for n in ast.walk(t)):
                return None  # unpacked into it
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name) and node.target.id == name:
            return None
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith)):
            bound = [node.target] if isinstance(node, (ast.For, ast.AsyncFor)) else [i.optional_vars for i in node.items if i.optional_vars]
            if any(isinstance(n, ast.Name) and n.id == name for target in bound for n in ast.walk(target)):
                return None  # a loop or `with` variable
        for block in blocks_of(node):
            todo.extend(block)
    args = getattr(function, "args", None)
    if args is not None:
        positional_args = [*args.posonlyargs, *args.args]
        defaults = dict(zip([a.arg for a in positional_args][len(positional_args) - len(args.defaults) :], args.defaults))
        defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
        if name in {a.arg for a in (*positional_args, *args.kwonlyargs)}:
            default = defaults.get(name)
            if default is None or not (isinstance(default, ast.Constant) and default.value is None):
                return None  # a parameter the caller may pass (or with a default of its own)
    kept = [v for v in values if not (isinstance(v, ast.Constant) and v.value is None)]
    texts = {dotted(v) for v in kept}
    if len(texts) != 1 or None in texts:
        return None
    return kept[0]


def _plain_attribute(value: ast.expr) -> bool:
    return isinstance(value, ast.Attribute) and value.attr in _NOT_MODULES


_UNBOUND_MODULE = ("torch.nn.Module", "torch.nn.modules.module.Module")


def _mode_of(call: ast.Call, method: str) -> ModeKind:
    if method == "eval":
        return ModeKind.EVAL if not call.args and not call.keywords else ModeKind.UNSURE
    values = [*call.args, *[k.value for k in call.keywords if k.arg == "mode"]]
    if len(call.args) + len(call.keywords) > 1:
        return ModeKind.UNSURE
    if not values:
        return ModeKind.TRAIN if not call.keywords else ModeKind.UNSURE
    if is_true(values[0]):
        return ModeKind.TRAIN
    if is_false(values[0]):
        return ModeKind.EVAL
    return ModeKind.UNSURE


def listed_switches(node: ast.AST, model: ModuleModel | None = None) -> tuple[list[tuple[ast.Call, ModeKind]], list[ast.expr]] | None:
    """`for m in [enc, dec]: m.eval()` (or a tuple, or several switches of `m`; also `for m in
    nets:` with `nets` bound once to such a list, `for m in nets.values():` over a dict of
    them, and `[m.train() for m in (enc, dec)]`): each call and its mode, and the modules
    listed, when the loop walks a literal list of modules and does nothing but switch them."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.ListComp):
        comp = node.value
        if len(comp.generators) != 1 or comp.generators[0].ifs or comp.generators[0].is_async:
            return None
        target, iterable, body = comp.generators[0].target, comp.generators[0].iter, [ast.Expr(value=comp.elt)]
    elif isinstance(node, FOR_LOOPS) and not node.orelse:
        target, iterable, body = node.target, node.iter, node.body
    else:
        return None
    if not isinstance(target, ast.Name):
        return None
    elements = _listed_modules(iterable, model)
    if not elements:
        return None
    found: list[tuple[ast.Call, ModeKind]] = []
    for stmt in body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if not isinstance(call, ast.Call) or method_name(call) not in ("eval", "train"):
            return None
        recv = receiver(call)
        if not (isinstance(recv, ast.Name) and recv.id == target.id):
            return None
        found.append((call, _mode_of(call, method_name(call))))  # type: ignore[arg-type]
    return found, elements


def _listed_modules(iterable: ast.expr, model: ModuleModel | None) -> list[ast.expr] | None:
    """The modules a literal list, tuple or dict (its values) holds, also through a name bound
    once to one; each a plain name or attribute."""
    values_of_dict = False
    if isinstance(iterable, ast.Call) and method_name(iterable) == "values" and not iterable.args and not iterable.keywords:
        iterable, values_of_dict = receiver(iterable), True  # type: ignore[assignment]
    if isinstance(iterable, ast.Name) and model is not None:
        bound = assigned_values(model, iterable.id)
        iterable = bound[0] if len(bound) == 1 and bound[0] is not None else iterable
    if values_of_dict:
        elements = list(iterable.values) if isinstance(iterable, ast.Dict) and None not in iterable.keys else None
    else:
        elements = list(iterable.elts) if isinstance(iterable, (ast.List, ast.Tuple)) else None
    if not elements or not all(dotted(elt) is not None for elt in elements):
        return None
    return elements


def _calls_mode(node: ast.AST) -> bool:
    for sub in ast_walk(node):
        if isinstance(sub, ast.Call) and method_name(sub) in ("eval", "train"):
            return True
    return False


def _is_no_grad(expr: ast.AST, qualify) -> bool:  # type: ignore[no-untyped-def]
    target = expr.func if isinstance(expr, ast.Call) else expr
    name = qualify(dotted(target)) or ""
    if _NO_GRAD.search(name):
        return True
    if isinstance(expr, ast.Call) and name.endswith("set_grad_enabled") and expr.args and is_false(expr.args[0]):
        return True
    return False


def _guarded_calls(node: ast.AST) -> dict[int, frozenset[str]]:
    """Calls that run only under a condition inside one statement: the branches of
    `a if c else b`, the right side of `c and f()`: the names their condition reads."""
    out: dict[int, frozenset[str]] = {}

    def names(test: ast.AST) -> frozenset[str]:
        found = set()
        for sub in ast_walk(test):
            if isinstance(sub, ast.Name):
                found.add(sub.id)
            elif isinstance(sub, ast.Attribute):
                found.add(sub.attr)
        return frozenset(found)

    def mark(branch: ast.AST, test_names: frozenset[str]) -> None:
        for sub in ast_walk(branch):
            if isinstance(sub, ast.Call):
                out[id(sub)] = out.get(id(sub), frozenset()) | test_names

    for sub in ast_walk(node):
        if isinstance(sub, ast.IfExp):
            test_names = names(sub.test)
            mark(sub.body, test_names)
            mark(sub.orelse, test_names)
        elif isinstance(sub, ast.BoolOp):
            test_names = names(sub.values[0])
            for value in sub.values[1:]:
                mark(value, test_names)
    return out


def mode_items(loop: TrainingLoop, model: ModuleModel) -> list[ModeItem]:
    """What one iteration of `loop` does to module modes, in program order."""
    cache: dict[int, list[ModeItem]] = getattr(model, "_mode_items", None) or {}
    model._mode_items = cache  # type: ignore[attr-defined]
    found = cache.get(id(loop.node))
    if found is None:
        walker = _ModeWalker(model)
        walker._loop_function = loop.function
        walker._loop_node = loop.node  # type: ignore[attr-defined]
        class_name = _class_of(loop.function, model)
        functions = (loop.function,) if loop.function is not None else ()
        if isinstance(loop.node, ast.While):
            # `while evaluate(model) < target:`: the condition runs at the start of every iteration
            walker.expressions(
                loop.node.test,
                _Ctx(path=(loop.node,), blocks=(loop.node.body,), functions=functions, class_name=class_name),
            )
        body = loop.node.body
        hook = loop.is_step_function and _framework_hook(loop, model)
        if hook:
            body = body[:-1]  # the final `return loss`: the framework's backward of it, below
        walker.block(body, _Ctx(functions=functions, class_name=class_name))
        if hook:
            last = loop.node.body[-1]
            ctx = _Ctx(path=(last,), blocks=(loop.node.body,), functions=functions, class_name=class_name)
            walker.expressions(last, ctx)
            walker.emit(ModeKind.BACKWARD, ("",), last, ctx)
        found = cache[id(loop.node)] = walker.items
        bound = walker.__dict__.get("bound_partials")
        if bound:
            found[:] = _without_called_partials(found, bound)
        helpers: dict[int, ast.AST] = getattr(model, "_mode_helpers", None) or {}
        helpers.update(walker.helpers)
        model._mode_helpers = helpers  # type: ignore[attr-defined]
    return found


def _partial_alias_bound(stmt: ast.stmt, call: ast.Call, model: ModuleModel) -> bool:
    """The statement is `name = functools.partial(f, ...)` of this call, `f` a function of the
    module, the name bound to nothing else (`_partial_of`)."""
    if stmt.__class__ is not ast.Assign or stmt.value is not call or len(stmt.targets) != 1:  # type: ignore[attr-defined]
        return False
    target = stmt.targets[0]  # type: ignore[attr-defined]
    return target.__class__ is ast.Name and _partial_of(target.id, model) is call


def _without_called_partials(items: list[ModeItem], bound: dict[int, ast.Call]) -> list[ModeItem]:
    """The items less the handing of modules to `step = partial(train_step, model=model)` when
    the walk read a call `step(...)` of the iteration as `train_step(...)` (an item reached
    through a call whose function is the partial's own first argument, as the walk writes it):
    the function's own switches are read at that call, and binding the partial switches nothing."""
    called = {id(c.func) for item in items for c in item.via}
    return [item for item in items if id(item) not in bound or id(bound[id(item)].args[0]) not in called]


def _framework_hook(loop: TrainingLoop, model: ModuleModel) -> bool:
    """A LightningModule's automatic `training_step` (steps.framework_iterations): its final
    `return loss` hands the loss to the framework's backward, which runs after it."""
    from gradfix.analysis.steps import is_framework_iteration

    return is_framework_iteration(model, loop)


def _loss_computed_in_eval_mode(eval_item: ModeItem, backward: ModeItem, items: list[ModeItem], module: str, model: ModuleModel) -> bool:
    """The eval is a helper's (`loss = entropy_loss(model, x)`, test-time adaptation with
    frozen batch-norm statistics) that runs the module with gradients after it, and what the
    helper returns is the loss the backward takes (directly or through two assignments), a
    helper that runs no backward of its own: the module is meant to train in eval mode there."""
    if not eval_item.via or backward.via or not eval_item.path:
        return False
    call = eval_item.via[0]
    statement = eval_item.path[-1]
    if not isinstance(statement, ast.Assign) or not any(node is call for node in ast_walk(statement.value)):
        return False
    start = items.index(eval_item)
    if not any(
        other.kind is ModeKind.FORWARD and not other.no_grad and other.via[:1] == (call,) and any(k and related(k, module) for k in other.keys)
        for other in items[start + 1 :]
    ):
        return False
    if any(other.kind is ModeKind.BACKWARD and other.via[:1] == (call,) for other in items):
        return False  # it backpropagates itself (an attack's input gradient): it returns no loss to train on
    if any(
        other.kind is ModeKind.FORWARD and not other.no_grad and other.via[:1] != (call,)
        and any(k and related(k, module) and not _own_method(k, module) for k in other.keys)
        for other in items
    ):
        return False  # the iteration runs the module with gradients elsewhere too: that forward is left in eval mode
    text = _helper_text(call, model)
    if text is None or ("autograd" in text and "create_graph=True" not in text):
        # unseen, or `torch.autograd.grad(...)` inside: an attack's input gradient, not a loss to
        # train on (with `create_graph=True` the gradient is part of the loss returned)
        return False
    node = backward.node
    if not (isinstance(node, ast.Call) and method_name(node) == "backward"):
        return False
    loss = receiver(node)
    if loss is None:
        return False
    # `loss.backward()`, or `accelerator.backward(loss)` (the loss handed in, the receiver a name)
    losses = [loss, node.args[0]] if node.args and isinstance(loss, ast.Name) else [loss]
    names = {n.id for target in statement.targets for n in ast_walk(target) if isinstance(n, ast.Name)}
    names = _carried_to(names, statement, backward, hops=2)  # `loss = entropy + 0.1 * reg`
    return any(isinstance(n, ast.Name) and n.id in names for value in losses for n in ast_walk(value))


def _carried_to(names: set[str], statement: ast.stmt, backward: ModeItem, hops: int | None = None) -> set[str]:
    """`names` with the names that the assignments of the loop body after `statement`, up to the
    statement holding `backward`, bind from them (`hops` assignments deep, or all): what may carry
    their values to the backward; also the lists they are appended to (`outs.append(pred)`)."""
    holder = backward.path[0] if backward.path else None
    later = [
        n for stmt in (backward.blocks[0] if backward.blocks else []) for n in ast_walk(stmt)
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr))
        and n.lineno > statement.end_lineno  # type: ignore[operator]
        and (holder is None or n.lineno <= holder.lineno)
    ]  # fmt: skip
    names = set(names)
    while hops is None or hops > 0:
        grown = names | {n for stmt in later if _reads(stmt, names) for n in _bound_by(stmt, names)}
        if grown == names:
            break
        names = grown
        hops = None if hops is None else hops - 1
    return names


def _reads(stmt: ast.stmt, names: set[str]) -> bool:
    value = stmt if isinstance(stmt, ast.Expr) else stmt.value  # type: ignore[attr-defined]
    return value is not None and any(isinstance(n, ast.Name) and n.id in names for n in ast_walk(value))


def _bound_by(stmt: ast.stmt, names: set[str] | None = None) -> set[str]:
    """The names `stmt` binds, or may change in place with its values (`outs.append(x)`,
    `total.add_(x)`: the receiver of a method given something that reads `names`, or given
    anything when `names` is None; not `loss.item()`)."""
    if isinstance(stmt, ast.Expr):
        return {
            n.func.value.id for n in ast_walk(stmt)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
            and any(
                names is None or any(isinstance(r, ast.Name) and r.id in names for r in ast_walk(arg))
                for arg in [*n.args, *n.keywords]
            )
        }  # fmt: skip
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]  # type: ignore[attr-defined]
    return {n.id for target in targets for n in ast_walk(target) if isinstance(n, ast.Name)}


def _helper_text(call: ast.Call, model: ModuleModel) -> str | None:
    """The text of the function of the module (or method of its classes) `call` runs."""
    facts = model.facts
    func = call.func
    info = None
    if isinstance(func, ast.Name):
        info = facts.module_functions.get(func.id)
        if info is None:
            # a function nested in the one that holds the loop (`def run_step(batch):` inside
            # `main`), as the walk inlined it: its text, when it is this file's
            node = (getattr(model, "_mode_helpers", None) or {}).get(id(call))
            if getattr(node, "name", None) == func.id:
                text = model.source.segment(node)
                if text.startswith((f"def {func.id}(", f"async def {func.id}(")):
                    return text
    elif isinstance(func, ast.Attribute):
        info = next((methods[func.attr] for methods in facts.methods.values() if func.attr in methods), None)
    if info is None:
        return None
    return (info.source or model.source).segment(info.node)


def _probes_in_helper(eval_item: ModeItem, backward: ModeItem, model: ModuleModel) -> bool:
    """The eval and the backward both run inside one helper the loop calls, and neither that
    helper nor those it calls on the way to the backward step anything: the backward is the
    helper's own use of gradients in the mode it chose (a PGD attack in an evaluation:
    `x_adv.grad`), not the training (MART's `eval_adv_test`)."""
    depth = len(eval_item.via)
    if not depth or not _prefix(eval_item.via, backward.via):
        return False
    helpers = getattr(model, "_mode_helpers", {})
    for call in backward.via[depth - 1 :]:
        node = helpers.get(id(call))
        if node is None:
            return False
        for inner in ast_walk(node):
            if isinstance(inner, ast.Call) and method_name(inner) in _STEPPING:
                return False
    return True


_STEPPING = frozenset({"step", "optimizer_step", "apply_gradients", "minimize"})


def _class_of(function: ast.AST | None, model: ModuleModel) -> str | None:
    if function is None:
        return None
    for class_name, methods in model.facts.methods.items():
        if any(info.node is function for info in methods.values()):
            return class_name
    return None


@dataclass(eq=False)
class UnrestoredEval:
    """An `eval()` whose module the iteration's next backward finds still in eval mode."""

    eval_item: ModeItem
    backward: ModeItem
    wrapped: bool  # the backward runs in the next iteration (it comes earlier in the body)
    items: list[ModeItem] = field(default_factory=list)
    shadowed: bool = False  # an earlier eval of the module reaches the same backward without it (no fix here)
    # the eval's `if` and the backward's test one name against two constants (`phase == "val"` /
    # `phase == "train"`): the backward it reaches runs in a later pass (no fix here)
    other_pass: bool = False
    # only submodules were switched back (`model.backbone.train()`) on the way, and the module
    # ran with gradients outside them before the backward: the rest of it trains in eval mode
    partial: bool = False


_EVAL_TEXT = lazily(r"\.eval\(|\.train\(\s*(mode\s*=\s*)?False")


def _evaluates(text: str) -> bool:
    """`_EVAL_TEXT.search(text) is not None`, asked of its literals first: every match starts with
    `.eval(` or `.train(`, and a search for a literal is far cheaper than the pattern's (tried at
    every `.` of the text). Most texts say neither."""
    if ".eval(" in text:
        return True
    return ".train(" in text and _EVAL_TEXT.search(text) is not None


def _switching_functions(model: ModuleModel) -> set[str]:
    """Names of the module's functions and methods that (through others) may switch a module
    to eval mode: their text mentions `.eval(` or `.train(False)`."""
    cached = getattr(model, "_switching_functions", None)
    if cached is not None:
        return cached
    facts = model.facts
    # (`bound_in_class` by the name a class knows it: `validate = staticmethod(_evaluate)`)
    infos = list(facts.module_functions.items())
    infos += [named for methods in facts.methods.values() for named in methods.items()]
    infos += [named for local in facts.local_functions.values() for named in local.items()]
    infos += [named for bound in facts.bound_in_class.values() for named in bound.items()]
    texts: dict[str, list[str]] = {}
    for name, info in infos:
        texts.setdefault(name, []).append((info.source or model.source).segment(info.node))
    found = {name for name, bodies in texts.items() if any(_evaluates(body) for body in bodies)}
    changed = bool(found)
    tables: set[str] = set()
    dispatchers = model.source.tree.__dict__.get("_gradfix_dispatchers") or {}  # (call_forms.py: singledispatch)
    while changed:
        changed = False
        for name, bodies in texts.items():
            if name not in found and any(other in body for body in bodies for other in found | tables):
                found.add(name)
                changed = True
        for dispatcher, implementations in dispatchers.items():
            if dispatcher not in found and found.intersection(implementations):
                found.add(dispatcher)  # `handle(ev, st)` runs the implementation registered for `ev`'s class
                changed = True
        if facts.classes:
            # `def run(self, phase): self.handlers[phase](...)` over a table of the class's
            # methods, one of them switching (`entry_tables`)
            named = {table for name in found for table in entry_tables(facts, name)} - tables
            if named:
                tables |= named
                changed = True
    model._switching_functions = found  # type: ignore[attr-defined]
    return found


def _calls_switch_indirectly(text: str, model: ModuleModel) -> bool:
    """The text calls a name bound once to a lambda whose body calls a switching function of the
    module, or iterates a list (written there or a name bound once to one) holding such a
    function with `for <name> in` and calls that name (what `_called_through` follows)."""
    if "lambda" not in model.source.text and "for " not in text:
        return False
    switching = _switching_functions(model)
    if not switching:
        return False
    values = _name_values(model)
    targets = set(_FOR_TARGET.findall(text))  # (each pattern below is compiled only for one of them)
    for name in sorted(called_names(text)):
        bound = values.get(name, [])
        if len(bound) == 1 and isinstance(bound[0], ast.Lambda) and isinstance(bound[0].body, ast.Call):
            if dotted(bound[0].body.func) in switching:
                return True
            continue
        for listed in re.findall(rf"for\s+{re.escape(name)}\s+in\s+(\w+|\[[^\]]*\]|\([^)]*\))", text) if name in targets else ():
            if listed[:1] not in "[(":
                held = values.get(listed, [])
                listed = model.source.segment(held[0]) if len(held) == 1 and isinstance(held[0], (ast.List, ast.Tuple)) else ""
            if any(other in switching for other in re.findall(r"\w+", listed)):
                return True
    return False


def _switching_through_imports(text: str, model: ModuleModel) -> bool:
    """A function or method of the module that the text calls (directly or through others of
    the module) calls a function imported from another module of the project that may switch a
    module to eval mode (`validate(model)` of this module calling `run_eval` of metrics.py)."""
    # (only functions named like an evaluation: each other name would have its module read, and
    # maybe parsed, to see whether it switches a mode)
    imported = [name for name in _imported_names(model) if name[:1].islower() and _mode_worded(name.rsplit(".", 1)[-1])]
    if not imported:
        return False
    texts: dict[str, list[str]] | None = getattr(model, "_function_texts", None)
    if texts is None:
        facts = model.facts
        infos = list(facts.module_functions.items())
        infos += [named for methods in facts.methods.values() for named in methods.items()]
        infos += [named for local in facts.local_functions.values() for named in local.items()]
        infos += [named for bound in facts.bound_in_class.values() for named in bound.items()]
        texts = {}
        for name, info in infos:
            texts.setdefault(name, []).append((info.source or model.source).segment(info.node))
        model._function_texts = texts  # type: ignore[attr-defined]
    todo = [name for name in called_names(text) if name in texts]
    todo += [name for name in _attribute_calls(text, "self") if name in texts]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or len(seen) > 50:
            continue
        seen.add(name)
        for body in texts[name]:
            if any(f"{other}(" in body and _imported_switch(other, model) is not None for other in imported):
                return True
            todo += [n for n in called_names(body) if n in texts and n not in seen]
            todo += [n for n in _attribute_calls(body, "self") if n in texts and n not in seen]
    return False


def _says_eval(model: ModuleModel) -> bool:
    """The module's text switches some module to eval mode (searched once per model)."""
    anywhere = getattr(model, "_switches_to_eval", None)
    if anywhere is None:
        anywhere = model._switches_to_eval = _evaluates(model.source.text) or says_evaluator(model)  # type: ignore[attr-defined]
    return anywhere


def _calls_a_switching_closure(text: str, model: ModuleModel) -> bool:
    """The text calls a name bound to what a factory of the module returns (one function, or a
    tuple of them unpacked: `fit, score = make_pair(model, opt)`), the factory's text switching
    a module to eval mode (`_switching_functions`: a closure of it may); also a method factory,
    `check, learn = self.build_phases(held)`."""
    from gradfix.analysis.loops import _assigned_callees, _factory_closures, _factory_tuple_closures, _tuple_callees

    facts = model.facts
    switching = _switching_functions(model)
    factories = {key for key in _factory_closures(facts).keys() | _factory_tuple_closures(facts).keys() if key.rsplit(".", 1)[-1] in switching}
    if not factories:
        return False
    unpacked = _tuple_callees(facts)
    return any((unpacked.get(name, set()) | _assigned_callees(facts, name)) & factories for name in sorted(called_names(text)))


def _table_switches(text: str, model: ModuleModel) -> bool:
    """The text calls `<name>.<attr>[...](` where `<attr>` is a table a class of the module binds
    to its own methods (`_method_tables`), one of which may switch a module's mode."""
    # (also `HANDLERS[phase](data)` over `{"train": train_epoch, "val": evaluate}`)
    return calls_a_table_entry(text, model.facts, _switching_functions(model))


def may_switch_to_eval(loop: TrainingLoop, model: ModuleModel) -> bool:
    """The loop's text switches a module to eval mode, or calls a function that may (of this
    module, or one it imports from another module of the project: `from evaluation import
    validate`)."""
    anywhere = _says_eval(model)
    text = model.source.segment(loop.node)
    if anywhere and (_evaluates(text) or any(name in text for name in _switching_functions(model))):
        return True
    if anywhere and says_evaluator(model):
        return True  # an Ignite evaluator's `run(...)`, in the loop or in an engine's event handler
    if anywhere and "](" in text and _table_switches(text, model):
        return True  # `loop.phases[name](loader)` over `{"train": self.train_epoch, "val": self.evaluate}`
    if _calls_callable_object(text, model):
        return True  # `verify(step, model)`, `verify` a `Verifier(...)` whose `__call__` evaluates
    if anywhere and model.facts.local_functions and _calls_a_switching_closure(text, model):
        return True  # `train, score = make_pair(model, opt)` ... `score()`, the factory's closure evaluating
    if model.callback_hooks and any(
        f".{hook_name}(" in text and any(h.source is not None and _evaluates(h.source.segment(h.node)) for h in hooks)
        for (_, _, hook_name), hooks in model.callback_hooks.items()
    ):
        return True  # `for cb in self.callbacks: cb.on_epoch_end(self)`, a callback's hook evaluating
    if _may_call_objects(model) and any(
        _imported_object_method(name, method, model) is not None for name, method in sorted(set(_OBJECT_METHOD_CALL.findall(text)))
    ):
        return True  # `cb.on_epoch_end(model)`, `cb` an `EvalCallback(...)` of callbacks.py
    if anywhere and "partial(" in model.source.text:
        switching = _switching_functions(model)
        if any(
            (bound := _partial_of(name, model)) is not None and bound.args[0].id in switching  # type: ignore[attr-defined]
            for name in sorted(called_names(text))
        ):
            return True  # `run_val()` with `run_val = functools.partial(validate, model, loader)`
    if anywhere and _calls_switch_indirectly(text, model):
        return True  # `validate()` with `validate = lambda: evaluate(model, loader)`; `for cb in callbacks: cb(model)`
    if model.facts.project is None:
        return False
    names = _imported_names(model)
    if any(f"{name}(" in text and _imported_switch(name, model) is not None for name in names):
        return True
    if _switching_through_imports(text, model):
        return True  # `validate(model)` of this module calling `run_eval` of metrics.py
    if _inherited_switches(text, _class_of(loop.function, model), model):
        return True  # `self.validate(loader)` inherited from a mixin of mixins.py
    if model.facts.imports.stars and any(
        # `validate(model, loader)` after `from .evaluation import *`
        name not in model.facts.module_functions and _imported_switch(name, model) is not None
        for name in called_names(text) - model.facts.imports.aliases.keys()
    ):
        return True
    # `H.evaluate(model)` after `import helpers as H` (or `import helpers`)
    aliases = model.facts.imports.aliases
    return any(
        f"{name}." in text
        and aliases.get(name, "").lstrip(".").split(".", 1)[0] not in LIBRARY_ROOTS
        and any(attr[:1].islower() and _imported_switch(f"{name}.{attr}", model) is not None for attr in _attribute_calls(text, name))
        for name in names
    )


_FOR_TARGET = lazily(r"for\s+(\w+)\s+in\s")
_OBJECT_METHOD_CALL = lazily(r"(?<![\w.])([A-Za-z_]\w*)\.([a-z_]\w*)\s*\(")


def _attribute_calls(text: str, name: str) -> set[str]:
    r"""The attributes of `name` the text calls: `evaluate` in `H.evaluate(model)`. What
    `starting_at(re.compile(r"(?<![\w.])" + re.escape(name) + r"\.(\w+)\s*\("), text, name + ".")`
    finds, without compiling a pattern for each name: at each `name.` written, the look behind
    and then the rest (`_CALLED_ATTRIBUTE`) are tried, as that pattern tries them."""
    literal = name + "."
    found: set[str] = set()
    at = text.find(literal)
    while at != -1:
        match = _CALLED_ATTRIBUTE.match(text, at + len(literal)) if _NOT_AFTER_A_WORD.match(text, at) else None
        if match is None:
            at = text.find(literal, at + 1)
        else:
            found.add(match.group(1))
            at = text.find(literal, max(match.end(), at + 1))
    return found


_NOT_AFTER_A_WORD = lazily(r"(?<![\w.])")  # (matched at a position: what the text has before it)
_CALLED_ATTRIBUTE = lazily(r"(\w+)\s*\(")


def _imported_names(model: ModuleModel) -> list[str]:
    """Names the module imports from elsewhere than torch and numpy, that it does not define."""
    cached = getattr(model, "_imported_names", None)
    if cached is None:
        facts = model.facts
        cached = [
            name
            for name, qualified in facts.imports.aliases.items()
            if name not in facts.module_functions and not qualified.startswith(("torch", "numpy", "typing", "collections"))
        ]
        model._imported_names = cached  # type: ignore[attr-defined]
    return cached


_IMPORT_HOPS = 2  # imported helpers followed through the imports of an imported helper's module


def _imported_switch(name: str, model: ModuleModel, facts: ModuleFacts | None = None, hops: int = 0) -> FunctionInfo | None:
    """The function a name imported from another module of the project stands for, when that
    function's text switches a module to eval mode (asked once per name and module). `facts`:
    the module importing the name, when not the model's (a helper of another module calling
    one it imports); `hops`: imported helpers already gone through, each further one only an
    evaluation (`validate` of evaluation.py calling `run_eval` of metrics.py)."""
    facts = facts if facts is not None else model.facts
    answers: dict[object, FunctionInfo | None] = model.__dict__.setdefault("_imported_switches", {})
    memo = name if facts is model.facts and not hops else (id(facts), name, hops)
    if memo in answers:
        return answers[memo]
    answers[memo] = None
    project = model.facts.project
    importer = facts.source.path or None
    qualified = facts.imports.qualify(name)
    if qualified == name and "." not in name and facts.imports.stars and project is not None:
        qualified = project.star_name(facts.imports.stars, name, importer, facts) or name  # `from .evaluation import *`
    root = name.split(".", 1)[0]
    whole = "." in name and facts.imports.aliases.get(root) == root  # `import helpers`: `helpers.evaluate`
    if project is None or qualified is None or (qualified == name and not whole) or qualified.startswith(("torch.", "numpy.")):
        return None
    helper = project.mode_function(qualified, importer)
    if helper is not None and _helper_switches_or_trains(helper, model, evaluating=hops > 0):
        answers[memo] = helper
    elif hops < _IMPORT_HOPS and _mode_worded(name.rsplit(".", 1)[-1]):
        # a helper named like an evaluation that only calls one it imports in turn (`validate`
        # -> `run_eval`; not every imported utility, whose module would be parsed for it)
        helper = helper or project.mode_function(qualified, importer, plain=True)
        if helper is not None and _calls_imported_switch(helper, model, hops + 1):
            answers[memo] = helper
    return answers[memo]


def _calls_imported_switch(helper: FunctionInfo, model: ModuleModel, hops: int) -> bool:
    """The helper (of another module), or a function of its module it calls, calls a function
    its module imports from the project that switches a module to eval mode."""
    facts = helper.facts
    if facts is None or helper.source is None or not facts.imports.aliases:
        return False
    source = helper.source
    names = called_names(source.segment(helper.node))
    for inner in [facts.module_functions.get(n) for n in names]:
        if inner is not None and inner.node is not helper.node:
            names = names | called_names(source.segment(inner.node))
    return any(
        name in facts.imports.aliases and name not in facts.module_functions and _imported_switch(name, model, facts, hops) is not None
        for name in sorted(names)
    )


def _helper_switches_or_trains(helper: FunctionInfo, model: ModuleModel, evaluating: bool = False) -> bool:
    """`_switches_or_trains` of the helper's text, or of a function of its module it calls
    (`train_one_epoch` looping over `_update(model, batch)` beside it); `evaluating`: only a
    switch to eval mode counts."""
    check = _evaluates if evaluating else _switches_or_trains
    source = helper.source or model.source
    text = source.segment(helper.node)
    if check(text):
        return True
    functions = helper.facts.module_functions if helper.facts is not None else {}
    return any(
        inner is not None and inner.node is not helper.node and check(source.segment(inner.node))
        for inner in map(functions.get, called_names(text))
    )


def _switches_or_trains(text: str) -> bool:
    """A helper's text switches a module to eval mode, or backpropagates: an evaluation, or
    the training step (`train_one_epoch` of engine.py) whose backward follows an eval."""
    return _evaluates(text) or ".backward(" in text


def calls_train(source: Source, node: ast.AST | None = None) -> bool:
    """The code (of `node`, else of the whole file) calls a `.train(...)` method: a commented-out
    `# model.train()` is not one (it is how the mode is left off by mistake), nor a string."""
    text = source.text if node is None else source.segment(node)
    if ".train(" not in text:
        return False
    if source.left_out is not None:
        return True  # a big file's left-out parts are not in the tree: the text decides
    calls = source.of_type(ast.Call) if node is None else (n for n in ast_walk(node) if isinstance(n, ast.Call))
    return any(isinstance(call.func, ast.Attribute) and call.func.attr == "train" for call in calls)


def evaluated_before(loop: TrainingLoop, model: ModuleModel) -> list[ModeItem]:
    """Evaluations run before the loop that leave a module in eval mode for its first backward:
    a helper call in a statement of its own among those before the loop in its block (`baseline =
    evaluate(model, val_loader)`; not one under an `if`, as `if args.evaluate: validate(...);
    return`) switches the module to eval and runs it, no `train()` (nor
    a call that may switch it) follows before the loop, and the loop's iteration reaches a
    backward before any `train()` of the module. The loop is the outermost of its function
    (a nested loop's statements before it run in every iteration: `unrestored_evals`). An
    `eval()` written before the loop itself is a choice (dropout off for fine-tuning), not
    reported."""
    source = model.source
    if calls_train(source, loop.node):
        return []  # the loop sets train mode itself (most do, at the top of each epoch)
    node: ast.AST | None = loop.node
    while node is not None and node is not source.tree and node is not loop.function:
        node = source.owner_of(node)  # type: ignore[arg-type]
        if isinstance(node, LOOPS):
            return []
    block = source.block_of(loop.node)  # type: ignore[arg-type]
    anywhere = _says_eval(model)
    if not block or not (anywhere or model.facts.project is not None):
        return []
    index = next(i for i, stmt in enumerate(block) if stmt is loop.node)
    before = block[:index]
    if not before:
        return []
    names = _switching_functions(model) if anywhere else set()
    imported = _imported_names(model) if model.facts.project is not None else []
    if not names and not imported:
        return []

    def switching_calls(text: str) -> set[str]:
        """The calls of switching functions the text makes (`evaluate(`, `H.evaluate(`).
        Capitalized names are classes: building the model is no evaluation, and their modules
        are not read for it."""
        if "(" not in text:
            return set()
        found = {f"{name}(" for name in names if f"{name}(" in text}
        for name in imported:
            if model.facts.imports.aliases.get(name, "").split(".", 1)[0] in LIBRARY_ROOTS:
                continue
            if name[:1].islower() and f"{name}(" in text and _imported_switch(name, model) is not None:
                found.add(f"{name}(")
            if f"{name}." in text:
                found |= {
                    f"{name}.{attr}("
                    for attr in _attribute_calls(text, name)
                    if attr[:1].islower() and _imported_switch(f"{name}.{attr}", model) is not None
                }
        return found

    calls = switching_calls(source.text[source.start(before[0]) : source.start(loop.node)])
    if not calls:
        return []
    texts = [source.segment(stmt) for stmt in before]
    # only the statements that call a switching function are walked (the others may build the
    # model, the data...: their helpers are not looked into); a later statement that names the
    # module at all is taken to switch it back (it may)
    chosen = [i for i, text in enumerate(texts) if any(call in text for call in calls)]
    if not chosen:
        return []
    walker = _ModeWalker(model)
    functions = (loop.function,) if loop.function is not None else ()
    walker.block([before[i] for i in chosen], _Ctx(functions=functions, class_name=_class_of(loop.function, model)))
    items = walker.items
    left: dict[str, ModeItem] = {}
    for position, item in enumerate(items):
        if item.kind in (ModeKind.TRAIN, ModeKind.UNSURE):
            for key in item.keys:
                for module in [m for m in left if key and related(key, m)]:
                    del left[module]
        elif item.kind is ModeKind.EVAL and item.via and item.key and not item.loops and len(item.path) == 1:
            # a statement of its own before the loop: not under `if args.evaluate: validate(...);
            # return`, where the training never runs after it
            evaluates = any(
                later.kind is ModeKind.FORWARD and later.via[:1] == item.via[:1] and any(k and related(k, item.key) for k in later.keys)
                for later in items[position + 1 :]
            )
            if evaluates:
                left[item.key] = item
    for module in list(left):
        at = next(i for i, stmt in enumerate(before) if stmt is left[module].anchor)
        root = re.compile(r"(?<![\w.])" + re.escape(module.split(".", 1)[0]) + r"\b")
        if any(root.search(texts[i]) for i in range(at + 1, len(before)) if i not in chosen):
            del left[module]
        elif _eval_written_before(module, at, texts, chosen, root) and not any(
            item.kind in (ModeKind.TRAIN, ModeKind.UNSURE) and any(k and related(k, module) for k in item.keys) for item in items
        ):
            # `net.eval()` written before the evaluations (`net.eval(); base = accuracy(net,
            # loader)`): the code chose eval mode for what follows, the helper changed nothing
            del left[module]
    if not left:
        return []
    found = []
    inside = mode_items(loop, model)
    for module, item in left.items():
        for other in inside:
            if other.kind in (ModeKind.TRAIN, ModeKind.UNSURE) and any(k and related(k, module) for k in other.keys):
                break
            if other.kind is ModeKind.BACKWARD and not other.no_grad:
                found.append(item)
                break
    return found


def _eval_written_before(module: str, at: int, texts: list[str], chosen: list[int], root: re.Pattern[str]) -> bool:
    """A statement of its own `module.eval()` (or `module.train(False)`) comes before the
    evaluation at `texts[at]`, with only evaluations (`chosen`) or statements that do not
    name the module between them: eval mode is the code's own choice there, not the
    helper's leftover (the module restored from a checkpoint and frozen for a defence)."""
    wanted = normalize(module)
    for i in range(at - 1, -1, -1):
        if i in chosen:
            continue
        text = texts[i].strip()
        for suffix in (".eval()", ".train(False)", ".train(mode=False)"):
            if text.endswith(suffix) and normalize(text[: -len(suffix)]) == wanted:
                return True
        if root.search(texts[i]):
            return False
    return False


def unrestored_evals(loop: TrainingLoop, model: ModuleModel) -> list[UnrestoredEval]:
    if not may_switch_to_eval(loop, model):
        return []
    items = mode_items(loop, model)
    training_loops = {id(lp) for item in items if item.kind is ModeKind.BACKWARD for lp in item.loops}
    out: list[UnrestoredEval] = []
    later: dict[int, int] = {}  # id of a problem -> id of the later eval of the module on its way
    for index, item in enumerate(items):
        if item.kind is not ModeKind.EVAL or item.exits:
            continue
        if any(id(lp) in training_loops for lp in item.loops):
            continue  # a training loop inside this one owns it (and is checked on its own)
        if item.conditional and any(_NORM_LAYER_TEST.search(name) for name in item.tests):
            # the switch picks layers by their type (a helper walking `children()` that puts
            # the batch-norm layers it meets in eval mode): modes managed by hand, BN frozen
            # on purpose for the training that follows
            continue
        module = item.key
        if item.via and any(
            o.kind is ModeKind.TRAIN and o.via == item.via and _exclusive(o, item) and any(k and related(k, module) for k in o.keys)
            for o in items
        ):
            continue  # `set_mode(model, phase)`: the helper picks train or eval by what it is given
        mode_tests: set[str] = set()
        for other in items:
            if other.kind in (ModeKind.TRAIN, ModeKind.UNSURE) and any(related(k, module) for k in other.keys if k):
                # the phase's own switch (`if phase == "train": model.train()`); an eval under a
                # test says nothing about the mode the other phase trains in
                mode_tests |= other.tests
        cycle = [(i, items[i]) for i in range(index + 1, len(items))] + [(i, items[i]) for i in range(index)]
        arms = _either_arm(module, loop.function if loop.function is not None else model.source.tree, model)
        last_eval = index  # the latest eval that covers the module, on the way to the backward
        forwards = {True: False, False: False}  # the module run since the eval, without / with gradients
        others: list[str] = []  # the other modules run with gradients since the eval
        restored: list[str] = []  # submodules switched back since the eval (`model.backbone.train()`)
        outside = False  # the module ran with gradients outside them since
        # the module ran with gradients on the eval's own path (not in the other arm of an `if` the eval is in)
        graded_on_path = False
        # `if frozen: model.eval() ...` / `else: model.train() ...`: the mode chosen per arm
        per_arm: bool | None = None
        # a backward of the eval's own iteration whose graph the module built before the eval
        # (`logits = net(x)`, a probe's `net.eval()`, then `loss.backward()`): the mode only
        # matters at the module's next forward, so the scan goes on to that one's backward
        deferred: tuple[int, ModeItem] | None = None
        this_pass = len(items) - index - 1  # the cycle's items in the eval's own iteration
        for step, (position, other) in enumerate(cycle):
            later_pass = step >= this_pass
            if not later_pass and other.kind is ModeKind.TRAIN and _exclusive(other, item):
                continue  # `else: model.train()` beside the eval: not in an iteration that evaluates
            if other.kind is ModeKind.TRAIN and other.exits and other.via:
                continue  # `except: net.train(); raise` in a helper: no training follows that path
            if other.kind is ModeKind.TRAIN and other.conditional and any(
                later_pass or not any(stmt is test for stmt in item.path) for test in _first_pass_only(other, loop)
            ):
                continue  # `if epoch == 0: model.train()`: the passes after the first are not switched back
            if later_pass and other.kind is ModeKind.TRAIN and other.conditional and other.via and other.arms and _counted_once_in_helper(other, loop, model):
                continue  # `if global_step == 0: unet.train()` in the step function, the loop counting `global_step += 1`
            if other.kind is ModeKind.TRAIN and arms and any(k and normalize(k) in arms for k in other.keys):
                break  # `net = ema if use_ema else model`, then `model.train()`: the trained one switched back
            if other.kind in (ModeKind.TRAIN, ModeKind.UNSURE) and any(k and related(k, module) for k in other.keys):
                inner = [k for k in other.keys if k and related(k, module)]
                if other.kind is ModeKind.TRAIN and all(contains(module, k) and not contains(k, module) for k in inner):
                    restored += inner  # `model.backbone.train()`: that part only; the rest stays in eval
                    outside = False
                    continue
                break  # switched back (or maybe): nothing to report
            if (
                other.kind is ModeKind.TRAIN
                or (other.kind is ModeKind.UNSURE and isinstance(other.node, ast.Call) and method_name(other.node) == "train")
            ) and any(k and _holds(k, module, model) for k in other.keys):
                break  # `d_net.train()` with `d_net = Distiller(t_net, s_net)`: its submodules too
            if other.kind is ModeKind.EVAL and other.key and contains(other.key, module):
                if not later_pass and _exclusive(other, item):
                    continue  # `if a: evaluate(model, x)` / `else: evaluate(model, y)`: not on this eval's path
                last_eval = position
            elif other.kind is ModeKind.FORWARD and any(k and related(k, module) and not _bookkeeping_method(k, module) for k in other.keys):
                forwards[other.no_grad] = True
                if not other.no_grad and (later_pass or not _exclusive(other, item)):
                    graded_on_path = True
                if restored and not other.no_grad and any(
                    k and related(k, module) and not any(contains(r, k) for r in restored) for k in other.keys
                ):
                    outside = True
            elif other.kind is ModeKind.FORWARD and not other.no_grad:
                others += [k for k in other.keys if k]
            elif other.kind is ModeKind.BACKWARD:
                if other.no_grad or (other.tests & mode_tests):
                    continue  # a backward that runs only in the other phase (`if phase == "train"`)
                if deferred is None and not later_pass and _built_before_the_eval(items, index, position, module):
                    deferred = (position, other)
                    # on through the next iteration, up to this backward again
                    cycle.extend((i, items[i]) for i in range(index + 1, position + 1))
                    continue
                if forwards[True] and not forwards[False] and others and _all_apart(others, module, model, loop.function):
                    # the module only ran without gradients since the eval (a GAN's generator
                    # making the discriminator's inputs under `no_grad`), and the modules run
                    # with gradients are others built here: this backward trains something
                    # else; the module's own training comes later, perhaps after a `train()`
                    continue
                if not graded_on_path and not later_pass:
                    if per_arm is None:
                        per_arm = _chosen_per_arm(item, items, module)
                    if per_arm:
                        # the mode chosen in each arm of an `if` (`if frozen: net.eval(); with
                        # no_grad: h = net(x)` / `else: net.train(); h = net(x)`), and on the
                        # eval's path the module does not run with gradients: this backward trains
                        # other modules, and each iteration chooses the module's mode again
                        continue
                if _trains_a_copy(items, other, len(item.via), module):
                    continue  # a helper's backward through its own `deepcopy` of the module
                if _trains_only_others(other, module, loop, model):
                    continue  # its own loop steps only other modules' optimizers: look further
                if last_eval == index and _probes_in_helper(item, other, model):
                    continue  # an evaluation helper's attack: the input's gradient, nothing stepped
                if last_eval == index and _loss_computed_in_eval_mode(item, other, items, module, model):
                    break  # `loss = entropy_loss(model, x)` switching to eval itself: the loss it trains on
                chosen = items[last_eval]
                if last_eval != index and len(chosen.via) > len(item.via) and _prefix(chosen.via, other.via):
                    break  # a helper switched to eval and backpropagates itself: its own call is reported
                if later_pass and _rebuilt_each_iteration(loop, module, model):
                    break  # the next iteration trains a new module (`model = Net()` at its top)
                if later_pass and _last_pass_only(item, loop, model):
                    break  # `if epoch == epochs - 1: evaluate(model)`: no next iteration follows
                if restored and (not outside or len(set(map(normalize, restored))) > 1):
                    break  # only the part switched back ran since; or parts one by one, maybe all of them
                if not chosen_for_training(items, last_eval, position):
                    if deferred is not None:
                        position, other = deferred  # reported (and fixed) at the eval's own iteration
                    problem = UnrestoredEval(item, other, position < index, items)
                    problem.partial = bool(restored)
                    problem.other_pass = _contradicting(chosen, other)
                    if problem.other_pass and (
                        any(o.kind in (ModeKind.TRAIN, ModeKind.UNSURE) and any(k and related(k, module) for k in o.keys) for o in items)
                        or f"{module}.train" in model.source.segment(loop.node)
                    ):
                        break  # the next pass may switch it back first (`set_mode(model, phase)`, `{...: model.train}[phase]()`)
                    out.append(problem)
                    if last_eval != index:
                        later[id(problem)] = id(items[last_eval])
                break
    # two evaluations back to back (`test(model, src)`, then `test(model, tgt)`), both reaching
    # the same backward: the later one is the problem (a `train()` between them would change nothing)
    # (when the later one runs only sometimes, `if evaluate(model) > best: best = evaluate(model)`,
    # both are reported and neither is fixed: a `train()` after the later one would not always run)
    reported = {(id(p.eval_item), id(p.backward)): p for p in out}
    kept: list[UnrestoredEval] = []
    for problem in out:
        other = reported.get((later.get(id(problem)), id(problem.backward)))
        if other is not None and other is not problem:
            if other.eval_item.tests <= problem.eval_item.tests:
                continue
            other.shadowed = problem.shadowed = True
        kept.append(problem)
    return kept


_WRAPPERS = {"compile", "DataParallel", "DistributedDataParallel", "DDP"}
_MOVES = {"to", "cuda", "cpu", "half", "float", "double", "bfloat16"}


def _unwrapped(value: ast.expr | None) -> ast.expr | None:
    """The module a wrapper runs (`torch.compile(model)`, `nn.DataParallel(model)`,
    `model.to(device)`): its submodules are the wrapper's, so one `train()` switches both."""
    while isinstance(value, ast.Call):
        if isinstance(value.func, ast.Attribute) and value.func.attr in _MOVES:
            value = value.func.value
        elif (call_name(value) or "").rsplit(".", 1)[-1] in _WRAPPERS and value.args:
            value = value.args[0]
        elif method_name(value) == "unwrap_model" and receiver(value) is not None and len(value.args) == 1:
            value = value.args[0]  # `net = accelerator.unwrap_model(model)`: the module Accelerate prepared
        else:
            return None
    return value


def _holds(key: str, module: str, model: ModuleModel) -> bool:
    """`key` (or the object it is an attribute of) is only ever bound to an object a class
    builds from the module (`d_net = Distiller(t_net, s_net)`): switching it to train mode
    switches the module it holds."""
    parts = key.split(".")
    root = ".".join(parts[:2]) if parts[0] == "self" and len(parts) > 1 else parts[0]
    if "." not in module and module != root:
        # `model_without_ddp = model` (or `= model.module` once `model` is wrapped): every
        # binding of the evaluated name is the switched module or its wrapped one
        aliases = assigned_values(model, module)
        if aliases and all(
            (value := _unwrapped(alias)) is not None
            and isinstance(value, (ast.Name, ast.Attribute)) and dotted(value) is not None and contains(key, model.source.key(value))
            for alias in aliases
        ):  # fmt: skip
            return True
    values = assigned_values(model, root)
    if not values:
        # `for m in module_list: m.train()`: a name of a loop over a container holding it
        return "." not in root and any(
            isinstance(loop.target, ast.Name) and loop.target.id == root and dotted(loop.iter) is not None
            and _holds(model.source.key(loop.iter), module, model)
            for loop in model.source.of_type(ast.For)  # type: ignore[attr-defined]
        )
    for value in values:
        value = _unwrapped(value) or value  # `cmodel = torch.compile(model)`: the module itself runs
        if isinstance(value, (ast.Name, ast.Attribute)) and dotted(value) is not None and related(model.source.key(value), module):
            continue  # `parallel_model = model` in the branch that does not wrap it
        if not isinstance(value, ast.Call) or not (call_name(value) or "").rsplit(".", 1)[-1][:1].isupper():
            return False
        passed = [*positional(value), *(k.value for k in value.keywords)]
        passed += [e for arg in passed if isinstance(arg, (ast.List, ast.Tuple)) for e in arg.elts]  # `nn.ModuleList([s, t])`
        if not any(dotted(arg) is not None and related(model.source.key(arg), module) for arg in passed):
            return False
    return True


def trains_in_eval_mode(loop: TrainingLoop, module: str, items: list[ModeItem], model: ModuleModel) -> bool:
    """The module is switched to eval mode just before the loop, in the loop's own block, and
    nothing in the loop switches it to train mode: it trains in eval mode on purpose (frozen
    batch-norm statistics), and an evaluation inside the loop leaves it as it was."""
    if any(item.kind in (ModeKind.TRAIN, ModeKind.UNSURE) and any(k and related(k, module) for k in item.keys) for item in items):
        return False
    block = model.source.block_of(loop.node)  # type: ignore[arg-type]
    if block is None:
        return False
    evaluated = False  # the last switch of the module written before the loop set eval mode
    for stmt in block:
        if stmt is loop.node:
            return evaluated
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            recv = receiver(stmt.value)
            method = method_name(stmt.value)
            if method in ("eval", "train") and recv is not None and dotted(recv) is not None and related(model.source.key(recv), module):
                evaluated = _mode_of(stmt.value, method) is ModeKind.EVAL  # type: ignore[arg-type]
    return False


def _first_pass_only(item: ModeItem, loop: TrainingLoop) -> list[ast.If]:
    """The `if`s of the loop's own code whose body holds the switch and that hold on one pass
    at most, so not on the passes after it: `for epoch in range(...)` with `if epoch == 0:`
    (`epoch == start_epoch`, a name or attribute the loop does not bind; `not epoch`), or `if
    first:` with every binding of `first` inside the loop `first = False`; also, in a `for` or
    a `while`, a count the loop only counts up (`step += 1`, nothing else binding it there)
    tested against an integer constant or with `not` (`if step == 0:`, `if not step:`): it holds
    on one stretch of passes at most, the first ones."""
    node = loop.node
    is_for = isinstance(node, FOR_LOOPS)
    if not is_for and not isinstance(node, ast.While):
        return []
    ifs = [
        stmt for level, stmt in enumerate(item.path[:-1])
        if isinstance(stmt, ast.If) and item.blocks[level + 1] is stmt.body
    ]
    if not ifs:
        return []
    target = node.target.id if is_for and isinstance(node.target, ast.Name) else None  # type: ignore[union-attr]
    if is_for:
        iterable = node.iter  # type: ignore[union-attr]
        if isinstance(iterable, ast.Call) and call_name(iterable) in ("tqdm", "tqdm.tqdm") and iterable.args:
            iterable = iterable.args[0]  # `tqdm(range(epochs))`
        if not (isinstance(iterable, ast.Call) and call_name(iterable) in ("range", "trange")):
            target = None  # a value that may come back (`for phase in phases`)
    bound = _bound_in_loop(node)
    if target is not None and target in bound:
        target = None  # rebound in the body

    def counted(name: str) -> bool:
        # `step = 0` before the loop, `step += 1` its only binding inside
        return name != target and name in bound and not _rebinds_in_a_loop(node, name)

    def once(test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            return any(once(value) for value in test.values)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            operand = test.operand
            return isinstance(operand, ast.Name) and ((target is not None and operand.id == target) or counted(operand.id))  # `not epoch`
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
            for side, other in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
                if isinstance(side, ast.Name) and side.id != target and isinstance(other, ast.Constant) and type(other.value) is int:
                    if counted(side.id):
                        return True  # `if step == 0:`, the loop counting `step += 1`
                    continue
                if target is not None and isinstance(side, ast.Name) and side.id == target:
                    if isinstance(other, ast.Constant) and isinstance(other.value, int):
                        return True
                    name = dotted(other)
                    return name is not None and name.split(".", 1)[0] not in bound and name.split(".", 1)[0] != target
            return False
        if isinstance(test, ast.Name) and test.id != target:
            # `if first:` with `first = False` inside the loop (and nothing else binding it there)
            values = bound.get(test.id)
            return bool(values) and all(v is not None and is_false(v) for v in values)
        return False

    return [stmt for stmt in ifs if once(stmt.test)]


def _counted_once_in_helper(item: ModeItem, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The switch sits in the body of an `if` of the helper the loop calls (`def
    finetune(batch):` with `if global_step == 0: unet.train()`) that compares a name with an
    integer constant, a name the loop only counts up (`global_step += 1`, nothing else binding
    it there) and its function binds nowhere else inside a loop: it holds on one stretch of
    passes at most, the first ones, so the passes after an evaluation are not switched back."""
    helper = (getattr(model, "_mode_helpers", None) or {}).get(id(item.via[-1]))
    if helper is None:
        return False
    bodies = {arm for arm, index in item.arms if index == 0}
    counters: list[str] = []
    for node in ast_walk(helper):
        if isinstance(node, ast.If) and id(node) in bodies and any(sub is item.node for stmt in node.body for sub in ast_walk(stmt)):
            test = node.test
            if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
                for side, other in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
                    if isinstance(side, ast.Name) and isinstance(other, ast.Constant) and type(other.value) is int:
                        counters.append(side.id)
    if not counters:
        return False
    counted = {
        stmt.target.id for stmt in ast_walk(loop.node)
        if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and isinstance(stmt.target, ast.Name)
        and isinstance(stmt.value, ast.Constant) and type(stmt.value.value) is int and stmt.value.value > 0
    }  # fmt: skip
    scope = loop.function if loop.function is not None else model.source.tree
    for name in counters:
        if name not in counted:
            continue
        # every other binding of the name in the function is outside its loops (`global_step = 0`
        # before them); a reset inside one (`global_step = 0` at each epoch) would count again
        if not any(_rebinds_in_a_loop(sub, name) for sub in ast_walk(scope) if isinstance(sub, FOR_LOOPS + (ast.While,))):
            return True
    return False


def _rebinds_in_a_loop(loop: ast.AST, name: str) -> bool:
    """A loop's body binds `name` otherwise than counting it up by a positive constant."""
    counting: set[int] = set()
    stores: list[ast.Name] = []
    for node in ast_walk(loop):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            if not (isinstance(node.op, ast.Add) and isinstance(node.value, ast.Constant) and type(node.value.value) is int and node.value.value > 0):
                return True
            counting.add(id(node.target))
        elif isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores.append(node)
    return any(id(node) not in counting for node in stores)


def _bound_in_loop(node: ast.AST) -> dict[str, list[ast.expr | None]]:
    """The plain names the loop's body binds (nested functions aside): name -> the values
    assigned (None for a binding without one: a loop target, `+=`, unpacking)."""
    bound: dict[str, list[ast.expr | None]] = {}
    todo: list[ast.AST] = list(getattr(node, "body", [])) + list(getattr(node, "orelse", []))
    while todo:
        sub = todo.pop()
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(sub, ast.Assign):
            for target in sub.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(sub.value)
                else:
                    for name in ast_walk(target):
                        if isinstance(name, ast.Name):
                            bound.setdefault(name.id, []).append(None)
            todo.append(sub.value)
            continue
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            bound.setdefault(sub.id, []).append(None)
        todo.extend(child_nodes(sub))
    return bound


def _last_pass_only(item: ModeItem, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The eval runs in the body of an `if` of the loop's own code that holds only on its last
    iteration: `for epoch in range(epochs)` with `if epoch == epochs - 1:` (or `epoch + 1 ==
    epochs`, either side)."""
    node = loop.node
    if not (isinstance(node, FOR_LOOPS) and isinstance(node.target, ast.Name) and isinstance(node.iter, ast.Call)):
        return False
    if call_name(node.iter) != "range" or not node.iter.args or node.iter.keywords or len(node.iter.args) > 2:
        return False
    code = model.source.code
    stop = code(node.iter.args[-1])
    target = node.target.id
    last = {(target, f"{stop} - 1"), (f"{target} + 1", stop)}
    anchor = item.via[0] if item.via else item.node  # in the loop's own code
    for stmt in item.path:
        if not (isinstance(stmt, ast.If) and stmt.body and stmt.body[0].lineno <= anchor.lineno <= (stmt.body[-1].end_lineno or 0)):
            continue
        test = stmt.test
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
            sides = (code(test.left), code(test.comparators[0]))
            if sides in last or sides[::-1] in last:
                return True
    return False


def _rebuilt_each_iteration(loop: TrainingLoop, module: str, model: ModuleModel) -> bool:
    """A statement of the loop's own body binds the module anew from a call that is not a
    move or a wrap of it (`model = Net()`, `model = build_model(args)`): each iteration trains
    a fresh module, in train mode."""
    from gradfix.analysis.modules import rewraps

    def builds(stmt: ast.stmt) -> bool | None:
        """The statement binds the module to a new one (True), to something else (False), or
        does not bind it (None); an `if` binds it when each of its arms, `else` included, does."""
        if isinstance(stmt, ast.If):
            arms = [builds_in(stmt.body), builds_in(stmt.orelse) if stmt.orelse else None]
            return True if all(arm is True for arm in arms) else (False if False in arms else None)
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Call):
            target = stmt.targets[0]
            if dotted(target) is not None and model.source.key(target) == module:
                if rewraps(stmt.value, module, model):
                    return False
                if method_name(stmt.value) == "unwrap_model" and receiver(stmt.value) is not None:
                    return False  # `net = accelerator.unwrap_model(model)`: the prepared module, not a new one
                last = (call_name(stmt.value) or "").rsplit(".", 1)[-1]
                return last not in ("deepcopy", "copy", "load", "clone")  # these keep the mode they copy
        return None

    def builds_in(block: list[ast.stmt]) -> bool | None:
        for stmt in block:
            found = builds(stmt)
            if found is not None:
                return found
        return None

    for stmt in getattr(loop.node, "body", []):
        found = builds(stmt)
        if found is not None:
            return found
    return False


def _trains_only_others(backward: ModeItem, module: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The backward sits in a training loop of its own (inside the analysed one) whose
    optimizers, every one read, train only modules apart from `module`: a classifier trained
    after an augmenter network that a helper trained and left in eval to keep it frozen; in a
    helper, only modules the helper builds itself (a linear probe over detached embeddings)."""
    from gradfix.analysis.modules import aliases, trained_modules

    around = backward.loops
    if not around:
        return False
    inner = next((lp for lp in model.loops if lp.node is around[-1]), None)
    if inner is None:
        if not backward.via:
            return False
        scope = loop.function if loop.function is not None else model.source.tree
        return _foreign_probe_loop(backward, aliases(module, scope, model) | _either_arm(module, scope, model), model)
    trained, complete = trained_modules(inner, model)
    if not complete:
        return False
    if not trained:
        return True  # its optimizers train tensors of their own (`Adam([temperature])`), no module
    scope = loop.function if loop.function is not None else model.source.tree
    names = aliases(module, scope, model) | _either_arm(module, scope, model)
    if backward.via and inner.function is not loop.function:
        # (a loop of the analysed loop's own function calling the helper that backpropagates
        # names the modules as the analysed code does: read below)
        # a helper's loop names modules its own way: each must be a fresh one it builds, or an
        # attribute of `self` in a method called on `self` (the same object: `self.GMNET`)
        if inner.function is None:
            return False
        on_self = all(isinstance(call.func, ast.Attribute) and dotted(call.func.value) == "self" for call in backward.via)
        passed = _passed_arguments(inner.function, backward.via[0], model) if len(backward.via) == 1 else {}
        return all(
            _built_in(owner, inner.function)
            or (on_self and owner.startswith("self.") and not any(related(name, owner) for name in names))
            # `child_train(loader, child, child_opt)`: the helper's `model` is the caller's `child`
            or (owner.split(".", 1)[0] in passed and not any(related(name, substitute_root(owner, passed)) for name in names))
            for owner in trained
        )
    return not any(related(name, owner) for name in names for owner in trained)


def _foreign_probe_loop(backward: ModeItem, names: set[str], model: ModuleModel) -> bool:
    """The backward sits in a loop of a helper of another module (no loop of this module's
    model) that steps only optimizers it builds over modules it builds itself: a linear
    probe trained on the embeddings handed in (`log = LogReg(dim, n)`; `opt = Adam(log.parameters())`).
    A module built from a parameter that may hold the evaluated module (`names`, through
    each helper call on the way; or anything but a constant or another name) may be that
    module or hold it (`nn.Sequential(net, head)`). An optimizer (or module) the helper is
    handed by the helper on the way before it is read there the same way: the evaluation
    helper builds the probe and its optimizer and hands both to a fitting helper,
    `_fit(head, feats, opt)`."""
    helpers = getattr(model, "_mode_helpers", None) or {}
    function = helpers.get(id(backward.via[-1]))
    loop = backward.loops[-1]
    if function is None or not any(node is loop for node in ast_walk(function)):
        return False
    steps = [
        call for call in ast_walk(loop)
        if isinstance(call, ast.Call) and method_name(call) == "step" and not call.args and not call.keywords
    ]  # fmt: skip
    return bool(steps) and all(
        isinstance(recv := receiver(call), ast.Name) and _probe_owned(backward.via, helpers, names, recv.id, True, set())
        for call in steps
    )


def _probe_owned(
    via: tuple[ast.Call, ...], helpers: dict[int, ast.AST], names: set[str], name: str, optimizer: bool, seen: set[tuple[int, str, bool]]
) -> bool:
    """`name`, an optimizer (or, not `optimizer`, a module one is built over) in the helper
    `via[-1]` calls, is built there, from no module the caller evaluates (an optimizer: over
    the parameters of such modules, or a scheduler over such an optimizer), or handed in by
    the helper on the way before it (`via[-2]`), which built it so."""
    function = helpers.get(id(via[-1]))
    handed = _handed_values(via, helpers)
    if function is None or handed is None:
        return False
    if (id(function), name, optimizer) in seen:
        return True
    seen.add((id(function), name, optimizer))
    params = {a.arg for a in ast_walk(function) if isinstance(a, ast.arg)}
    if name in params:
        # handed in: by a helper on the way (not by the analysed code, whose values may be the module)
        if len(via) < 2 or not isinstance(function, FUNCTIONS):
            return False
        arg = _argument_for(via[-1], function, name)
        return isinstance(arg, ast.Name) and _probe_owned(via[:-1], helpers, names, arg.id, optimizer, seen)

    def may_hold_module(key: str) -> bool:
        if key not in params:
            return False
        if key not in handed:
            return not _has_constant_default(function, key)  # not given: its default
        value = handed[key]
        return value is None or (value != _CONSTANT and any(related(value, other) for other in names))

    if not _built_in(name, function):
        return False
    for node in ast_walk(function):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            value = node.value
            given = [*value.args, *(kw.value for kw in value.keywords)]  # type: ignore[attr-defined]
            if any(
                isinstance(arg, ast.Starred) or ((key := dotted(arg)) is not None and may_hold_module(key.split(".", 1)[0]))
                for arg in given
            ):
                return False
            if not optimizer:
                continue
            first = value.args[0] if value.args else None  # type: ignore[attr-defined]
            if isinstance(first, ast.Name) and first.id not in params:
                # `StepLR(opt, ...)`: a scheduler over an optimizer of its own
                if not _probe_owned(via, helpers, names, first.id, True, seen):
                    return False
                continue
            owners = [
                receiver(sub) for sub in ast_walk(first) if isinstance(sub, ast.Call) and method_name(sub) in ("parameters", "named_parameters")
            ] if first is not None else []  # fmt: skip
            if not owners or not all(isinstance(r, ast.Name) and _probe_owned(via, helpers, names, r.id, False, seen) for r in owners):
                return False
    return True


def _argument_for(call: ast.Call, function: ast.AST, param: str) -> ast.expr | None:
    """What `call` gives the parameter `param` of `function`, by position or by keyword."""
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]  # type: ignore[attr-defined]
    if isinstance(call.func, ast.Attribute) and params[:1] in (["self"], ["cls"]):
        params = params[1:]
    for name, arg in zip(params, call.args):
        if name == param:
            return arg
    return next((kw.value for kw in call.keywords if kw.arg == param), None)


_CONSTANT = "\0"  # what `_handed_values` says of a parameter given a constant


def _handed_values(via: tuple[ast.Call, ...], helpers: dict[int, ast.AST]) -> dict[str, str | None] | None:
    """What each parameter of the last helper on the way is given, in the analysed loop's
    names: a key, `_CONSTANT`, or `None` for anything else (a local of a helper on the way, an
    expression); `None` as a whole when a call hands over `*args` or `**kwargs`."""
    mapping: dict[str, str | None] = {}
    for depth, call in enumerate(via):
        function = helpers.get(id(call))
        if not isinstance(function, FUNCTIONS):
            return None
        if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
            return None
        params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        if isinstance(call.func, ast.Attribute) and params[:1] in (["self"], ["cls"]):
            params = params[1:]
        given = [*zip(params, call.args), *((kw.arg, kw.value) for kw in call.keywords if kw.arg is not None)]
        handed: dict[str, str | None] = {}
        for param, arg in given:
            key = dotted(arg)
            if isinstance(arg, ast.Constant):
                handed[param] = _CONSTANT
            elif key is None:
                handed[param] = None
            elif depth == 0:
                handed[param] = key
            else:
                root, _, rest = key.partition(".")
                held = mapping.get(root)
                handed[param] = held if held is None or held == _CONSTANT or not rest else f"{held}.{rest}"
        mapping = handed
    return mapping


def _has_constant_default(function: ast.AST, name: str) -> bool:
    """The parameter `name` has a constant default."""
    args = function.args  # type: ignore[attr-defined]
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    return any(a.arg == name and isinstance(d, ast.Constant) for a, d in pairs)


def _either_arm(module: str, scope: ast.AST, model: ModuleModel) -> set[str]:
    """The modules `net = ema if use_ema else model` may be (a flag no constant decides), or
    the one it is when a module constant decides (`USE_EMA = False`: `model`)."""
    from gradfix.analysis.modules import decided_arm

    # (once per model for each module and scope: asked for each eval of a loop, and again by the probes)
    answers = model.__dict__.setdefault("_either_arms", {})
    known = answers.get((module, id(scope)))
    if known is not None and known[0] is scope:
        return known[1]  # type: ignore[no-any-return]
    found: set[str] = set()
    for value in assignments(model).values(module, scope):
        chosen = decided_arm(value, model)
        if isinstance(chosen, ast.IfExp):
            found |= {normalize(model.source.key(arm)) for arm in (chosen.body, chosen.orelse) if dotted(arm) is not None}
        elif chosen is not value and chosen is not None and dotted(chosen) is not None:
            found.add(normalize(model.source.key(chosen)))
    answers[module, id(scope)] = (scope, found)  # (callers only read it)
    return found


def _passed_arguments(function: ast.AST, call: ast.Call, model: ModuleModel) -> dict[str, str]:
    """The parameters of a plain function of the module that `call` (a call of it by name)
    gives a plain name or attribute, by position or by keyword: parameter -> the key passed."""
    if not (isinstance(function, FUNCTIONS) and isinstance(call.func, ast.Name) and call.func.id == function.name):
        return {}
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    out: dict[str, str] = {}
    for param, arg in zip(params, call.args):
        if isinstance(arg, ast.Starred):
            break
        if dotted(arg) is not None:
            out[param] = model.source.key(arg)
    for kw in call.keywords:
        if kw.arg is not None and dotted(kw.value) is not None:
            out[kw.arg] = model.source.key(kw.value)
    return out


def _built_in(key: str, function: ast.AST) -> bool:
    """`key` is a plain name the function binds only to calls of its own (not a parameter)."""
    if "." in key or key in {a.arg for a in ast_walk(function) if isinstance(a, ast.arg)}:
        return False
    values = [
        node.value
        for node in ast_walk(function)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == key for t in node.targets)
    ]
    return bool(values) and all(isinstance(v, ast.Call) for v in values)


def _trains_a_copy(items: list[ModeItem], backward: ModeItem, depth: int, module: str) -> bool:
    """`backward` runs in a helper (called at `depth`) that ran only its own copy of the
    module with gradients (`net = deepcopy(net)`; `net(x).norm().backward()`)."""
    if len(backward.via) <= depth:
        return False
    call = backward.via[depth]
    inside = [
        it for it in items if it.kind is ModeKind.FORWARD and not it.no_grad and len(it.via) > depth and it.via[depth] is call
    ]
    keys = [k for it in inside for k in it.keys if k]
    return any(k.endswith("@copy") for k in keys) and not any(related(k, module) for k in keys)


def _all_apart(keys: list[str], module: str, model: ModuleModel, function: ast.AST | None = None) -> bool:
    """The modules run with gradients (`keys` that the file binds: not `F.cross_entropy`,
    `opt.zero_grad`) are others, and there is one. Besides modules the file builds, another
    parameter of the loop's function when `module` is one too (`def fit(G, D, loader):`, a
    GAN's two networks handed in by the caller) counts as another module."""
    imported = model.facts.imports.aliases
    names = [
        k for k in dict.fromkeys(keys)
        if ("." not in k or (k.startswith("self.") and k.count(".") == 1)) and k not in imported
    ]  # `D`, `self.critic`: not `F.cross_entropy`, `opt.zero_grad`, `out.softmax`
    built = [k for k in names if assigned_values(model, k)]
    copies = [k for k in names if k.endswith("@copy")]  # a helper's own `deepcopy` of a module
    handed: list[str] = []
    if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and not built:
        params = {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)} - {"self", "cls"}
        if module in params and not assigned_values(model, module):
            handed = [k for k in names if k in params and k != module]
    return bool(built or copies or handed) and all(_apart(k, module, model) for k in built)


def _apart(key: str, module: str, model: ModuleModel) -> bool:
    """`key` is a module of its own, not `module` under another name: every binding of it in
    the module builds something (`D = Discriminator(...)`), none wraps or names `module`
    (`ddp = DDP(model)`, `net = model`)."""
    for value in assigned_values(model, key):
        if not isinstance(value, ast.Call):
            return False
        wrapped = wrapped_key(value, model.source.key)
        if wrapped is not None and wrapped != key:
            return False  # `ddp = DDP(model)`: `module` under another name (not `probe = probe.to(device)`)
    from gradfix.analysis.modules import decided_arm

    for value in assigned_values(model, module):
        value = decided_arm(value, model)  # `ema if USE_EMA else model` with `USE_EMA = False`: `model`
        for arm in (value.body, value.orelse) if isinstance(value, ast.IfExp) else (value,):  # a flag no constant decides: either
            if isinstance(arm, ast.Call) and method_name(arm) == "unwrap_model" and len(arm.args) == 1 and receiver(arm) is not None:
                arm = arm.args[0]  # `net = accelerator.unwrap_model(model)`: the module Accelerate prepared
            if dotted(arm) is not None and related(model.source.key(arm), key):
                return False  # `test_model = model` (in one arm): the evaluated module is this one
    return not related(key, module)


def chosen_for_training(items: list[ModeItem], eval_index: int, backward_index: int) -> bool:
    """The eval at `items[eval_index]` is the training code's own choice of mode for the
    backward at `items[backward_index]`, not a mode left on by someone else: it runs earlier
    in the same iteration, in the code that trains (the function holding the backward, or
    one that calls it: `model.eval()` at the start of a linear probe's `train_one_epoch`,
    also under a condition such as `if frozen:`), outside any loop the backward is not in,
    and the module is not evaluated before the training starts: no forward of it without
    gradients, outside the backward's loops, or (after an eval that runs only sometimes)
    under a condition the backward is not under (`if step % k == 0: model.eval();
    log(model(probe))`)."""
    if eval_index >= backward_index:
        return False  # the backward runs in the next iteration: the eval ended this one
    chosen, backward = items[eval_index], items[backward_index]
    if not _prefix(chosen.via, backward.via) or not _prefix(chosen.loops, backward.loops):
        return False  # a helper that returned (`validate(model)`), or a loop that ended
    if _exclusive(chosen, backward) or _contradicting(chosen, backward):
        return False  # one arm of an `if`, the backward in another: not in the same iteration
    # (an eval in one arm of an `if` whose other arm switches the module to train mode, `if
    # task == 0: net.train()` / `else: net.eval()`, is the mode chosen for either case)
    sometimes = not chosen.tests <= backward.tests and not any(
        other.kind is ModeKind.TRAIN and _exclusive(other, chosen) and other.via == chosen.via and other.loops == chosen.loops
        and any(k and related(k, chosen.key) for k in other.keys)
        for other in items[:eval_index]
    )
    for other in items[eval_index + 1 : backward_index]:
        if _exclusive(other, backward):
            continue  # the other arm of an `if` the backward is in: it never runs before it
        if other.kind is ModeKind.FORWARD and any(k and related(k, chosen.key) and not _bookkeeping_method(k, chosen.key) for k in other.keys):
            frozen_part = (
                other.no_grad and _prefix(backward.loops, other.loops) and len(other.loops) == len(backward.loops)
                and all(k and contains(chosen.key, k) and normalize(k) != normalize(chosen.key) for k in other.keys if k)
            )  # `with torch.no_grad(): feats = model.backbone(x)` in the training step: a frozen part
            if (other.no_grad and not frozen_part) or not _prefix(backward.loops, other.loops):
                return False  # an evaluation between the eval and the training
            if sometimes and not other.tests <= backward.tests:
                return False  # an evaluation now and then, the training every time
    return True


# methods of a module that run no forward pass (`state = model.state_dict()` before a
# test-time adaptation that restores it)
_NOT_FORWARD_METHODS = frozenset({
    "state_dict", "load_state_dict", "parameters", "named_parameters", "buffers", "named_buffers",
    "modules", "named_modules", "children", "named_children", "zero_grad", "requires_grad_",
})  # fmt: skip


def _chosen_per_arm(item: ModeItem, items: list[ModeItem], module: str) -> bool:
    """The eval at `item` sits in one arm of an `if` whose other arm switches the module to
    train mode, in the same helper and loops: the code picks the module's mode by case,
    whatever else the arms do."""
    return any(
        other.kind is ModeKind.TRAIN and _exclusive(other, item) and other.via == item.via and other.loops == item.loops
        and any(k and related(k, module) for k in other.keys)
        for other in items
    )


def _own_method(key: str, module: str) -> bool:
    """`key` is a method of `module` that runs no forward: `module.parameters`, `module.cpu`,
    a private one (`unet._set_gradient_checkpointing(False)`)."""
    head, _, last = normalize(key).rpartition(".")
    return head == normalize(module) and (
        last in _NOT_FORWARD_METHODS or last in _MODULE_METHODS_KEEPING_MODE or last.startswith("_")
    )


def _bookkeeping_method(key: str, module: str) -> bool:
    """`key` is `module.state_dict` and the like: the module's own method, not its forward."""
    head, _, last = normalize(key).rpartition(".")
    return last in _NOT_FORWARD_METHODS and head == normalize(module)


def _built_before_the_eval(items: list[ModeItem], index: int, position: int, module: str) -> bool:
    """The backward at `position`, later in the iteration of the eval at `index` (and not in a
    loop of its own), backpropagates a graph the module built before the eval: the module ran
    with gradients earlier in the iteration, on the eval's path, and not since the eval (but in
    the evaluation the eval's helper runs itself, `thickness(model, x)` attacking its input)."""
    item = items[index]
    if items[position].loops:
        return False

    def graded(other: ModeItem) -> bool:
        return (
            other.kind is ModeKind.FORWARD and not other.no_grad
            and any(k and related(k, module) and not _bookkeeping_method(k, module) for k in other.keys)
        )  # fmt: skip

    depth = len(item.via)
    backward = items[position]
    if any(
        graded(o) and not (depth and o.via[:depth] == item.via) and _may_feed(o, backward)
        for o in items[index + 1 : position]
    ):
        return False
    return any(graded(o) and not _exclusive(o, item) for o in items[:index])


def _may_feed(forward: ModeItem, backward: ModeItem) -> bool:
    """The forward (of the loop's own code) may be part of the graph `backward` walks: unless its
    result goes only into names (`acc = (net(x).argmax(1) == y).float().mean()`, `print(net(x))`)
    that never reach the loss backpropagated (`loss.backward()`, both in the loop's own code)."""
    statement = forward.path[-1] if forward.path else None
    call = backward.node
    if forward.via or backward.via or statement is None or not isinstance(statement, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
        return True
    loss = receiver(call) if isinstance(call, ast.Call) and method_name(call) == "backward" else None
    if loss is None or statement.lineno > call.lineno:
        return True
    names = _carried_to(_bound_by(statement), statement, backward)
    return any(isinstance(n, ast.Name) and n.id in names for n in ast_walk(loss))


def _exclusive(a: ModeItem, b: ModeItem) -> bool:
    """`a` and `b` sit in different arms of one `if` (or `match`) that no loop inside the
    analysed loop holds: one iteration runs only one of them."""
    arms = dict(a.arms)
    return any(arms.get(node, arm) != arm for node, arm in b.arms)


def _contradicting(a: ModeItem, b: ModeItem) -> bool:
    """`a` runs under `if phase == "val":` and `b` under `if phase == "train":` (two `if`s of
    the loop's own code testing one name against two constants): never in the same pass."""
    first, second = _equalities(a), _equalities(b)
    return any(name in second and second[name] != value for name, value in first.items())


def _equalities(item: ModeItem) -> dict[str, object]:
    """`name == constant` tests of the `if`s of the loop's own code whose body holds the item."""
    found: dict[str, object] = {}
    for level, stmt in enumerate(item.path[:-1]):
        if not (isinstance(stmt, ast.If) and item.blocks[level + 1] is stmt.body):
            continue
        test = stmt.test
        if (
            isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)
            and isinstance(test.comparators[0], ast.Constant) and dotted(test.left) is not None
        ):
            found[dotted(test.left)] = test.comparators[0].value  # type: ignore[index]
    return found


def _prefix(short: tuple[ast.AST, ...], long: tuple[ast.AST, ...]) -> bool:
    return len(short) <= len(long) and all(a is b for a, b in zip(short, long))


def forwards_before_backward(items: list[ModeItem], module: str) -> bool:
    """The module is called in a forward pass that a backward of the same iteration follows."""
    seen_forward = False
    for item in items:
        if item.kind is ModeKind.FORWARD and not item.no_grad and any(normalize(k) == normalize(module) for k in item.keys):
            seen_forward = True
        elif item.kind is ModeKind.BACKWARD and seen_forward and not item.no_grad:
            return True
    return False


@dataclass
class ManualModes:
    """Modules whose modes the file manages by hand."""

    keys: set[str] = field(default_factory=set)  # normalised
    trained_last_names: set[str] = field(default_factory=set)  # `x` for every `....x.train()`

    def manages(self, module: str) -> bool:
        return any(related(key, module) for key in self.keys)


def manual_modes(model: ModuleModel) -> ManualModes:
    """BN freezing and other hand-managed modes anywhere in the file:
    `model.apply(freeze_bn)`, `model.backbone.eval()` when `model.train()` is also called,
    `for m in model.modules(): m.eval()`, `model.freeze_bn()`."""
    cached = getattr(model, "_manual_modes", None)
    if cached is not None:
        return cached
    source = model.source
    found = ManualModes()
    mode_calls: list[tuple[str, str]] = []  # (key, method)
    loop_vars: dict[str, str] = {}  # loop variable -> module whose .modules() it walks
    listed: dict[int, list[str]] = {}  # id of a switch in `for m in [enc, dec]: m.eval()` -> the modules
    # (the loops and expression statements first, then the calls: each kind from the tree's
    # index, not a test of every node of the file)
    for node in (*source.of_type(ast.For), *source.of_type(ast.AsyncFor), *source.of_type(ast.Expr)):
        switched = listed_switches(node, model)
        if switched is not None:
            for call, _ in switched[0]:
                listed[id(call)] = [source.key(elt) for elt in switched[1]]
        if isinstance(node, FOR_LOOPS) and isinstance(node.iter, ast.Call):
            walked = _modules_of(node.iter)
            if walked is not None:
                for target in ast_walk(node.target):
                    if isinstance(target, ast.Name):
                        loop_vars[target.id] = source.key(walked)
    for node in source.of_type(ast.Call):
        method = method_name(node)
        recv = receiver(node)
        if recv is None:
            name = call_name(node) or ""
            if _freeze_named(name.rsplit(".", 1)[-1]):
                for arg in node.args:
                    if dotted(arg) is not None:
                        found.keys.add(normalize(source.key(arg)))
            continue
        if method in ("eval", "train"):
            recv = strip_same_module(recv)
        if dotted(recv) is None:
            continue
        key = source.key(recv)
        if method in ("eval", "train") and key == "self" and _own_mode_method(node, method, model):
            continue  # a trainer's own `def train(self)`: no module's mode
        if method in ("eval", "train"):
            for each in listed.get(id(node), [key]):
                mode_calls.append((each, method))
                if method == "train":
                    found.trained_last_names.add(normalize(each).rsplit(".", 1)[-1])
        elif method == "apply" and node.args:
            fn = node.args[0]
            name = dotted(fn)
            info = model.facts.module_functions.get(name or "")
            if (name and _MODE_HELPER.search(name.rsplit(".", 1)[-1])) or (info is not None and _calls_mode(info.node)) or (
                isinstance(fn, ast.Lambda) and _calls_mode(fn)
            ):
                found.keys.add(normalize(key))
        elif method and _freeze_named(method):
            found.keys.add(normalize(key))
    trained = {normalize(k) for k, m in mode_calls if m == "train"}
    for key, method in mode_calls:
        root = key.split(".", 1)[0]
        if root in loop_vars:
            found.keys.add(normalize(loop_vars[root]))
            continue
        if method == "eval":
            # a submodule put in eval mode while its parent is trained: BN freezing by hand
            norm = normalize(key)
            if any(norm.startswith(parent + ".") for parent in trained):
                found.keys.add(norm)
    model._manual_modes = found  # type: ignore[attr-defined]
    return found


def _own_mode_method(call: ast.Call, method: str, model: ModuleModel) -> bool:
    """`self.train()` in a method of a class of the module that defines `train` itself and
    has no base but `object` (a trainer, not an `nn.Module`): that method, not a mode switch."""
    line = call.lineno
    for name, node in model.facts.classes.items():
        if (
            method in model.facts.methods.get(name, {}) and node.lineno <= line <= (node.end_lineno or 0)
            and all(dotted(base) == "object" for base in node.bases) and not node.keywords
        ):  # fmt: skip
            return True
    return False


def _modules_of(call: ast.Call) -> ast.expr | None:
    """`model` for `model.modules()`, `model.named_modules()`, `model.children()`."""
    node: ast.AST = call
    while isinstance(node, ast.Call) and method_name(node) is None and node.args:  # enumerate(model.modules())
        node = node.args[0]
    if isinstance(node, ast.Call) and method_name(node) in ("modules", "named_modules", "children", "named_children"):
        recv = receiver(node)
        if recv is not None and dotted(recv) is not None:
            return recv
    return None


def _undecided(found: FunctionInfo | None, name: str) -> bool:
    """`found` is the `def` of a class whose body also binds `name` by assignment (`measure =
    staticmethod(_score)` beside `def measure`, `facts.undecided_in_class`): which one the
    objects hold is not guessed, as the loop model does not."""
    facts = found.facts if found is not None else None
    return facts is not None and bool(facts.undecided_in_class) and (found.class_name, name) in facts.undecided_in_class  # type: ignore[union-attr]
