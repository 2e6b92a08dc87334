"""Distributed samplers that never learn the epoch (GF019).

`DistributedSampler(dataset)` (shuffling by default) draws its permutation from
`seed + epoch`, and `epoch` changes only through `set_epoch`. A loader built with it and
iterated by a batch loop that trains, inside an epoch loop, repeats one order every epoch
unless something calls `set_epoch`.

`unseeded_samplers(model)` finds them: the sampler (a key, or built right in the loader's
`sampler=`), the loader, the epoch loop and the batch loop (in the epoch loop's own code or
in a helper the loader is passed to). It stays silent when the file calls `set_epoch` (or a
`set_*epoch` helper) anywhere, when the loader or sampler goes through a library that owns
it (`accelerator.prepare`, `fabric.setup_dataloaders`, a `Trainer`), and when a call it
cannot see into receives the loader or the sampler inside the epoch loop.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import Assignments, Binding, Scope, assigned_values, assignments, literal_kwargs
from gradfix.analysis.facts import FunctionInfo
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.analysis.precision import partial_call
from gradfix.analysis.names import (
    call_name,
    dotted,
    is_false,
    keyword,
    method_name,
    positional,
    receiver,
    stdlib_names,
)
from gradfix.patterns import lazily
from gradfix.records import dataclass
from gradfix.source import FOR_LOOPS, FUNCTIONS, LOOPS, SCOPES, Source, encloses
from gradfix.walk import ast_walk, child_nodes

_SET_EPOCH = lazily(r"set_\w*epoch")


def _says_set_epoch(text: str) -> bool:
    """`_SET_EPOCH.search(text) is not None`, asked of its literals first (a match holds `set_`
    and `epoch`): most names and many texts say no `epoch`."""
    return "epoch" in text and "set_" in text and _SET_EPOCH.search(text) is not None


def _is_set_epoch(name: str) -> bool:
    """`_SET_EPOCH.fullmatch(name) is not None`, asked of its ends first."""
    return name.startswith("set_") and name.endswith("epoch") and _SET_EPOCH.fullmatch(name) is not None


_OWNERS = {"prepare", "setup_dataloaders", "prepare_data_loader", "setup", "prepare_dataloader", "Trainer", "fit"}
# Calls that only wrap or measure a loader while iterating it.
_ITERATION = {"enumerate", "tqdm", "zip", "iter", "len", "print", "list", "islice", "trange", "chain", "range", "min", "max", "track"}


@dataclass(eq=False)
class UnseededSampler:
    constructor: ast.Call  # the DistributedSampler(...) call
    sampler: str | None  # its key, or None when built inside the loader call
    loader: str
    epoch_loop: TrainingLoop
    batch_loop: ast.AST  # a For loop over the loader (maybe in a helper)
    sampler_values: list[ast.expr | None]  # every value the sampler key is bound to (scope of the loop)
    sampler_binding: Binding | None
    inline_alternative: bool  # sampler=DistributedSampler(...) if ... else other
    batched: bool = False  # the loader is built with `batch_sampler=BatchSampler(sampler, ...)`
    foreign_batches: bool = False  # ... with a batch sampler of another class (its sampler's attribute is unknown)
    literal_alternative: bool = False  # the loader's name (where it is built) may hold a list or another literal
    foreign: bool = False  # built by a function of another module of the project (`constructor` is in its tree)
    across: bool = False  # handed to this module's function by the calls of other modules (`constructor` is in theirs)

    @property
    def loader_sampler(self) -> str:
        """The loader's attribute that holds the sampler: `loader.sampler`, or the batch
        sampler's (`loader.batch_sampler.sampler`: `loader.sampler` is then a sequential one)."""
        return f"{self.loader}.batch_sampler.sampler" if self.batched else f"{self.loader}.sampler"


def _is_distributed_sampler(call: ast.Call, model: ModuleModel) -> bool:
    """A shuffling `DistributedSampler(...)` (also through a `functools.partial` of it)."""
    if not _builds_distributed_sampler(call, model):
        return False
    call = sampler_call(call, model)
    given = keyword(call, "shuffle")
    if given is not None and (_false_setting(given.value, model) or _parameter_always_false(given.value, call, model)):
        return False
    for k in call.keywords:
        if k.arg is None:
            # `**kw`: `shuffle` may be in it, unless it is a dict written out (`cfg = {"rank": 0}`)
            spelled = literal_kwargs(k.value, model)
            if spelled is None:
                return False
            shuffle = spelled.get("shuffle")
            if shuffle is not None and (_false_setting(shuffle, model) or _parameter_always_false(shuffle, call, model)):
                return False
    args = positional(call)
    if len(args) > 3 and _false_setting(args[3], model):
        return False
    return True


def _false_setting(value: ast.expr, model: ModuleModel) -> bool:
    """`False`, or a name the module binds only to `False` (`SHUFFLE = False`)."""
    if is_false(value):
        return True
    if isinstance(value, ast.Name):
        values = assigned_values(model, value.id)
        return bool(values) and all(is_false(v) for v in values)
    return False


def _parameter_always_false(value: ast.expr, call: ast.Call, model: ModuleModel) -> bool:
    """`shuffle=shuffle` with `shuffle` a parameter of the function building the sampler
    (`def make_loader(ds, shuffle=False)`), which every call of it in the module leaves at a
    `False` default or passes `False` (at least one call)."""
    if not isinstance(value, ast.Name):
        return False
    functions = [
        f for kind in (ast.FunctionDef, ast.AsyncFunctionDef) for f in model.source.of_type(kind)
        if f.lineno <= call.lineno <= (f.end_lineno or f.lineno)  # type: ignore[attr-defined]
    ]
    if not functions:
        return False
    function = max(functions, key=lambda f: f.lineno)  # the innermost
    arguments = function.args  # type: ignore[attr-defined]
    positional_params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if value.id not in positional_params and value.id not in [a.arg for a in arguments.kwonlyargs]:
        return False
    default: ast.expr | None = None
    if value.id in positional_params:
        index = positional_params.index(value.id)
        offset = len(positional_params) - len(arguments.defaults)
        default = arguments.defaults[index - offset] if index >= offset else None
    else:
        at = [a.arg for a in arguments.kwonlyargs].index(value.id)
        default = arguments.kw_defaults[at]
        index = -1
    calls = [
        node for node in model.source.of_type(ast.Call)
        if (dotted(node.func) or "").rsplit(".", 1)[-1] == function.name and not (function.lineno <= node.lineno <= function.end_lineno)  # type: ignore[attr-defined]
    ]
    if not calls:
        return False
    method = bool(positional_params) and positional_params[0] in ("self", "cls")
    for site in calls:
        if any(isinstance(a, ast.Starred) for a in site.args) or any(k.arg is None for k in site.keywords):
            return False
        named = keyword(site, value.id)
        position = index - 1 if method and isinstance(site.func, ast.Attribute) else index
        if named is not None:
            passed: ast.expr | None = named.value
        elif 0 <= position < len(site.args):
            passed = site.args[position]
        else:
            passed = default
        if passed is None or not _false_setting(passed, model):
            return False
    return True


def sampler_call(call: ast.Call, model: ModuleModel) -> ast.Call:
    """The call that builds the object: `call` itself, or for `make_sampler(ds)` with
    `make_sampler = functools.partial(DistributedSampler, shuffle=True)` bound once, the call
    the partial makes (`DistributedSampler(ds, shuffle=True)`)."""
    if isinstance(call.func, ast.Name) and "partial" in model.source.text:
        return partial_call(call, model) or call
    return call


def _builds_distributed_sampler(call: ast.Call, model: ModuleModel) -> bool:
    """torch's `DistributedSampler(...)`, shuffling or not (also through a `functools.partial`
    of it bound to a name)."""
    call = sampler_call(call, model)
    name = model.facts.imports.qualify(call_name(call)) or ""
    last = name.rsplit(".", 1)[-1]
    if last != "DistributedSampler":
        return False
    return not (name == last and last in model.facts.classes)  # (not a class of this file with that name)


def unseeded_samplers(model: ModuleModel) -> list[UnseededSampler]:
    text = model.source.text
    local = "DistributedSampler" in text
    factories = _factory_modules(model)  # (cheap: import lines and other files' bytes)
    if not local and not factories:
        return _handed_by_other_modules(model)
    index = assignments(model)
    seeded: set[str] = set()  # samplers (and loaders) the file calls `set_epoch` on
    if (_says_set_epoch(text) or ".epoch" in text) and _calls_set_epoch(model):
        receivers = _set_epoch_receivers(model, index)
        if receivers is None:
            return []  # a helper, a hook, an attribute: the call may reach any sampler
        seeded = receivers
    source = model.source
    samplers = [n for n in source.nodes if isinstance(n, ast.Call) and _is_distributed_sampler(n, model)] if local else []
    built = [
        (constructor, loader_binding, sampler_binding, alternative, False)
        for constructor in samplers
        if not _seeded_by_loop(constructor, source)  # `DistributedSampler(ds, seed=epoch)` in each epoch: a new order each time
        for loader_binding, sampler_binding, alternative in _loaders_of(constructor, index, model)
        if not _epoch_given_by_factory(constructor, loader_binding, index, model)  # `get_loader(epoch)` in each epoch
    ]
    if factories:
        built += [(c, b, None, alternative, True) for c, b, alternative in _factory_loaders(model, index, factories)]
        built += [(c, b, sampler, False, True) for c, b, sampler in _factory_samplers(model, index, factories)]
    if not built:
        return _handed_by_other_modules(model) if not local else []
    owned = _library_owned(model)
    out: list[UnseededSampler] = []
    seen: set[tuple[int, str]] = set()
    for constructor, loader_binding, sampler_binding, alternative, foreign in built:
        loader = loader_binding.key
        sampler = sampler_binding.key if sampler_binding is not None else None
        if loader in owned or (sampler is not None and sampler in owned):
            continue
        if foreign and (_inside_a_loop(loader_binding.statement, model) or _handed_elsewhere(loader, loader_binding.scope, model)):
            continue  # built again each epoch (maybe with a new seed), or given to code that may set the epoch
        if seeded and (sampler in seeded or loader in seeded or _batch_sampler_key(loader_binding, source) in seeded):
            continue  # given its epoch by name, through its loader, or through its BatchSampler (`batches.sampler.set_epoch(e)`)
        for loop in model.loops:
            scope = loop.function if loop.function is not None else source.tree
            name, sampler_here, binding_here, alternative_here = loader, sampler, sampler_binding, alternative
            if isinstance(loader_binding, _Entry):
                if loader_binding.binding not in index.bindings(loader_binding.binding.key, scope):
                    continue
                if any(
                    isinstance(b, (ast.Assign, ast.AugAssign)) and any(
                        isinstance(t, ast.Subscript) and model.source.key(t) == loader for t in getattr(b, "targets", [getattr(b, "target", None)])
                    )
                    for b in source.nodes
                ):
                    continue  # the entry is rebound somewhere: which loader the loop reads is unclear
            elif loader_binding not in index.bindings(loader, scope):
                held = _held_by_instance(loader_binding, sampler_binding, loop, index, model)
                if held is not None:
                    # `data = Data(ds)` whose `__init__` stores `self.train_loader` over
                    # `self.train_sampler`; the loop iterates `data.train_loader`
                    name, sampler_here = held
                    if sampler_here is None:
                        binding_here = None
                else:
                    # `fit(model, loader, opt, epochs)`: the epoch loop's function is handed the
                    # loader by every call of the module; it reads the sampler through it, guarded
                    name = _parameter_passed(loop.function, loader, model) or _stored_argument(loop.function, loader, model)
                    if name is None:
                        continue
                    sampler_here, binding_here, alternative_here = None, None, True
            elif sampler_binding is not None and sampler_binding not in index.bindings(sampler, scope):
                if not _local_to_loader(loader_binding, sampler_binding, index, model):
                    continue
                # `sampler = DistributedSampler(ds)` local to the method that stores
                # `self.loader = DataLoader(ds, sampler=sampler)`, the loop in another method:
                # the sampler is read through the loader (guarded when the name may hold another)
                sampler_here, binding_here = None, None
                alternative_here = alternative or _maybe_another(sampler_binding, index)
            watched = set()
            if sampler_here is not None and sampler_binding is not None and _rebatched(sampler_binding, loader_binding, index):
                # `sampler = BatchSampler(sampler, 64, False)` before `DataLoader(ds,
                # batch_sampler=sampler)`: at the loop the name holds the batch sampler; the
                # sampler is read through the loader (guarded when the name held another)
                watched = {sampler_here}
                sampler_here, binding_here = None, None
                alternative_here = alternative_here or _maybe_another(sampler_binding, index)
            batch = _batch_loop(loop, name, model)
            if batch is None and name == loader and not isinstance(loader_binding, _Entry) and loop.function is not None:
                # the module's `loader` is visible in the function but not what it iterates:
                # `Fitter(model).fit(loader)` hands it over as a parameter, `Trainer(model,
                # loader)` as an attribute its `__init__` stores
                passed = _parameter_passed(loop.function, loader, model) or _stored_argument(loop.function, loader, model)
                if passed is not None:
                    name, sampler_here, binding_here, alternative_here = passed, None, None, True
                    batch = _batch_loop(loop, name, model)
            if seeded and name in seeded:
                continue  # `loader.sampler.set_epoch(epoch)` in the function handed the loader
            samplers_here = {sampler_here} if sampler_here else set()
            if batch is None or _receives_unseen(loop, {name} | samplers_here | watched, model, samplers_here):
                continue
            key = (id(loop.node), name)
            if key in seen:
                continue
            seen.add(key)
            values = [b.value for b in index.bindings(sampler_here, scope)] if sampler_here else []
            if sampler_here and not values and binding_here is not None and sampler_here != binding_here.key:
                values = [binding_here.value]  # `data.train_sampler`: the attribute its class binds once
            given = keyword(loader_binding.value, "batch_sampler") if isinstance(loader_binding.value, ast.Call) and not foreign else None
            batched = given is not None
            # (the batch sampler's name is read where the loader is built)
            built_in = loader_binding.scope if type(loader_binding) is Binding else scope
            foreign_batches = batched and not _torch_batch_sampler(given.value, index, built_in, model)  # type: ignore[union-attr]
            literal = any(
                b.value is not None and not isinstance(b.value, (ast.Call, ast.Name, ast.Attribute))
                for b in index.bindings(loader, loader_binding.scope)
            ) if not isinstance(loader_binding, _Entry) else False
            out.append(UnseededSampler(constructor, sampler_here, name, loop, batch, values, binding_here, alternative_here, batched, foreign_batches, literal, foreign))
    return out


