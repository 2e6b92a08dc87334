from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import Assignments, Binding, assigned_values, assignment_statements, assignments, forwarded_argument
from gradfix.analysis.facts import OPTIMIZER_CLASSES, ModuleFacts, class_static_lambda
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.modules import prepared_again
from gradfix.analysis.names import call_name, dotted, keyword, positional
from gradfix.analysis.state_entries import lasting_entry, read_entry
from gradfix.source import Source, blocks_of
from gradfix.transforms.base import Finding, Rule, Safety
from gradfix.walk import ast_walk, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# transformers' schedule functions, with the position of their optimizer argument
_TRANSFORMERS_SCHEDULES = {
    "get_scheduler": 1, "get_constant_schedule": 0, "get_constant_schedule_with_warmup": 0,
    "get_linear_schedule_with_warmup": 0, "get_cosine_schedule_with_warmup": 0,
    "get_cosine_with_hard_restarts_schedule_with_warmup": 0, "get_polynomial_decay_schedule_with_warmup": 0,
    "get_inverse_sqrt_schedule": 0, "get_wsd_schedule": 0,
}  # fmt: skip
_EXITS = (ast.Return, ast.Raise, ast.Break, ast.Continue)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
# how the names of torch's and timm's scheduler classes end (`StepLR`, `ReduceLROnPlateau`,
# `CosineAnnealingWarmRestarts`, `ChainedScheduler`, `CosineLRScheduler`)
_SCHEDULER_ENDINGS = ("LR", "Scheduler", "Plateau", "Restarts")
# timm's scheduler factories (timm/scheduler/scheduler_factory.py), which return
# `(scheduler, num_epochs)`, with the position of their optimizer argument
_TIMM_SCHEDULER_FACTORIES = {"create_scheduler_v2": 0, "create_scheduler": 1}
# timm's optimizer factories (timm/optim/_optim_factory.py, re-exported by timm.optim and the
# older timm.optim.optim_factory): each call builds a new torch optimizer
_TIMM_OPTIMIZER_FACTORIES = frozenset(
    f"timm.optim.{module}{name}"
    for module in ("", "_optim_factory.", "optim_factory.")
    for name in ("create_optimizer_v2", "create_optimizer")
)


class SchedulerOverReplacedOptimizer(Rule):
    """
    A learning-rate scheduler is built over an optimizer that is then replaced by a new one.

    ## What it does
    Finds a scheduler of torch (`torch.optim.lr_scheduler.StepLR(optimizer, ...)`, any class of
    `torch.optim.lr_scheduler`, `SWALR`), of timm (`timm.scheduler.CosineLRScheduler(optimizer,
    ...)`, or the first of the pair its factories return, `sched, _ = create_scheduler_v2(optimizer,
    ...)`, `create_scheduler(args, optimizer)`) or a schedule of transformers (`get_linear_schedule_with_warmup(optimizer, ...)`,
    `get_scheduler(name, optimizer, ...)`), also through a plain function of the file every
    `return` of which builds one over the same parameter (`sched = make_scheduler(cfg,
    optimizer)`), built over an optimizer that the same function built
    (`optimizer = torch.optim.AdamW(...)`, or an entry of a dict or list literal of
    optimizers bound once there, `opts = {"g": Adam(...), ...}` with the scheduler over
    `opts["g"]`), when a later statement of that function binds the
    optimizer's name to a new optimizer (`optimizer = torch.optim.AdamW(groups, ...)`, any class
    of `torch.optim` or another optimizer class gradfix knows, or timm's factory
    `create_optimizer_v2(model, "adamw", ...)`, which builds a new one), also under an `if`, and the
    function then steps both, the optimizer and the scheduler, after that statement: in a loop
    of its own or through a function or method of the file it hands them to (also a static
    method called by its class's name, `Trainer.train_step(model, opt, sched, x, y)`), whose parameter
    for the scheduler is stepped, or through a function defined in it after that statement
    that steps both as free names (a closure `def step(x, y): ...` it returns), or, with the
    scheduler stepped by the function itself, a local function stepping the optimizer as a free
    name that the function calls after that statement (`def one_batch(x, y): ... opt.step()`
    defined in the epoch loop, called in the batch loop; also a name bound once to a lambda that
    steps it, `do_step = lambda: opt.step()`), or through a function of the file
    that unpacks the tuple the function returns (every `return` after the rebinding holds both
    names, at the same places: `return net, opt, sched`; the function plain or cached by
    `functools.lru_cache`) into names it binds only there and steps (`net, opt, sched = kit()`);
    also in the next iteration of a loop that holds the
    rebinding and the steps but not the scheduler's construction (a switch from Adam to SGD
    at some epoch, after the epoch's `scheduler.step()`). For `self.optimizer` and `self.scheduler` bound in one method
    (`__init__`), any method of the class, or of a class of the file deriving from it, that
    steps the scheduler counts (the first optimizer also from `self.build_optimizer()`, every
    definition of which in the file's classes is a stub or returns a torch optimizer over
    `m.parameters()`); and when `__init__`
    builds the scheduler, another method of the class that the file calls and that binds
    `self.optimizer` to a new optimizer (an `unfreeze()` for fine-tuning; or the class's
    `__call__`, when the file calls an object of the class: `Fit(model)(3)`, or `fit(3)` with
    `fit = Fit(model)`) is reported too,
    when the class steps both outside `__init__`. The scheduler and the optimizer may also be
    attributes of one object (`state.sched = StepLR(state.opt, ...)`, then `state.opt = SGD(...)`):
    stepped in the same function, or, when the function builds that object (every binding of it
    a construction of a class of the file) and returns it (every `return` of it `return state`),
    by another function of the file on one of its parameters (`def train_epoch(state, epoch)`:
    `state.opt.step()`, `state.sched.step()`), when no other statement of the file binds the
    scheduler's attribute, no call but the class's construction names it as a keyword and none
    calls `setattr`; or, when the function binds that object once to a new `types.SimpleNamespace()`
    (not a parameter), by a function of the file it hands the object to whole after the change,
    directly or through a `functools.partial` of it (`run = partial(update, net, state)` ...
    `run(x, y)`), whose parameter there steps both; or, when the function binds that object once (`st = State()`) and hands it
    whole by name after the new optimizer to functions of the file or of another module of the
    project (`train_step(model, st, x, y)`, `end_epoch(st)` with `from .engine.steps import
    ...`) that together step `st.opt` and `st.sched` and bind neither, and the function binds
    neither again after the new optimizer; or, when the object is a parameter of the function
    (`def setup(st)`, never rebound there; the function called in the file), by functions of
    the file stepping `<parameter>.sched` and `<parameter>.opt` (`handle(ev, st)`
    implementations), when no other statement of the file binds the scheduler's attribute, no
    call names it as a keyword, none calls `setattr` and no class of the file declares it. Not when the new optimizer is built over the
    very list of parameter-group dicts the old one was (`groups = [{"params": ...}, ...]` bound
    once, `AdamW(groups, ...)` both times): torch keeps those dicts as `param_groups`, so the
    scheduler's rate reaches the new optimizer too.

    ## Why is this bad?
    A scheduler holds the optimizer it was given and writes the learning rate into that
    optimizer's `param_groups`. After the name is rebound, the loop trains with the new
    optimizer while `scheduler.step()` changes the rate of the old one, which no longer
    trains: the warm-up, the decay or the cycle never happens, and nothing fails. The model
    trains at the initial rate from start to end.

    ## Example
    ```python
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    if args.no_decay:
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.0)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    ```

    ## Use instead
    ```python
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    if args.no_decay:
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.0)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    ```

    ## Fix safety
    No fix (detection only): where the scheduler belongs (after the new optimizer, in the
    branch that builds it, or built again there) is the author's choice. Never reported when
    the scheduler's name is bound anywhere else in the function (for `self.scheduler`, in the
    class; not counting a later `model, opt, sched = accelerator.prepare(model, opt, sched)`
    that hands the same scheduler back to its name, wrapped: it still sets the rate of the
    optimizer it was built over), when the new optimizer's call reads the old one (a wrapper that shares its
    parameter groups: `Lookahead(optimizer)`, `accelerator.prepare(optimizer)`,
    `hvd.DistributedOptimizer(optimizer)`), when the new value is no optimizer class (a builder
    function, an unpacked tuple, `optimizer = None`), when the optimizer is rebound in another
    arm of an `if` than the scheduler is built in, or in a block that leaves afterwards
    (`return`, `raise`, `break`, `continue`), nor when nothing steps the scheduler after the
    rebinding; across methods, not when `__init__` calls a method of its own before building
    the scheduler (it may be the one that binds the optimizer), nor when the function (across methods: a method of the
    class) writes into the optimizer's `param_groups` (the rate may be copied over by hand).
    Nothing steps the scheduler after the rebinding either when, in a loop `for epoch in
    range(...)` (one or two arguments, `epoch` bound nowhere else in it), the rebinding is
    under `if epoch == K:` and the scheduler's step under a test on `epoch` that fails from K
    on (`epoch < K2`, `epoch <= K2 - 1`, the `else` of `epoch >= K2` or of `epoch > K2 - 1`,
    K2 <= K as one name plus literal offsets, `SWA_START - 1`, or as literals): an SWA switch
    whose old scheduler steps only in the epochs before the one that builds the new
    optimizer. The switch that builds the new optimizer at `SWA_START - 1` and steps the old
    scheduler until `SWA_START` is still reported: the old scheduler steps once after the
    rebinding, at the end of that epoch.
    """

    code = "GF031"
    name = "scheduler-over-replaced-optimizer"
    message = (
        "`{opt}` is replaced by a new optimizer after `{sched}` was built over it: `{sched}.step()` sets the "
        "learning rate of the old optimizer, and the new one trains at its initial rate; build the scheduler "
        "after the new optimizer"
    )
    safety = Safety.DISPLAY

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        source = model.source
        if b"chedul" not in source.data and b"SWALR" not in source.data:
            return
        facts = model.facts
        if not _builds_a_scheduler(facts) and b"create_scheduler" not in source.data:
            return  # (timm's factories, `sched, _ = create_scheduler_v2(opt, ...)`, are not in the facts)
        found: list[tuple[ast.Assign, str, str]] = []
        aliases = facts.imports.aliases
        for stmt in assignment_statements(model):
            if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or stmt.value.__class__ is not ast.Call:
                continue
            func = stmt.value.func  # type: ignore[attr-defined]
            last = func.attr if func.__class__ is ast.Attribute else getattr(func, "id", "")
            builder = func.__class__ is ast.Name and last in facts.module_functions
            target = stmt.targets[0]
            if target.__class__ is ast.Tuple and last in _TIMM_SCHEDULER_FACTORIES:
                # `sched, _ = create_scheduler_v2(opt, "cosine", ...)`: timm's factory, whose
                # scheduler is the first of the pair it returns
                elements = target.elts  # type: ignore[attr-defined]
                if len(elements) == 2 and elements[0].__class__ is ast.Name:
                    optimizer = _timm_factory_optimizer(stmt.value, facts)  # type: ignore[arg-type]
                    if optimizer is not None and _plain_key(optimizer):
                        found.append((stmt, elements[0].id, source.key(optimizer)))  # type: ignore[arg-type]
                continue
            if not last.endswith(_SCHEDULER_ENDINGS) and last not in _TRANSFORMERS_SCHEDULES and last not in aliases and not builder:
                continue  # (a class imported under another name, `StepLR as Schedule`, is looked up)
            if not _plain_key(target) and _holder(target) is None:
                continue
            optimizer = _scheduled_optimizer(stmt.value, facts)  # type: ignore[arg-type]
            if optimizer is None and builder:
                optimizer = _built_by_a_function(stmt.value, facts)  # type: ignore[arg-type]
            if optimizer is not None and _holder(target) is None and _holder(optimizer) is not None and b"__getattr__" in source.data:
                proxy = _proxy_holding(optimizer, model)  # `StepLR(opt.inner, ...)`, `opt` a proxy of it
                if proxy is not None:
                    found.append((stmt, source.key(target), proxy))  # type: ignore[arg-type]
                    continue
            if optimizer is not None and _holder(target) is not None:
                if _holder(optimizer) == _holder(target):  # `state.sched = StepLR(state.opt, ...)`
                    found.append((stmt, source.key(target), source.key(optimizer)))  # type: ignore[arg-type]
            elif optimizer is not None and (_plain_key(optimizer) or _entry(optimizer) is not None):
                found.append((stmt, source.key(target), source.key(optimizer)))  # type: ignore[arg-type]
        if not found:
            return
        index = assignments(model)
        for stmt, sched, opt in sorted(found, key=lambda f: (f[0].lineno, f[0].col_offset)):
            new = _replacing(stmt, sched, opt, index, model)
            if new is not None:
                yield Finding(self.code, self.message.format(opt=opt, sched=sched), new)


