"""Which `nn.Module` a key names, and which modules an optimizer trains.

Keys are the loop model's (`model`, `self.model`, `model.module.encoder`). Two keys name the
same module when they are equal once the wrappers' `.module` is dropped (`model.module` is
what DDP and DataParallel wrap) and once aliases are followed: `ddp = DDP(model)`,
`model = model.to(device)`, `net = torch.compile(model)`, `m = model`. A copy
(`copy.deepcopy(model)`, an EMA) is another module.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import Assignments, Binding, Scope, assigned_values, assignments, built_object, held_attribute, reaching_top_level
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import TrainingLoop
from gradfix.analysis.names import (
    LIBRARY_ROOTS,
    call_name,
    class_method,
    dotted,
    is_true,
    method_name,
    positional,
    receiver,
    root_name,
)
from gradfix.patterns import lazily
from gradfix.source import FUNCTIONS
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# Calls that hand back the module they were given (same parameters, same mode flags).
WRAPPERS = lazily(
    r"(^|\.)(DistributedDataParallel|DataParallel|DDP|FullyShardedDataParallel|FSDP|compile|"
    r"convert_sync_batchnorm|ShardedDataParallel)$"
)
_WRAPPING: dict[str, bool] = {}  # a called name -> `WRAPPERS` finds it (`wraps_module`)


def wraps_module(name: str) -> bool:
    """`WRAPPERS` finds the called name (`DDP`, `torch.compile`); once per name."""
    said = _WRAPPING.get(name)
    if said is None:
        said = _WRAPPING[name] = WRAPPERS.search(name) is not None
    return said


_SAME_MODULE_METHODS = {"to", "cuda", "cpu", "half", "float", "double", "bfloat16", "train", "eval", "requires_grad_", "to_empty"}


def strip_same_module(expr: ast.expr) -> ast.expr:
    """`model` for `model.to(device)`, `model.cuda().float()`: calls that return the module."""
    while isinstance(expr, ast.Call) and method_name(expr) in _SAME_MODULE_METHODS:
        recv = receiver(expr)
        if recv is None:
            break
        expr = recv
    return expr


def stored_parameter(value: ast.expr, init: ast.FunctionDef | None = None) -> str | None:
    """The name an `__init__` stores in `self.net = net`, also through a move that returns the
    module itself, `self.net = net.to(device)` (`.cuda()`, `.half()`), or through a local of
    `init` that a statement of its body binds once, before, to such a value (`m =
    net.to(device)`; `self.net = m`): `"net"`."""
    if value.__class__ is ast.Call:
        value = strip_same_module(value)
    if value.__class__ is not ast.Name:
        return None
    name: str = value.id  # type: ignore[attr-defined]
    if init is None:
        return name
    args = init.args
    if any(a.arg == name for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)):
        return name
    bound = [n for n in ast_walk(init) if n.__class__ is ast.Name and n.id == name and n.ctx.__class__ is not ast.Load]  # type: ignore[attr-defined]
    if len(bound) != 1:
        return None
    local = next(
        (stmt for stmt in init.body if stmt.__class__ is ast.Assign and len(stmt.targets) == 1 and stmt.targets[0] is bound[0]),  # type: ignore[attr-defined]
        None,
    )
    if local is None or local.lineno >= value.lineno:
        return None
    return stored_parameter(local.value)  # type: ignore[attr-defined]


def normalize(key: str) -> str:
    """`model` for `model.module`, `self.net.encoder` for `self.net.module.encoder`."""
    if "module" not in key:  # (most keys: nothing to drop, no split and join)
        return key
    parts = key.split(".")
    if len(parts) == 1:
        return key
    return ".".join([parts[0], *[p for p in parts[1:] if p != "module"]])


def contains(outer: str, inner: str) -> bool:
    """`inner` is `outer` or one of its submodules (after normalisation)."""
    # (`normalize`'s first test written here: most keys say no `module`, and the analysis asks
    # this of about 13,000 pairs over perf5's candidates, without two calls per pair)
    a = outer if "module" not in outer else normalize(outer)
    b = inner if "module" not in inner else normalize(inner)
    return b == a or b.startswith(a + ".") or b.startswith(a + "[")


def related(a: str, b: str) -> bool:
    """`contains(a, b) or contains(b, a)`, each key normalised once (not twice in each call)."""
    a = a if "module" not in a else normalize(a)
    b = b if "module" not in b else normalize(b)
    return a == b or b.startswith(a + ".") or b.startswith(a + "[") or a.startswith(b + ".") or a.startswith(b + "[")


def wrapped_key(value: ast.expr | None, source_key) -> str | None:  # type: ignore[no-untyped-def]
    """The key of the module a wrapping expression hands back: `DDP(model, ...)`,
    `model.to(device)`, `torch.compile(model)`, `accelerator.unwrap_model(model)`, `model` itself."""
    expr = value
    for _ in range(6):
        if expr is None:
            return None
        if isinstance(expr, (ast.Name, ast.Attribute)) and dotted(expr) is not None:
            return source_key(expr)
        if not isinstance(expr, ast.Call):
            return None
        method = method_name(expr)
        recv = receiver(expr)
        name = call_name(expr) or ""
        if method in _SAME_MODULE_METHODS and recv is not None and not wraps_module(name):
            expr = recv
            continue
        if wraps_module(name):
            args = positional(expr)
            if not args:
                module = next((k.value for k in expr.keywords if k.arg in ("module", "model")), None)
                expr = module
            else:
                expr = args[0]
            continue
        if method == "unwrap_model" and recv is not None and len(expr.args) == 1 and not isinstance(expr.args[0], ast.Starred):
            expr = expr.args[0]  # `net = accelerator.unwrap_model(model)`: the module `prepare` wrapped
            continue
        return None
    return None


def aliases(key: str, scope: Scope, model: ModuleModel) -> set[str]:
    """`key` and the keys it wraps or is wrapped by, normalised."""
    index = assignments(model)
    found = {normalize(key)}
    frontier = [key]
    for _ in range(4):
        new: list[str] = []
        for current in frontier:
            for value in [*index.values(current, scope), *_handed_back(current, index, model)]:
                value = decided_arm(value, model)  # `ema if USE_EMA else model` with `USE_EMA = False`
                inner = wrapped_key(value, model.source.key)
                if inner is not None and normalize(inner) not in found:
                    found.add(normalize(inner))
                    new.append(inner)
        frontier = new
        if not frontier:
            break
    # and the other way: `ddp_model = DDP(model)` makes `ddp_model` the same module as `model`
    for other, bindings in index.by_key.items():
        if normalize(other) in found:
            continue
        for binding in bindings:
            inner = wrapped_key(binding.value, model.source.key)
            if inner is not None and normalize(inner) in found:
                found.add(normalize(other))
                break
    return found


def decided_arm(value: ast.expr | None, model: ModuleModel) -> ast.expr | None:
    """The arm of a conditional expression whose test a module constant decides (`ema if
    USE_EMA else model` with `USE_EMA = False` bound once at the top: `model`); else the value."""
    if not isinstance(value, ast.IfExp):
        return value
    from gradfix.analysis.precision import decided

    chosen = decided(value.test, model)
    if chosen is None:
        return value
    return value.body if chosen else value.orelse


def _handed_back(key: str, index, model: ModuleModel) -> list[ast.expr]:  # type: ignore[no-untyped-def]
    """What `key` is when bound as an element of `a, b, c = accelerator.prepare(x, y, z)` (or
    Fabric's `setup`), in any scope: the argument in its place (`self.model, self.opt =
    self.accelerator.prepare(model, opt)` makes `self.model` the module `model`)."""
    found = []
    for binding in index.by_key.get(key, ()):
        stmt = binding.statement
        if binding.value is not None or not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
            continue
        target, value = stmt.targets[0], stmt.value
        if not (isinstance(target, ast.Tuple) and isinstance(value, ast.Call) and method_name(value) in ("prepare", "setup")):
            continue
        if len(value.args) != len(target.elts) or any(isinstance(a, ast.Starred) for a in value.args):
            continue
        for element, arg in zip(target.elts, value.args):
            if dotted(element) is not None and model.source.key(element) == key:
                found.append(arg)
    return found


def parameter_owners(params: ast.expr | None, scope: Scope, model: ModuleModel, factory: bool = False) -> set[str]:
    """Modules whose parameters an optimizer's first argument holds: `model.parameters()`,
    `[{"params": net.encoder.parameters()}, ...]`, `filter(..., model.parameters())`, or a
    name bound to one of those in the same scope. `factory`: the constructor is not a torch
    optimizer (`create_optimizer(model, ...)`), so a bare module key counts too."""
    if params is None:
        return set()
    owners = _owners_in(params, model)
    if owners:
        return owners
    if isinstance(params, (ast.Name, ast.Attribute)):
        index = assignments(model)
        key = model.source.key(params)
        for value in index.values(key, scope):
            if value is not None:
                owners |= _owners_in(value, model)
        if not owners and factory:
            owners.add(key)
    return owners


def _owners_in(expr: ast.AST, model: ModuleModel) -> set[str]:
    owners: set[str] = set()
    walked: dict[str, str] = {}  # `m` of `for m in net.modules()` in a comprehension -> `net`
    for node in ast_walk(expr):
        if isinstance(node, ast.comprehension):
            source = _walked_module(node.iter)
            target = node.target.elts[-1] if isinstance(node.target, ast.Tuple) and node.target.elts else node.target
            if source is not None and isinstance(target, ast.Name):
                walked[target.id] = model.source.key(source)
    for node in ast_walk(expr):
        if isinstance(node, ast.Call) and method_name(node) in ("parameters", "named_parameters"):
            recv = receiver(node)
            if recv is not None and dotted(recv) is not None:
                key = model.source.key(recv)
                # `[p for m in net.modules() if isinstance(m, nn.BatchNorm2d) for p in m.parameters()]`
                owners.add(walked.get(key, key))
    return owners


def _walked_module(iterable: ast.expr) -> ast.expr | None:
    """`net` of `net.modules()`, `net.named_modules()`, `net.children()`, `net.named_children()`."""
    if isinstance(iterable, ast.Call) and method_name(iterable) in ("modules", "named_modules", "children", "named_children"):
        recv = receiver(iterable)
        if recv is not None and dotted(recv) is not None:
            return recv
    return None


def trained_modules(loop: TrainingLoop, model: ModuleModel) -> tuple[set[str], bool]:
    """Normalised keys of the modules the optimizers stepped in `loop` train, in the loop's
    own names, and whether every optimizer stepped there could be read."""
    from gradfix.analysis.model import EventKind

    index = assignments(model)
    scope: Scope = loop.function if loop.function is not None else model.source.tree
    params_of_function = _parameters(loop.function)
    owners: set[str] = set()
    complete = True
    targets = {e.target for e in loop.events if e.kind is EventKind.STEP and e.target and not e.engine}
    if not targets:
        return owners, False
    for target in sorted(targets):
        info = model.facts.info(target)
        local = _local_construction(target, loop.function, index, info.params if info is not None else None)
        if local is None:
            built = _built_by_a_builder(target, scope, index, model)
            if built is not None:
                # `optimizer = build_optimizer(model, lr)`, a builder of the file or of another
                # module of the project returning a torch optimizer over its argument's parameters
                for owner in parameter_owners(built, scope, model):
                    owners |= aliases(owner, scope, model)
                continue
        if local is not None:
            # built in the loop's own function: that construction, not another function's
            # optimizer of the same name (which the module's facts may hold)
            found = set() if local is False else parameter_owners(local, loop.function, model)  # type: ignore[arg-type]
            if not found and not (local is not False and _fresh_tensors(local, loop.function, index)):  # type: ignore[arg-type]
                complete = False
            for owner in found:
                owners |= aliases(owner, loop.function, model)  # type: ignore[arg-type]
            continue
        if info is None and target.count(".") == 1 and not target.startswith("self."):
            held = _object_optimizer(target, scope, model) or _imported_object_optimizer(target, scope, index, model)  # `agent.optimizer` of `agent = Agent()`
            if held is not None:
                owners |= held
                continue
        if info is None and target.startswith("self.") and target.count(".") == 1 and model.facts.project is not None:
            inherited = _inherited_optimizer(target, loop, model)
            if inherited is not None:
                owners |= inherited  # `self.optimizer` of a base class of another module's `__init__`
                continue
        if info is None or info.kind != "optimizer" or info.params is None:
            handed = _handed_to_constructor(target, loop, model) or _from_own_method(target, model)
            if handed is None:
                stored = _stored_local_optimizer(target, loop, index, model)
                found = parameter_owners(stored[0], stored[1], model) if stored is not None else set()
                if not found:
                    complete = False
                for owner in found:
                    owners |= aliases(owner, stored[1], model)  # type: ignore[index]
            else:
                owners |= aliases(handed, scope, model)
            continue
        construction_scope = _construction_scope(target, info.params, index) or scope
        found = parameter_owners(info.params, construction_scope, model)
        if not found:
            if not _fresh_tensors(info.params, construction_scope, index):
                complete = False  # a factory (`build_optimizer(cfg, model)`) or a list we cannot read
            continue
        if (
            root_name(target) in params_of_function and root_name(target) != "self" and loop.function is not None
            and not (root_name(target) == "cls" and class_method(loop.function))  # `cls.opt` of a class method: the class's own
        ):  # fmt: skip
            # promoted from the call sites: the keys are the caller's; bring them into ours
            translated = _to_callee(found, loop.function, model)
            if translated is None:
                complete = False
                continue
            found = translated
            construction_scope = scope
        for owner in found:
            owners |= aliases(owner, construction_scope, model)
    return owners, complete


def _inherited_optimizer(target: str, loop: TrainingLoop, model: ModuleModel) -> set[str] | None:
    """`self.optimizer` stepped in a method of a class of the file that binds no
    `self.optimizer` in the file, built in the `__init__` its class inherits from a base class
    of another module of the project (`class MyTrainer(BaseTrainer)`, `BaseTrainer` of
    base.py) over the parameters of an attribute of `self` (`self.optimizer =
    SGD(self.model.parameters())`, or over its parameter `model` stored as `self.model =
    model`): those attributes (`{"self.model"}`), which name the same modules on `self` here.
    None when the class is not of the file, the `__init__` is not a base's of the project
    (`_project_inherited` refuses a base it cannot read before it), or the optimizer's one
    binding in that module is not such a construction in that `__init__`."""
    from gradfix.analysis.modes import _class_of, _project_inherited

    class_name = _class_of(loop.function, model)
    if class_name is None or "__init__" in model.facts.methods.get(class_name, {}) and _binds(model.facts.methods[class_name]["__init__"].node, target):
        return None
    init = _project_inherited(model.facts, class_name, "__init__")
    project = model.facts.project
    if init is None or project is None or not init.source.path:
        return None
    module = project.module(init.source.path, any_bytes=True)
    if module is None:
        return None
    info = module.facts.info(target)
    if info is None or info.kind != "optimizer" or info.params is None or not any(node is info.params for node in ast_walk(init.node)):
        return None
    there = ModuleModel(module.source, module.facts)
    found = parameter_owners(info.params, init.node, there)
    if found and not all(owner.startswith("self.") for owner in found):
        found = _init_parameters_stored(found, init.node, there)
    if not found or not all(owner.startswith("self.") for owner in found):
        return None
    return found


def _binds(function: ast.AST, target: str) -> bool:
    """`function` assigns `target` (`self.optimizer = ...`) somewhere in its body."""
    return any(
        isinstance(node, (ast.Assign, ast.AnnAssign)) and any(dotted(t) == target for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
        for node in ast_walk(function)
    )


def _object_optimizer(target: str, scope: Scope, model: ModuleModel) -> set[str] | None:
    """`agent.optimizer` with `agent` bound once to `Agent(...)`, a class of the file whose one
    binding of `self.optimizer` (`held_attribute`) is an optimizer over `self.net`'s
    parameters: `{"agent.net"}`, in the loop's names."""
    binding = held_attribute(target, scope, model)
    info = model.facts.info("self." + target.split(".", 1)[1]) if binding is not None else None
    if binding is None or info is None or info.kind != "optimizer" or info.params is None:
        return None
    found = parameter_owners(info.params, binding.scope, model)
    if found and not all(owner.startswith("self.") for owner in found):
        found = _init_parameters_stored(found, binding.scope, model)
    if not found or not all(owner.startswith("self.") for owner in found):
        return None
    holder = target.split(".", 1)[0]
    owners = {normalize(holder + owner[len("self") :]) for owner in found}
    for owner in found:
        # `trainer = Trainer(model, ...)` whose `__init__` writes `self.model = model`, the one
        # binding of `self.model` in the class: `trainer.model` is `model`, the loop's name
        handed = _handed_to_init(holder, owner, scope, model)
        if handed is not None:
            owners.add(normalize(handed))
    return owners


def _init_parameters_stored(owners: set[str], scope: Scope, model: ModuleModel) -> set[str] | None:
    """`self.opt = SGD(net.parameters())` in an `__init__` that stores its parameter `net` as
    `self.net = net` (a statement of its body, the one binding of `self.net` in the module;
    `net` never rebound there): the owners as the
    attributes that hold them (`{"self.net"}`), for `_handed_to_init` to name the argument;
    None when one is not such a parameter (a copy, a wrapper: `self.net = DDP(net)`)."""
    if not isinstance(scope, FUNCTIONS) or scope.name != "__init__":
        return None
    args = scope.args
    params = {a.arg for a in (*args.posonlyargs, *args.args[1:], *args.kwonlyargs)}
    stored: dict[str, str] = {}
    for stmt in scope.body:
        name = stored_parameter(stmt.value, scope) if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        if name is not None and name in params and name not in stored:
            target = dotted(stmt.targets[0])  # type: ignore[attr-defined]
            if target is not None and target.count(".") == 1 and target.startswith("self."):
                stored[name] = target
    out: set[str] = set()
    for owner in owners:
        if owner.startswith("self."):
            out.add(owner)
            continue
        root = root_name(owner)
        if root not in stored or len(assignments(model).by_key.get(stored[root], ())) != 1 or any(
            isinstance(node, ast.Name) and node.id == root and not isinstance(node.ctx, ast.Load) for node in ast_walk(scope)
        ):
            return None
        out.add(stored[root] + owner[len(root) :])
    return out


def _handed_to_init(holder: str, attribute: str, scope: Scope, model: ModuleModel) -> str | None:
    """The key of the argument that `holder = Class(...)`, bound once (seen from `scope`) to a
    call of a class of the file, hands to `Class.__init__`'s parameter stored as `attribute`
    (`self.model = model`, the one binding of `self.model` in the module): `"model"`."""
    if attribute.count(".") != 1:
        return None
    index = assignments(model)
    built = built_object(holder, scope, model)
    if built is None:
        return None
    init = model.facts.methods.get(built.func.id, {}).get("__init__")  # type: ignore[union-attr]
    bindings = index.by_key.get(attribute, [])
    if init is None or len(bindings) != 1 or bindings[0].class_name != built.func.id:  # type: ignore[union-attr]
        return None
    statement = bindings[0].statement
    stored = stored_parameter(statement.value, init.node) if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else None
    if stored is None or not any(stmt is statement for stmt in init.node.body):
        return None
    args = init.node.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)][1:]
    if stored not in positional and stored not in [a.arg for a in args.kwonlyargs]:
        return None  # (a global of that name, not the parameter)
    if any(isinstance(arg, ast.Starred) for arg in built.args) or any(k.arg is None for k in built.keywords):
        return None
    given = {positional[i]: arg for i, arg in enumerate(built.args[: len(positional)])}
    given.update((k.arg, k.value) for k in built.keywords if k.arg is not None)
    value = given.get(stored)
    return model.source.key(value) if value is not None and dotted(value) is not None else None


def _imported_object_optimizer(target: str, scope: Scope, index: Assignments, model: ModuleModel) -> set[str] | None:
    """`t.optimizer` with `t` bound once to `Trainer(model, torch.optim.SGD(model.parameters()))`,
    `Trainer` a class of this file or imported from another module of the project whose `__init__` stores its
    parameter in `self.optimizer`, the one binding of that attribute in the class: the modules
    the optimizer built in the call trains, in the loop's names (`{"model"}`)."""
    holder, _, attribute = target.partition(".")
    project = model.facts.project
    built = index.single_value(holder, scope)
    if not isinstance(built, ast.Call) or not isinstance(built.func, ast.Name):
        return None
    if project is None and built.func.id not in model.facts.classes:
        return None
    class_name = built.func.id
    if class_name in model.facts.classes:
        # a class of this file (`stepper = Stepper(net, opt)`, its `__init__` storing `opt`)
        facts, defined = model.facts, class_name
    else:
        qualified = model.facts.imports.qualify(class_name)
        if not qualified or qualified == class_name or "." not in qualified:
            return None
        found = project.definition(qualified, model.source.path or None)
        if found is None or found[1] not in found[0].facts.classes:
            return None
        facts, defined = found[0].facts, found[1]
    init = facts.methods.get(defined, {}).get("__init__")
    if init is None:
        return None
    stored = [
        node for node in ast_walk(facts.classes[defined])
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load) and dotted(node) == f"self.{attribute}"
    ]  # fmt: skip
    if len(stored) != 1:
        return None
    statement = next(
        (s for s in init.node.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and s.targets[0] is stored[0]), None
    )
    if statement is None or not isinstance(statement.value, ast.Name):
        return None
    args = init.node.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)][1:]
    given = {positional[i]: arg for i, arg in enumerate(built.args[: len(positional)])}
    if any(isinstance(arg, ast.Starred) for arg in built.args) or any(k.arg is None for k in built.keywords):
        return None
    given.update((k.arg, k.value) for k in built.keywords if k.arg is not None)
    value = given.get(statement.value.id)
    if isinstance(value, ast.Name):
        built_once = index.single_value(value.id, scope)
        if built_once is None and value.id in _parameters(scope):
            # `def run(net, opt): stepper = Stepper(net, opt)`: the optimizer the calls of
            # `run` hand in (promoted from the call sites), its modules in `run`'s names
            return _handed_in_optimizer(value.id, scope, index, model)  # type: ignore[arg-type]
        trained = _timm_factory_module(built_once, model) if isinstance(built_once, ast.Call) else None
        if trained is not None:
            # `opt = create_optimizer_v2(model, "adamw")` bound once, then `Trainer(model, opt)`
            owners = parameter_owners(trained, scope, model, factory=True)
            return {name for owner in owners for name in aliases(owner, scope, model)} or None
        built = _built_by_a_builder(value.id, scope, index, model) if trained is None and isinstance(built_once, ast.Call) else None
        if built is not None:
            # `opt = build_optimizer(cfg, model)` (a builder of the file or of another module of
            # the project over its argument's parameters) bound once, then `Engine(model, opt)`
            owners = {name for owner in parameter_owners(built, scope, model) for name in aliases(owner, scope, model)}
            return owners or None
        # `opt = torch.optim.SGD(model.parameters())` bound once, then `Trainer(model, opt)`
        info = model.facts.info(value.id)
        params = info.params if info is not None and info.kind == "optimizer" and isinstance(built_once, ast.Call) else None
    elif isinstance(value, ast.Call) and _timm_factory_module(value, model) is not None:
        owners = parameter_owners(_timm_factory_module(value, model), scope, model, factory=True)
        return {name for owner in owners for name in aliases(owner, scope, model)} or None
    elif isinstance(value, ast.Call) and (model.facts.imports.qualify(call_name(value)) or "").startswith("torch.optim."):
        params = value.args[0] if value.args else next((k.value for k in value.keywords if k.arg == "params"), None)
    else:
        return None
    owners = parameter_owners(params, scope, model) if params is not None else set()
    if not owners:
        return None
    return {name for owner in owners for name in aliases(owner, scope, model)}


def _handed_in_optimizer(name: str, function: ast.FunctionDef, index: Assignments, model: ModuleModel) -> set[str] | None:
    """The modules the optimizer that every call of `function` in the module hands in for its
    parameter `name` (one name, bound once to a torch optimizer: `run(net, opt)` after `opt =
    torch.optim.SGD(net.parameters())`) was built over, in the function's names (the argument
    each call hands for one of its parameters: `net`); None when that is not known."""
    info = model.facts.module_functions.get(function.name)
    if info is None or info.node is not function:
        return None  # (a method, or a nested function: its calls are not read here)
    sites = model.facts.call_site_args.get(function.name)
    if not sites:
        from gradfix.analysis.samplers import call_sites  # (a function whose text says no step: rare)

        sites = call_sites(function.name, model)
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)]
    passed = sites.get(str(params.index(name)), set()) | sites.get(name, set())
    if len(passed) != 1:
        return None
    key = next(iter(passed))
    info = model.facts.info(key)
    if info is None or info.kind != "optimizer" or info.params is None:
        return None
    construction_scope = _construction_scope(key, info.params, index)
    if construction_scope is None or index.single_value(key, construction_scope) is None:
        return None
    found = parameter_owners(info.params, construction_scope, model)
    reverse: dict[str, str] = {}
    for position, param in enumerate(params):
        handed = sites.get(str(position), set()) | sites.get(param, set())
        if len(handed) == 1:
            reverse[next(iter(handed))] = param
    translated = set()
    for owner in found:
        root = root_name(owner)
        if root not in reverse:
            return None
        translated.add(reverse[root] + owner[len(root) :])
    if not translated:
        return None
    return {owner for key in translated for owner in aliases(key, function, model)}


def _timm_factory_module(call: ast.Call, model: ModuleModel) -> ast.expr | None:
    """The model (or parameters) timm's optimizer factory builds its optimizer over (timm 1.0,
    `timm/optim/_optim_factory.py`): `create_optimizer_v2(model_or_params, opt=...)`, argument
    1, and the legacy `create_optimizer(args, model)`, argument 2 (or the keyword)."""
    qualified = model.facts.imports.qualify(call_name(call)) or ""
    if not qualified.startswith("timm."):
        return None
    last = qualified.rsplit(".", 1)[-1]
    index, keyword_name = {"create_optimizer_v2": (0, "model_or_params"), "create_optimizer": (1, "model")}.get(last, (None, ""))
    if index is None or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if len(call.args) > index:
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == keyword_name), None)


def _fresh_tensors(params: ast.expr, scope: Scope, index: Assignments) -> bool:
    """`[temperature]` with `temperature = nn.Parameter(torch.ones(1))` (or a tensor made with
    `requires_grad=True`) in the same scope: the optimizer trains tensors of its own, no module."""
    if not isinstance(params, (ast.List, ast.Tuple)) or not params.elts:
        return False
    for element in params.elts:
        if not isinstance(element, ast.Name):
            return False
        bindings = index.bindings(element.id, scope)
        if not bindings:
            return False
        for binding in bindings:
            value = binding.value
            if not isinstance(value, ast.Call):
                return False
            made = (call_name(value) or "").rsplit(".", 1)[-1]
            if made != "Parameter" and not any(k.arg == "requires_grad" and is_true(k.value) for k in value.keywords):
                return False
    return True


def _from_own_method(target: str, model: ModuleModel) -> str | None:
    """`optimizer = model.configure_optimizers(lr)` (minGPT, nanoGPT): an optimizer a module's
    own method builds, over that module's parameters; the module's key."""
    values = assigned_values(model, target)
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    call = values[0]
    method = method_name(call) or ""
    recv = receiver(call)
    if "optim" not in method or recv is None or dotted(recv) is None:
        return None
    key = model.source.key(recv)
    return None if key.split(".", 1)[0] in ("torch", "optim") else key


def _stored_local_optimizer(
    target: str, loop: TrainingLoop, index: Assignments, model: ModuleModel
) -> tuple[ast.expr, ast.AST] | None:
    """`optimizer = torch.optim.AdamW(model.parameters()); self.optimizer = optimizer` in a method
    of the loop's class: the parameters of the one construction of the local name that the one
    plain binding of `self.optimizer` stores, and that method (its names). Rebound besides only
    by unpacking accelerate's `prepare(...)` (`self.model, self.optimizer = accelerator.prepare(...)`)."""
    from gradfix.analysis.facts import classify_constructor

    if not target.startswith("self.") or target.count(".") != 1 or loop.function is None:
        return None
    bindings = index.by_key.get(target, [])
    plain = [b for b in bindings if b.value is not None]
    if len(plain) != 1 or not isinstance(plain[0].value, ast.Name) or not isinstance(plain[0].scope, FUNCTIONS):
        return None
    binding = plain[0]
    if binding.class_name is None or binding.class_name != index.class_of_scope.get(id(loop.function)):
        return None
    for other in bindings:
        if other is not binding and not (
            isinstance(other.statement, ast.Assign) and isinstance(other.statement.value, ast.Call)
            and method_name(other.statement.value) == "prepare"
        ):  # fmt: skip
            return None
    name, method = binding.value.id, binding.scope  # type: ignore[union-attr]
    local = [b for b in index.by_key.get(name, []) if b.scope is method]
    if len(local) != 1 or not isinstance(local[0].value, ast.Call):
        return None
    call = local[0].value
    if classify_constructor(model.facts.imports.qualify(call_name(call) or "")) != "optimizer":
        return None
    given = call.args[0] if call.args and not isinstance(call.args[0], ast.Starred) else None
    given = given or next((k.value for k in call.keywords if k.arg == "params"), None)
    return (given, method) if given is not None else None


def _handed_to_constructor(target: str, loop: TrainingLoop, model: ModuleModel) -> str | None:
    """`self.opt`, stored by `__init__` from its parameter `opt`, when every call of the class
    in the module passes for it an optimizer built over `<m>.parameters()` and passes that same
    `<m>` for another parameter `__init__` stores as `self.model`: then `self.model` (what the
    optimizer trains, in the loop's names). `Trainer(model, SGD(model.parameters()))`."""
    from gradfix.analysis.facts import classify_constructor

    if not target.startswith("self.") or target.count(".") != 1 or loop.function is None:
        return None
    facts = model.facts
    owner = next((name for name, methods in facts.methods.items() if any(i.node is loop.function for i in methods.values())), None)
    init = facts.methods.get(owner or "", {}).get("__init__")
    if owner is None or init is None:
        return None
    params = [a.arg for a in (*init.node.args.posonlyargs, *init.node.args.args)][1:]  # type: ignore[attr-defined]
    stored: dict[str, str] = {}  # attribute -> parameter it is set from
    for stmt in ast_walk(init.node):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            pairs = [(stmt.targets[0], stmt.value)]
            if isinstance(stmt.targets[0], ast.Tuple) and isinstance(stmt.value, ast.Tuple) and len(stmt.targets[0].elts) == len(stmt.value.elts):
                pairs = list(zip(stmt.targets[0].elts, stmt.value.elts))
            for left, right in pairs:
                key = dotted(left)
                if key and key.startswith("self.") and isinstance(right, ast.Name) and right.id in params:
                    stored[key] = right.id
    opt_param = stored.get(target)
    if opt_param is None:
        return None
    qualify = facts.imports.qualify
    calls = [n for n in model.source.nodes if isinstance(n, ast.Call) and call_name(n) == owner]
    found: str | None = None
    for call in calls:
        arguments = {params[i]: a for i, a in enumerate(call.args[: len(params)]) if not isinstance(a, ast.Starred)}
        arguments.update({k.arg: k.value for k in call.keywords if k.arg is not None})
        built = arguments.get(opt_param)
        if isinstance(built, ast.Name):
            values = assigned_values(model, built.id)  # `opt = SGD(model.parameters())`; `Trainer(model, opt)`
            built = values[0] if len(values) == 1 else built
        if not (isinstance(built, ast.Call) and classify_constructor(qualify(call_name(built))) == "optimizer"):
            return None
        over = built.args[0] if built.args else next((k.value for k in built.keywords if k.arg == "params"), None)
        if not (isinstance(over, ast.Call) and method_name(over) == "parameters" and isinstance(over.func, ast.Attribute)):
            return None
        module = dotted(over.func.value)
        attributes = [attr for attr, param in stored.items() if param != opt_param and dotted(arguments.get(param)) == module]
        if module is None or len(attributes) != 1 or found not in (None, attributes[0]):
            return None
        found = attributes[0]
    return found


def _local_construction(
    target: str, function: ast.AST | None, index: Assignments, known: ast.expr | None
) -> ast.expr | bool | None:
    """The parameters passed to the one construction of the optimizer `target` in `function`'s
    own statements (a class called), when the module's facts describe another construction of
    that name (`known`, the parameters they hold: another function's optimizer); False when that
    construction is given none; None otherwise (the module's facts answer)."""
    if not isinstance(function, FUNCTIONS) or "." in target:
        return None
    bindings = [b for b in index.by_key.get(target, []) if b.scope is function]
    if not bindings:
        return None
    if len(bindings) != 1 or not isinstance(bindings[0].value, ast.Call):
        return None  # an alias (`optim = self.optim`), several bindings: the module's facts say
    call = bindings[0].value
    if known is not None and any(node is known for node in ast_walk(call)):
        return None
    if not (call_name(call) or "").rsplit(".", 1)[-1][:1].isupper():
        return None  # a factory: the module's facts say what they can
    given = call.args[0] if call.args and not isinstance(call.args[0], ast.Starred) else None
    given = given or next((k.value for k in call.keywords if k.arg == "params"), None)
    return given if given is not None else False


def _built_by_a_builder(target: str, function: Scope, index: Assignments, model: ModuleModel) -> ast.expr | None:
    """The parameters an optimizer holds when the function (or module) binds `target` once, to a call of a
    builder named like one (`build_optimizer(model, lr)`) whose every `return` is a torch
    optimizer over the parameters of the module passed for one of its parameters (read in the
    caller's names: `model.parameters()`). None otherwise."""
    if "." in target:
        return None
    bindings = [b for b in index.by_key.get(target, []) if b.scope is function]
    if len(bindings) != 1 or not isinstance(bindings[0].value, ast.Call):
        return None
    call = bindings[0].value
    if "opt" not in (call_name(call) or "").rsplit(".", 1)[-1].lower():
        return None
    from gradfix.analysis.staleness import built_optimizer

    found = built_optimizer(call, model)
    return found[1] if found is not None else None


def _construction_scope(target: str, params: ast.expr, index: Assignments) -> Scope | None:
    """The scope of the statement that built the optimizer (the one holding `params`)."""
    for binding in index.by_key.get(target, []):
        value = binding.value
        if value is not None and any(node is params for node in ast_walk(value)):
            return binding.scope
    return None


def _parameters(function: ast.AST | None) -> set[str]:
    if not isinstance(function, FUNCTIONS):
        return set()
    args = function.args
    return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}


def _to_callee(keys: set[str], function: ast.FunctionDef | ast.AsyncFunctionDef, model: ModuleModel) -> set[str] | None:
    """Caller keys -> the callee's parameter names (`model` passed for `net`: `net`)."""
    sites = model.facts.call_site_args.get(function.name)
    if not sites:
        return None
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)]
    reverse: dict[str, str] = {}
    for index, param in enumerate(params):
        passed = sites.get(str(index), set()) | sites.get(param, set())
        if len(passed) == 1:
            reverse[next(iter(passed))] = param
    out: set[str] = set()
    for key in keys:
        root = root_name(key)
        if root in reverse:
            out.add(reverse[root] + key[len(root) :])
        else:
            return None
    return out


def module_class(key: str, scope: Scope, model: ModuleModel) -> ast.expr | None:
    """The constructor expression a module key is built from (`Net(...)` in
    `model = Net().to(device)`), when it is bound exactly once."""
    index = assignments(model)
    return _constructor(index.single_value(key, scope), scope, model)


def module_classes(key: str, scope: Scope, model: ModuleModel) -> list[ast.expr]:
    """The constructor expressions of every binding of a module key (`model = CNN()` in one
    arm of an `if`, `model = MLP()` in another); empty when one of them cannot be read."""
    index = assignments(model)
    found = []
    for binding in index.bindings(key, scope):
        if rewraps(binding.value, key, model) or prepared_again(binding, key, model):
            continue  # `model = model.to(device)`, `model = torch.compile(model)`: the same module's output
        constructor = _constructor(binding.value, scope, model)
        if constructor is None:
            return []
        found.append(constructor)
    return found


def reaching_class(key: str, scope: Scope, model: ModuleModel, node: ast.AST) -> ast.expr | bool | None:
    """Of a module key bound several times by statements of the module's own body (a notebook
    that trains `model = ...` cell after cell), the constructor of the binding that reaches
    `node`, a statement of that body further down: the last one before it. False when that one
    cannot be read; None when the bindings are not all of that kind."""
    if scope is not model.source.tree:
        return None
    bindings = [b for b in assignments(model).bindings(key, scope) if not rewraps(b.value, key, model) and not prepared_again(b, key, model)]
    reaching = reaching_top_level(bindings, model.source, getattr(node, "lineno", 0))
    if reaching is None:
        return None
    constructor = _constructor(reaching.value, scope, model)
    return constructor if constructor is not None else False


def bound_classes(key: str, model: ModuleModel) -> list[ast.expr]:
    """The constructor expressions of the bindings of a plain name anywhere in the module
    that can be read (`net = Net()` in `main`, for a `train(net, ...)` call)."""
    index = assignments(model)
    found = []
    for binding in index.by_key.get(key, []):
        if rewraps(binding.value, key, model) or prepared_again(binding, key, model):
            continue
        constructor = _constructor(binding.value, model.source.tree, model)
        if constructor is not None:
            found.append(constructor)
    return found


def rewraps(value: ast.expr | None, key: str, model: ModuleModel) -> bool:
    """`key.to(device)`, `torch.compile(key)`, `nn.DataParallel(key.cuda())`: the module
    `key` already holds, moved or wrapped (its outputs unchanged)."""
    for _ in range(6):
        if not isinstance(value, ast.Call):
            break
        if method_name(value) in _SAME_MODULE_METHODS and receiver(value) is not None:
            value = receiver(value)
        elif wraps_module(call_name(value) or "") and len(value.args) >= 1:
            value = value.args[0]
        else:
            return False
    return value is not None and dotted(value) is not None and model.source.key(value) == key


# the methods of Accelerate's `Accelerator` and Fabric that hand back their arguments in order
# (a module comes back as itself or wrapped, its outputs unchanged)
_PREPARES = {"prepare", "setup", "setup_module"}


def prepared_again(binding: Binding, key: str, model: ModuleModel) -> bool:
    """`D = accelerator.prepare(D)`, `G, D, g_opt, d_opt = accelerator.prepare(G, D, g_opt,
    d_opt)`, `model, opt = fabric.setup(model, opt)`: the module `key` handed back to the same
    name at its own position (the prepared module computes what the module did)."""
    stmt = binding.statement
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1 or not isinstance(stmt.value, ast.Call):
        return False
    call = stmt.value
    if method_name(call) not in _PREPARES or receiver(call) is None or call.keywords:
        return False
    args = call.args
    target = stmt.targets[0]
    elements = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
    if len(elements) != len(args) or any(isinstance(e, ast.Starred) for e in (*elements, *args)):
        return False
    source = model.source
    return any(
        dotted(element) is not None and source.key(element) == key and dotted(arg) is not None and source.key(arg) == key
        for element, arg in zip(elements, args)
    )


def _constructor(value: ast.expr | None, scope: Scope, model: ModuleModel) -> ast.expr | None:
    index = assignments(model)
    for _ in range(6):
        if not isinstance(value, ast.Call):
            return None
        method = method_name(value)
        recv = receiver(value)
        name = call_name(value) or ""
        if method in _SAME_MODULE_METHODS and recv is not None and not wraps_module(name):
            value = recv
            continue
        if wraps_module(name):
            args = positional(value)
            if not args:
                return None
            inner = args[0]
            if isinstance(inner, ast.Call):
                value = inner
                continue
            if dotted(inner) is not None:
                value = index.single_value(model.source.key(inner), scope)
                continue
            return None
        return value
    return None


def imported_project_bytes(model: ModuleModel, stars: bool = False) -> Iterator[bytes]:
    """The bytes of each module of the project this one imports (`from models import Net`,
    `import helpers`; with `stars`, `from losses import *` too), read through the project index
    (the cache follows them). Each module once: a package's `__init__.py` is where every name
    imported from the package is looked for."""
    project = model.facts.project
    path = model.source.path
    if project is None or not path:
        return
    given: set[str] = set()
    # (torch, numpy, os and the other libraries of LIBRARY_ROOTS: not looked for in the project)
    tried = [
        (imported, imported.rpartition(".")[0])
        for imported in set(model.facts.imports.aliases.values())
        if imported.startswith(".") or imported.split(".", 1)[0] not in LIBRARY_ROOTS
    ]
    if stars:
        tried += [(star,) for star in model.facts.imports.stars]
    for names in tried:
        for name in names:
            if not name.strip("."):
                continue
            found = project.module_file(name, path)  # type: ignore[attr-defined]
            if found is not None and found in given:
                break  # (its bytes were given already)
            data = project.read(found) if found is not None else None  # type: ignore[attr-defined]
            if data is not None:
                given.add(found)  # type: ignore[arg-type]
                yield data
                break