def _local_to_loader(loader_binding, sampler_binding, index: Assignments, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """The sampler is a plain name of the function that stores the loader as an attribute of
    `self` (`self.loader = DataLoader(ds, sampler=sampler)` in `__init__`), and that function
    reads the name nowhere but in the loader's call (or in the `BatchSampler` bound once to the
    name its `batch_sampler=` is given, or in the batch samplers the name itself is bound to
    again: `sampler = BatchSampler(sampler, 64, False)`): the loader is then the only way to
    the sampler."""
    if isinstance(loader_binding, (_Entry, _Handed)) or not isinstance(loader_binding.value, ast.Call):
        return False
    key, name = loader_binding.key, sampler_binding.key
    function = sampler_binding.scope
    if not key.startswith("self.") or "." in name or function is not loader_binding.scope or not isinstance(function, FUNCTIONS):
        return False
    allowed = {id(n) for n in ast_walk(loader_binding.value)}
    batches = keyword(loader_binding.value, "batch_sampler")
    if batches is not None and isinstance(batches.value, ast.Name):
        bound = [b for b in index.bindings(batches.value.id, function) if b.scope is function]
        if len(bound) == 1 and bound[0].value is not None:
            allowed |= {id(n) for n in ast_walk(bound[0].value)}
    for b in index.bindings(name, function):
        if b.scope is function and _batches_name(b.value, name):
            allowed |= {id(n) for n in ast_walk(b.value)}  # `sampler = BatchSampler(sampler, ...)`
    reads = [n for n in ast_walk(function) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
    return bool(reads) and all(id(n) in allowed for n in reads)


def _maybe_another(sampler_binding, index: Assignments) -> bool:  # type: ignore[no-untyped-def]
    """The sampler's name may hold something else where the loader is built: it is bound more
    than once in its function, or not by a statement of the function's own body (an arm of an
    `if`, a `try`)."""
    function = sampler_binding.scope
    bound = [
        b for b in index.bindings(sampler_binding.key, function)
        if b.scope is function and not _batches_name(b.value, sampler_binding.key)
    ]
    body = getattr(function, "body", [])
    return len(bound) > 1 or not any(stmt is sampler_binding.statement for stmt in body)


def _batches_name(value: ast.expr | None, name: str) -> bool:
    """`BatchSampler(name, ...)` (or `BatchSampler(sampler=name, ...)`, or another class named
    `...BatchSampler` given it so): a batch sampler over what `name` held."""
    if not (isinstance(value, ast.Call) and (call_name(value) or "").endswith("BatchSampler")):
        return False
    given = keyword(value, "sampler")
    inner = given.value if given is not None else (value.args[0] if value.args else None)
    return isinstance(inner, ast.Name) and inner.id == name


def _rebatched(sampler_binding, loader_binding, index: Assignments) -> bool:  # type: ignore[no-untyped-def]
    """The sampler's name (a plain name) is bound again, in the same function and after every
    other binding of it, to batch samplers over itself, and the loader is built after those,
    given the name as its `batch_sampler=`."""
    name = sampler_binding.key
    value = loader_binding.value if not isinstance(loader_binding, (_Entry, _Handed)) else None
    if "." in name or not isinstance(value, ast.Call):
        return False
    given = keyword(value, "batch_sampler")
    if given is None or not (isinstance(given.value, ast.Name) and given.value.id == name):
        return False
    scope = sampler_binding.scope
    if loader_binding.scope is not scope:
        return False
    bound = [b for b in index.bindings(name, scope) if b.scope is scope]
    batching = [b for b in bound if _batches_name(b.value, name)]
    others = [b for b in bound if b not in batching]
    if not batching or sampler_binding not in others:
        return False
    last_other = max(b.statement.lineno for b in others)
    return all(
        last_other < b.statement.lineno and (b.statement.end_lineno or b.statement.lineno) < loader_binding.statement.lineno
        for b in batching
    )


def _batch_sampler_key(loader_binding, source) -> str | None:  # type: ignore[no-untyped-def]
    """The name a loader's `batch_sampler=` is handed (`DataLoader(ds, batch_sampler=batches)`)."""
    value = loader_binding.value
    given = keyword(value, "batch_sampler") if isinstance(value, ast.Call) else None
    return source.key(given.value) if given is not None and dotted(given.value) is not None else None


def _inside_a_loop(statement: ast.stmt, model: ModuleModel) -> bool:
    return any(encloses(loop.node, statement) for loop in model.loops)


def _handed_elsewhere(loader: str, scope: Scope, model: ModuleModel) -> bool:
    """A call in the loader's scope is given the loader and may set its sampler's epoch: not
    an iteration wrapper, nor a function (of the module or the project) whose text says
    neither `set_epoch` nor `.sampler` (`hook = ReshuffleHook(loader)` may keep it)."""
    for node in ast_walk(scope):
        if not isinstance(node, ast.Call):
            continue
        values = [*node.args, *[k.value for k in node.keywords]]
        if not any(dotted(v) is not None and model.source.key(v) == loader for v in values):
            continue
        last = (call_name(node) or "").rsplit(".", 1)[-1]
        if last in _ITERATION:
            continue
        func = node.func
        helper = model.facts.module_functions.get(func.id) if isinstance(func, ast.Name) else None
        helper = helper or _imported_helper(node, model)
        if helper is None:
            if _never_sets_an_epoch(node, model):
                continue  # `evaluate(model, loader)` of a module that never says `set_epoch`
            return True
        text = (helper.source or model.source).segment(helper.node)
        if "set_epoch" in text or ".sampler" in text:
            return True
    return False


def _factory_modules(model: ModuleModel) -> set[str]:
    """The files of other modules of the project that this module imports names from (`from
    data import build_loader`, `import data`), whose bytes build a `DistributedSampler` and
    never say `set_epoch` (a loader class of theirs may set it on each pass): where a loader
    factory of the module's may live. Asks the import map and the bytes only."""
    facts = model.facts
    project = facts.project
    if project is None or not model.loops or not facts.imports.aliases:
        return set()
    importer = model.source.path or None
    library = stdlib_names()
    found: set[str] = set()
    for qualified in set(facts.imports.aliases.values()):
        root = qualified.lstrip(".").split(".", 1)[0]
        if not qualified.startswith(".") and (root in library or root in _LIBRARIES):
            continue
        module, _, _ = qualified.rpartition(".")
        for name in (qualified, module):  # `import data` / `from data import build_loader`
            if not name.strip("."):
                continue
            path = project.module_file(name, importer)
            data = project.read(path) if path is not None else None
            if data is not None and b"DistributedSampler" in data and b"set_epoch" not in data:
                found.add(path)  # type: ignore[arg-type]
            elif (
                name == module and path is not None and path.endswith("__init__.py") and data is not None
                and b"import" in data and b"DistributedSampler" not in data
            ):
                # `from proj import build_loaders`, re-exported by the package from data.py
                defined = project.definition(qualified, importer)
                if defined is not None and defined[0].path and defined[0].path != path:
                    inner = project.read(defined[0].path)
                    if inner is not None and b"DistributedSampler" in inner and b"set_epoch" not in inner:
                        found.add(defined[0].path)
    return found


# roots of imports that are libraries (beside the standard library): never a project's modules
_LIBRARIES = frozenset({"torch", "torchvision", "numpy", "transformers", "accelerate", "lightning", "pytorch_lightning", "timm"})


def _factory_loaders(model: ModuleModel, index: Assignments, factories: set[str]):  # type: ignore[no-untyped-def]
    """(the `DistributedSampler(...)` call in the other module, the binding of this module's
    loader, may the sampler be another) for `loader = build_loader(...)` (or `train_loader, _ =
    build_loaders(...)`) where `build_loader` is a function of another module of the project
    (one of `factories`) that builds torch's `DataLoader` over a shuffling `DistributedSampler`
    and returns it."""
    facts = model.facts
    project = facts.project
    assert project is not None
    importer = model.source.path or None
    called: set[str] = set()
    for bindings in index.by_key.values():
        for binding in bindings:
            stmt = binding.statement
            if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call):
                name = call_name(stmt.value)
                qualified = facts.imports.qualify(name)
                if name and qualified and qualified != name:
                    called.add(qualified)
    for qualified in sorted(called):
        defined = project.definition(qualified, importer)
        if defined is None or defined[0].path not in factories:
            continue
        module, function_name = defined
        info = module.facts.module_functions.get(function_name)
        if info is None:
            continue
        function = info.node
        constructors = [
            node for node in ast_walk(function)
            if isinstance(node, ast.Call) and _foreign_distributed_sampler(node, module.facts)
        ]
        # `DataLoader(ds, sampler=build_sampler(ds))`: a sampler factory of that module whose one
        # `return` builds the sampler (the call in the loader factory stands for it)
        nested = _nested_sampler_calls(function, module) if not constructors else []
        if not constructors and not nested:
            continue
        there = Assignments(module.source)
        calls = lambda call, q=qualified: facts.imports.qualify(call_name(call)) == q  # noqa: E731
        for constructor, anchor in [*((c, c) for c in constructors), *nested]:
            size, places = _returned_places(function, anchor, there, module.source)
            for place, alternative in places:
                if not all(
                    call is not None and (module.facts.imports.qualify(call_name(call)) or "").startswith("torch.")
                    for call in _returned_loader_calls(function, place, there)
                ):
                    continue  # a loader class of the project's own, which may set the epoch itself
                for binding in _bindings_of_calls(index, calls, size, place, model.source):
                    call = binding.statement.value  # type: ignore[attr-defined]
                    if anchor is not constructor or _shuffles_for(constructor, info, call, module.source, lambda v: _false_setting(v, model)):
                        yield constructor, binding, alternative


def _nested_sampler_calls(function: ast.AST, module) -> list[tuple[ast.Call, ast.Call]]:  # type: ignore[no-untyped-def]
    """(the `DistributedSampler(...)` call, the call in `function` that builds it) for each call of
    `function` to a plain function of its own module whose one `return` is torch's
    `DistributedSampler(...)` and that shuffles as `function` calls it, whatever the loader
    factory is handed (`sampler=build_sampler(ds)`, `build_sampler(ds, shuffle=True)`; not
    `build_sampler(ds, shuffle=shuffle)` with `shuffle` a parameter of `function`)."""
    params = {a.arg for a in _parameters(function)}  # type: ignore[arg-type]
    found = []
    for node in ast_walk(function):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        inner = module.facts.module_functions.get(node.func.id)
        if inner is None or inner.class_name is not None or inner.node is function:
            continue
        constructor = _returned_distributed_sampler(inner, module.facts)
        if constructor is None:
            continue
        if any(isinstance(v, ast.Name) and v.id in params for v in [*node.args, *(k.value for k in node.keywords)] if "shuffle" in module.source.segment(node)):
            continue  # the setting handed on from the loader factory's own caller: not followed
        if _shuffles_for(constructor, inner, node, module.source, is_false):
            found.append((constructor, node))
    return found


def _returned_distributed_sampler(info: FunctionInfo, facts) -> ast.Call | None:  # type: ignore[no-untyped-def]
    """The torch `DistributedSampler(...)` call that is the function's one `return`."""
    returns = [node for node in ast_walk(info.node) if isinstance(node, ast.Return)]
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Call):
        return None
    constructor = returns[0].value
    return constructor if _foreign_distributed_sampler(constructor, facts) else None