def _proxy_holding(optimizer: ast.Attribute, model: ModuleModel) -> str | None:
    """`opt` for `opt.inner` when every binding of `opt` in the module builds one plain
    `__getattr__` proxy class of this module forwarding every attribute to `inner`
    (`forwarded_argument`), around a new optimizer: the loop steps `opt`, so rebinding it
    leaves a scheduler built over the old `opt.inner`."""
    name = optimizer.value.id  # type: ignore[attr-defined]
    values = assigned_values(model, name)
    classes = model.facts.classes
    for value in values:
        if not (value.__class__ is ast.Call and value.func.__class__ is ast.Name and value.func.id in classes):  # type: ignore[attr-defined]
            return None
        held = forwarded_argument(value, classes[value.func.id], through=optimizer.attr)  # type: ignore[arg-type, attr-defined]
        if held is None or not _builds_optimizer(held, model.facts):
            return None
    return name if values else None


def _builds_a_scheduler(facts: ModuleFacts) -> bool:
    """The module's facts record a scheduler built somewhere (at module level or in a function)."""
    if any(info.kind == "scheduler" for info in facts.objects.values()):
        return True
    return any(info.kind == "scheduler" for local in facts.local_objects.values() for info in local.values())


def _plain_key(expr: ast.expr) -> bool:
    """A plain name or `self.<name>`."""
    if expr.__class__ is ast.Name:
        return True
    return expr.__class__ is ast.Attribute and expr.value.__class__ is ast.Name and expr.value.id == "self"  # type: ignore[attr-defined]


def _holder(expr: ast.expr) -> str | None:
    """`state.sched`: the name of the object (not `self`) whose attribute it is."""
    if expr.__class__ is ast.Attribute and expr.value.__class__ is ast.Name and expr.value.id != "self":  # type: ignore[attr-defined]
        return expr.value.id  # type: ignore[attr-defined]
    return None


def _entry(expr: ast.expr) -> tuple[str, object] | None:
    """`opts["g"]`, `optimizers[0]`: the name of the dict or list and the constant key."""
    if expr.__class__ is not ast.Subscript or expr.value.__class__ is not ast.Name:  # type: ignore[attr-defined]
        return None
    key = expr.slice  # type: ignore[attr-defined]
    if key.__class__ is not ast.Constant or key.value.__class__ not in (str, int) or key.value.__class__ is bool:
        return None
    return expr.value.id, key.value  # type: ignore[attr-defined]


def _built_in_the_container(opt_expr: ast.expr, stmt: ast.Assign, scope, index: Assignments, facts: ModuleFacts) -> bool:  # type: ignore[no-untyped-def]
    """`opts = {"g": Adam(...), "d": Adam(...)}` (or a list literal, `opts = [Adam(...), ...]`)
    before the scheduler over `opts["g"]`, the one binding of the name in the scope: the entry
    is an optimizer the scope built."""
    entry = _entry(opt_expr)
    if entry is None:
        return False
    name, key = entry
    bindings = [b for b in index.by_key.get(name, ()) if b.scope is scope]
    if len(bindings) != 1 or bindings[0].statement.lineno >= stmt.lineno:
        return False
    value = bindings[0].value
    if value.__class__ is ast.Dict:
        found = [v for k, v in zip(value.keys, value.values) if k.__class__ is ast.Constant and k.value == key]  # type: ignore[attr-defined]
        if any(k is None for k in value.keys) or len(found) != 1:  # type: ignore[attr-defined]
            return False  # (`{**others, ...}`)
        return _builds_optimizer(found[0], facts)
    if value.__class__ is ast.List and key.__class__ is int:
        elements = value.elts  # type: ignore[attr-defined]
        if any(e.__class__ is ast.Starred for e in elements) or not -len(elements) <= key < len(elements):  # type: ignore[operator]
            return False
        return _builds_optimizer(elements[key], facts)  # type: ignore[index]
    return False


def _qualified(call: ast.Call, facts: ModuleFacts) -> str | None:
    name = call_name(call)
    return facts.imports.qualify(name) if name is not None else None


def _scheduled_optimizer(call: ast.Call, facts: ModuleFacts) -> ast.expr | None:
    """The optimizer argument of a scheduler's construction, or None for another call."""
    qualified = _qualified(call, facts)
    if qualified is None:
        return None
    head, _, last = qualified.rpartition(".")
    if head in ("torch.optim.lr_scheduler", "torch.optim.swa_utils") and last[:1].isupper() and last != "AveragedModel":
        position = 0
    elif head.startswith("timm.scheduler") and last[:1].isupper() and last.endswith("Scheduler"):
        position = 0
    elif head.startswith("transformers") and last in _TRANSFORMERS_SCHEDULES:
        position = _TRANSFORMERS_SCHEDULES[last]
    else:
        return None
    return _optimizer_argument(call, position)


def _optimizer_argument(call: ast.Call, position: int) -> ast.expr | None:
    """The call's `optimizer=` keyword, or its positional argument at `position` when no
    starred argument comes before it."""
    given = keyword(call, "optimizer")
    if given is not None:
        return given.value
    args = positional(call)
    if len(args) > position and all(arg.__class__ is not ast.Starred for arg in args[: position + 1]):
        return args[position]
    return None


