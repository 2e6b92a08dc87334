"""An optimizer and a module handed in together: what every call passes for them.

A training loop in a function (`def train(model, opt)`) or in a class whose `__init__` binds
its arguments once to `self.<attr>` (`self.model, self.opt = model, opt`) steps an optimizer
and clears a module it did not build. What they are is said by the calls of that function
(class) in the project: `train(net, SGD(net.parameters()))`, `opt = Adam(params);
Trainer(net, opt)`. GF002 asks whether each call passes an optimizer over exactly the module it
passes; GF008 whether each passes one over parameters that module does not own.
"""

from __future__ import annotations

from gradfix import syntax as ast
import os

from gradfix.analysis.facts import classify_constructor, count_binding
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import TrainingLoop
from gradfix.analysis.names import call_name, dotted, keyword, positional
from gradfix.walk import ast_walk, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

    from gradfix.analysis.facts import ModuleFacts
    from gradfix.source import Source

    Caller = tuple[ModuleFacts, Source]


def handed_in_calls(
    optimizer: str, module: str, loop: TrainingLoop, model: ModuleModel
) -> list[tuple[ast.expr, ast.expr, Caller]] | None:
    """What every call of the function around the loop (or of its class) passes for the
    optimizer `optimizer` and the module `module` when both come in as its arguments (for a
    class: arguments of `__init__` bound once, there, to those `self.` attributes), with the
    facts and source of the caller's module to read them in. None when they are not both
    handed in, or a call cannot be read (`*args`, left out, a module that cannot be parsed, a
    subclass that may build itself otherwise); an empty list when nothing calls it."""
    source = model.source
    function: ast.AST | None = loop.node
    while function is not None and not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        function = source.owner_of(function)  # type: ignore[arg-type]
    if function is None:
        return None
    owner = source.owner_of(function)  # type: ignore[arg-type]
    facts = model.facts
    if "." not in optimizer and "." not in module:
        info = facts.module_functions.get(function.name)  # type: ignore[attr-defined]
        if info is None or info.node is not function or owner is not source.tree:
            return None
        params = info.params
        names = (optimizer, module)
    elif optimizer.count(".") == 1 and module.count(".") == 1 and optimizer.startswith("self.") and module.startswith("self."):
        if not isinstance(owner, ast.ClassDef) or owner.name not in facts.classes:
            return None
        info = facts.methods.get(owner.name, {}).get("__init__")
        if info is None:
            return None
        bound: dict[str, str] = {}
        for key in (optimizer, module):
            values = [
                value for stmt in ast_walk(owner) if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign))
                for target, value in _bound_pairs(stmt, source) if target == key
            ]  # fmt: skip
            if len(values) != 1 or not isinstance(values[0], ast.Name) or values[0].id not in info.params[1:]:
                return None
            if not any(values[0] is n for n in ast_walk(info.node)):
                return None  # bound in another method
            bound[key] = values[0].id
        params = info.params[1:]
        names = (bound[optimizer], bound[module])
        if any(any(dotted(b) == owner.name for b in c.bases) for c in facts.classes.values()):
            return None  # a subclass may build itself otherwise
    elif optimizer.count(".") == 1 and "." not in module and not optimizer.startswith("self."):
        # `def train_step(model, criterion, st, i, x, y)` stepping `st.opt`: a state object
        # handed in, whose optimizer each caller binds on it (see `_held_construction`)
        info = facts.module_functions.get(function.name)  # type: ignore[attr-defined]
        if info is None or info.node is not function or owner is not source.tree:
            return None
        holder, attribute = optimizer.split(".")
        if holder == module or _binds_attribute(function, attribute):
            return None  # the function sets an optimizer of its own on some object
        if any(
            isinstance(node, ast.Call) and any(isinstance(a, ast.Name) and a.id == holder for a in (*node.args, *(k.value for k in node.keywords)))
            for node in ast_walk(function)
        ):  # fmt: skip
            return None  # the object handed on from inside the step: a helper there may set its optimizer
        params = info.params
        names = (holder, module)
    else:
        return None
    if names[0] not in params or names[1] not in params:
        return None
    held = optimizer.split(".")[1] if names[0] != optimizer and "." in optimizer and not optimizer.startswith("self.") else None
    callee = function.name if info.class_name is None else info.class_name  # type: ignore[attr-defined]
    found: list[tuple[ast.expr, ast.expr, Caller]] = []
    none_default: bool | None = None  # (asked once, at the first call that passes no optimizer)
    for call, caller in _calls_of(callee, info, model):
        passed = [_argument(call, params, name) for name in names]
        if passed[0] is None or _is_none(passed[0]):
            if none_default is None:
                none_default = _defaults_to_none_alone(info.node, names[0])
            if none_default and (passed[0] is not None or _left_out(call, params, names[0])):
                continue  # `run_epoch(model, val_loader, train=False)`: no optimizer, nothing stepped
            return None
        if passed[1] is None:
            return None
        if held is not None:
            built = _held_construction(passed[0], held, call, caller)
            if built is None:
                return None
            passed[0] = built
        found.append((passed[0], passed[1], caller))
    return found