def _parameters(function: ast.AST) -> list[ast.arg]:
    arguments = function.args  # type: ignore[attr-defined]
    return [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]


def _factory_samplers(model: ModuleModel, index: Assignments, factories: set[str]):  # type: ignore[no-untyped-def]
    """(the `DistributedSampler(...)` call in the other module, the binding of this module's
    loader, the binding of its sampler) for `sampler = build_sampler(ds)` ... `loader =
    DataLoader(ds, sampler=sampler)` where `build_sampler` (named like a sampler factory) is a
    plain function of another module of the project (one of `factories`) whose one `return` is
    a `DistributedSampler(...)` call that shuffles for that call."""
    facts = model.facts
    project = facts.project
    assert project is not None
    importer = model.source.path or None
    source = model.source
    for key, bindings in list(index.by_key.items()):
        if len(bindings) != 1:
            continue  # (a name bound to something else too: which sampler the loader holds is unclear)
        binding = bindings[0]
        value = binding.value
        if not isinstance(value, ast.Call) or type(binding) is not Binding:
            continue
        name = call_name(value)
        if not name or "sampler" not in name.rsplit(".", 1)[-1].lower():
            continue  # (only a call named like a sampler factory is looked up in another module)
        qualified = facts.imports.qualify(name)
        if not qualified or qualified == name or qualified.startswith("torch"):
            continue
        defined = project.definition(qualified, importer)
        if defined is None or defined[0].path not in factories:
            continue
        module, function_name = defined
        info = module.facts.module_functions.get(function_name)
        if info is None or info.class_name is not None:
            continue
        constructor = _returned_distributed_sampler(info, module.facts)
        if constructor is None:
            continue
        if not _shuffles_for(constructor, info, value, module.source, lambda v: _false_setting(v, model)):
            continue
        keys = {key} | _aliases(key, binding.scope, index, source)
        for loader_binding in _loader_bindings(index, lambda v, keys=keys: dotted(v) is not None and source.key(v) in keys, binding.scope):
            if not _torch_loader_call(loader_binding.value, model):
                continue  # a loader class of the project's own, which may set the epoch itself
            yield constructor, loader_binding, binding


def _torch_loader_call(value: ast.expr | None, model: ModuleModel) -> bool:
    return isinstance(value, ast.Call) and (model.facts.imports.qualify(call_name(value)) or "").startswith("torch.")


def _foreign_distributed_sampler(call: ast.Call, facts) -> bool:  # type: ignore[no-untyped-def]
    """torch's `DistributedSampler(...)` in another module (its facts), without `**kwargs`."""
    name = facts.imports.qualify(call_name(call)) or ""
    last = name.rsplit(".", 1)[-1]
    if last != "DistributedSampler" or (name == last and last in facts.classes):
        return False
    return not any(k.arg is None for k in call.keywords)


def _returned_loader_calls(function: ast.AST, place: int | None, index: Assignments) -> list[ast.Call | None]:
    """The loader calls the function's `return`s hand back (at `place` of the returned tuples):
    written in the `return`, or bound once in the function to the name returned (None: neither)."""
    calls: list[ast.Call | None] = []
    for node in ast_walk(function):
        if not isinstance(node, ast.Return):
            continue
        value = node.value
        if place is not None:
            value = value.elts[place]  # type: ignore[union-attr]
        if isinstance(value, ast.Name):
            bound = [b for b in index.bindings(value.id, function) if b.scope is function]
            value = bound[0].value if len(bound) == 1 else None
        calls.append(value if isinstance(value, ast.Call) else None)
    return calls


def _shuffles_for(constructor: ast.Call, factory: FunctionInfo, call: ast.Call, source, false_here) -> bool:  # type: ignore[no-untyped-def]
    """The sampler shuffles when the factory is called as `call`: no `shuffle=` (nor a fourth
    argument), or one that is not `False`, nor a parameter of the factory that the call leaves
    at a `False` default or passes `False`."""
    given = keyword(constructor, "shuffle")
    args = positional(constructor)
    value = given.value if given is not None else (args[3] if len(args) > 3 else None)
    if value is None:
        return True
    if is_false(value):
        return False
    if not isinstance(value, ast.Name):
        return True
    arguments = factory.node.args  # type: ignore[attr-defined]
    params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    defaults = dict(zip(params[len(params) - len(arguments.defaults):], arguments.defaults))
    defaults.update({a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None})
    if value.id not in params and value.id not in [a.arg for a in arguments.kwonlyargs]:
        module_values = [
            stmt.value for stmt in source.tree.body
            if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == value.id for t in stmt.targets)
        ]
        return not (module_values and all(is_false(v) for v in module_values))
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return True
    passed = keyword(call, value.id)
    if passed is not None:
        return not false_here(passed.value)  # (also `shuffle=ORDERED` with `ORDERED = False`)
    if value.id in params and params.index(value.id) < len(call.args):
        return not false_here(call.args[params.index(value.id)])
    default = defaults.get(value.id)
    return default is None or not is_false(default)


def _seeded_by_loop(constructor: ast.Call, source) -> bool:  # type: ignore[no-untyped-def]
    """The sampler is built inside a loop with a `seed=` that reads the loop's variable."""
    seed = next((kw.value for kw in constructor.keywords if kw.arg == "seed"), None)
    if seed is None:
        return False
    read = {n.id for n in ast_walk(seed) if isinstance(n, ast.Name)}
    return any(
        isinstance(loop, FOR_LOOPS)
        and encloses(loop, constructor)
        and read & {n.id for n in ast_walk(loop.target) if isinstance(n, ast.Name)}
        for loop in source.nodes
    )


def _held_by_instance(loader_binding, sampler_binding, loop: TrainingLoop, index: Assignments, model: ModuleModel):  # type: ignore[no-untyped-def]
    """(`data.train_loader`, `data.train_sampler` or None) when the loader is an attribute a
    class of the file binds once (`self.train_loader = DataLoader(ds, sampler=self.train_sampler)`)
    and the epoch loop iterates it on a name the module binds only to instances of that class
    (`data = Data(ds)`): the sampler is named through the instance when the class binds it once
    as an attribute too, else it is read through the loader."""
    key = getattr(loader_binding, "key", "")
    owner = getattr(loader_binding, "class_name", None)
    if owner is None or not key.startswith("self.") or key.count(".") != 1 or len(index.by_key.get(key, [])) != 1:
        return None
    if isinstance(loader_binding, (_Entry, _Handed)):
        return None
    attribute = key[len("self."):]
    sampler_attribute: str | None = None
    if sampler_binding is not None:
        skey = sampler_binding.key
        if not (skey.startswith("self.") and skey.count(".") == 1 and sampler_binding.class_name == owner and len(index.by_key.get(skey, [])) == 1):
            return None
        sampler_attribute = skey[len("self."):]
    reads = any(isinstance(n, ast.Attribute) and n.attr == attribute for n in ast_walk(loop.node))
    scope = loop.function if loop.function is not None else model.source.tree
    if not reads and "." + attribute not in (model.source.segment(scope) if loop.function is not None else model.source.text):
        return None  # (cheap: neither the loop nor a name of its scope reads such an attribute)
    instance_class(ast.Name(id=""), model)  # (builds the map of the module's names to classes)
    holders = sorted(name for name, cls in model.__dict__.get("_instance_classes", {}).items() if cls == owner)
    for holder in holders:
        name = f"{holder}.{attribute}"
        if index.by_key.get(name) or (sampler_attribute is not None and index.by_key.get(f"{holder}.{sampler_attribute}")):
            continue  # written from outside as well
        # the loop iterates it, or a name of its scope bound once to it (`loader = data.train_loader`)
        for iterated in ([name] if reads else []) + sorted(_aliases(name, scope, index, model.source)):
            if _batch_loop(loop, iterated, model) is not None:
                return iterated, (f"{holder}.{sampler_attribute}" if sampler_attribute is not None else None)
    return None


def _epoch_given_by_factory(constructor: ast.Call, loader_binding, index: Assignments, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """The loader is bound, inside a loop, to a call of the function of the module (or method
    called on `self`) that builds the sampler and gives it an epoch read from a parameter
    (`seed=epoch`, `seed=SEED + epoch`, or `sampler.set_epoch(epoch)` on it), and the call
    hands that parameter something that reads the loop's variable: `get_loader(epoch)` in each
    epoch, a new order each time."""
    call = loader_binding.value
    if not isinstance(call, ast.Call) or not isinstance(loader_binding.statement, ast.stmt):
        return False
    func = call.func
    facts = model.facts
    info: FunctionInfo | None = None
    if isinstance(func, ast.Name):
        info = facts.module_functions.get(func.id)
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        info = next((methods[func.attr] for methods in facts.methods.values() if func.attr in methods and encloses(methods[func.attr].node, constructor)), None)
    if info is None or not encloses(info.node, constructor):
        return False
    function = info.node
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]  # type: ignore[attr-defined]
    method = bool(params) and params[0] in ("self", "cls")
    readers: list[ast.expr] = []  # the expressions that give the sampler its epoch
    seed = keyword(constructor, "seed")
    if seed is not None:
        readers.append(seed.value)
    sampler_keys = {b.key for bindings in index.by_key.values() for b in bindings if b.value is constructor and b.scope is function}
    for node in ast_walk(function):
        if (
            isinstance(node, ast.Call) and method_name(node) == "set_epoch" and not constant_epoch(node)
            and isinstance(node.func, ast.Attribute) and dotted(node.func.value) is not None
            and model.source.key(node.func.value) in sampler_keys
        ):
            readers.extend([*node.args, *(k.value for k in node.keywords)])
    given = {n.id for r in readers for n in ast_walk(r) if isinstance(n, ast.Name)} & {*params, *(a.arg for a in function.args.kwonlyargs)}  # type: ignore[attr-defined]
    if not given:
        return False
    variables = _loop_variables(loader_binding.statement, model)
    if not variables:
        return False
    for param in given:
        passed = keyword(call, param)
        value = passed.value if passed is not None else None
        if value is None and param in params:
            position = params.index(param) - (1 if method and isinstance(func, ast.Attribute) else 0)
            args = call.args
            if any(isinstance(a, ast.Starred) for a in args[: position + 1]):
                continue
            value = args[position] if 0 <= position < len(args) else None
        if value is not None and {n.id for n in ast_walk(value) if isinstance(n, ast.Name)} & variables:
            return True
    return False


def _loop_variables(statement: ast.stmt, model: ModuleModel) -> set[str]:
    """The variables of the loops around the statement in its function: the targets of `for`
    loops, the counters a `while` loop adds to."""
    found: set[str] = set()
    current: ast.AST | None = model.source.owner_of(statement)
    while current is not None and not isinstance(current, SCOPES):
        if isinstance(current, FOR_LOOPS):
            found |= {n.id for n in ast_walk(current.target) if isinstance(n, ast.Name)}
        elif isinstance(current, ast.While):
            found |= {
                s.target.id for s in current.body if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name)
            }
        current = model.source.owner_of(current) if isinstance(current, ast.stmt) else None
    return found


def _parameter_passed(function: ast.AST | None, key: str, model: ModuleModel) -> str | None:
    """The parameter of a module-level function that every call of it in the module passes
    `key` for (by position or by name), if there is one such call."""
    if not isinstance(function, FUNCTIONS):
        return None
    info = model.facts.module_functions.get(function.name)
    if info is None or info.node is not function:
        owner = next((c for c, methods in model.facts.methods.items() if methods.get(function.name) is not None and methods[function.name].node is function), None)
        if owner is None or function.name.startswith("__"):
            return None
        info = model.facts.methods[owner][function.name]
        sites = _method_call_sites(owner, function.name, model)  # `Fitter(model).fit(loader)`
    else:
        sites = model.facts.call_site_args.get(function.name) or call_sites(function.name, model)
    if not sites:
        return None
    params = [p for p in info.params if p not in ("self", "cls")]
    for position, param in enumerate(params):
        passed = sites.get(str(position), set()) | sites.get(param, set())
        if passed == {key}:
            return param
    return None


def _stored_argument(function: ast.AST | None, key: str, model: ModuleModel) -> str | None:
    """`self.train_loader` in a method of a class of the module whose `__init__` stores a
    parameter as it is (`self.train_loader = train_loader`) that every construction of the
    class in the module passes `key` for (`Trainer(model, loader, epochs=3)`)."""
    if not isinstance(function, FUNCTIONS):
        return None
    owner = next((c for c, methods in model.facts.methods.items() if any(m.node is function for m in methods.values())), None)
    init = model.facts.methods.get(owner or "", {}).get("__init__")
    if owner is None or init is None:
        return None
    params = [p for p in init.params if p not in ("self", "cls")]
    sites = call_sites(owner, model)
    if not sites:
        return None
    for stmt in init.node.body:
        for stored, given in assigned_pairs(stmt):
            attribute = dotted(stored) or ""
            if isinstance(given, ast.Name) and given.id in params and attribute.count(".") == 1 and attribute.startswith("self."):
                param = given.id
                passed = sites.get(str(params.index(param)), set()) | sites.get(param, set())
                if passed == {key}:
                    return attribute
    return None