def _timm_factory_optimizer(call: ast.Call, facts: ModuleFacts) -> ast.expr | None:
    """The optimizer argument of timm's `create_scheduler_v2(optimizer, ...)` or
    `create_scheduler(args, optimizer)` (qualified by the file's imports), or None."""
    qualified = _qualified(call, facts)
    if qualified is None or not qualified.startswith("timm.scheduler"):
        return None
    position = _TIMM_SCHEDULER_FACTORIES.get(qualified.rpartition(".")[2])
    if position is None or any(k.arg is None for k in call.keywords):
        return None
    return _optimizer_argument(call, position)


def _built_by_a_function(call: ast.Call, facts: ModuleFacts) -> ast.expr | None:
    """`sched = make_scheduler(cfg, optimizer)` with a plain function of the file every
    `return` of which builds a scheduler (`_scheduled_optimizer`) over the same parameter of
    its own, which it never binds again: the argument the call hands that parameter."""
    info = facts.module_functions.get(call.func.id)  # type: ignore[attr-defined]
    if info is None or info.class_name is not None or info.node.__class__ is not ast.FunctionDef:
        return None
    if any(a.__class__ is ast.Starred for a in call.args):
        return None
    cache: dict[int, str | None] = facts.__dict__.setdefault("_gf031_builders", {})
    if id(info.node) not in cache:
        cache[id(info.node)] = _builder_parameter(info.node, facts)
    param = cache[id(info.node)]
    if param is None:
        return None
    arguments = info.node.args
    params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    given = keyword(call, param)
    if given is not None:
        return given.value
    if param in params and params.index(param) < len(call.args):
        return call.args[params.index(param)]
    return None


def _builder_parameter(function: ast.FunctionDef, facts: ModuleFacts) -> str | None:
    """The parameter every `return` of a function builds a scheduler over (and the function
    never binds again), or None. Only a function whose text names a scheduler is walked."""
    text = facts.source.segment(function)
    if "return" not in text or not any(word in text for word in ("LR", "chedul", "Plateau", "Restarts", "_schedule")):
        return None
    arguments = function.args
    if arguments.vararg is not None or arguments.kwarg is not None:
        return None
    nodes: list[ast.AST] = []  # (walked as far as needed: a `return` that builds none ends it)
    chosen: set[str] = set()
    for node in own_nodes(function):
        nodes.append(node)
        if node.__class__ is not ast.Return:
            continue
        value = node.value  # type: ignore[attr-defined]
        scheduled = _scheduled_optimizer(value, facts) if value.__class__ is ast.Call else None
        if scheduled is None or scheduled.__class__ is not ast.Name:
            return None
        chosen.add(scheduled.id)  # type: ignore[attr-defined]
    if len(chosen) != 1:
        return None
    param = chosen.pop()
    if param not in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
        return None
    if any(n.__class__ is ast.Name and n.id == param and n.ctx.__class__ is not ast.Load for n in nodes):  # type: ignore[attr-defined]
        return None  # (bound again in the builder)
    return param


def _builds_optimizer(value: ast.expr | None, facts: ModuleFacts) -> bool:
    """A call of an optimizer class: torch's, or one gradfix knows by name; also a plain
    `__getattr__` proxy of this module built around such a call (`Delegating(SGD(...))`)."""
    if value is None or value.__class__ is not ast.Call:
        return False
    func = value.func  # type: ignore[attr-defined]
    if func.__class__ is ast.Name and func.id in facts.classes:  # type: ignore[attr-defined]
        held = forwarded_argument(value, facts.classes[func.id])  # type: ignore[arg-type, attr-defined]
        return held is not None and _builds_optimizer(held, facts)
    qualified = _qualified(value, facts)  # type: ignore[arg-type]
    if qualified is None:
        return False
    if qualified in _TIMM_OPTIMIZER_FACTORIES:
        return True  # `create_optimizer_v2(model, "sgd", lr=...)`: a new torch optimizer
    head, _, last = qualified.rpartition(".")
    if head == "torch.optim":
        return last[:1].isupper()
    return last in OPTIMIZER_CLASSES and not head.startswith("torch.")


def _reads(value: ast.expr, opt: str, source) -> bool:  # type: ignore[no-untyped-def]
    """The expression reads the optimizer (a wrapper over it, its `param_groups`)."""
    for node in ast_walk(value):
        if node.__class__ is ast.Subscript and source.key(node) == opt:
            return True  # `opts["g"] = Lookahead(opts["g"])`
        if "." not in opt:
            if node.__class__ is ast.Name and node.id == opt:  # type: ignore[attr-defined]
                return True
        elif node.__class__ is ast.Attribute and source.key(node) == opt:
            return True
    return False


def _path(body: list[ast.stmt], target: ast.stmt) -> list[tuple[list[ast.stmt], int]] | None:
    """The statement lists from `body` down to `target`, with the index taken in each."""
    for at, stmt in enumerate(body):
        if stmt is target:
            return [(body, at)]
        if stmt.lineno <= target.lineno <= stmt.end_lineno:  # type: ignore[operator]
            for block in blocks_of(stmt):
                inner = _path(block, target)
                if inner is not None:
                    return [(body, at), *inner]
    return None


def _statement_of(body: list[ast.stmt], node: ast.AST) -> list[tuple[list[ast.stmt], int]] | None:
    """The path to the innermost statement of `body` (no nested definition) holding `node`."""
    line = node.lineno  # type: ignore[attr-defined]
    for at, stmt in enumerate(body):
        if stmt.lineno <= line <= stmt.end_lineno:  # type: ignore[operator]
            if stmt.__class__ in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
                return None
            for block in blocks_of(stmt):
                inner = _statement_of(block, node)
                if inner is not None:
                    return [(body, at), *inner]
            return [(body, at)]
    return None


def _after(path: list[tuple[list[ast.stmt], int]], other: list[tuple[list[ast.stmt], int]], floor: int) -> bool:
    """`other` runs after the statement at `path` whenever both run: they share the lists
    down to one where `other` comes later, or one that is the body of a loop holding both
    (its next iteration) below the first `floor` lists (a loop that holds the scheduler's
    construction builds it again first)."""
    parent = None
    for depth, ((block, at), (other_block, other_at)) in enumerate(zip(path, other)):
        if block is not other_block:
            return False
        if other_at != at:
            if other_at > at:
                return True
            return depth >= floor and parent.__class__ in _LOOPS and block is parent.body  # type: ignore[attr-defined]
        parent = block[at]
    return False


def _replacing(stmt: ast.Assign, sched: str, opt: str, index: Assignments, model: ModuleModel) -> ast.AST | None:
    """The statement that rebinds `opt` to a new optimizer after the scheduler `stmt` was
    built over it, when the scheduler is stepped after it; else None."""
    source, facts = model.source, model.facts
    scope = index.scope_of(stmt)
    body = scope.body  # type: ignore[attr-defined]
    self_keys = sched.startswith("self.")
    if self_keys != opt.startswith("self."):
        return None
    if self_keys:
        owner = index.class_of_scope.get(id(scope))
        if owner is None:
            return None
        scheds = [b for b in index.by_key.get(sched, ()) if b.class_name == owner]
        opts = [b for b in index.by_key.get(opt, ()) if b.class_name == owner and b.scope is scope]
    else:
        scheds = [b for b in index.by_key.get(sched, ()) if b.scope is scope]
        opts = [b for b in index.by_key.get(opt, ()) if b.scope is scope]
    if len(scheds) > 1 and not self_keys:
        # `model, opt, sched = accelerator.prepare(model, opt, sched)` after it: the scheduler
        # handed back wrapped (Accelerate's `AcceleratedScheduler` steps it, over the optimizer it
        # was built on), no new one
        scheds = [b for b in scheds if b.statement is stmt or not (b.statement.lineno > stmt.end_lineno and prepared_again(b, sched, model))]
    if len(scheds) != 1 or scheds[0].statement is not stmt:
        return None
    here = _path(body, stmt)
    if here is None:
        return None
    if not any(_built_before(b, stmt, facts) for b in opts):
        optimizer = _scheduled_optimizer(stmt.value, facts)  # type: ignore[arg-type]
        if self_keys or optimizer is None or not _built_in_the_container(optimizer, stmt, scope, index, facts):
            return None
    for binding in sorted(opts, key=lambda b: b.statement.lineno):
        new = binding.statement
        if new.lineno <= stmt.end_lineno or not _builds_optimizer(binding.value, facts):  # type: ignore[operator]
            continue
        if new.__class__ is not ast.Assign or len(new.targets) != 1 or binding.value is not new.value:  # type: ignore[attr-defined]
            continue
        if _reads(binding.value, opt, source):  # type: ignore[arg-type]
            continue
        if _same_group_dicts(binding.value, [b.value for b in opts if _built_before(b, stmt, facts)], scope, index):  # type: ignore[arg-type]
            continue
        there = _path(body, new)
        if there is None or not _dominates(here, there) or _leaves_after(there, len(here)):
            continue
        if _stepped_after(there, len(here), sched, opt, scope, index, model):
            return new
    if self_keys and getattr(scope, "name", None) == "__init__":
        return _replaced_by_another_method(stmt, sched, opt, scope, index, model)
    return None