def _binds_attribute(scope: ast.AST, attribute: str) -> bool:
    """Some `<object>.<attribute>` is bound (or deleted) in `scope`."""
    return any(
        isinstance(node, ast.Attribute) and node.attr == attribute and not isinstance(node.ctx, ast.Load)
        for node in ast_walk(scope)
    )  # fmt: skip


def _held_construction(holder: ast.expr, attribute: str, call: ast.Call, caller: Caller) -> ast.expr | None:
    """What a caller bound on the state object it hands a step function (`st = State();
    st.opt = SGD(model.parameters()); ... train_step(model, criterion, st, i, x, y)`): the value
    of the one statement `st.opt = ...` of the caller's function, a statement of the function's
    own body before the one holding the call, `st` a plain name the function binds once by a
    statement of its own body (not a parameter: another caller's object), no `<object>.opt`
    bound anywhere else in the caller's module, and `st` handed to no other call before the one
    read (which might set it). None otherwise."""
    from gradfix.analysis.shared_graphs import _enclosing_function

    if not isinstance(holder, ast.Name):
        return None
    facts, source = caller
    function = _enclosing_function(call, source)
    if function is None or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    arguments = function.args
    if holder.id in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg) if a}:
        return None
    body = function.body
    line = call.lineno
    at = next((i for i, stmt in enumerate(body) if stmt.lineno <= line <= (stmt.end_lineno or 0)), None)
    if at is None:
        return None
    values: list[tuple[int, ast.expr]] = []
    bindings = 0
    for index, stmt in enumerate(body):
        if (
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute)
            and stmt.targets[0].attr == attribute and isinstance(stmt.targets[0].value, ast.Name)
            and stmt.targets[0].value.id == holder.id
        ):  # fmt: skip
            values.append((index, stmt.value))
    for node in ast_walk(function):
        if isinstance(node, ast.Name) and node.id == holder.id and not isinstance(node.ctx, ast.Load):
            bindings += 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and holder.id in node.names:
            return None
    stores = sum(
        1 for node in source.nodes
        if isinstance(node, ast.Attribute) and node.attr == attribute and not isinstance(node.ctx, ast.Load)
    )  # fmt: skip
    if len(values) != 1 or values[0][0] >= at or bindings != 1 or stores != 1:
        return None
    for stmt in body[values[0][0] + 1 :]:
        for node in ast_walk(stmt):
            if isinstance(node, ast.Call) and any(
                isinstance(a, ast.Name) and a.id == holder.id for a in (*node.args, *(k.value for k in node.keywords))
            ):  # fmt: skip
                helper = _function_called(node, facts, source)
                if helper is None or _binds_attribute(helper.node, attribute):
                    return None  # handed to a call that may set it (unknown, or binding one)
    return values[0][1]


def _function_called(call: ast.Call, facts: ModuleFacts, source: Source):  # type: ignore[no-untyped-def]
    """The function of the module, or of another module of the project, a call by a plain name
    runs; None when it cannot be read."""
    if not isinstance(call.func, ast.Name):
        return None
    local = facts.module_functions.get(call.func.id)
    if local is not None:
        return local
    qualified = facts.imports.qualify(call.func.id)
    if facts.project is None or not qualified or qualified == call.func.id:
        return None
    return facts.project.function(qualified, source.path or None)