def assigned_pairs(stmt: ast.stmt) -> list[tuple[ast.expr, ast.expr]]:
    """(target, value) of an `=` statement with one target, element by element for a tuple
    written on both sides (`self.train_loader, self.val_loader = train_loader, val_loader`)."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
        return []
    target, value = stmt.targets[0], stmt.value
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
        return list(zip(target.elts, value.elts))
    return [(target, value)]


def _method_call_sites(owner: str, method: str, model: ModuleModel) -> dict[str, set[str]]:
    """What the module's calls of a method of the class `owner` pass, by position (`self`
    left out) and by name: calls on an instance built right there (`Fitter(model).fit(loader)`)
    or on a name that the module binds only to instances of the class."""
    sites: dict[str, set[str]] = {}
    key = model.source.key
    for call in model.source.of_type(ast.Call):
        func = call.func  # type: ignore[attr-defined]
        if not (isinstance(func, ast.Attribute) and func.attr == method) or instance_class(func.value, model) != owner:
            continue
        _add_arguments(call, sites, key)  # type: ignore[arg-type]
    return sites


def _add_arguments(call: ast.Call, sites: dict[str, set[str]], key) -> None:  # type: ignore[no-untyped-def]
    """What the call passes, by position (up to a `*args`) and by name, into `sites`."""
    for index, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            break
        sites.setdefault(str(index), set()).add(key(arg))
    for kw in call.keywords:
        if kw.arg is not None:
            sites.setdefault(kw.arg, set()).add(key(kw.value))


def instance_class(recv: ast.expr, model: ModuleModel) -> str | None:
    """The class of the module that `recv` is an instance of: built right there
    (`Fitter(model)`), or a name the module binds only to instances of that one class."""
    if isinstance(recv, ast.Call):
        name = call_name(recv)
        return name if name in model.facts.classes else None
    if not isinstance(recv, ast.Name):
        return None
    built: dict[str, str | None] | None = model.__dict__.get("_instance_classes")
    if built is None:
        built = {}
        for stmt in model.source.of_type(ast.Assign):
            for target in stmt.targets:  # type: ignore[attr-defined]
                if isinstance(target, ast.Name):
                    value = stmt.value  # type: ignore[attr-defined]
                    owner = call_name(value) if isinstance(value, ast.Call) else None
                    owner = owner if owner in model.facts.classes else None
                    built[target.id] = owner if built.get(target.id, owner) == owner else None
        model.__dict__["_instance_classes"] = built
    return built.get(recv.id)


def call_sites(name: str, model: ModuleModel) -> dict[str, set[str]]:
    """What the module's calls of the function pass, by position and by name, found here when
    the facts did not look (a `main()` that only builds the loader and calls `fit(...)`)."""
    sites: dict[str, set[str]] = {}
    key = model.source.key
    for call in model.source.of_type(ast.Call):
        if isinstance(call.func, ast.Name) and call.func.id == name:  # type: ignore[attr-defined]
            _add_arguments(call, sites, key)  # type: ignore[arg-type]
    return sites


def _calls_set_epoch(model: ModuleModel) -> bool:
    """A call of `set_epoch` (or of a `set_*epoch` helper) anywhere in the file, or the
    method taken to be called later (`advance = sampler.set_epoch`, a list of epoch hooks,
    `getattr(sampler, "set_epoch")`), or the attribute it sets written directly
    (`sampler.epoch = epoch`)."""
    for node in model.source.nodes:
        if isinstance(node, ast.Call):
            last = (call_name(node) or method_name(node) or "").rsplit(".", 1)[-1]
            if _says_set_epoch(last):
                return True
        elif isinstance(node, ast.Attribute) and _is_set_epoch(node.attr):
            return True
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _is_set_epoch(node.value):
            return True
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr == "epoch" and not _own_counter(t, node, model) for t in node.targets
        ):
            return True
    return False


def _own_counter(target: ast.Attribute, statement: ast.stmt, model: ModuleModel) -> bool:
    """`self.epoch = 0` in a method of a class of the file with no base (or only `object`): the
    trainer's own epoch counter, which no sampler reads (a sampler's `self.epoch` belongs to a
    class derived from one)."""
    if not (isinstance(target.value, ast.Name) and target.value.id == "self"):
        return False
    for cls in model.facts.classes.values():
        if not (cls.lineno <= statement.lineno <= (cls.end_lineno or cls.lineno)):
            continue
        if any(not (isinstance(b, ast.Name) and b.id == "object") for b in cls.bases) or cls.keywords:
            return False
        for method in cls.body:
            if isinstance(method, FUNCTIONS) and method.lineno <= statement.lineno <= (method.end_lineno or method.lineno):
                params = [a.arg for a in (*method.args.posonlyargs, *method.args.args)]
                return bool(params) and params[0] == "self" and not any(
                    isinstance(n, (*FUNCTIONS, ast.Lambda, ast.ClassDef)) and n is not method and encloses(n, statement)
                    for n in ast_walk(method)
                )
    return False


def _set_epoch_receivers(model: ModuleModel, index: Assignments) -> set[str] | None:
    """The samplers the file calls `set_epoch` on, when every such call is `x.set_epoch(...)`
    on a name bound only to a `DistributedSampler(...)` or on a loader's own sampler
    (`loader.sampler.set_epoch(e)`: the loader's key): an auxiliary sampler set each time its
    iterator runs out says nothing of the training loader's. None when anything else may
    set an epoch (a helper, a hook, an attribute written, a name gradfix cannot place)."""
    found: set[str] = set()
    # `hasattr(loader, "set_epoch")`: a guard; the call it guards is judged itself
    guards = {id(n.args[1]) for n in model.source.of_type(ast.Call) if call_name(n) == "hasattr" and len(n.args) == 2}  # type: ignore[attr-defined]
    for node in model.source.nodes:
        if isinstance(node, ast.Call):
            last = (call_name(node) or method_name(node) or "").rsplit(".", 1)[-1]
            if not _says_set_epoch(last):
                continue
            recv = receiver(node)
            if method_name(node) != "set_epoch" or recv is None or dotted(recv) is None:
                return None
            if constant_epoch(node) or rank_zero_only(node, model):
                continue  # `sampler.set_epoch(0)`: the same epoch every time, the same order; under `if rank == 0:` the other ranks' never move
            key = model.source.key(recv)
            if _torch_loader(key, index, model):
                continue  # `loader.set_epoch(epoch)` on torch's `DataLoader`: it has no such method
            if key.endswith(".batch_sampler.sampler") and key.count(".") == 2:
                key = key[: -len(".batch_sampler.sampler")] + ".sampler"  # the sampler a BatchSampler batches
            if key.endswith(".sampler") and key.count(".") == 1:
                loader = key[: -len(".sampler")]
                values = [b.value for b in index.by_key.get(loader, [])]
                if not values or not all(isinstance(v, ast.Call) for v in values):
                    return None  # a parameter (`dl.sampler` in `begin_epoch(dl, epoch)`): any loader
                found.add(loader)
                continue
            values = [b.value for b in index.by_key.get(key, [])]
            if not values or not all(isinstance(v, ast.Call) and _builds_distributed_sampler(v, model) for v in values):
                return None  # (a validation sampler that does not shuffle still names only itself)
            found.add(key)
        elif isinstance(node, ast.Attribute) and _is_set_epoch(node.attr):
            continue  # the calls' own `x.set_epoch`, judged above (a bare reference fails below)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _is_set_epoch(node.value):
            if id(node) in guards:
                continue
            return None
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr == "epoch" and not _own_counter(t, node, model) for t in node.targets
        ):
            return None
    called = sum(1 for node in model.source.of_type(ast.Call) if method_name(node) == "set_epoch")  # type: ignore[arg-type]
    referenced = sum(1 for node in model.source.of_type(ast.Attribute) if node.attr == "set_epoch")  # type: ignore[attr-defined]
    if referenced != called:
        return None  # `advance = sampler.set_epoch`: taken to be called later
    return found


def constant_epoch(call: ast.Call) -> bool:
    """`x.set_epoch(0)`: the epoch given is a number written out, the same at every call."""
    if method_name(call) != "set_epoch":
        return False
    values = [*call.args, *[k.value for k in call.keywords]]
    return len(values) == 1 and isinstance(values[0], ast.Constant) and isinstance(values[0].value, (int, float))


def rank_zero_only(call: ast.Call, model: ModuleModel) -> bool:
    """The call is in the body of an `if` that holds on one process only (`if rank == 0:`,
    `if args.local_rank == 0 and ...:`, `if dist.get_rank() == 0:`, `if not rank:`, `if
    args.local_rank in (-1, 0):`, `if is_main_process:`, `if accelerator.is_main_process:`,
    `if utils.is_main_process():`): a `set_epoch` there leaves every other rank's sampler at
    its first epoch."""
    line = call.lineno
    for node in model.source.of_type(ast.If):
        if node.lineno < line <= (node.body[-1].end_lineno or 0) and _rank_zero_test(node.test):  # type: ignore[attr-defined]
            return True
    return False


# what a flag or a call that holds on the main process only is named (`accelerator.is_main_process`,
# `utils.is_master()`, `trainer.is_world_process_zero()`)
_MAIN_PROCESS = frozenset((
    "is_main_process", "is_local_main_process", "main_process", "is_master", "is_master_process",
    "master_process", "is_rank_zero", "is_rank_0", "is_rank0", "is_world_process_zero", "is_local_process_zero",
))


def _rank_zero_test(test: ast.expr) -> bool:
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_rank_zero_test(value) for value in test.values)
    flag = test.func if isinstance(test, ast.Call) and not test.args and not test.keywords else test
    name = dotted(flag)
    if name is not None and name.rsplit(".", 1)[-1].lower() in _MAIN_PROCESS:
        return True  # `if is_main_process:`, `if accelerator.is_main_process:`, `if dist_utils.is_master():`
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        # `if not rank:`, `if not args.local_rank:` (also `not dist.get_rank()`)
        side = test.operand
        name = call_name(side) if isinstance(side, ast.Call) else dotted(side)
        return name is not None and name.rsplit(".", 1)[-1].lower().endswith("rank")
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In):
        # `if args.local_rank in (-1, 0):`: the only process, or rank 0 of several
        values = test.comparators[0]
        name = call_name(test.left) if isinstance(test.left, ast.Call) else dotted(test.left)
        return (
            name is not None and "rank" in name.rsplit(".", 1)[-1].lower()
            and isinstance(values, (ast.Tuple, ast.List, ast.Set)) and 0 < len(values.elts)
            and all(_minus_one_or_zero(v) for v in values.elts)
        )
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = (test.left, test.comparators[0])
    for side, other in (sides, sides[::-1]):
        if isinstance(other, ast.Constant) and other.value == 0 and other.value is not False:
            name = call_name(side) if isinstance(side, ast.Call) else dotted(side)
            if name is not None and "rank" in name.rsplit(".", 1)[-1].lower():
                return True
    return False


def _minus_one_or_zero(node: ast.expr) -> bool:
    """`0` or `-1` written out (`-1` is a minus applied to `1`)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return isinstance(node.operand, ast.Constant) and type(node.operand.value) is int and node.operand.value == 1
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == 0


def _torch_loader(key: str, index: Assignments, model: ModuleModel) -> bool:
    """`key` is bound only to torch's own `DataLoader(...)`, which has no `set_epoch`."""
    values = [b.value for b in index.by_key.get(key, [])]
    if not values:
        return False
    for value in values:
        if not isinstance(value, ast.Call):
            return False
        name = call_name(value) or ""
        if name in model.facts.classes:
            return False
        if (model.facts.imports.qualify(name) or "") not in ("torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"):
            return False
    return True


def _loaders_of(constructor: ast.Call, index: Assignments, model: ModuleModel):  # type: ignore[no-untyped-def]
    """(loader binding, sampler binding or None, built as one branch of an `if`) for every
    loader built over this sampler."""
    source = model.source
    for key, bindings in index.by_key.items():
        for binding in bindings:
            value = binding.value
            if value is None:
                continue
            holds = value is constructor or (
                isinstance(value, ast.IfExp) and (value.body is constructor or value.orelse is constructor)
            )
            if holds:
                # a sampler bound to a key: the loaders built with `sampler=<key>` (or with an
                # alias bound only to that key: `s = train_sampler`)
                keys = {key} | _aliases(key, binding.scope, index, source)
                named = lambda v, keys=keys: dotted(v) is not None and source.key(v) in keys  # noqa: E731
                for loader_binding in _loader_bindings(index, named, binding.scope):
                    yield loader_binding, binding, isinstance(value, ast.IfExp)
                if key.startswith("self.") and binding.class_name is not None:
                    # `self.loader = self._make_loader()`, the method returning a loader over `self.sampler`
                    for loader_binding, alternative in _returned_by_methods(constructor, binding, index, model):
                        yield loader_binding, binding, alternative or isinstance(value, ast.IfExp)
                for loader_binding in _handed_loaders(named, binding.scope, index, model):
                    yield loader_binding, binding, isinstance(value, ast.IfExp)
                for entry_binding in (b for bs in index.by_key.values() for b in bs if isinstance(b.value, ast.Dict) and b.scope is binding.scope):
                    # `loaders = {"train": DataLoader(ds, sampler=train_sampler), ...}`
                    for entry, item in zip(entry_binding.value.keys, entry_binding.value.values):
                        given = keyword(item, "sampler") if isinstance(item, ast.Call) else None
                        if isinstance(entry, ast.Constant) and isinstance(entry.value, str) and given is not None and named(given.value):
                            yield _Entry(f'{entry_binding.key}["{entry.value}"]', entry_binding), binding, isinstance(value, ast.IfExp)
            elif isinstance(value, ast.Call):
                given = keyword(value, "sampler")
                if given is None:
                    batches = keyword(value, "batch_sampler")
                    if batches is not None and any(inner is constructor for inner in _batched(batches.value, index, binding.scope)):
                        yield binding, None, False  # `batch_sampler=BatchSampler(DistributedSampler(ds), 64, True)`
                    continue
                inner = given.value
                if inner is constructor:
                    yield binding, None, False
                elif isinstance(inner, ast.IfExp) and (inner.body is constructor or inner.orelse is constructor):
                    yield binding, None, True
    for binding, alternative in _returned_loaders(constructor, index, model):
        yield binding, None, alternative
    for handed in _handed_loaders(lambda v: v is constructor, None, index, model):
        yield handed, None, False  # `train(model, DataLoader(ds, sampler=DistributedSampler(ds)), epochs)`
    factory = next(
        (
            info.node.name for info in model.facts.module_functions.values()
            if any(isinstance(n, ast.Return) and n.value is constructor for n in ast_walk(info.node))
        ),
        None,
    )
    if factory is not None:
        # `sampler = make_sampler(ds)` with `def make_sampler(d): return DistributedSampler(d)`
        made = lambda v: isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == factory  # noqa: E731
        for key, bindings in index.by_key.items():
            for binding in bindings:
                value = binding.value
                if made(value):
                    keys = {key} | _aliases(key, binding.scope, index, source)
                    for loader_binding in _loader_bindings(index, lambda v: dotted(v) is not None and source.key(v) in keys, binding.scope):
                        yield loader_binding, binding, False
                elif isinstance(value, ast.Call) and (given := keyword(value, "sampler")) is not None and made(given.value):
                    yield binding, None, False  # `DataLoader(ds, sampler=make_sampler(ds))`
    for binding in (b for bindings in index.by_key.values() for b in bindings):
        if isinstance(binding.value, ast.DictComp):
            # `loaders = {x: DataLoader(sets[x], sampler=DistributedSampler(sets[x])) for x in ["train", "val"]}`
            comp = binding.value
            given = keyword(comp.value, "sampler") if isinstance(comp.value, ast.Call) else None
            if given is None or len(comp.generators) != 1:
                continue
            generator = comp.generators[0]
            if given.value is not constructor and not _sampler_of_comprehension(given.value, generator, constructor, index):
                # `{k: DataLoader(sets[k], sampler=s) for k, s in samplers.items()}`: the entries
                # of `samplers` holding this sampler
                for entry in _sampler_items(comp, given.value, constructor, index, source):
                    yield _Entry(f'{binding.key}["{entry}"]', binding), None, False
                continue
            for entry in _comprehension_keys(comp, index) or []:
                yield _Entry(f'{binding.key}["{entry}"]', binding), None, False
            continue
        # `loaders = {"train": DataLoader(ds, sampler=DistributedSampler(ds)), ...}`
        if not isinstance(binding.value, ast.Dict):
            continue
        for entry, value in zip(binding.value.keys, binding.value.values):
            given = keyword(value, "sampler") if isinstance(value, ast.Call) else None
            if isinstance(entry, ast.Constant) and isinstance(entry.value, str) and given is not None and given.value is constructor:
                yield _Entry(f'{binding.key}["{entry.value}"]', binding), None, False


def _literal_keys(expr: ast.expr, index: Assignments, depth: int = 0) -> list[str] | None:
    """The string keys `expr` iterates: a list or tuple of string literals, or a name bound once
    to a dict literal of string keys (`sets`, `sets.keys()`) or to a dict comprehension whose
    keys are known so (one level)."""
    if isinstance(expr, ast.Call) and not expr.args and not expr.keywords and method_name(expr) == "keys":
        expr = receiver(expr)  # type: ignore[assignment]
    if isinstance(expr, (ast.List, ast.Tuple)):
        elements = expr.elts
    elif isinstance(expr, ast.Name):
        bound = index.by_key.get(expr.id, [])
        if len(bound) == 1 and isinstance(bound[0].value, ast.DictComp) and depth == 0:
            return _comprehension_keys(bound[0].value, index, depth + 1)
        if len(bound) != 1 or not isinstance(bound[0].value, ast.Dict):
            return None
        elements = bound[0].value.keys  # type: ignore[assignment]
    else:
        return None
    keys = [e.value for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return keys if len(keys) == len(elements) else None


def _comprehension_keys(comp: ast.DictComp, index: Assignments, depth: int = 0) -> list[str] | None:
    """The string keys of a dict comprehension keyed by its loop variable and filtered by
    nothing: `{x: ... for x in ["train", "val"]}`, `{x: ... for x in sets}` or `{x: ... for x,
    d in sets.items()}` with `sets` bound once to a dict literal."""
    if len(comp.generators) != 1 or comp.generators[0].ifs or comp.generators[0].is_async or not isinstance(comp.key, ast.Name):
        return None
    generator = comp.generators[0]
    target, iterated = generator.target, generator.iter
    if isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(iterated, ast.Call) and method_name(iterated) == "items":
        if iterated.args or iterated.keywords or not isinstance(receiver(iterated), ast.Name):
            return None
        target, iterated = target.elts[0], receiver(iterated)  # type: ignore[assignment]
    if not isinstance(target, ast.Name) or target.id != comp.key.id:
        return None
    return _literal_keys(iterated, index, depth)


def _sampler_items(comp: ast.DictComp, given: ast.expr, constructor: ast.Call, index: Assignments, source: Source) -> list[str]:
    """The keys of the entries a dict comprehension over `samplers.items()` builds with this
    sampler (`{k: DataLoader(..., sampler=s) for k, s in samplers.items()}`), `samplers` bound
    once to a dict literal or a dict comprehension of string keys, and changed by nothing
    (no `samplers["train"] = ...`, no `samplers.update(...)`)."""
    generator = comp.generators[0] if len(comp.generators) == 1 else None
    if (
        generator is None or generator.ifs or not isinstance(comp.key, ast.Name) or not isinstance(given, ast.Name)
        or not isinstance(generator.target, ast.Tuple) or len(generator.target.elts) != 2
        or not all(isinstance(e, ast.Name) for e in generator.target.elts)
        or generator.target.elts[0].id != comp.key.id or generator.target.elts[1].id != given.id  # type: ignore[attr-defined]
        or not isinstance(generator.iter, ast.Call) or method_name(generator.iter) != "items"
        or generator.iter.args or not isinstance(receiver(generator.iter), ast.Name)
    ):
        return []
    name = receiver(generator.iter).id  # type: ignore[union-attr]
    bound = index.by_key.get(name, [])
    if len(bound) != 1:
        return []
    for node in source.of_type(ast.Subscript):
        if isinstance(node.ctx, (ast.Store, ast.Del)) and isinstance(node.value, ast.Name) and node.value.id == name:  # type: ignore[attr-defined]
            return []
    for node in source.of_type(ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == name and node.attr not in ("items", "keys", "values", "get"):  # type: ignore[attr-defined]
            return []
    samplers = bound[0].value
    if isinstance(samplers, ast.Dict):
        if not all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in samplers.keys):
            return []
        return [k.value for k, v in zip(samplers.keys, samplers.values) if v is constructor]  # type: ignore[union-attr]
    if isinstance(samplers, ast.DictComp) and samplers.value is constructor:
        return _comprehension_keys(samplers, index) or []
    return []


def _sampler_of_comprehension(value: ast.expr, generator: ast.comprehension, constructor: ast.Call, index: Assignments) -> bool:
    """`samplers[x]` in a comprehension over `x`, with `samplers` bound (only) to a dict
    comprehension of this sampler: `{x: DistributedSampler(sets[x]) for x in [...]}`."""
    if not (
        isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Name) and isinstance(generator.target, ast.Name)
        and value.slice.id == generator.target.id and isinstance(value.value, ast.Name)
    ):
        return False
    bound = index.by_key.get(value.value.id, [])
    return len(bound) == 1 and isinstance(bound[0].value, ast.DictComp) and bound[0].value.value is constructor


class _Handed:
    """A loader built right in the arguments of a call (`train(model, DataLoader(ds,
    sampler=sampler), epochs)`): its key (the call's text, as the call sites record it), the
    loader call and the statement that makes the call."""

    def __init__(self, key: str, value: ast.Call, statement: ast.stmt, scope: Scope) -> None:
        self.key = key
        self.value = value
        self.statement = statement
        self.scope = scope


def _handed_loaders(matches, scope: Scope | None, index: Assignments, model: ModuleModel):  # type: ignore[no-untyped-def]
    """Loaders built right in the arguments of a call that a statement makes (`train(model,
    DataLoader(ds, sampler=...), epochs)`, or its value bound), whose `sampler=` the sampler
    matches (`matches(value)`), in `scope` (None: any)."""
    source = model.source
    if "sampler=" not in source.text:
        return
    for stmt in (*source.of_type(ast.Expr), *source.of_type(ast.Assign), *source.of_type(ast.AnnAssign), *source.of_type(ast.Return)):
        if not isinstance(stmt.value, ast.Call):  # type: ignore[attr-defined]
            continue
        call = stmt.value  # type: ignore[attr-defined]
        calls = [call]
        while isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Call):
            # `Shards(model, opt, DataLoader(ds, sampler=s), s).train()`: the object built and
            # used in one expression is handed its loader all the same
            call = call.func.value
            calls.append(call)
        for arg in (a for c in calls for a in (*c.args, *(k.value for k in c.keywords))):
            if not isinstance(arg, ast.Call) or not arg.keywords:
                continue
            given = keyword(arg, "sampler")
            if given is None or not matches(given.value):
                continue
            where = index.scope_of(stmt)  # type: ignore[arg-type]
            if scope is None or where is scope:
                yield _Handed(source.key(arg), arg, stmt, where)  # type: ignore[arg-type]