def _replaced_by_another_method(stmt: ast.Assign, sched: str, opt: str, init, index: Assignments, model: ModuleModel) -> ast.AST | None:  # type: ignore[no-untyped-def]
    """`self.optimizer` rebound to a new optimizer by another method of the class (called
    somewhere in the file) after `__init__` built the scheduler over it: every call of that
    method leaves the scheduler on the old optimizer. Only when `__init__` calls no method
    of its own before the scheduler (one might be the method that rebinds), and the class
    steps both outside `__init__`."""
    source, facts = model.source, model.facts
    for node in own_nodes(init):
        if node.__class__ is ast.Call and node.lineno < stmt.end_lineno:  # type: ignore[attr-defined]
            func = node.func  # type: ignore[attr-defined]
            if func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and func.value.id == "self":
                return None
    owner = index.class_of_scope.get(id(init))
    methods = facts.methods.get(owner or "", {})
    scopes = {id(info.node) for info in methods.values()}
    for binding in sorted(index.by_key.get(opt, ()), key=lambda b: b.statement.lineno):
        new, method = binding.statement, binding.scope
        if binding.class_name != owner or method is init or id(method) not in scopes:
            continue
        if new.__class__ is not ast.Assign or len(new.targets) != 1 or binding.value is not new.value:  # type: ignore[attr-defined]
            continue
        if not _builds_optimizer(binding.value, facts) or _reads(binding.value, opt, source):  # type: ignore[arg-type]
            continue
        if method.name == "__call__":  # type: ignore[attr-defined]
            if not _object_called(owner, index, source):
                continue  # (no object of the class called in the file)
        elif f".{method.name}(".encode() not in source.data:  # type: ignore[attr-defined]
            continue  # (never called in the file)
        others = [info.node for info in methods.values() if info.node is not init]
        if any(_writes_groups(function, opt, source) for function in others):
            continue
        if any(_steps(function, sched, source) for function in others) and any(_steps(function, opt, source) for function in others):
            return new
    return None


def _object_called(owner: str | None, index: Assignments, source) -> bool:  # type: ignore[no-untyped-def]
    """An object of the class is called in the file, running its `__call__`: built and called
    at once (`Fit(model)(3)`), or a name bound to `Fit(...)` called (`fit = Fit(model)` ...
    `fit(3)`)."""
    if not owner:
        return False
    text = source.text
    if f"{owner}(" not in text:
        return False
    names = {
        b.key for bindings in index.by_key.values() for b in bindings
        if b.value is not None and b.value.__class__ is ast.Call and call_name(b.value) == owner and "." not in b.key  # type: ignore[arg-type]
    }
    for node in ast_walk(source.tree):
        if node.__class__ is ast.Call:
            func = node.func  # type: ignore[attr-defined]
            if func.__class__ is ast.Call and call_name(func) == owner:
                return True
            if func.__class__ is ast.Name and func.id in names:  # type: ignore[attr-defined]
                return True
    return False


def _same_group_dicts(new: ast.expr, olds: list, scope, index: Assignments) -> bool:  # type: ignore[no-untyped-def]
    """The new optimizer is built over the very parameter-group dicts the old one was (`groups`
    bound once in the scope to a list literal of dict literals, `AdamW(groups, ...)` twice):
    torch keeps those dicts as its `param_groups`, so the scheduler's writes to `group["lr"]`
    reach the new optimizer too."""
    first = new.args[0] if isinstance(new, ast.Call) and new.args else None
    if not isinstance(first, ast.Name):
        return False
    if not any(isinstance(o, ast.Call) and o.args and isinstance(o.args[0], ast.Name) and o.args[0].id == first.id for o in olds):
        return False
    bound = [b for b in index.by_key.get(first.id, ()) if b.scope is scope]
    return len(bound) == 1 and isinstance(bound[0].value, ast.List) and bool(bound[0].value.elts) and all(
        isinstance(e, ast.Dict) for e in bound[0].value.elts
    )


def _writes_groups(function: ast.AST, opt: str, source) -> bool:  # type: ignore[no-untyped-def]
    """The function writes into the optimizer's parameter groups: `opt.param_groups[0]["lr"]
    = ...`, or `for g in opt.param_groups: g["lr"] = ...` (reading them, to log the rate, is
    no write)."""
    for node in own_nodes(function):
        kind = node.__class__
        if kind is ast.Assign or kind is ast.AugAssign:
            targets = node.targets if kind is ast.Assign else [node.target]  # type: ignore[attr-defined]
            for target in targets:
                if target.__class__ is ast.Subscript and any(_groups_of(inner, opt, source) for inner in ast_walk(target)):
                    return True
        elif kind is ast.For and _groups_of(node.iter, opt, source) and node.target.__class__ is ast.Name:  # type: ignore[attr-defined]
            group = node.target.id  # type: ignore[attr-defined]
            for inner in ast_walk(node):
                if inner.__class__ in (ast.Assign, ast.AugAssign):
                    targets = inner.targets if inner.__class__ is ast.Assign else [inner.target]  # type: ignore[attr-defined]
                    if any(t.__class__ is ast.Subscript and t.value.__class__ is ast.Name and t.value.id == group for t in targets):
                        return True
    return False


def _groups_of(node: ast.AST, opt: str, source) -> bool:  # type: ignore[no-untyped-def]
    return node.__class__ is ast.Attribute and node.attr == "param_groups" and source.key(node.value) == opt  # type: ignore[attr-defined]


def _built_before(binding: Binding, stmt: ast.Assign, facts: ModuleFacts) -> bool:
    return binding.statement.lineno < stmt.lineno and (_builds_optimizer(binding.value, facts) or _built_by_a_method(binding.value, facts))


def _built_by_a_method(value: ast.expr | None, facts: ModuleFacts) -> bool:
    """`self.build_optimizer()`, no argument, where every definition of the method in the
    file's classes is a stub (an abstract one) or a method whose every `return` builds a new
    optimizer (`return torch.optim.SGD(self.model.parameters(), ...)`, not over a name, which
    might be parameter-group dicts the new one shares: over `m.parameters()`, or
    `itertools.chain` of those), at least one of them such a method."""
    if value is None or value.__class__ is not ast.Call or value.keywords:  # type: ignore[attr-defined]
        return False
    func = value.func  # type: ignore[attr-defined]
    if func.__class__ is not ast.Attribute or func.value.__class__ is not ast.Name or func.value.id != "self":
        return False
    if value.args:  # type: ignore[attr-defined]
        return _built_by_a_static_lambda(value, func.attr, facts)  # type: ignore[arg-type]
    from gradfix.analysis.loops import _stub

    built = False
    for methods in facts.methods.values():
        info = methods.get(func.attr)
        if info is None:
            continue
        node = info.node
        if _stub(node):
            continue
        returns = [n for n in own_nodes(node) if n.__class__ is ast.Return]
        if not returns or any(n.__class__ in (ast.Yield, ast.YieldFrom) for n in own_nodes(node)):
            return False
        for ret in returns:
            params = positional(ret.value)[:1] if ret.value.__class__ is ast.Call else []  # type: ignore[attr-defined,arg-type]
            if not _builds_optimizer(ret.value, facts) or not params or not _fresh_parameters(params[0]):  # type: ignore[attr-defined]
                return False
        built = True
    return built


def _built_by_a_static_lambda(value: ast.Call, name: str, facts: ModuleFacts) -> bool:
    """`self.factory(self.model.parameters())`, one argument, a new iterator of parameters,
    where a class body binds `factory = staticmethod(lambda ps: torch.optim.SGD(ps, lr=0.1))`
    and nothing rebinds it (`class_static_lambda`): a lambda building an optimizer over its one
    parameter."""
    if len(value.args) != 1 or not _fresh_parameters(value.args[0]):
        return False
    function = class_static_lambda(facts, name)
    if function is None:
        return False
    args = function.args
    if args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg or len(args.args) != 1:
        return False
    body = function.body
    params = positional(body)[:1] if body.__class__ is ast.Call else []  # type: ignore[arg-type]
    return (
        _builds_optimizer(body, facts) and len(params) == 1
        and params[0].__class__ is ast.Name and params[0].id == args.args[0].arg  # type: ignore[attr-defined]
    )  # fmt: skip


def _fresh_parameters(params: ast.expr) -> bool:
    """`self.model.parameters()`, or `itertools.chain(...)` of such calls: a new iterator of
    parameters, no group dicts another optimizer could share."""
    if params.__class__ is not ast.Call:
        return False
    name = call_name(params) or ""  # type: ignore[arg-type]
    if name.rsplit(".", 1)[-1] == "parameters" and not params.args:  # type: ignore[attr-defined]
        return True
    return name in ("itertools.chain", "chain") and bool(params.args) and all(_fresh_parameters(a) for a in params.args)  # type: ignore[attr-defined]