def _is_none(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is None


def _left_out(call: ast.Call, params: list[str], name: str) -> bool:
    """The call passes nothing for `name`, surely (no `*args`, no `**kw`)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return False
    return params.index(name) >= len(call.args) and all(k.arg != name for k in call.keywords)


def _defaults_to_none_alone(function: ast.AST, name: str) -> bool:
    """`def run_epoch(model, loader, optimizer=None, ...)` (or keyword-only) whose body never binds
    `optimizer` again (`if optimizer is None: optimizer = SGD(...)` would build one): a call that
    leaves it out, or passes `None`, hands the function no optimizer to step."""
    arguments = function.args  # type: ignore[attr-defined]
    positional_args = [*arguments.posonlyargs, *arguments.args]
    defaults: list[tuple[ast.arg, ast.expr | None]] = [
        *zip(positional_args[len(positional_args) - len(arguments.defaults) :], arguments.defaults),
        *zip(arguments.kwonlyargs, arguments.kw_defaults),
    ]
    default = next((value for arg, value in defaults if arg.arg == name), None)
    if default is None or not _is_none(default):
        return False
    return not any(
        (isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load))
        or (isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names)
        for n in ast_walk(function)
    )  # fmt: skip


def optimizer_params(expr: ast.expr, caller: Caller) -> ast.expr | None:
    """The parameters an optimizer passed at a call was built over: the first argument of
    `SGD(params, ...)` written there, or of the optimizer constructor a name is bound to where
    the call is; None when it is not an optimizer constructor gradfix knows."""
    facts, _ = caller
    if isinstance(expr, ast.Call):
        if classify_constructor(facts.imports.qualify(call_name(expr))) != "optimizer":
            return None
        args = positional(expr)
        return args[0] if args else getattr(keyword(expr, "params"), "value", None)
    key = dotted(expr)
    info = facts.info(key) if key is not None else None
    if info is None or info.kind != "optimizer":
        return None
    if isinstance(expr, ast.Name):
        local = _local_construction(expr, caller)
        if local is None:
            # the caller binds the name several times (or by unpacking): the binding that
            # surely reaches the call, if one does
            return _reaching_construction(expr, caller)
        if local is not False:
            return local  # the caller's own `opt = SGD(...)`, not another of the module's name
        if _assignments_of(expr.id, caller[1]) > 1:
            # `optimizer = SGD(model.parameters())`, then `optimizer = SGD([*model.parameters(),
            # *head.parameters()])`: what the facts kept last is not surely what the call passes
            return _reaching_construction(expr, caller)
    return info.params


def _assignments_of(name: str, source: Source) -> int:
    if source.text.count(name) < 2:
        return 0
    return sum(
        1 for node in source.of_type(ast.Assign) for target in node.targets  # type: ignore[attr-defined]
        if isinstance(target, ast.Name) and target.id == name
    )  # fmt: skip


def _reaching_construction(name: ast.Name, caller: Caller) -> ast.expr | None:
    """The parameters of the construction of `name` that surely reaches the call passing it:
    in the scope around the call (its function, or the module), every binding of the name is a
    statement `name = ...` of the scope's own body, nothing else binds it there (a parameter, a
    loop target, an import, a nested `def`), and no `global`/`nonlocal` names it anywhere: the
    parameters of the last one before the statement holding the call, when that is an optimizer
    constructor. None otherwise."""
    facts, source = caller
    line = name.lineno
    scope: ast.AST = source.tree
    for function in (*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef)):
        if function.lineno < line <= (function.end_lineno or 0) and (scope is source.tree or function.lineno > scope.lineno):  # type: ignore[attr-defined]
            scope = function
    key = name.id
    if ("global" in source.text or "nonlocal" in source.text) and any(
        isinstance(node, (ast.Global, ast.Nonlocal)) and key in node.names for node in source.nodes
    ):
        return None
    if any(node.name == key for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) for node in source.of_type(kind)):  # type: ignore[attr-defined]
        return None
    body = scope.body  # type: ignore[attr-defined]
    holder = next((i for i, stmt in enumerate(body) if stmt.lineno <= line <= (stmt.end_lineno or 0)), None)
    if holder is None or any(
        isinstance(node, (ast.Lambda, ast.ClassDef)) and node.lineno <= line <= (node.end_lineno or 0)  # type: ignore[attr-defined]
        for node in ast_walk(body[holder])
    ):
        return None  # (in a lambda or a class body: a scope of its own, which may bind the name)
    places = [
        index for index, stmt in enumerate(body)
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        and stmt.targets[0].id == key
    ]  # fmt: skip
    counts: dict[str, int] = {}
    for node in own_nodes(scope):
        count_binding(node, counts, (key,))
    before = [index for index in places if index < holder]
    if not before or counts.get(key) != len(places):
        return None  # (a binding after the statement holding the call never reaches it)
    last = body[before[-1]].value
    return optimizer_params(last, caller) if isinstance(last, ast.Call) else None


def _local_construction(name: ast.Name, caller: Caller) -> ast.expr | None | bool:
    """What a name passed at a call in a function was built over when that function binds the
    name itself (`opt = SGD(model.parameters())` in `def finetune(model)`, while the module
    builds another `opt` over other modules): the first argument of its one optimizer
    construction there; None when the function binds it otherwise (twice, a loop target, a
    tuple); False when the function does not bind it, or has it as a parameter (handed on from
    its own caller: the module's fact for the name is read, as for an unbound name)."""
    from gradfix.analysis.shared_graphs import _enclosing_function

    facts, source = caller
    function = _enclosing_function(name, source)
    if function is None:
        return False
    args = function.args  # type: ignore[attr-defined]
    if name.id in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}:
        return False  # handed on from the caller's own caller: the module's fact, as before
    stores = 0
    values: list[ast.expr] = []
    for node in ast_walk(function):
        if isinstance(node, ast.Name) and node.id == name.id and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id == name.id:
                values.append(node.value)
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and name.id in node.names:
            return False  # `global opt`: the module's name
    if not stores:
        return False
    if stores != 1 or len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    value = values[0]
    if classify_constructor(facts.imports.qualify(call_name(value))) != "optimizer":
        return None
    positional_args = positional(value)
    return positional_args[0] if positional_args else getattr(keyword(value, "params"), "value", None)