def _returned_by_methods(constructor: ast.Call, sampler: Binding, index: Assignments, model: ModuleModel):  # type: ignore[no-untyped-def]
    """`self.loader = self._make_loader()` where another method of the class that stores the
    sampler (`self.sampler = DistributedSampler(ds)`) builds a loader over `self.sampler` and
    returns it: (binding of the loader, may the sampler be another)."""
    owner = sampler.class_name
    for info in model.facts.methods.get(owner or "", {}).values():
        function = info.node
        if function is sampler.scope or function.name.startswith("__"):
            continue  # (a loader returned by the method that builds the sampler: `_returned_loaders`)
        size, places = _returned_places(function, constructor, index, model.source, stored=True)
        calls = lambda call, name=function.name: (  # noqa: E731
            isinstance(call.func, ast.Attribute) and call.func.attr == name
            and isinstance(call.func.value, ast.Name) and call.func.value.id == "self"
        )
        for place, alternative in places:
            for binding in _bindings_of_calls(index, calls, size, place, model.source):
                if binding.class_name == owner:
                    yield binding, alternative


class _Entry:
    """A loader held in a dict literal under a constant key (`loaders["train"]`): its key, and
    the dict's binding."""

    def __init__(self, key: str, binding) -> None:  # type: ignore[no-untyped-def]
        self.key = key
        self.binding = binding
        self.statement = binding.statement
        self.scope = binding.scope
        self.value = binding.value