def _dominates(here: list[tuple[list[ast.stmt], int]], there: list[tuple[list[ast.stmt], int]]) -> bool:
    """The scheduler's statement list is one the rebinding sits in (or around it), earlier."""
    if len(here) > len(there):
        return False
    for depth, (block, at) in enumerate(here):
        other_block, other_at = there[depth]
        if block is not other_block:
            return False
        if depth == len(here) - 1:
            return other_at > at
        if other_at != at:
            return False
    return False


def _leaves_after(there: list[tuple[list[ast.stmt], int]], shared: int) -> bool:
    """A block holding the rebinding, inside the scheduler's list, leaves after it."""
    for block, at in there[shared:]:
        if any(stmt.__class__ in _EXITS for stmt in block[at + 1 :]):
            return True
    return False


def _stepped_after(there, floor: int, sched: str, opt: str, scope, index: Assignments, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """The scheduler and the optimizer are stepped after the rebinding: in the scope, or in a
    function of the file the scope hands both to; for `self.` keys, anywhere in the class."""
    source, facts = model.source, model.facts
    body = scope.body
    stepped: set[str] = set()
    if _writes_groups(scope, opt, source):
        return False  # the rate may be copied into the new optimizer by hand
    module = scope.__class__ is ast.Module and "." not in sched and "." not in opt
    held = _local_holder(scope, sched, opt)
    for node in own_nodes(scope):
        if node.__class__ is not ast.Call:
            continue
        func = node.func  # type: ignore[attr-defined]
        if func.__class__ is ast.Attribute and func.attr == "step":
            key = source.key(func.value)
            if key not in (sched, opt) and any(source.key(arg) == opt for arg in node.args):  # type: ignore[attr-defined]
                key = opt  # `scaler.step(optimizer)`
            if key in (sched, opt):
                where = _statement_of(body, node)
                if where is not None and _after(there, where, floor):
                    if key == sched and key != opt and _ended_before(there, where, source):
                        continue
                    stepped.add(key)
        elif _hands_both(node, sched, opt, facts, source) or (held and _hands_the_holder(node, sched, opt, facts, source)):  # type: ignore[arg-type]
            where = _statement_of(body, node)
            if where is not None and _after(there, where, floor):
                stepped.update((sched, opt))
        elif module and func.__class__ is ast.Name and func.id in facts.module_functions:
            # `train_epoch(epoch)` at the module's level, a function of the file stepping the
            # module's own `scheduler` / `optimizer` (read as globals, or through the
            # functions it calls)
            keys = _globals_stepped(func.id, (sched, opt), facts, source, 3)
            if keys:
                where = _statement_of(body, node)
                if where is not None and _after(there, where, floor):
                    stepped.update(keys)
    if stepped != {sched, opt} and model.stage_calls and module is False and "." not in sched + opt and scope.__class__ is ast.FunctionDef:
        # `for fn in (train_batch, record): state = fn(state)` after a dict of both built after
        # the rebinding: a stage reading `opt = state["opt"]` steps the new optimizer
        stepped |= _stepped_through_entries(there, floor, scope, sched, opt, model)
    if stepped == {sched, opt}:
        return True
    if module is False and "." not in sched and "." not in opt and scope.__class__ is ast.FunctionDef:
        # `def step(x, y): ...; opt.step(); sched.step()` defined in the function after the
        # rebinding, a closure reading both as its free names: whenever it runs, it steps the
        # new optimizer and the scheduler over the old one
        for node in ast_walk(scope):
            if node.__class__ is ast.FunctionDef and node is not scope and _steps_both_free(node, sched, opt, source):
                where = _path(body, node)  # (a statement of the function's own blocks)
                if where is not None and _after(there, where, floor):
                    return True
        if stepped == {sched}:
            # the scheduler stepped here, the new optimizer only in a local function of the
            # scope that reads it as a free name and that the scope calls after the rebinding
            # (`def one_batch(x, y): ...; opt.step()` defined in the epoch loop)
            for node in ast_walk(scope):
                if node.__class__ is ast.FunctionDef and node is not scope and _steps_free(node, (opt,), source):
                    if _called_after(scope, node.name, there, floor):  # type: ignore[attr-defined]
                        return True
                elif node.__class__ is ast.Assign and _lambda_stepping(node, opt, source):  # type: ignore[arg-type]
                    # `do_step = lambda: opt.step()` ... `do_step()`: the same, as a lambda
                    if _called_after(scope, node.targets[0].id, there, floor):  # type: ignore[attr-defined]
                        return True
        if scope.__class__ is ast.FunctionDef and _unpacked_and_stepped(there, floor, scope, sched, opt, model):
            return True
    if "." in sched and not sched.startswith("self."):
        return (
            _returned_and_stepped(scope, sched, opt, model) or _handed_on_and_stepped(there, floor, scope, sched, opt, model)
            or _parameter_holder_stepped(scope, sched, opt, model)
        )
    if sched.startswith("self.") and sched not in stepped:
        owner = index.class_of_scope.get(id(scope))
        methods = dict(facts.methods.get(owner or "", {}))
        if owner:
            # (and the methods of the file's classes deriving from it: `self` may be one of those,
            # `SupervisedBase.train_step` stepping the optimizer `BaseTrainer.__init__` built)
            from gradfix.analysis.loops import _derives

            for name, others in facts.methods.items():
                if name != owner and _derives(facts, name, owner):
                    methods.update((f"{name}.{m}", info) for m, info in others.items())
        if any(_steps(info.node, sched, source) for info in methods.values() if info.node is not scope):
            stepped.add(sched)
        if opt not in stepped and any(_steps(info.node, opt, source) for info in methods.values() if info.node is not scope):
            stepped.add(opt)
        if opt not in stepped and any(_steps(node, key, source) for node, key in model.handed_keys(owner, opt)):
            stepped.add(opt)  # `def plain_step(tr, batch)` handed the trainer: `tr.optimizer.step()`
    return stepped == {sched, opt}


def _stepped_through_entries(there, floor: int, scope, sched: str, opt: str, model: ModuleModel) -> set[str]:  # type: ignore[no-untyped-def]
    """Which of `sched` and `opt` a stage of a pipeline the scope's loops run steps as a local
    read out of the dict it is handed (`opt = state["opt"]`; `opt.step()`), the entry written
    once, after the rebinding, from that very name (`state = {"opt": opt, ...}`) and holding
    it at every call of those loops (`state_entries.lasting_entry`)."""
    source = model.source
    body = scope.body
    stepped: set[str] = set()
    for function, calls in model.stage_calls.values():
        sites = [call for call in calls if _holds(scope, call)]
        if not sites:
            continue
        for stmt in function.body:  # type: ignore[attr-defined]
            if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or stmt.targets[0].__class__ is not ast.Name:  # type: ignore[attr-defined]
                continue
            local = stmt.targets[0].id  # type: ignore[attr-defined]
            entry = read_entry(stmt.value)  # type: ignore[attr-defined]
            if entry is None or not _steps(function, local, source):
                continue
            if sum(1 for n in ast_walk(function) if n.__class__ is ast.Name and n.id == local and n.ctx.__class__ is not ast.Load) != 1:  # type: ignore[attr-defined]
                continue
            written = lasting_entry(function, entry[0], entry[1], model, sites=sites)
            if written is None or written.__class__ is not ast.Name or written.id not in (sched, opt):  # type: ignore[attr-defined]
                continue
            where = _statement_of(body, written)
            if where is not None and _after(there, where, floor):
                stepped.add(written.id)  # type: ignore[attr-defined]
    return stepped


def _holds(outer: ast.AST, inner: ast.AST) -> bool:
    return (outer.lineno, outer.col_offset) <= (inner.lineno, inner.col_offset) and (  # type: ignore[attr-defined]
        (inner.end_lineno, inner.end_col_offset) <= (outer.end_lineno, outer.end_col_offset)  # type: ignore[attr-defined]
    )


def _unpacked_and_stepped(there, floor: int, scope, sched: str, opt: str, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """`return net, opt, sched` (every `return` of the function, after the rebinding, a tuple
    holding both names at the same places) and a function of the file that unpacks a call of it,
    `net, opt, sched = kit()` (the names' one bindings there: `unpacked_returned`; the function
    plain or cached by `functools.lru_cache`, which hands back the same objects), and steps both
    names it gets, writing no rate into the new optimizer's groups."""
    from gradfix.analysis.staleness import unpacked_returned

    source = model.source
    places: set[tuple[int, int]] = set()
    for node in own_nodes(scope):
        if node.__class__ is ast.Return:
            value = node.value  # type: ignore[attr-defined]
            if value.__class__ is not ast.Tuple:
                return False
            names = [e.id if e.__class__ is ast.Name else None for e in value.elts]
            if names.count(sched) != 1 or names.count(opt) != 1:
                return False
            where = _statement_of(scope.body, node)
            if where is None or not _after(there, where, floor):
                return False
            places.add((names.index(sched), names.index(opt)))
    if len(places) != 1:
        return False
    at_sched, at_opt = places.pop()
    index = assignments(model)
    for stmt in source.of_type(ast.Assign):
        value, targets = stmt.value, stmt.targets  # type: ignore[attr-defined]
        if value.__class__ is not ast.Call or value.func.__class__ is not ast.Name or value.func.id != scope.name:
            continue
        if len(targets) != 1 or targets[0].__class__ is not ast.Tuple or len(targets[0].elts) <= max(at_sched, at_opt):
            continue
        got_sched, got_opt = targets[0].elts[at_sched], targets[0].elts[at_opt]
        if got_sched.__class__ is not ast.Name or got_opt.__class__ is not ast.Name:
            continue
        caller = index.scope_of(stmt)
        found = unpacked_returned(got_opt.id, caller, model)
        if found is None or found[0].node is not scope or found[1] != at_opt:
            continue
        if unpacked_returned(got_sched.id, caller, model) is None:
            continue
        if _writes_groups(caller, got_opt.id, source):
            continue
        if _steps(caller, got_sched.id, source) and _steps(caller, got_opt.id, source):
            return True
    return False


def _returned_and_stepped(scope, sched: str, opt: str, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """`state.sched` and `state.opt` of a state object the function builds and returns (every
    binding of `state` in it a construction of a class of the file, `state = TrainState(model=
    model)`; every `return` in it `return state`; the function called in the file), stepped by
    another function of the file on one of its parameters (`def train_epoch(state, epoch)`:
    `state.opt.step()`, `state.sched.step()`): the object handed on is the one built here.
    Only when no statement of the file but this one binds the scheduler's attribute (nor any call
    names it as a keyword other than the class's own construction, `dataclasses.replace(state,
    sched=...)`, nor calls `setattr`): every such state holds this scheduler."""
    source, facts = model.source, model.facts
    held = _plain_holder(scope, sched, opt)
    if held is None:
        return False
    holder, sched_attr, opt_attr = held
    owners = set()
    returns = 0
    for node in own_nodes(scope):
        if node.__class__ is ast.Return:
            value = node.value  # type: ignore[attr-defined]
            if value is None or value.__class__ is not ast.Name or value.id != holder:
                return False
            returns += 1
        elif node.__class__ is ast.Name and node.id == holder and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            owners.add(None)  # (bound otherwise than by a plain assignment: read below)
        elif node.__class__ is ast.Global or node.__class__ is ast.Nonlocal:
            return False
    for node in own_nodes(scope):
        if node.__class__ is ast.Assign and any(t.__class__ is ast.Name and t.id == holder for t in node.targets):  # type: ignore[attr-defined]
            value = node.value  # type: ignore[attr-defined]
            if len(node.targets) != 1 or value.__class__ is not ast.Call or value.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
                return False
            owners.discard(None)
            owners.add(value.func.id)
    if returns == 0 or len(owners) != 1:
        return False
    owner = owners.pop()
    if owner not in facts.classes:
        return False
    name = scope.name  # type: ignore[attr-defined]
    if not _called_and_written_once(source, name, sched_attr, owner):
        return False
    for functions in (facts.module_functions.values(), *(m.values() for m in facts.methods.values())):
        for info in functions:
            node = info.node
            if node is scope or info.source is not None and info.source is not source:
                continue
            for param in info.params:
                if _steps(node, f"{param}.{sched_attr}", source) and _steps(node, f"{param}.{opt_attr}", source):
                    return True
    return False


def _handed_on_and_stepped(there, floor: int, scope, sched: str, opt: str, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """`state.sched` and `state.opt` of a state object the function binds once by a plain
    assignment (no parameter, no `global`/`nonlocal`), handed whole by name, after the
    rebinding, to calls of functions of the file or of another module of the project
    (`train_step(model, criterion, st, x, y)` with `from .engine.steps import train_step`)
    whose parameter for it is stepped there (`st.opt.step()`, `st.sched.step()`, the calls
    together stepping both), none of which binds either attribute, and the function binds
    neither attribute again after the rebinding: the object handed on holds the scheduler
    over the old optimizer."""
    source, facts = model.source, model.facts
    held = _plain_holder(scope, sched, opt)
    if held is None:
        return False
    holder, sched_attr, opt_attr = held
    body = scope.body
    binds = 0
    for node in own_nodes(scope):
        if node.__class__ is ast.Global or node.__class__ is ast.Nonlocal:
            if holder in node.names:  # type: ignore[attr-defined]
                return False
        elif node.__class__ is ast.Name and node.id == holder and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            binds += 1
        elif node.__class__ is ast.Attribute and node.ctx.__class__ is not ast.Load and dotted(node) in (sched, opt):  # type: ignore[attr-defined]
            where = _statement_of(body, node)
            if where is None or (where != there and _after(there, where, floor)):
                return False  # (bound again after the rebinding: perhaps over the new optimizer)
    if binds != 1:
        return False
    stepped: set[str] = set()
    for node in own_nodes(scope):
        if node.__class__ is not ast.Call or node.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
            continue
        at = [k for k, arg in enumerate(node.args) if arg.__class__ is ast.Name and arg.id == holder]  # type: ignore[attr-defined]
        named = [kw.arg for kw in node.keywords if kw.arg is not None and kw.value.__class__ is ast.Name and kw.value.id == holder]  # type: ignore[attr-defined]
        if not at and not named:
            continue
        where = _statement_of(body, node)
        if where is None or not _after(there, where, floor):
            continue
        name = node.func.id  # type: ignore[attr-defined]
        info = facts.module_functions.get(name)
        if info is None and facts.project is not None:
            qualified = facts.imports.qualify(name)
            if qualified and qualified != name:
                info = facts.project.function(qualified, source.path or None)
        if info is None or info.class_name is not None or any(a.__class__ is ast.Starred for a in node.args):  # type: ignore[attr-defined]
            continue
        params = list(info.params)
        for param in [params[k] for k in at if k < len(params)] + [n for n in named if n in params]:
            function = info.node
            for part in ast_walk(function):
                if (
                    part.__class__ is ast.Attribute and part.ctx.__class__ is not ast.Load  # type: ignore[attr-defined]
                    and part.attr in (sched_attr, opt_attr)  # type: ignore[attr-defined]
                ):
                    return False  # (the function builds one of them again)
            for attr in (sched_attr, opt_attr):
                if _steps_dotted(function, f"{param}.{attr}"):
                    stepped.add(attr)
    return stepped == {sched_attr, opt_attr}


def _steps_dotted(function: ast.AST, key: str) -> bool:
    """`_steps` read through dotted names only (the function may be of another module)."""
    for node in own_nodes(function):
        if node.__class__ is ast.Call:
            func = node.func  # type: ignore[attr-defined]
            if func.__class__ is ast.Attribute and func.attr == "step":
                if dotted(func.value) == key or any(dotted(arg) == key for arg in node.args):  # type: ignore[attr-defined]
                    return True
    return False


def _globals_stepped(name: str, keys: tuple[str, ...], facts: ModuleFacts, source, depth: int) -> set[str]:  # type: ignore[no-untyped-def]
    """Which of `keys` (module-level names) the module function `name` steps as globals: no
    parameter of that name, no binding of it in the function but under a `global`
    declaration; and the same of the module's functions it calls, `depth` deep."""
    info = facts.module_functions.get(name)
    if info is None or info.class_name is not None or (info.source is not None and info.source is not source) or depth <= 0:
        return set()
    function = info.node
    params = {a.arg for a in ast_walk(function.args) if a.__class__ is ast.arg}
    declared = {n for node in ast_walk(function) if node.__class__ is ast.Global for n in node.names}  # type: ignore[attr-defined]
    local = {
        node.id for node in ast_walk(function)
        if node.__class__ is ast.Name and node.ctx.__class__ is not ast.Load  # type: ignore[attr-defined]
    } - declared  # fmt: skip
    readable = [key for key in keys if key not in params and key not in local]
    found = {key for key in readable if _steps(function, key, source)}
    for node in own_nodes(function):
        if len(found) == len(readable):
            break
        if node.__class__ is ast.Call and node.func.__class__ is ast.Name and node.func.id != name:  # type: ignore[attr-defined]
            found |= _globals_stepped(node.func.id, tuple(readable), facts, source, depth - 1)  # type: ignore[attr-defined]
    return found


def _steps_both_free(function: ast.FunctionDef, sched: str, opt: str, source) -> bool:  # type: ignore[no-untyped-def]
    """A nested function steps both names and reads them as free names of the function around
    it: no parameter, no binding of either in it (no `nonlocal` rebinding: it might build its
    own), no function nested in it."""
    return _steps_free(function, (sched, opt), source)


def _steps_free(function: ast.FunctionDef, keys: tuple[str, ...], source) -> bool:  # type: ignore[no-untyped-def]
    """A nested function steps each of `keys` and reads them as free names of the function
    around it (see `_steps_both_free`)."""
    if any(a.arg in keys for a in ast_walk(function.args) if a.__class__ is ast.arg):
        return False
    for node in ast_walk(function):
        if node is not function and node.__class__ in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef):
            return False
        if node.__class__ is ast.Name and node.id in keys and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            return False
        if node.__class__ in (ast.Global, ast.Nonlocal) and any(key in node.names for key in keys):  # type: ignore[attr-defined]
            return False
    return all(_steps(function, key, source) for key in keys)


def _lambda_stepping(stmt: ast.Assign, opt: str, source) -> bool:  # type: ignore[no-untyped-def]
    """`do_step = lambda: opt.step()`: a name bound to a lambda whose body is the step of
    `opt`, read as a free name (no parameter of the lambda names it)."""
    value = stmt.value
    if value.__class__ is not ast.Lambda or len(stmt.targets) != 1 or stmt.targets[0].__class__ is not ast.Name:
        return False
    body = value.body  # type: ignore[attr-defined]
    if body.__class__ is not ast.Call or body.func.__class__ is not ast.Attribute or body.func.attr != "step":  # type: ignore[attr-defined]
        return False
    if any(a.arg == opt for a in ast_walk(value.args) if a.__class__ is ast.arg):  # type: ignore[attr-defined]
        return False
    return source.key(body.func.value) == opt  # type: ignore[attr-defined, no-any-return]


_PER_ITEM_CALLERS = frozenset({"map", "starmap", "itertools.starmap", "reduce", "functools.reduce"})


def _called_after(scope: ast.AST, name: str, there, floor: int) -> bool:  # type: ignore[no-untyped-def]
    """The scope's own code calls the local function `name` after the rebinding (`path` `there`),
    and binds the name once (its `def`); also hands it to `map`, `itertools.starmap` or
    `functools.reduce` to call per item (`functools.reduce(consume, loader, 0)`)."""
    body = scope.body  # type: ignore[attr-defined]
    bindings = [
        node for node in ast_walk(scope)
        if (node.__class__ is ast.Name and node.id == name and node.ctx.__class__ is not ast.Load)  # type: ignore[attr-defined]
        or (node.__class__ in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and node.name == name and node is not scope)  # type: ignore[attr-defined]
    ]  # fmt: skip
    if len(bindings) != 1:
        return False
    for node in own_nodes(scope):
        if node.__class__ is ast.Call and (
            (node.func.__class__ is ast.Name and node.func.id == name)  # type: ignore[attr-defined]
            or (len(node.args) >= 2 and node.args[0].__class__ is ast.Name and node.args[0].id == name and dotted(node.func) in _PER_ITEM_CALLERS)  # type: ignore[attr-defined]
        ):  # fmt: skip
            where = _statement_of(body, node)
            if where is not None and _after(there, where, floor):
                return True
    return False


def _steps(function: ast.AST, key: str, source) -> bool:  # type: ignore[no-untyped-def]
    """The function steps `key` (`key.step()`, or `scaler.step(key)`)."""
    for node in own_nodes(function):
        if node.__class__ is ast.Call:
            func = node.func  # type: ignore[attr-defined]
            if func.__class__ is ast.Attribute and func.attr == "step":
                if source.key(func.value) == key or any(source.key(arg) == key for arg in node.args):  # type: ignore[attr-defined]
                    return True
    return False


def _parameter_holder_stepped(scope, sched: str, opt: str, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """`def prepare(st)` binding `st.sched` over `st.opt` and then `st.opt` to a new optimizer,
    `st` its parameter (never rebound there), the function called in the file, and functions
    of the file stepping `<param>.sched` and `<param>.opt` (`handle(ev, st)` implementations):
    only when no other statement of the file binds the scheduler's attribute, no call names it
    as a keyword, none calls `setattr` and no class of the file declares it (its objects may
    hold another scheduler), so that every `.sched` stepped is this one."""
    holder, _, sched_attr = sched.partition(".")
    opt_holder, _, opt_attr = opt.partition(".")
    if scope.__class__ is not ast.FunctionDef or not holder or holder != opt_holder or "." in sched_attr or "." in opt_attr:
        return False
    if holder not in {a.arg for a in ast_walk(scope.args) if a.__class__ is ast.arg}:
        return False
    for node in own_nodes(scope):
        if node.__class__ is ast.Name and node.id == holder and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            return False
        if node.__class__ is ast.Global or node.__class__ is ast.Nonlocal:
            return False
    source, facts = model.source, model.facts
    for node in facts.classes.values():
        for part in ast_walk(node):
            if (part.__class__ is ast.Name and part.id == sched_attr and part.ctx.__class__ is ast.Store) or (  # type: ignore[attr-defined]
                part.__class__ is ast.arg and part.arg == sched_attr  # type: ignore[attr-defined]
            ):
                return False
    if not _called_and_written_once(source, scope.name, sched_attr, None):  # type: ignore[attr-defined]
        return False
    stepped = set()
    for functions in (facts.module_functions.values(), *(m.values() for m in facts.methods.values())):
        for info in functions:
            node = info.node
            if node is scope or info.source is not None and info.source is not source:
                continue
            for param in info.params:
                if _steps(node, f"{param}.{sched_attr}", source):
                    stepped.add("sched")
                if _steps(node, f"{param}.{opt_attr}", source):
                    stepped.add("opt")
    return stepped == {"sched", "opt"}


def _plain_holder(scope: ast.AST, sched: str, opt: str) -> tuple[str, str, str] | None:
    """`st.sched` and `st.opt` as attributes of one plain name `st` of a function, not one of
    its parameters: that name and the two attributes; None otherwise."""
    holder, _, sched_attr = sched.partition(".")
    opt_holder, _, opt_attr = opt.partition(".")
    if scope.__class__ is not ast.FunctionDef or not holder or holder != opt_holder or "." in sched_attr or "." in opt_attr:
        return None
    if holder in {a.arg for a in ast_walk(scope.args) if a.__class__ is ast.arg}:  # type: ignore[attr-defined]
        return None
    return holder, sched_attr, opt_attr


def _local_holder(scope: ast.AST, sched: str, opt: str) -> bool:
    """`st.sched` and `st.opt` on one plain name `st` that the function binds itself, once, to
    a new `types.SimpleNamespace()` (not a parameter, no `global`/`nonlocal` of it): an object
    whose attributes only the function's code sets until it hands it on."""
    held = _plain_holder(scope, sched, opt)
    if held is None:
        return False
    holder = held[0]
    bound = []
    for node in ast_walk(scope):
        if (node.__class__ is ast.Global or node.__class__ is ast.Nonlocal) and holder in node.names:  # type: ignore[attr-defined]
            return False
        if node.__class__ is ast.Name and node.id == holder and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            bound.append(node)
    if len(bound) != 1:
        return False
    return any(
        node.__class__ is ast.Assign and len(node.targets) == 1 and node.targets[0] is bound[0]  # type: ignore[attr-defined]
        and node.value.__class__ is ast.Call and dotted(node.value.func) in ("types.SimpleNamespace", "SimpleNamespace")  # type: ignore[attr-defined]
        and not node.value.args and not node.value.keywords  # type: ignore[attr-defined]
        for node in own_nodes(scope)
    )  # fmt: skip


def _hands_the_holder(call: ast.Call, sched: str, opt: str, facts: ModuleFacts, source) -> bool:  # type: ignore[no-untyped-def]
    """`step(i, x, y)` of `step = functools.partial(train_step, model, criterion, st)` (or
    `train_step(model, criterion, st, i, x, y)` itself) handing the holder of `st.sched` and
    `st.opt` whole to a function of the file whose parameter there steps both (`p.opt.step()`,
    `p.sched.step()`)."""
    from gradfix.analysis.facts import direct_call

    holder, _, sched_attr = sched.partition(".")
    opt_attr = opt.partition(".")[2]
    if call.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
        return False
    made = call if call.func.id in facts.module_functions else direct_call(call, facts)  # type: ignore[attr-defined]
    if made is None or made.keywords:
        return False
    info = facts.module_functions.get(made.func.id)  # type: ignore[attr-defined]
    if info is None or info.class_name is not None:
        return False
    places = [at for at, arg in enumerate(made.args) if arg.__class__ is ast.Name and arg.id == holder]  # type: ignore[attr-defined]
    params = list(info.params)
    if len(places) != 1 or places[0] >= len(params) or any(arg.__class__ is ast.Starred for arg in made.args[: places[0] + 1]):
        return False
    param = params[places[0]]
    return _steps(info.node, f"{param}.{sched_attr}", source) and _steps(info.node, f"{param}.{opt_attr}", source)


def _hands_both(call: ast.Call, sched: str, opt: str, facts: ModuleFacts, source) -> bool:  # type: ignore[no-untyped-def]
    """`train(model, loader, optimizer, scheduler)` with a function (or method of the file,
    `self.train_epoch(...)`, or a static method called by its class's name,
    `Trainer.train_step(...)`) of the file whose parameter for the scheduler is stepped; also
    through a name bound once to a partial or a `torch.compile` of such a function (`step_fn =
    torch.compile(train_step)` ... `step_fn(model, opt, sched, x, y)`: `direct_call`)."""
    if call.func.__class__ is ast.Name and call.func.id not in facts.module_functions:  # type: ignore[attr-defined]
        from gradfix.analysis.facts import direct_call

        call = direct_call(call, facts) or call
    given = {source.key(arg): at for at, arg in enumerate(call.args) if arg.__class__ is not ast.Starred}
    named = {kw.arg: source.key(kw.value) for kw in call.keywords if kw.arg is not None}
    if (sched not in given and sched not in named.values()) or (opt not in given and opt not in named.values()):
        return False
    name = call_name(call)
    if name is None:
        return False
    info = None
    if "." not in name:
        info = facts.module_functions.get(name)
    elif name.startswith("self.") and name.count(".") == 1:
        found = [m[name[5:]] for m in facts.methods.values() if name[5:] in m]
        info = found[0] if len(found) == 1 else None
    elif name.count(".") == 1:
        # `Trainer.train_step(model, opt, sched, x, y)`: a static method of a class of the file,
        # called by the class's name (no subclass's override runs)
        owner, method = name.split(".")
        found_static = facts.methods.get(owner, {}).get(method)
        if found_static is not None and any(dotted(d) == "staticmethod" for d in getattr(found_static.node, "decorator_list", ())):
            info = found_static
    if info is None:
        return False
    params = list(info.params)
    if params and params[0] in ("self", "cls") and name.startswith("self."):
        params = params[1:]
    param = None
    if sched in given and given[sched] < len(params):
        param = params[given[sched]]
    for arg, key in named.items():
        if key == sched:
            param = arg
    return param is not None and _steps(info.node, param, source)


def _ended_before(there: list[tuple[list[ast.stmt], int]], where: list[tuple[list[ast.stmt], int]], source) -> bool:  # type: ignore[no-untyped-def]
    """The scheduler's step at `where` never runs once the rebinding at `there` has run: both
    in the body of a loop `for e in range(...)` (one or two arguments: `e` goes up by one)
    that never binds `e` again, the rebinding under `if e == K:`, the step under an `if` whose
    test on `e` fails for every `e >= K` (`e < K2`, `e <= K2 - 1`, or the `else` of `e >=
    K2`, `e > K2 - 1`) with K2 <= K: the same name plus literal offsets (`SWA_START - 1`,
    `SWA_START`), or two literals, none of the loop's body binding a name they read. An SWA
    switch whose old scheduler steps only before the epoch that builds the new optimizer."""
    depth = 0
    while depth < len(there) and depth < len(where) and there[depth][0] is where[depth][0] and there[depth][1] == where[depth][1]:
        depth += 1
    if depth == 0 or depth >= len(there) or depth >= len(where) or there[depth][0] is not where[depth][0]:
        return False
    block, at = there[depth - 1]
    loop = block[at]
    if loop.__class__ is not ast.For or loop.orelse or loop.target.__class__ is not ast.Name or there[depth][0] is not loop.body:  # type: ignore[attr-defined]
        return False
    iterator = loop.iter  # type: ignore[attr-defined]
    if not (
        iterator.__class__ is ast.Call and iterator.func.__class__ is ast.Name and iterator.func.id == "range"
        and 1 <= len(iterator.args) <= 2 and not iterator.keywords and not any(a.__class__ is ast.Starred for a in iterator.args)
    ):  # fmt: skip
        return False
    counter = loop.target.id  # type: ignore[attr-defined]
    stored = {n.id for n in ast_walk(loop) if n.__class__ is ast.Name and n.ctx.__class__ is not ast.Load}  # type: ignore[attr-defined]
    if _binds_again(loop, counter):
        return False
    # the rebinding: the statement of the loop's body holding it is `if e == K:`, it in the body
    guard = loop.body[there[depth][1]]  # type: ignore[attr-defined]
    if guard.__class__ is not ast.If or depth + 1 >= len(there) or there[depth + 1][0] is not guard.body:  # type: ignore[attr-defined]
        return False
    rebuilt_at = _counter_bound(guard.test, counter, ast.Eq, source)  # type: ignore[attr-defined]
    if rebuilt_at is None:
        return False
    # the step: some `if` on its way down from the loop's body whose arm holding it excludes e >= K
    for level in range(depth, len(where) - 1):
        stmt = where[level][0][where[level][1]]
        if stmt.__class__ is not ast.If:
            continue
        inner = where[level + 1][0]
        test = stmt.test  # type: ignore[attr-defined]
        below: tuple[str | None, int] | None = None
        if inner is stmt.body:  # type: ignore[attr-defined]
            below = _counter_bound(test, counter, ast.Lt, source)
            if below is None:
                at_most = _counter_bound(test, counter, ast.LtE, source)
                below = (at_most[0], at_most[1] + 1) if at_most is not None else None
        elif inner is stmt.orelse:  # type: ignore[attr-defined]
            below = _counter_bound(test, counter, ast.GtE, source)
            if below is None:
                above = _counter_bound(test, counter, ast.Gt, source)
                below = (above[0], above[1] + 1) if above is not None else None
        if below is None or below[0] != rebuilt_at[0]:
            continue
        if below[0] is not None and below[0].split(".")[0] in stored:
            continue
        if below[1] <= rebuilt_at[1]:
            return True  # e < K2 <= K: false from the rebinding's iteration on
    return False


def _binds_again(loop: ast.AST, counter: str) -> bool:
    """The loop's body binds its counter (beyond the `for` target)."""
    return any(n.__class__ is ast.Name and n.id == counter and n.ctx.__class__ is not ast.Load for stmt in loop.body for n in ast_walk(stmt))  # type: ignore[attr-defined]


def _counter_bound(test: ast.expr, counter: str, op: type, source) -> tuple[str | None, int] | None:  # type: ignore[no-untyped-def]
    """`counter <op> K` (one comparison, the counter on the left): K as (name, offset), a name
    (or dotted name) plus or minus an int literal, or (None, value) for an int literal."""
    if test.__class__ is not ast.Compare or len(test.ops) != 1 or test.ops[0].__class__ is not op:  # type: ignore[attr-defined]
        return None
    left = test.left  # type: ignore[attr-defined]
    if left.__class__ is not ast.Name or left.id != counter:
        return None
    return _offset_form(test.comparators[0], source)  # type: ignore[attr-defined]


def _offset_form(expr: ast.expr, source) -> tuple[str | None, int] | None:  # type: ignore[no-untyped-def]
    if expr.__class__ is ast.Constant and expr.value.__class__ is int:  # type: ignore[attr-defined]
        return None, expr.value  # type: ignore[attr-defined]
    if expr.__class__ in (ast.Name, ast.Attribute):
        name = dotted(expr)
        return (name, 0) if name is not None else None
    if expr.__class__ is ast.BinOp and expr.op.__class__ in (ast.Add, ast.Sub):  # type: ignore[attr-defined]
        right = expr.right  # type: ignore[attr-defined]
        if right.__class__ is ast.Constant and right.value.__class__ is int:
            base = _offset_form(expr.left, source)  # type: ignore[attr-defined]
            if base is not None and base[0] is not None:
                return base[0], base[1] + (right.value if expr.op.__class__ is ast.Add else -right.value)  # type: ignore[attr-defined]
    return None


def _called_and_written_once(source: Source, function: str, attr: str, owner: str | None) -> bool:
    """The file calls `function` by name, calls no `setattr`, hands `attr` as a keyword to no call
    (but a call of the class `owner` that builds the holder), and writes `.attr` by exactly one
    assignment of its own (not a synthetic one): the one attribute every read of `.attr` sees."""
    called = False
    for node in source.of_type(ast.Call):
        func = node.func  # type: ignore[attr-defined]
        if func.__class__ is ast.Name and func.id == function:
            called = True
        if call_name(node) in ("setattr", "builtins.setattr"):  # type: ignore[arg-type]
            return False
        if any(k.arg == attr for k in node.keywords) and not (  # type: ignore[attr-defined]
            owner is not None and func.__class__ is ast.Name and func.id == owner
        ):
            return False
    if not called:
        return False
    writes = 0
    for kind in (ast.Assign, ast.AnnAssign, ast.AugAssign):
        for node in source.of_type(kind):
            targets = node.targets if kind is ast.Assign else [node.target]  # type: ignore[attr-defined]
            for target in targets:
                for part in ast_walk(target):
                    if part.__class__ is ast.Attribute and part.attr == attr and part.ctx.__class__ is ast.Store:  # type: ignore[attr-defined]
                        writes += 0 if getattr(part, "synthetic", False) else 1
    return writes == 1