def _bound_pairs(stmt: ast.stmt, source) -> Iterator[tuple[str, ast.expr | None]]:  # type: ignore[no-untyped-def]
    if isinstance(stmt, ast.Assign):
        for target in stmt.targets:
            if isinstance(target, (ast.Tuple, ast.List)):
                paired = isinstance(stmt.value, (ast.Tuple, ast.List)) and len(stmt.value.elts) == len(target.elts)
                for index, element in enumerate(target.elts):
                    yield source.key(element), stmt.value.elts[index] if paired else None  # type: ignore[attr-defined]
            else:
                yield source.key(target), stmt.value
    else:
        yield source.key(stmt.target), stmt.value if isinstance(stmt, ast.AnnAssign) else None  # type: ignore[attr-defined]


def _argument(call: ast.Call, params: list[str], name: str) -> ast.expr | None:
    """What a call passes for the parameter `name`; None when unknown (`*args`, `**kw`, left out)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    index = params.index(name)
    if index < len(call.args):
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _calls_of(callee: str, info, model: ModuleModel) -> Iterator[tuple[ast.Call, Caller]]:  # type: ignore[no-untyped-def]
    """Every call of the module's function (class) `callee`: in this module by its name, in the
    other modules of the project through their imports; with the facts and source to read its
    arguments in. A module that names it but cannot be read yields a call of nothing (`None`)."""
    for node in model.source.nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == callee:
            yield node, (model.facts, model.source)
    project = model.facts.project
    path = model.source.path
    if project is None or not path:
        return
    from gradfix.analysis.steps import _importers, _other_caller_files, _subclass_names
    from gradfix.project import absolute

    stem = os.path.splitext(os.path.basename(path))[0]
    # (a class: the files importing it and saying its name, not `__init__`'s)
    others = _other_caller_files(project, path, info) if info.class_name is None else _importers(project, absolute(path), [callee], callee)
    for other in others:
        module = project.module(other, any_bytes=True)
        if module is None:
            yield ast.Call(ast.Name("?"), [], []), (model.facts, model.source)  # (unreadable: no argument)
            return
        subclasses = _subclass_names(project.read(other) or b"", info.class_name) if info.class_name is not None else []
        if subclasses and not _built_as_the_base(subclasses, module, other, project):
            yield ast.Call(ast.Name("?"), [], []), (model.facts, model.source)
            return
        for node in module.source.nodes:
            if isinstance(node, ast.Call):
                qualified = module.facts.imports.qualify(dotted(node.func)) or ""
                if qualified.rsplit(".", 2)[-2:] == [stem, callee] or (subclasses and dotted(node.func) in subclasses):
                    yield node, (module.facts, module.source)


def _built_as_the_base(subclasses: list[str], module, path: str, project) -> bool:  # type: ignore[no-untyped-def]
    """The subclasses a module of the project defines on the class (`class MyLoop(Loop)`, a
    hook overridden) are built as the class is: none defines `__init__` or `__new__`, none is
    derived again in the module, and no other file imports one (its calls are the module's own,
    which are read as calls of the class)."""
    from gradfix.analysis.steps import _importers

    facts = module.facts
    for name in subclasses:
        if name not in facts.classes or {"__init__", "__new__"} & set(facts.methods.get(name, {})):
            return False
        if any(any(dotted(b) == name for b in c.bases) for c in facts.classes.values()):
            return False
        if _importers(project, path, [name], name):
            return False
    return True


def stored_arguments(key: str, node: ast.AST | None, model: ModuleModel, subclasses: bool = False) -> list[ast.expr] | None:
    """What every construction of a trainer class passes for what its methods read as `key`
    (`self.scaler`, `self.optimizer`), `node` being in one of its methods: the class (of the
    module's top level, no class of the module derived from it, no other file of the project
    naming it) stores its `__init__` parameter there once (`self.scaler = scaler`, as
    `init_parameter` reads it; also the generated `__init__` of a `@dataclass`, or the
    `__init__` of the class's one base of the module when it has none of its own), and each
    call of the class in the module passes it (by position or keyword). None when that cannot be
    read (a call leaves it out or spreads `*args`), or nothing calls the class. `subclasses`:
    classes of the module derived from it are read too when none defines `__init__` or sets
    the attribute (`class ClassifierTrainer(BaseTrainer)` overriding `train_step` only): the
    constructions of each pass their arguments to the same `__init__`."""
    if not key.startswith("self.") or key.count(".") != 1 or node is None:
        return None
    facts = model.facts
    line = getattr(node, "lineno", 0)
    around = [c for c in facts.classes.values() if isinstance(c, ast.ClassDef) and c.lineno <= line <= (c.end_lineno or 0)]
    if len(around) != 1:
        return None  # (a nested class: not read)
    cls = around[0]
    init = facts.methods.get(cls.name, {}).get("__init__")
    if init is None and len(cls.bases) == 1 and dotted(cls.bases[0]) in facts.classes:
        init = facts.methods.get(dotted(cls.bases[0]) or "", {}).get("__init__")
    if init is None:
        return None
    names = [cls.name]
    if any(any(dotted(b) == cls.name for b in c.bases) for c in facts.classes.values() if isinstance(c, ast.ClassDef)):
        if not subclasses:
            return None
        from gradfix.analysis.loops import _subclasses_of

        attribute = key.split(".", 1)[1]
        for sub in _subclasses_of(facts, cls.name):
            sub_node = facts.classes.get(sub)
            if not isinstance(sub_node, ast.ClassDef) or "__init__" in facts.methods.get(sub, {}):
                return None
            if any(
                isinstance(n, ast.Attribute) and n.attr == attribute and not isinstance(n.ctx, ast.Load)
                for n in ast_walk(sub_node)
            ):  # fmt: skip
                return None  # a subclass sets what the base stored
            names.append(sub)
    from gradfix.analysis.assignments import init_parameter

    parameter = init_parameter(model, key, init.node)
    arguments = init.node.args  # type: ignore[attr-defined]
    params = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)][1:]
    if parameter is None or parameter not in params:
        return None
    project, path = facts.project, model.source.path
    if project is not None and path:
        from gradfix.analysis.steps import _importers
        from gradfix.project import absolute

        if any(_importers(project, absolute(path), [name], name) for name in names):
            return None  # built in another file too: what it passes there is not read
    found: list[ast.expr] = []
    for call in model.source.nodes:
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in names:
            passed = _argument(call, params, parameter)
            if passed is None:
                return None
            found.append(passed)
    return found or None