def _returned_loaders(constructor: ast.Call, index: Assignments, model: ModuleModel):  # type: ignore[no-untyped-def]
    """`loader = build_loader(...)` where a function of this module builds a loader over
    this sampler and returns it, alone or in a tuple (`loader, dataset = build_data(...)`):
    (binding of the caller's loader, may the sampler be another)."""
    facts = model.facts
    function = next(
        (info.node for info in facts.module_functions.values() if any(n is constructor for n in ast_walk(info.node))),
        None,
    )
    owner: str | None = None
    if function is None:
        # `loader = self.make_loader(ds, is_train=True)`: a method of the class, called on `self`
        owner, function = next(
            (
                (class_name, info.node) for class_name, methods in facts.methods.items() for info in methods.values()
                if info.node.lineno <= constructor.lineno <= (info.node.end_lineno or 0)  # type: ignore[attr-defined]
                and any(n is constructor for n in ast_walk(info.node))
            ),
            (None, None),
        )
        if function is None:
            return
        calls = lambda call: (  # noqa: E731
            isinstance(call.func, ast.Attribute) and call.func.attr == function.name
            and isinstance(call.func.value, ast.Name) and call.func.value.id == "self"
        )
    else:
        calls = lambda call: isinstance(call.func, ast.Name) and call.func.id == function.name  # noqa: E731
    size, places = _returned_places(function, constructor, index, model.source)
    for place, alternative in places:
        for binding in _bindings_of_calls(index, calls, size, place, model.source):
            if owner is None or binding.class_name == owner:
                yield binding, alternative


def _returned_places(function: ast.AST, constructor: ast.Call, index: Assignments, source, stored: bool = False):  # type: ignore[no-untyped-def]
    """(the length of the tuples the function returns, or None for one value; [(the loader's
    place in them, or None; may the sampler be another)]) for the loaders over this sampler
    that the function's `return`s hand back: one `return`, or one in each arm (`if
    distributed: return DataLoader(ds, sampler=sampler)` / `return DataLoader(ds, shuffle=True)`:
    another sampler is then possible), all of one shape. `stored`: the sampler may be a
    `self.` attribute another method of the class binds."""
    values = [n.value for n in ast_walk(function) if isinstance(n, ast.Return)]
    if not values or any(v is None for v in values):
        return None, []
    sizes = {len(v.elts) if isinstance(v, ast.Tuple) else None for v in values}  # type: ignore[union-attr]
    if len(sizes) != 1:
        return None, []
    size = sizes.pop()
    places: list[tuple[int | None, bool]] = []
    for place in range(size) if size is not None else [None]:
        found = [
            _over_sampler(v.elts[place] if place is not None else v, constructor, function, index, source, stored)  # type: ignore[union-attr]
            for v in values
        ]
        if any(f is not None for f in found):
            places.append((place, any(f is not False for f in found)))
    return size, places


def _bindings_of_calls(index: Assignments, calls, size: int | None, place: int | None, source):  # type: ignore[no-untyped-def]
    """The bindings of the value a call (`calls(call)`) returns: the call's whole value, or
    (`place`) the element at that place of the tuple of `size` it returns (`loader, dataset =
    build_data(...)`)."""
    for bindings in index.by_key.values():
        for binding in bindings:
            if place is None:
                call = binding.value
                if isinstance(call, ast.Call) and calls(call):
                    yield binding
                continue
            stmt = binding.statement
            if (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], (ast.Tuple, ast.List))
                and len(stmt.targets[0].elts) == size
                and not any(isinstance(e, ast.Starred) for e in stmt.targets[0].elts)
                and isinstance(stmt.value, ast.Call)
                and calls(stmt.value)
                and dotted(stmt.targets[0].elts[place]) is not None
                and source.key(stmt.targets[0].elts[place]) == binding.key
            ):
                yield binding


def _over_sampler(value: ast.expr, constructor: ast.Call, function: ast.AST, index: Assignments, source, stored: bool = False) -> bool | None:  # type: ignore[no-untyped-def]
    """A returned value that is a loader built over this sampler (the call, or a name the
    function binds once to it): whether the sampler may be another; None when it is not one."""
    alternative = False
    loader_call: ast.expr | None = value
    if isinstance(value, ast.Name):
        bound = [b for b in index.bindings(value.id, function) if b.scope is function]
        if len(bound) != 1:
            return None
        loader_call = bound[0].value
    if not isinstance(loader_call, ast.Call):
        return None
    given = keyword(loader_call, "sampler")
    if given is None:
        return None
    inner = given.value
    if isinstance(inner, ast.IfExp):
        alternative = True
        inner = inner.body if inner.body is constructor else inner.orelse
    if inner is not constructor:
        if dotted(inner) is None:
            return None
        key = source.key(inner)
        sampler_bindings = [
            b for b in index.bindings(key, function) if b.scope is function or (stored and key.startswith("self."))
        ]  # fmt: skip
        if not any(b.value is constructor or (isinstance(b.value, ast.IfExp) and constructor in (b.value.body, b.value.orelse)) for b in sampler_bindings):
            return None
        alternative = alternative or len(sampler_bindings) > 1 or any(isinstance(b.value, ast.IfExp) for b in sampler_bindings)
    return alternative


def _aliases(key: str, scope: Scope, index: Assignments, source: Source) -> set[str]:
    """Names of the scope bound once, and only to `key` (`s = train_sampler`, `loader =
    data.train_loader`)."""
    found = set()
    for alias, bindings in index.by_key.items():
        if (
            len(bindings) == 1
            and bindings[0].scope is scope
            and isinstance(bindings[0].value, (ast.Name, ast.Attribute))
            and dotted(bindings[0].value) is not None
            and source.key(bindings[0].value) == key
        ):
            found.add(alias)
    return found


def _given_sampler(call: ast.Call, index: Assignments, scope: Scope) -> ast.keyword | None:
    """The call's `sampler=` argument, written out or inside a dict it is handed as
    `**loader_kwargs` (`loader_kwargs = dict(batch_size=16, sampler=sampler)`, bound once)."""
    given = keyword(call, "sampler")
    if given is not None:
        return given
    for kw in call.keywords:
        if kw.arg is None and isinstance(kw.value, ast.Name):
            bound = index.bindings(kw.value.id, scope)
            if len(bound) != 1:
                continue
            value = bound[0].value
            if isinstance(value, ast.Call) and call_name(value) == "dict" and not value.args:
                found = keyword(value, "sampler")
                if found is not None:
                    return found
            if isinstance(value, ast.Dict):
                for k, v in zip(value.keys, value.values):
                    if isinstance(k, ast.Constant) and k.value == "sampler":
                        return ast.keyword(arg="sampler", value=v)
    return None


def _loader_bindings(index: Assignments, matches, scope: Scope):  # type: ignore[no-untyped-def]
    for bindings in index.by_key.values():
        for binding in bindings:
            value = binding.value
            if isinstance(value, ast.Call) and binding.scope is scope:
                given = _given_sampler(value, index, scope)
                if given is not None and matches(given.value):
                    yield binding
                    continue
                batches = keyword(value, "batch_sampler")
                if batches is not None and any(matches(inner) for inner in _batched(batches.value, index, scope)):
                    yield binding  # `batch_sampler=BatchSampler(sampler, 64, drop_last=True)`


def _torch_batch_sampler(value: ast.expr, index: Assignments, scope: Scope, model: ModuleModel) -> bool:
    """`batch_sampler=` is torch's own `BatchSampler(...)` (written in place, or bound to the
    name given), whose `.sampler` is the sampler it batches."""
    if isinstance(value, ast.Name):
        bound = [b.value for b in index.bindings(value.id, scope)]
        batching = [v for v in bound if _batches_name(v, value.id)]
        if len(bound) > 1 and batching:
            return all(_torch_batch_sampler(v, index, scope, model) for v in batching)  # (each a call)
        if len(bound) != 1 or bound[0] is None:
            return False
        value = bound[0]
    if not isinstance(value, ast.Call):
        return False
    name = call_name(value) or ""
    qualified = model.facts.imports.qualify(name) or name
    return qualified.rsplit(".", 1)[-1] == "BatchSampler" and name not in model.facts.classes


def _batched(value: ast.expr, index: Assignments, scope: Scope) -> list[ast.expr]:
    """The sampler a `BatchSampler(sampler, ...)` batches: written in place, or bound to the
    name given (once, in the scope)."""
    if isinstance(value, ast.Name):
        bound = [b.value for b in index.bindings(value.id, scope) if b.scope is scope]
        if len(bound) > 1 and any(_batches_name(v, value.id) for v in bound):
            return [value]  # `sampler = BatchSampler(sampler, 64, False)`: over what the name held
        if len(bound) != 1 or bound[0] is None:
            return []
        value = bound[0]
    if not (isinstance(value, ast.Call) and (call_name(value) or "").endswith("BatchSampler")):
        return []
    given = keyword(value, "sampler")
    inner = given.value if given is not None else (value.args[0] if value.args else None)
    return [inner] if inner is not None else []


def _library_owned(model: ModuleModel, project_call: ast.Call | None = None) -> set[str]:
    """Keys handed to a library that manages the loader's epochs itself (`project_call`: a
    call known to be of a function of the project, read as any other)."""
    owned: set[str] = set()
    source = model.source
    for node in source.nodes:
        if not isinstance(node, ast.Call) or node is project_call:
            continue
        last = (call_name(node) or method_name(node) or "").rsplit(".", 1)[-1]
        if isinstance(node.func, ast.Name) and (node.func.id in model.facts.module_functions or node.func.id in model.facts.classes):
            continue  # `fit(model, loader, ...)`, `Trainer(model, loader)` of this module: its loops are read as any other
        if isinstance(node.func, ast.Attribute):
            owner = instance_class(node.func.value, model)
            if owner is not None and node.func.attr in model.facts.methods.get(owner, {}):
                continue  # `Fitter(model).fit(loader)`: a method of a class of this module
        if last in _OWNERS:
            for value in [*node.args, *[k.value for k in node.keywords]]:
                if isinstance(value, ast.Starred):
                    value = value.value
                if dotted(value) is not None:
                    owned.add(source.key(value))
    return owned


def _mentions(expr: ast.AST, key: str, model: ModuleModel) -> bool:
    for node in ast_walk(expr):
        if isinstance(node, (ast.Name, ast.Attribute)) and dotted(node) is not None and model.source.key(node) == key:
            return True
        if (
            isinstance(node, ast.Subscript) and "[" in key and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str) and dotted(node.value) is not None and model.source.key(node) == key
        ):  # fmt: skip
            return True  # `loaders["train"]`
    return False


def _iterates(loop: ast.AST, key: str, model: ModuleModel) -> bool:
    if not isinstance(loop, FOR_LOOPS):
        return False
    if "cycle" in model.source.segment(loop.iter):
        return False  # itertools.cycle replays its first pass: set_epoch cannot help
    return _mentions(loop.iter, key, model) or _phase_loop(loop, key, model) is not None


def _phase_loop(loop: ast.AST, key: str, model: ModuleModel) -> ast.AST | None:
    """`for x, y in loaders[phase]:` directly inside `for phase in ["train", "val"]:`, for the
    key `loaders["train"]`: that phase loop (the training phase reads that entry)."""
    if not key.endswith('["train"]') or not isinstance(loop, FOR_LOOPS):
        return None
    iterable = loop.iter
    iterable = _unwrapped(iterable)
    if not (isinstance(iterable, ast.Subscript) and isinstance(iterable.slice, ast.Name) and dotted(iterable.value) is not None):
        return None
    if f'{model.source.key(iterable.value)}["train"]' != key:
        return None
    outer = model.source.owner_of(loop)  # type: ignore[arg-type]
    while outer is not None and not isinstance(outer, LOOPS):
        outer = model.source.owner_of(outer) if isinstance(outer, ast.stmt) else None
    if not (
        isinstance(outer, FOR_LOOPS) and isinstance(outer.target, ast.Name) and outer.target.id == iterable.slice.id
        and isinstance(outer.iter, (ast.List, ast.Tuple))
        and any(isinstance(e, ast.Constant) and e.value == "train" for e in outer.iter.elts)
    ):
        return None
    return outer


def _own_loops(body: list[ast.stmt]) -> list[ast.AST]:
    """Loops nested in `body`, not inside nested definitions."""
    found: list[ast.AST] = []
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, LOOPS):
            found.append(node)
        stack.extend(child_nodes(node))
    return found


def _batch_loop(loop: TrainingLoop, loader: str, model: ModuleModel) -> ast.AST | None:
    """A training loop over `loader` directly inside `loop` (no other loop between), in its
    own code or in a helper it passes the loader to."""
    # loops that step something, or may (an importance pass that only reads `.grad` trains nothing:
    # the order of its batches does not matter)
    training = {id(lp.node) for lp in model.loops if any(e.kind in (EventKind.STEP, EventKind.UNKNOWN) for e in lp.events)}
    names = [loader, *_wrapped_in_epoch(loop.node.body, loader, model)]
    drawn = _iterators_in_epoch(loop.node.body, loader, model)
    for inner in _own_loops(loop.node.body):
        if id(inner) in training and (any(_iterates(inner, name, model) for name in names) or (drawn and _draws(inner, drawn, model))):
            phase = _phase_loop(inner, loader, model)
            if phase is loop.node:
                continue  # `for phase in ["train", "val"]:` is no epoch loop
            if _directly_inside(inner, loop.node, model) or (phase is not None and _directly_inside(phase, loop.node, model)):
                return inner
    if id(loop.node) in training:
        comprehension = _comprehension_over(loop.node.body, names, model)
        if comprehension is not None:
            return comprehension
    for call, helper, param in _helper_calls(loop, loader, model):
        params = [param, *_wrapped_in_epoch(helper.node.body, param, model)]  # type: ignore[attr-defined]
        for inner in _own_loops(helper.node.body):
            if id(inner) in training and any(_iterates(inner, p, model) for p in params) and not _loop_between(inner, helper.node, model):
                return inner
    for node in _calls_outside_loops(loop.node.body):
        helper = _imported_helper(node, model)
        if helper is None:
            continue
        params = [p for p in helper.params if p not in ("self", "cls")]
        passed = [params[i] for i, arg in enumerate(positional(node)) if i < len(params) and dotted(arg) is not None and model.source.key(arg) == loader]
        passed += [kw.arg for kw in node.keywords if kw.arg is not None and dotted(kw.value) is not None and model.source.key(kw.value) == loader]
        for param in passed:
            found = _imported_batch_loop(helper, param)
            if found is not None:
                return found
    return None


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def _comprehension_over(body: list[ast.stmt], names: list[str], model: ModuleModel) -> ast.AST | None:
    """`losses = [train_step(i, b) for i, b in enumerate(loader)]` (or `sum(train_step(...) for
    ...)`) in the epoch loop's own code, no loop between: a comprehension with one generator
    over the loader whose element is a call of a function of the file (a closure of the epoch
    loop too) whose text says `.step(`: a batch loop written as an expression."""
    stepping = _stepping_functions(model)
    if not stepping:
        return None  # (no function of the file says `.step(`: nothing to walk)
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (*SCOPES, *LOOPS)):
            continue
        if isinstance(node, _COMPREHENSIONS) and len(node.generators) == 1 and not node.generators[0].is_async:
            generator = node.generators[0]
            element = node.value if isinstance(node, ast.DictComp) else node.elt
            if (
                isinstance(element, ast.Call) and isinstance(element.func, ast.Name)
                and element.func.id in stepping
                and "cycle" not in model.source.segment(generator.iter)
                and any(_mentions(generator.iter, name, model) for name in names)
            ):  # fmt: skip
                return node
        stack.extend(child_nodes(node))
    return None


def _stepping_functions(model: ModuleModel) -> frozenset[str]:
    """The names of the file's functions (at the top level or in a function) every definition
    of which says `.step(` (`_function_says_step`), found once per module."""
    found: frozenset[str] | None = model.__dict__.get("_stepping_functions")
    if found is None:
        facts = model.facts
        names = {*facts.module_functions, *(name for functions in facts.local_functions.values() for name in functions)}
        found = frozenset(name for name in names if _function_says_step(name, model)) if b".step(" in model.source.data else frozenset()
        model.__dict__["_stepping_functions"] = found
    return found


def _function_says_step(name: str, model: ModuleModel) -> bool:
    """Every function of the file so named (at the top level or in a function) says `.step(`."""
    facts = model.facts
    found = [info for info in (facts.module_functions.get(name), *(f.get(name) for f in facts.local_functions.values())) if info is not None]
    return bool(found) and all(".step(" in model.source.segment(info.node) for info in found)


def _imported_helper(call: ast.Call, model: ModuleModel) -> FunctionInfo | None:
    """The function of another module of the project a plain call names (`from engine import
    train_one_epoch`), read by the project index."""
    facts = model.facts
    func = call.func
    if not isinstance(func, ast.Name) or facts.project is None or func.id in facts.module_functions:
        return None
    qualified = facts.imports.qualify(func.id)
    if not qualified or qualified == func.id:
        return None
    helper = facts.project.function(qualified, model.source.path or None)
    if helper is None or helper.source is None or helper.source is model.source:
        return None
    return helper


# methods a helper may call on what it is handed and still set no epoch
_READING_METHODS = frozenset({"eval", "train", "to", "cuda", "cpu", "parameters", "state_dict", "size", "item", "numel", "float"})


def _never_sets_an_epoch(call: ast.Call, model: ModuleModel) -> bool:
    """A plain call of a function of another module of the project (`from lib.evaluation import
    evaluate`) whose module never says `set_epoch` and whose own calls name nothing that module
    imports from the project (where an epoch could be set): it only reads the loader."""
    facts = model.facts
    project = facts.project
    func = call.func
    if project is None or not isinstance(func, ast.Name) or func.id in facts.module_functions:
        return False
    qualified = facts.imports.qualify(func.id)
    if not qualified or qualified == func.id or qualified.split(".", 1)[0] in _LIBRARIES:
        return False
    defined = project.definition(qualified, model.source.path or None)
    if defined is None or not defined[0].path or defined[0].path == model.source.path:
        return False
    module, name = defined
    info = module.facts.module_functions.get(name)
    if info is None or b"set_epoch" in module.source.data:
        return False
    library = stdlib_names()
    params = {a.arg for a in _parameters(info.node)}
    for inner in ast_walk(info.node):
        if (
            isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and isinstance(inner.func.value, ast.Name)
            and inner.func.value.id in params and inner.func.attr not in _READING_METHODS
        ):
            return False  # `hooks.on_eval(loader)`: an object handed in, which may set it
    for inner in ast_walk(module.source.tree):
        if isinstance(inner, ast.Call):
            written = call_name(inner)
            there = module.facts.imports.qualify(written) or ""
            root = there.lstrip(".").split(".", 1)[0]
            if there and there != written and (there.startswith(".") or (root not in library and root not in _LIBRARIES)):
                return False  # a function imported from elsewhere in the project: it may set it
    return True


def _imported_batch_loop(helper: FunctionInfo, param: str) -> ast.AST | None:
    """A loop of the helper's own body (not inside another of its loops) over its parameter
    (or `enumerate`/`tqdm` of it) that backpropagates, when the helper never sets an epoch."""
    source = helper.source
    assert source is not None
    text = source.segment(helper.node)
    if "epoch" in text and ("set_epoch" in text or ".sampler" in text):
        return None  # it may give the sampler its epoch itself
    names = {param, *_wrapped_in_epoch(helper.node.body, param)}  # type: ignore[attr-defined]
    for stmt in helper.node.body:  # type: ignore[attr-defined]
        for inner in ast_walk(stmt):
            if not isinstance(inner, FOR_LOOPS):
                continue
            iterable = _unwrapped(inner.iter)
            if isinstance(iterable, ast.Name) and iterable.id in names and "backward(" in source.segment(inner):
                return inner
            break  # only the first loop met from each statement: a loop inside it is another's
    return None


def _wrapped_in_epoch(body: list[ast.stmt], loader: str, model: ModuleModel | None = None) -> list[str]:
    """Names the epoch's (or a helper's) own statements bind to the loader or a wrapper of it
    (`bar = tqdm(train_dataloader, desc="Training")`, `pbar = tqdm(enumerate(loader),
    total=len(loader))`, `batches = loader`; bound once), which its batch loop then iterates. Without a
    model (a helper of another module) `loader` is a plain name."""
    found = []
    for stmt in body:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        arms = [stmt.value.body, stmt.value.orelse] if isinstance(stmt.value, ast.IfExp) else [stmt.value]
        if all(_wraps(arm, loader, model) for arm in arms):
            found.append(stmt.targets[0].id)  # also `tqdm(loader) if is_main_process() else loader`
    if found:  # bound once: `bar = tqdm(val_loader)` later makes `bar` another loader's
        stores = [n.id for stmt in body for n in ast_walk(stmt) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)]
        found = [name for name in found if stores.count(name) == 1]
    return found


def _iterators_in_epoch(body: list[ast.stmt], loader: str, model: ModuleModel) -> set[str]:
    """Names the epoch's own statements bind to a fresh iterator over the loader (`it =
    iter(loader)`), from which its batch loop draws with `next(it)`."""
    found = set()
    for stmt in body:
        if (
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Call) and call_name(stmt.value) == "iter" and len(stmt.value.args) == 1
            and not stmt.value.keywords and _wraps(stmt.value.args[0], loader, model)
        ):
            found.add(stmt.targets[0].id)
    return found


def _draws(loop: ast.AST, iterators: set[str], model: ModuleModel | None = None) -> bool:
    """The loop takes its batches with `next(it)` from one of these iterators; with `model`,
    also through a function of the module it hands the iterator to, positionally, that
    draws from that parameter itself (`train_batch(it, model, opt)` over `def
    train_batch(it, model, opt): x, y = next(it)`)."""
    for node in ast_walk(loop):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or not node.args:
            continue
        if node.func.id == "next":
            if isinstance(node.args[0], ast.Name) and node.args[0].id in iterators:
                return True
            continue
        if model is None or not any(isinstance(a, ast.Name) and a.id in iterators for a in node.args):
            continue
        info = model.facts.module_functions.get(node.func.id)
        if info is None or info.class_name is not None or not isinstance(info.node, ast.FunctionDef):
            continue
        params = [a.arg for a in (*info.node.args.posonlyargs, *info.node.args.args)]
        handed = {params[k] for k, a in enumerate(node.args[: len(params)]) if isinstance(a, ast.Name) and a.id in iterators}
        if handed and _draws(info.node, handed):
            return True
    return False


def _wraps(value: ast.expr, loader: str, model: ModuleModel | None) -> bool:
    """`loader` itself, or a progress bar or enumeration of it (`tqdm(enumerate(loader))`)."""
    value = _unwrapped(value)
    if model is None:
        return isinstance(value, ast.Name) and value.id == loader
    return isinstance(value, (ast.Name, ast.Attribute)) and dotted(value) is not None and model.source.key(value) == loader


def _unwrapped(value: ast.expr) -> ast.expr:
    """What a chain of wrappers that only walk it iterates: `tqdm(enumerate(loader), total=n)`,
    `tqdm(iterable=enumerate(loader))` -> `loader`."""
    while isinstance(value, ast.Call) and (call_name(value) or "").rsplit(".", 1)[-1] in _ITERATION:
        given = value.args[0] if value.args else next((k.value for k in value.keywords if k.arg == "iterable"), None)
        if given is None or isinstance(given, ast.Starred):
            break
        value = given
    return value


def _directly_inside(inner: ast.AST, outer: ast.AST, model: ModuleModel) -> bool:
    current = model.source.owner_of(inner)  # type: ignore[arg-type]
    while current is not None and current is not outer:
        if isinstance(current, LOOPS):
            return False
        current = model.source.owner_of(current) if isinstance(current, ast.stmt) else None
    return current is outer


def _loop_between(inner: ast.AST, function: ast.AST, model: ModuleModel) -> bool:
    current = model.source.owner_of(inner)  # type: ignore[arg-type]
    while current is not None and current is not function:
        if isinstance(current, LOOPS):
            return True
        current = model.source.owner_of(current) if isinstance(current, ast.stmt) else None
    return False


def _helper_calls(loop: TrainingLoop, key: str, model: ModuleModel):  # type: ignore[no-untyped-def]
    """(call, helper, parameter) for the helpers the loop's own statements (outside nested
    loops) call with `key`."""
    facts = model.facts
    class_name = None
    if loop.function is not None:
        for name, methods in facts.methods.items():
            if any(info.node is loop.function for info in methods.values()):
                class_name = name
    for node in _calls_outside_loops(loop.node.body):
        helper: FunctionInfo | None = None
        func = node.func
        if isinstance(func, ast.Name):
            helper = facts.module_functions.get(func.id)
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self" and class_name:
            helper = facts.methods.get(class_name, {}).get(func.attr)
        if helper is None or (helper.source is not None and helper.source is not model.source):
            continue
        params = list(helper.params)
        if helper.class_name is not None and params and params[0] in ("self", "cls"):
            params = params[1:]
        for index_, arg in enumerate(positional(node)):
            if index_ < len(params) and dotted(arg) is not None and model.source.key(arg) == key:
                yield node, helper, params[index_]
        for kw in node.keywords:
            if kw.arg is not None and dotted(kw.value) is not None and model.source.key(kw.value) == key:
                yield node, helper, kw.arg
        if key.startswith("self.") and helper.class_name is not None:
            yield node, helper, key
        elif (
            "." not in key and isinstance(func, ast.Name) and helper.class_name is None and key not in helper.params
            and not any(isinstance(n, ast.Name) and n.id == key and not isinstance(n.ctx, ast.Load) for n in ast_walk(helper.node))
        ):
            yield node, helper, key  # `def train_one_epoch(): for x, y in loader:` reads the module's `loader`


def _calls_outside_loops(body: list[ast.stmt]):  # type: ignore[no-untyped-def]
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (*FUNCTIONS, ast.ClassDef, ast.Lambda, *LOOPS)):
            continue
        if isinstance(node, ast.Call):
            yield node
        stack.extend(child_nodes(node))


def _receives_unseen(loop: TrainingLoop, keys: set[str], model: ModuleModel, samplers: set[str] = frozenset()) -> bool:  # type: ignore[assignment]
    """A call in the epoch loop's own code that we cannot see into gets the loader or the
    sampler (`hooks.on_epoch_start(train_loader)` may well call `set_epoch`), or is made on an
    object built over the sampler (`cb = SamplerEpoch(sampler)` ... `cb(epoch)`, `cb.step(epoch)`:
    a callback that may set its epoch)."""
    facts = model.facts
    for node in ast_walk(loop.node):
        if not isinstance(node, ast.Call):
            continue
        if samplers and _built_over(node.func if isinstance(node.func, ast.Name) else receiver(node), samplers, model):
            return True
        last = (call_name(node) or method_name(node) or "").rsplit(".", 1)[-1]
        if last in _ITERATION or last.endswith(("DataLoader", "Sampler")) or last in ("hasattr", "isinstance"):
            continue  # iterating, building a loader over the sampler, asking what it is
        if last == "set_epoch" and isinstance(node.func, ast.Attribute) and dotted(node.func.value) is not None and (
            constant_epoch(node) or _torch_loader(model.source.key(node.func.value), assignments(model), model)
            or rank_zero_only(node, model)
        ):
            continue  # `sampler.set_epoch(0)`, `loader.set_epoch(epoch)` on torch's DataLoader, or under `if rank == 0:`: no new epoch (on every rank)
        func = node.func
        if isinstance(func, ast.Name) and func.id in facts.module_functions:
            continue  # a helper of this file: `_batch_loop` looked into it
        if isinstance(func, ast.Name):
            helper = _imported_helper(node, model)
            if helper is not None and any(_imported_batch_loop(helper, p) is not None for p in helper.params):
                continue  # a helper of the project that trains over the loader and sets no epoch
            if _never_sets_an_epoch(node, model):
                continue  # `evaluate(model, loader)` of a module that never says `set_epoch`
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
            if any(func.attr in methods for methods in facts.methods.values()):
                continue
        recv = receiver(node)
        values = [*node.args, *[k.value for k in node.keywords]]
        if recv is not None and dotted(recv) is not None and model.source.key(recv) in keys and last not in ("__len__",):
            return True
        for value in values:
            if isinstance(value, ast.Starred):
                value = value.value
            if dotted(value) is not None and model.source.key(value) in keys:
                return True
    return False


def _built_over(holder: ast.expr | None, samplers: set[str], model: ModuleModel) -> bool:
    """`holder` is a name the module binds to an object built with the sampler as an argument,
    by a call that is no loader, sampler or iterator (`cb = SamplerEpoch(sampler)`)."""
    if not isinstance(holder, ast.Name):
        return False
    for value in assigned_values(model, holder.id):
        if not isinstance(value, ast.Call):
            continue
        last = (call_name(value) or "").rsplit(".", 1)[-1]
        if not last or last in _ITERATION or last.endswith(("DataLoader", "Loader", "Sampler")):
            continue
        for arg in [*value.args, *[k.value for k in value.keywords]]:
            if isinstance(arg, ast.Starred):
                arg = arg.value
            if dotted(arg) is not None and model.source.key(arg) in samplers:
                return True
    return False


def epoch_variable(loop: TrainingLoop, model: ModuleModel) -> str | None:
    """The name holding the epoch number at the top of an iteration: the target of
    `for epoch in range(...)` (or `tqdm(range(...))`, `trange(...)`), or a counter
    `epoch += 1` of a `while` loop. `_` is returned even when the body binds `_` again: the
    caller renames the loop's variable or gives up."""
    node = loop.node
    if isinstance(node, FOR_LOOPS):
        if not isinstance(node.target, ast.Name):
            return None
        it = node.iter
        while isinstance(it, ast.Call) and (call_name(it) or "").rsplit(".", 1)[-1] in ("tqdm", "track") and it.args:
            it = it.args[0]
        if isinstance(it, ast.Call) and (call_name(it) or "").rsplit(".", 1)[-1] in ("range", "trange"):
            name = node.target.id
            if name != "_" and any(_rebinds(stmt, name) for stmt in node.body):
                return None  # (`_` rebound in the body, `_, pred = out.max(1)`: the caller renames the loop's)
            return name
        return None
    counters = [
        stmt.target.id
        for stmt in node.body
        if isinstance(stmt, ast.AugAssign)
        and isinstance(stmt.op, ast.Add)
        and isinstance(stmt.target, ast.Name)
        and "epoch" in stmt.target.id.lower()
    ]
    return counters[0] if len(counters) == 1 else None


def _rebinds(stmt: ast.stmt, name: str) -> bool:
    for node in ast_walk(stmt):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return True
    return False


def _handed_by_other_modules(model: ModuleModel) -> list[UnseededSampler]:
    """`def fit(model, loader, opt, epochs)` of this module, whose epoch loop trains over its
    parameter `loader` and never gives a sampler its epoch, when every call of it -- at least
    one, all in other modules of the project -- passes a loader the calling module builds over a
    shuffling `DistributedSampler` (`loader = DataLoader(ds, sampler=DistributedSampler(ds))`;
    `fit(model, loader, opt)` in `scripts/train.py`). Silent when the function, or anything it
    hands the loader to that we cannot see into, may set an epoch, and when a caller calls
    `set_epoch` itself, or hands a loader of another kind (or one its name may not hold).

    Asked of every training file that says no `DistributedSampler`, so gated by cheap tests
    first: no `set_epoch` in the file; an epoch loop of a module-level function whose body
    iterates one of its parameters or hands it to a plain call and calls no method of it (a
    word test, then one walk of the loops left); then another file of the project saying
    `DistributedSampler` (`Project.saying`: looked up quietly, once per run). Only a loop
    that passes all of them and the loop checks makes the project's files dependencies of
    this file (the caller search reads them)."""
    facts = model.facts
    project = facts.project
    source = model.source
    path = source.path
    text = source.text
    if project is None or not path or not model.loops or "backward(" not in text or _says_set_epoch(text):
        return []
    tree = source.tree
    candidates: list[tuple[TrainingLoop, FunctionInfo, list[str]]] = []
    for loop in model.loops:
        function = loop.function
        if function is None or loop.is_step_function or not isinstance(function, FUNCTIONS):
            continue
        info = facts.module_functions.get(function.name)
        if info is None or info.node is not function or not info.params or source.owner_of(function) is not tree:
            continue
        body = text[source.start(loop.node.body[0]) : source.end(loop.node)]  # (its header is no use of an epoch loop's)
        named = [p for p in info.params if p in body and _handed_or_iterated(body, p)]
        if named and ".sampler" not in source.segment(function):
            named = _drawn_from(loop.node, named)  # (then one walk of the loop, for the few left)
            if named:
                candidates.append((loop, info, named))
    if not candidates:
        return []
    from gradfix.project import absolute

    own = absolute(path)
    if not any(other != own for other in project.saying(b"DistributedSampler")):
        return []  # (no file of the project may build the sampler: nothing read, no dependency)
    out: list[UnseededSampler] = []
    for loop, info, named in candidates:
        function = info.node
        params = list(info.params)
        stored = {n.id for n in ast_walk(function) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        for param in named:
            if param in stored:
                continue  # bound again in the function: what the loop iterates is not what was handed
            batch = _batch_loop(loop, param, model)
            if batch is None or _receives_unseen(loop, {param}, model):
                continue
            found = _loaders_handed(function.name, info, params, param, own, model)
            if found is None:
                continue
            constructor, alternative = found
            out.append(UnseededSampler(constructor, None, param, loop, batch, [], None, alternative, foreign=True, across=True))
    return out


def _handed_or_iterated(body: str, name: str) -> bool:
    """The code `body` says the name `name` where a loop may iterate it or a call be handed it
    (`in name`, `enumerate(name)`, `helper(model, name)`, `loader=name`), not only its
    attributes (`name.lr`, `args.epochs`): a word test, for a gate."""
    size = len(body)
    start = body.find(name)
    while start != -1:
        end = start + len(name)
        before = body[max(0, start - 8) : start].rstrip(" \t")
        if (start == 0 or not (body[start - 1].isalnum() or body[start - 1] in "_.")) and not (end < size and (body[end].isalnum() or body[end] == "_")):
            if body[end:end + 8].lstrip(" \t")[:1] not in (".", "[", "(") and (
                before[-1:] in ("(", ",", "=") or before.endswith("in") and not (len(before) > 2 and (before[-3].isalnum() or before[-3] == "_"))
            ):
                return True
        start = body.find(name, end)
    return False


# builtins handed a loader without drawing from it (`len(loader)`, `print(loader)`)
_NOT_DRAWING = frozenset({"len", "print", "isinstance", "hasattr", "getattr", "id", "type", "str", "repr", "int", "float", "bool"})


def _drawn_from(loop: ast.AST, names: list[str]) -> list[str]:
    """The names of `names` that the body of `loop` iterates (`for x, y in enumerate(name)`) or
    hands to a call of a plain name (`run_epoch(model, name)`, `iter(name)`), and never calls
    a method of (`accelerator.backward(loss)`: an object, not a loader)."""
    wanted = set(names)
    drawn: set[str] = set()
    objects: set[str] = set()
    for statement in loop.body:  # type: ignore[attr-defined]
        for node in ast_walk(statement):
            if isinstance(node, FOR_LOOPS):
                drawn.update(n.id for n in ast_walk(node.iter) if isinstance(n, ast.Name) and n.id in wanted)
            elif isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Attribute):
                    if isinstance(func.value, ast.Name) and func.value.id in wanted:
                        objects.add(func.value.id)
                elif isinstance(func, ast.Name) and func.id not in _NOT_DRAWING:
                    for value in (*node.args, *(k.value for k in node.keywords)):
                        if isinstance(value, ast.Starred):
                            value = value.value
                        if isinstance(value, ast.Name) and value.id in wanted:
                            drawn.add(value.id)
    return [name for name in names if name in drawn and name not in objects]


def _loaders_handed(name: str, info: FunctionInfo, params: list[str], param: str, own: str, model: ModuleModel) -> tuple[ast.Call, bool] | None:
    """(a sampler constructor, whether a loader may hold another sampler) when every call of
    the function `name` -- at least one -- is made in another module of the project and passes
    for `param` a loader that module builds over a shuffling `DistributedSampler` and never
    gives an epoch; None otherwise."""
    from gradfix.analysis.handed_in import _argument, _calls_of
    from gradfix.analysis.loops import build_model
    from gradfix.project import absolute

    project = model.facts.project
    first: ast.Call | None = None
    alternative = False
    for call, (_, caller_source) in _calls_of(name, info, model):
        caller_path = caller_source.path
        if caller_source is model.source or not caller_path or absolute(caller_path) == own:
            return None  # called in this module (what it passes is read by the loop's own search) or unreadable
        given = _argument(call, params, param)
        if given is None or "DistributedSampler" not in caller_source.text or _says_set_epoch(caller_source.text):
            return None
        module = project.module(caller_path, any_bytes=True)
        if module is None:
            return None
        caller = project.caller_model(caller_path, lambda module=module: build_model(module.source, project, step_functions=False))
        match = _loader_over_sampler(given, call, caller)
        if match is None:
            return None
        first = first or match[0]
        alternative = alternative or match[1]
    return (first, alternative) if first is not None else None


def _loader_over_sampler(given: ast.expr, call: ast.Call, caller: ModuleModel) -> tuple[ast.Call, bool] | None:
    """The shuffling `DistributedSampler(...)` the loader `given` at `call` (a name the calling
    module binds once where the call is, or a `DataLoader(...)` written in the call) is built
    over, and whether it may hold another sampler; None when it is not such a loader."""
    source = caller.source
    if dotted(given) is None and not isinstance(given, ast.Call):
        return None
    index = assignments(caller)
    scope: ast.AST = source.tree  # the innermost function the call is made in
    for node in source.nodes:
        if isinstance(node, FUNCTIONS) and encloses(node, call) and (scope is source.tree or encloses(scope, node)):
            scope = node
    key = source.key(given)
    owned = _library_owned(caller, call)
    for constructor in (n for n in source.nodes if isinstance(n, ast.Call) and _is_distributed_sampler(n, caller)):
        if _seeded_by_loop(constructor, source):
            return None
        for loader_binding, sampler_binding, alternative in _loaders_of(constructor, index, caller):
            if isinstance(loader_binding, _Entry) or loader_binding.key != key or key in owned:
                continue
            if isinstance(loader_binding, _Handed):
                if loader_binding.value is not given:
                    continue
            else:
                if not isinstance(given, ast.Name) or isinstance(loader_binding.value, ast.Call) and keyword(loader_binding.value, "batch_sampler") is not None:
                    return None
                bindings = index.bindings(key, scope)
                if len(bindings) != 1 or bindings[0] is not loader_binding or _inside_a_loop(loader_binding.statement, caller):
                    return None
            if sampler_binding is not None and sampler_binding.key in owned:
                return None
            return constructor, alternative
    return None
