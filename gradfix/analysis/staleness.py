"""Optimizers that hold parameters the model no longer trains (GF021).

An optimizer keeps the `Parameter` objects it was built over. Two later changes leave it
behind, with no error:

- the model, or a submodule of it, is *replaced* by a new module
  (`model.fc = nn.Linear(512, 10)`, `model = Net()`, `model = torch.load(path)`): the new
  parameters are not in the optimizer and never change;
- parameters that were frozen, and so left out of the optimizer (a `requires_grad` filter,
  or an optimizer over the head only), are *unfrozen* (`p.requires_grad = True`,
  `model.backbone.requires_grad_(True)`): they now get gradients that no step applies.

A rebinding that reads the old module (`model = model.to(device)`, `model = DDP(model)`,
`model = torch.compile(model)`) keeps the same parameters and is never one; nor are
`load_state_dict` (in place) or `optimizer.add_param_group(...)`/a rebuilt optimizer after
the change.
"""

from __future__ import annotations

from gradfix import syntax as ast
from bisect import bisect_right
import copy
import re

from gradfix.analysis.assignments import Assignments, Binding, Scope, assigned_values, assignment_statements, assignments, built
from gradfix.analysis.facts import FunctionInfo, classify_constructor, count_binding
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.modules import (
    WRAPPERS,
    _timm_factory_module,
    contains,
    normalize,
    parameter_owners,
    prepared_again,
    related,
    wrapped_key,
)
from gradfix.analysis.names import (
    call_name,
    dotted,
    int_value,
    is_false,
    is_true,
    keyword,
    method_name,
    only_returned_call,
    positional,
    receiver,
)
from gradfix.patterns import lazily
from gradfix.records import dataclass
from gradfix.source import COMPOUND_KINDS, DEFINITION_KINDS, DEFINITIONS, FOR_LOOPS, FUNCTION_KINDS, FUNCTIONS, LOOPS, Source, encloses
from gradfix.walk import ast_walk, own_nodes


@dataclass(eq=False)
class StaleOptimizer:
    optimizer: str
    construction: Binding
    change: ast.stmt  # the statement that replaces or unfreezes
    node: ast.AST  # where to point
    module: str  # what was replaced or unfrozen
    kind: str  # "replaced" | "grown" | "sharded" | "unfrozen"


def _position(node: ast.AST) -> tuple[int, int]:
    return (node.lineno, node.col_offset)  # type: ignore[attr-defined]


def _params(call: ast.Call) -> ast.expr | None:
    args = positional(call)
    if args:
        return args[0]
    given = keyword(call, "params")
    return given.value if given is not None else None


def _optimizer_class(name: str) -> bool:
    return classify_constructor(name) == "optimizer" and (name.startswith("torch.optim.") or "." not in name)


def _called_class(call: ast.Call, qualify) -> str:  # type: ignore[no-untyped-def]
    """The qualified name a call builds: `torch.optim.SGD` for `optim.SGD(...)`, and
    `torch.optim.Optimizer` for `getattr(torch.optim, cfg["optim"])(...)` (one of torch's
    optimizer classes, which one a setting says)."""
    func = call.func
    if (
        func.__class__ is ast.Call and func.func.__class__ is ast.Name and func.func.id == "getattr"  # type: ignore[attr-defined]
        and len(func.args) == 2 and not func.keywords and qualify(dotted(func.args[0])) == "torch.optim"  # type: ignore[attr-defined]
    ):  # fmt: skip
        return "torch.optim.Optimizer"
    return qualify(call_name(call)) or ""


def stale_optimizers(model: ModuleModel) -> list[StaleOptimizer]:
    text = model.source.text
    if "optim" not in text.lower() and "Adam" not in text and "SGD" not in text:
        return []
    qualify = model.facts.imports.qualify
    if not built(model) and not _binds_optimizer(assignment_statements(model), qualify, ":=" in text, model):
        return []  # no optimizer is built and bound: the index would find none (most files)
    # (an index another rule built already answers that as well; the statements looked at
    # are shared with GF001's fix, which asks about assigned calls first)
    # the statement-level index (shared with other rules), not a walk over every node: only an
    # optimizer bound to a name can be stale
    index = assignments(model)
    out: list[StaleOptimizer] = []
    timm_factory = "create_optimizer" in text
    for key, bindings in list(index.by_key.items()):
        for binding in bindings:
            value = binding.value
            if not isinstance(value, ast.Call):
                if value is None and binding.statement.__class__ is ast.Assign:
                    # `model, opt = make()`: a function of the file returning the model and an
                    # optimizer over its parameters, unpacked
                    params = _unpacked_optimizer_params(binding, model)
                    if params is not None:
                        _stale_after(key, binding, params, index, model, out)
                continue
            # `opt = build_optimizer(model)` whose body returns `torch.optim.SGD(net.parameters())`
            params = _built_params(value, model)
            factory = False
            if params is None:
                # `opt = create_optimizer_v2(model, "sgd", lr=0.05)`: timm's factory, over the
                # parameters of the model it is given
                params = _timm_factory_module(value, model) if timm_factory else None
                factory = params is not None
            if params is None:
                if not _optimizer_class(_called_class(value, qualify)) and not _registry_optimizer(value, model):
                    continue
                params = _params(value)
            _stale_after(key, binding, params, index, model, out, factory)
    return out


def _stale_after(  # type: ignore[no-untyped-def]
    key: str, binding: Binding, params, index: Assignments, model: ModuleModel, out: list[StaleOptimizer], factory: bool = False
) -> None:
    """The changes after `binding` (of the optimizer `key`, built over `params`) that leave it
    over stale parameters: appended to `out`."""
    owners = parameter_owners(params, binding.scope, model, factory=factory)
    if not owners:
        moved = _moved_leaf(binding, params, index, model)
        if moved is not None and not _used_after(key, binding.scope, moved[0], model):
            moved = None
        if moved is not None and not any(o.optimizer == key and o.node is moved[1] for o in out):
            out.append(StaleOptimizer(key, binding, moved[0], moved[1], moved[2], "replaced"))
        return
    owners = owners | _one_object_aliases(owners, binding.scope, index)
    filtered = _filters_requires_grad(params, binding.scope, index, model)
    reported: set[int] = set()  # the subclasses' `__init__`s already reported: one finding each
    for change, node, module, kind, scope in _changes_and_continued(binding, owners, filtered, index, model):
        if id(scope) in reported or _holder_replaced(key, module, kind):
            continue
        if scope is binding.scope:
            if _repaired(key, binding, change, index, model) or not _used_after(key, binding.scope, change, model, binding.statement):
                continue
        elif _repaired(key, binding, change, index, model, scope) or not (
            _used_after(key, scope, change, model) or _used_after(key, binding.scope, change, model, binding.statement)
        ):
            continue
        if kind == "replaced" and _given_own_optimizer(module, change, scope, model):
            continue
        # (bound in two arms: one finding; `setattr(model, "fc", ...)` is read as a new
        # `model.fc` target each time it is looked at: the same place)
        if not any(o.optimizer == key and (o.node is node or _position(o.node) == _position(node)) for o in out):
            out.append(StaleOptimizer(key, binding, change, node, module, kind))
        if scope is binding.scope:
            break
        reported.add(id(scope))  # (and each other subclass that changes the model: its own finding)
    else:
        if not reported and not _changed_by_a_call(key, binding, owners, index, model, out):
            _changed_by_a_method(key, binding, owners, filtered, index, model, out)


def _unpacked_optimizer_params(binding: Binding, model: ModuleModel) -> ast.expr | None:
    """`model, opt = make(cfg)`, a function of the file every `return` of which is a tuple holding,
    at `opt`'s place, a torch optimizer over the parameters of the name it returns at another place
    (`m = Net(...)`; `o = torch.optim.SGD(m.parameters())`; `return m, o`): the optimizer's first
    argument with that name read as the caller's target at that place (`model.parameters()`).
    None otherwise: another length, a name bound twice in the function, anything else returned."""
    stmt = binding.statement
    target, call = stmt.targets[0], stmt.value  # type: ignore[attr-defined]
    if len(stmt.targets) != 1 or target.__class__ is not ast.Tuple or call.__class__ is not ast.Call:  # type: ignore[attr-defined]
        return None
    info = _unpacked_function(call, binding.scope, model)
    if info is None:
        return None
    returned = _returned_optimizers(info, model)
    elements = target.elts
    if returned is None or returned[0] != len(elements):
        return None
    place = next((i for i, e in enumerate(elements) if dotted(e) == binding.key), None)
    if place is None or place not in returned[1]:
        return None
    other, params, root, _ = returned[1][place]
    caller = elements[other]
    if dotted(caller) is None:
        return None

    class Substitute(ast.node_transformer()):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            return _read_copy(caller) if node.id == root else node

        def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
            # (`self.net` of a builder that keeps the model on `self` and returns it)
            return _read_copy(caller) if "." in root and dotted(node) == root else self.generic_visit(node)  # type: ignore[no-any-return]

    return Substitute().visit(copy.deepcopy(params))  # type: ignore[no-any-return]


def _read_copy(target: ast.expr) -> ast.expr:
    """A copy of an assignment target (`self.model`) to be read."""
    if target.__class__ is ast.Attribute:
        return ast.Attribute(value=_read_copy(target.value), attr=target.attr, ctx=ast.Load())  # type: ignore[attr-defined]
    return ast.Name(id=target.id, ctx=ast.Load())  # type: ignore[attr-defined]


def _unpacked_function(call: ast.Call, scope: ast.AST | None, model: ModuleModel, stmt: ast.stmt | None = None) -> FunctionInfo | None:
    """The function of the file a call unpacked into names runs: a plain function
    (`setup(cfg)`), or, in a method, a method of its own class called on `self` or `cls`
    (`self.build()`, `self.make(3)` of a `@staticmethod`, `cls.create()`) or a static or class
    method called on a class of the file (`Trainer.make(3)`) that no class of the file built on
    it overrides; None otherwise (a base class's method, another decorator). `scope`: the
    function the call is made in (None: the one around `stmt`, looked up only for a method of
    a class of the file)."""
    func = call.func
    facts = model.facts
    if func.__class__ is ast.Name:
        info = facts.module_functions.get(func.id)  # type: ignore[attr-defined]
        return info if info is not None and info.class_name is None else None
    if func.__class__ is not ast.Attribute or func.value.__class__ is not ast.Name or not facts.methods:  # type: ignore[attr-defined]
        return None
    holder = func.value.id  # type: ignore[attr-defined]
    if holder == "self" or holder == "cls":
        if not any(func.attr in methods for methods in facts.methods.values()):  # type: ignore[attr-defined]
            return None
        if scope is None:
            scope = stmt
            while scope is not None and scope.__class__ not in FUNCTION_KINDS:
                scope = facts.source.owner_of(scope)  # type: ignore[arg-type]
        owner = facts.source.owner_of(scope) if scope.__class__ in FUNCTION_KINDS else None  # type: ignore[arg-type]
        if owner.__class__ is not ast.ClassDef:
            return None
        owner_name = owner.name  # type: ignore[union-attr]
    else:
        owner_name = holder
    info = facts.methods.get(owner_name, {}).get(func.attr)  # type: ignore[attr-defined]
    if info is None and (holder == "self" or holder == "cls"):
        info = _base_method_of_the_file(facts, owner_name, func.attr, 0)  # type: ignore[attr-defined]
    if info is None:
        return None
    decorators = [dotted(d) for d in info.node.decorator_list]
    if decorators not in ([], ["staticmethod"], ["classmethod"]) or (not decorators and holder != "self"):
        return None
    from gradfix.analysis.loops import _derives

    if any(func.attr in methods and _derives(facts, other, owner_name) for other, methods in facts.methods.items()):  # type: ignore[attr-defined]
        return None  # a subclass of the file overrides it
    return info


def _base_method_of_the_file(facts, class_name: str, name: str, depth: int) -> FunctionInfo | None:  # type: ignore[no-untyped-def]
    """The method `self.name` of `class_name` runs when its class does not define it: the one
    a base class of the file defines, the bases searched in order (depth first, as the MRO of
    single inheritance goes), each base before it a class of the file or torch's `nn.Module`;
    None when a base gradfix cannot read comes first (it may define the method)."""
    node = facts.classes.get(class_name)
    if node is None or depth > 3:
        return None
    for base in node.bases:
        base_name = dotted(base)
        if base_name is not None and base_name in facts.classes and base_name != class_name:
            found = facts.methods.get(base_name, {}).get(name) or _base_method_of_the_file(facts, base_name, name, depth + 1)
            if found is not None:
                return found  # type: ignore[no-any-return]
            continue
        if base_name == "object" or (base_name is not None and facts.imports.qualify(base_name) == "torch.nn.Module"):
            continue
        return None
    return None


def _returned_optimizers(info: FunctionInfo, model: ModuleModel) -> tuple[int, dict[int, tuple[int, ast.expr, str, ast.expr | None]]] | None:
    """For a function of the file every `return` of which is a tuple of one length: that length
    and, for each place holding in every `return` a torch optimizer over the parameters of a name
    returned at another place, (that other place, the optimizer's first argument, the name, the
    value the function binds that name to: None for a parameter).
    Read once per function, and only for one whose text says `optim` and `parameters` (the
    optimizer's argument calls `.parameters()` or `.named_parameters()`: 18 of the 28 functions
    of perf5 read before say no `parameters`)."""
    cache = model.facts.__dict__.setdefault("_returned_optimizers", {})
    hit = cache.get(id(info.node))
    if hit is not None and hit[0] is info.node:
        return hit[1]  # type: ignore[no-any-return]
    text = model.source.segment(info.node)
    found = _read_returned_optimizers(info.node, model) if "optim" in text and "parameters" in text else None
    cache[id(info.node)] = (info.node, found)
    return found


def _read_returned_optimizers(function: ast.AST, model: ModuleModel) -> tuple[int, dict[int, tuple[int, ast.expr, str, ast.expr | None]]] | None:
    nodes = list(own_nodes(function))
    returns = [n for n in nodes if n.__class__ is ast.Return]
    if not returns or any(n.__class__ is ast.Yield or n.__class__ is ast.YieldFrom for n in nodes):
        return None
    length = len(returns[0].value.elts) if returns[0].value.__class__ is ast.Tuple else 0  # type: ignore[union-attr]
    if length < 2 or any(r.value.__class__ is not ast.Tuple or len(r.value.elts) != length for r in returns):  # type: ignore[union-attr]
        return None
    local: dict[str, list[ast.expr | None]] = {}
    for n in nodes:
        if n.__class__ is ast.Name and n.ctx.__class__ is ast.Store:  # type: ignore[attr-defined]
            local.setdefault(n.id, []).append(None)  # type: ignore[attr-defined]
        elif n.__class__ is ast.Assign and len(n.targets) == 1 and n.targets[0].__class__ is ast.Name:  # type: ignore[attr-defined]
            local.setdefault(n.targets[0].id, []).append(n.value)  # type: ignore[attr-defined]
    qualify = model.facts.imports.qualify
    places: dict[int, tuple[int, ast.expr, str, ast.expr | None]] = {}
    for place in range(length):
        found: tuple[int, ast.expr, str, ast.expr | None] | None = None
        for ret in returns:
            elts = ret.value.elts  # type: ignore[union-attr]
            optimizer = elts[place]
            if optimizer.__class__ is ast.Name:
                bound = [v for v in local.get(optimizer.id, []) if v is not None]  # type: ignore[attr-defined]
                optimizer = bound[0] if len(bound) == 1 and len(local[optimizer.id]) == 2 else None  # type: ignore[attr-defined]
            if optimizer.__class__ is not ast.Call or not (qualify(call_name(optimizer)) or "").startswith("torch.optim."):
                found = None
                break
            if not _optimizer_class(_called_class(optimizer, qualify)):  # type: ignore[arg-type]
                found = None
                break
            params = _params(optimizer)  # type: ignore[arg-type]
            roots = {
                root.id
                for n in ast_walk(params) if n.__class__ is ast.Call and method_name(n) in ("parameters", "named_parameters")
                for root in [_root(receiver(n))] if root is not None
            } if params is not None else set()  # fmt: skip
            root = roots.pop() if len(roots) == 1 else None
            if root == "self" and "self" not in local:
                # `self.net = Net()`; `return self.net, SGD(self.net.parameters())`: the model kept
                # on `self` and returned, the attribute bound once in the function at most
                root, built = _self_attribute_root(params, nodes)  # type: ignore[arg-type]
                other = next((i for i, e in enumerate(elts) if i != place and dotted(e) == root), None) if root is not None else None
                if root is None or other is None or (found is not None and (found[0] != other or found[2] != root)):
                    found = None
                    break
                found = (other, params, root, built)  # type: ignore[assignment]
                continue
            if root is None or (root in local and len([v for v in local[root] if v is not None]) != 1) or len(local.get(root, ())) > 2:
                found = None  # the model bound more than once in the function (or by a loop or a `with`)
                break
            other = next((i for i, e in enumerate(elts) if i != place and e.__class__ is ast.Name and e.id == root), None)
            if other is None or (found is not None and (found[0] != other or found[2] != root)):
                found = None
                break
            built = [v for v in local.get(root, ()) if v is not None]
            found = (other, params, root, built[0] if built else None)  # type: ignore[assignment]
        if found is not None:
            places[place] = found
    return (length, places) if places else None


def _self_attribute_root(params: ast.expr, nodes: list[ast.AST]) -> tuple[str | None, ast.expr | None]:
    """`self.net` when every `.parameters()` of an optimizer's argument is called on that one
    attribute of `self`, which the function (`nodes`: its own) binds at most once, by a plain
    assignment (`self.net = Net()`): the attribute and the value bound (None when unbound)."""
    keys = {
        dotted(receiver(n)) for n in ast_walk(params) if n.__class__ is ast.Call and method_name(n) in ("parameters", "named_parameters")
    }  # fmt: skip
    key = keys.pop() if len(keys) == 1 else None
    if key is None or key.count(".") != 1 or not key.startswith("self."):
        return None, None
    stores = [n for n in nodes if n.__class__ is ast.Attribute and n.ctx.__class__ is not ast.Load and dotted(n) == key]  # type: ignore[attr-defined]
    if len(stores) > 1 or (stores and (stores[0].lineno, stores[0].col_offset) > (params.lineno, params.col_offset)):  # type: ignore[attr-defined]
        return None, None  # (bound twice, or after the optimizer was built over the old value)
    if not stores:
        return key, None
    value = next((n.value for n in nodes if n.__class__ is ast.Assign and len(n.targets) == 1 and n.targets[0] is stores[0]), None)  # type: ignore[attr-defined]
    return (key, value) if value is not None else (None, None)


def _root(expr: ast.expr | None) -> ast.Name | None:
    """The name a dotted receiver starts at (`m` of `m.head`), when it is one."""
    if expr is None or dotted(expr) is None:
        return None
    while expr.__class__ is ast.Attribute:
        expr = expr.value  # type: ignore[attr-defined]
    return expr if expr.__class__ is ast.Name else None  # type: ignore[return-value]


def _one_object_aliases(owners: set[str], scope, index: Assignments) -> set[str]:  # type: ignore[no-untyped-def]
    """`net = model` in the scope, then `SGD(net.parameters())`: `model` too, when each of the
    two plain names has that one binding in the scope (neither may name another object later:
    `model[4] = ...` changes the module `net` is)."""
    found: set[str] = set()
    for owner in owners:
        if not owner.isidentifier():
            continue
        mine = [b for b in index.by_key.get(owner, ()) if b.scope is scope]
        if not mine:
            found |= _stored_parameter(owner, scope, index)
        if len(mine) != 1:
            continue
        value = mine[0].value
        if value.__class__ is ast.Name and mine[0].statement.__class__ is ast.Assign:  # `net = model`
            other = [b for b in index.by_key.get(value.id, ()) if b.scope is scope]  # type: ignore[union-attr]
            if len(other) == 1:
                found.add(value.id)  # type: ignore[union-attr]
    return found - owners


def _stored_parameter(name: str, scope, index: Assignments) -> set[str]:  # type: ignore[no-untyped-def]
    """`def __init__(self, backbone): self.backbone = backbone`, the parameter `name` never
    rebound in the method: `self.backbone` is the same module, when that statement is the one
    binding of `self.backbone` in the module, a statement of the method's own body before which
    the method names no `self.backbone` (`self.backbone.fc = nn.Linear(...)` after it changes
    the module `SGD(backbone.parameters())` is over)."""
    if scope.__class__ not in FUNCTIONS:
        return set()
    arguments = scope.args
    if name not in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
        return set()
    if not arguments.args or arguments.args[0].arg != "self" or index.class_of_scope.get(id(scope)) is None:
        return set()
    owner = index.class_of_scope.get(id(scope))
    found: set[str] = set()
    for at, stmt in enumerate(scope.body):
        if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or stmt.value.__class__ is not ast.Name or stmt.value.id != name:
            continue
        target = stmt.targets[0]
        if target.__class__ is ast.Attribute and target.value.__class__ is ast.Name and target.value.id == "self":
            key = "self." + target.attr
            if any(
                node.__class__ is ast.Attribute and node.attr == target.attr and node.value.__class__ is ast.Name and node.value.id == "self"
                for earlier in scope.body[:at] for node in ast_walk(earlier)
            ):  # fmt: skip
                continue  # `self.backbone` named before it holds the parameter: another object there
            bindings = index.by_key.get(key, ())
            if len(bindings) == 1 and bindings[0].statement is stmt and bindings[0].class_name == owner:
                found.add(key)
    return found


def _changed_by_a_call(
    key: str, binding: Binding, owners: set[str], index: Assignments, model: ModuleModel, out: list[StaleOptimizer]
) -> bool:
    """`opt = SGD(model.parameters())`, then `train(model, loader, opt)`, a function of the file
    whose body replaces or grows the module it is handed for `model` (`model[-1] =
    nn.Linear(16, 3)`) and steps the optimizer it is handed after that: the optimizer the call
    passes is stale there. Read when the call is a statement after the construction (`f(...)`,
    `x = f(...)`) of a function the module defines once at its top level, passing the plain
    names themselves, nothing rebinds either name in the caller's scope between the
    construction and the call, and the function binds neither parameter again. The finding
    (`out`) names the function's own name of the optimizer; True when one was added."""
    functions = model.facts.module_functions
    if not functions or not key.isidentifier():
        return False
    roots = {owner: owner.split(".", 1)[0].split("[", 1)[0] for owner in owners}
    found = False
    for stmt in _statements_after(binding, index, model):
        call = stmt.value if stmt.__class__ is ast.Expr or stmt.__class__ is ast.Assign else None  # type: ignore[attr-defined]
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)) or call.func.id not in functions:
            continue
        if not any(isinstance(a, ast.Name) and a.id == key for a in (*call.args, *(k.value for k in call.keywords))):
            continue
        info = functions[call.func.id]
        callee = info.node
        if info.class_name is not None or model.source.owner_of(callee) is not model.source.tree:
            continue
        if model.source.text.count(f"def {callee.name}(") != 1:
            continue
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            continue
        arguments = callee.args
        ordered = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
        by_keyword = {a.arg for a in (*arguments.args, *arguments.kwonlyargs)}
        passed = {name: _passed(call, ordered, by_keyword, name) for name in (*ordered, *(a.arg for a in arguments.kwonlyargs))}
        handed = [name for name, value in passed.items() if isinstance(value, ast.Name) and value.id == key]
        renamed = {
            name + owner[len(root):]: owner for owner, root in roots.items()
            for name, value in passed.items() if isinstance(value, ast.Name) and value.id == root
        }  # fmt: skip
        if len(handed) != 1 or not renamed:
            continue
        optimizer = handed[0]
        where = _position(stmt)
        names = {key, *roots.values()}
        if any(
            other is not binding and _position(binding.statement) < _position(other.statement) <= where
            for name in names for other in index.bindings(name, binding.scope)
        ):  # fmt: skip
            continue  # rebound between the construction and the call: another object is passed
        counts: dict[str, int] = {}
        for node in own_nodes(callee):
            count_binding(node, counts, {optimizer, *(n.split(".", 1)[0].split("[", 1)[0] for n in renamed)})
        if any(count != 2 for count in counts.values()) or (
            ("global" in model.source.text or "nonlocal" in model.source.text)
            and any(isinstance(n, (ast.Global, ast.Nonlocal)) for n in ast_walk(callee))
        ):
            continue  # (a parameter counts 2: bound again in the function, or declared global)
        listed, _, _ = _scope_statements(callee, index)
        statements = [s for s, _ in listed]
        for change, node, module, kind in _changes(binding, set(renamed), False, index, model, statements, callee):
            if kind == "unfrozen" or _holder_replaced(optimizer, module, kind):
                continue
            if _repaired(optimizer, binding, change, index, model, callee) or not _used_after(optimizer, callee, change, model):
                continue
            if kind == "replaced" and _given_own_optimizer(module, change, callee, model):
                continue
            if not any(o.optimizer == optimizer and _position(o.node) == _position(node) for o in out):
                out.append(StaleOptimizer(optimizer, binding, change, node, module, kind))
            found = True
            break
    return found


def _changed_by_a_method(  # type: ignore[no-untyped-def]
    key: str, binding: Binding, owners: set[str], filtered: bool, index: Assignments, model: ModuleModel, out: list[StaleOptimizer]
) -> bool:
    """`self.opt = SGD(self.model.parameters())` in a class's `__init__`, the one binding of that
    attribute in the file, and another method of the class that changes the module
    (`def new_head(self, n): self.model[2] = nn.Linear(16, n)`) and steps nothing: the
    optimizer is stale once that method is called on an instance (`t = Trainer()`,
    `t.new_head(3)`; not from `__init__`) by a statement followed, later in the same function or
    module, by a call on the same object of a method of the class that steps the optimizer
    (`t.fit(loader)`). The finding (`out`) points at the change; True when one was added."""
    scope = binding.scope
    if not (key.startswith("self.") and isinstance(scope, FUNCTIONS) and scope.name == "__init__"):
        return False
    owner = index.class_of_scope.get(id(scope))
    methods = model.facts.methods.get(owner) if owner is not None else None
    attribute = key[5:]
    if not methods or len(methods) < 3 or not attribute.isidentifier():
        return False
    source = model.source
    text = source.text
    if (
        text.count(f".{attribute} =") + text.count(f".{attribute}=") != 1 or f"{attribute}:" in text or "param_group" in text
    ) and not _bound_once_outside_other_classes(attribute, source.owner_of(scope), source):
        return False  # the optimizer's attribute bound again somewhere (or annotated), groups added: not read
    steppers = {name for name, info in methods.items() if name != "__init__" and (f"{key}.step(" in source.segment(info.node) or f"step({key}" in source.segment(info.node))}
    if not steppers:
        return False
    roots = {o for o in owners if o.startswith("self.")}
    for name, info in methods.items():
        if name == "__init__" or name in steppers or info.node.decorator_list:
            continue
        segment = source.segment(info.node)
        if not any(r in segment for r in roots) or "optim" in segment:
            continue
        called = _instance_calls_then_steps(name, steppers, owner, model)
        if called is None:
            continue
        listed, _, _ = _scope_statements(info.node, index)
        statements = [st for st, _ in listed]
        for change, node, module, kind in _changes(binding, owners, filtered, index, model, statements, info.node):
            if _holder_replaced(key, module, kind) or _repaired(key, binding, change, index, model, info.node):
                continue
            if kind == "replaced" and _given_own_optimizer(module, change, info.node, model):
                continue
            if not any(o.optimizer == key and _position(o.node) == _position(node) for o in out):
                out.append(StaleOptimizer(key, binding, change, node, module, kind))
            return True
    return False


_SELF_GROUPS = lazily(r"\bself\.\w+\.(?:add_param_group|param_groups)\b")


def _bound_once_outside_other_classes(attribute: str, owner: ast.AST | None, source: Source) -> bool:
    """The file-wide gate of `_changed_by_a_method` read per class: `.attribute` bound once, not
    annotated, no `param_group` written, in the file without the classes unrelated to `owner`
    by inheritance within the file (two trainer classes, one of which rebuilds its `self.opt`
    in `new_head`): the classes no other class holds, at the top level, under an `if` or `try`,
    or in a function (a class held by another is read as part of it; two classes of one name,
    or a held class inheriting from one of the file, are not read). An unrelated class is left out only when what it holds is its
    own: each binding of the attribute there is `self.attribute = ...`, each `param_group` is
    `self.<name>.add_param_group`/`.param_groups`."""
    if not isinstance(owner, ast.ClassDef):
        return False
    every = list(source.of_type(ast.ClassDef))
    if len(every) < 2 or len({n.name for n in every}) != len(every):  # type: ignore[attr-defined]
        return False  # (two classes of one name: which is which is not read)
    # the classes no other class holds (top-level, under an `if` or `try`, or in a function),
    # whose texts do not overlap; a class held by another is read with the one holding it
    spans = [(n.lineno, n.end_lineno or n.lineno, n) for n in every]  # type: ignore[attr-defined]
    inside: dict[str, str] = {}
    for start, end, node in spans:
        holders = [h for s, e, h in spans if h is not node and s <= start and end <= e]
        if holders:
            inside[node.name] = max(holders, key=lambda h: h.lineno).name  # type: ignore[attr-defined]
    classes = {n.name: n for n in every if n.name not in inside}  # type: ignore[attr-defined]
    if owner.name in inside or classes.get(owner.name) is not owner:
        return False
    bases = {
        name: {b.rsplit(".", 1)[-1] for b in (dotted(base) for base in node.bases) if b is not None} & classes.keys()
        for name, node in classes.items()
    }  # fmt: skip
    family = {owner.name}
    grown = True
    while grown:
        grown = False
        for name in classes.keys() - family:
            if bases[name] & family or any(name in bases[member] for member in family):
                family.add(name)
                grown = True
    if inside:
        names = {n.name for n in every}  # type: ignore[attr-defined]
        for node in every:
            if node.name in inside and {b.rsplit(".", 1)[-1] for b in (dotted(base) for base in node.bases) if b is not None} & names:  # type: ignore[attr-defined]
                return False  # (a held class inheriting from a class of the file: not read)
    text = source.text
    bound = text.count(f".{attribute} =") + text.count(f".{attribute}=")
    annotated = text.count(f"{attribute}:")
    groups = text.count("param_group")
    for name in classes.keys() - family:
        segment = source.segment(classes[name])
        here = segment.count(f".{attribute} =") + segment.count(f".{attribute}=")
        if here != segment.count(f"self.{attribute} =") + segment.count(f"self.{attribute}="):
            return False  # another object's attribute bound there (`trainer.opt = ...`)
        used = segment.count("param_group")
        if used != len(_SELF_GROUPS.findall(segment)):
            return False
        bound -= here
        annotated -= segment.count(f"{attribute}:")
        groups -= used
    return bound == 1 and annotated == 0 and groups == 0


def _instance_calls_then_steps(method: str, steppers: set[str], owner: str, model: ModuleModel) -> ast.Call | None:
    """A call `t.method(...)` on a name every binding of which in its scope (the module or a
    function) builds the class `owner` (`t = Trainer()`), followed later in that scope by
    `t.<stepper>(...)`, a method of the class that steps the optimizer."""
    source = model.source
    if f".{method}(" not in source.text:
        return None
    for scope in (source.tree, *(n for n in source.nodes if isinstance(n, FUNCTIONS))):
        nodes = list(own_nodes(scope))
        for node in nodes:
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method):
                continue
            recv = node.func.value
            if not isinstance(recv, ast.Name):
                continue
            assigns = [
                st for st in nodes
                if isinstance(st, ast.Assign) and any(isinstance(n, ast.Name) and n.id == recv.id for t in st.targets for n in ast_walk(t))
            ]  # fmt: skip
            if not assigns or not all(
                len(st.targets) == 1 and isinstance(st.targets[0], ast.Name)
                and isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Name) and st.value.func.id == owner
                for st in assigns
            ):  # fmt: skip
                continue  # `t` bound to something else than `Trainer(...)`
            where = _position(node)
            for later in nodes:
                if (
                    isinstance(later, ast.Call) and isinstance(later.func, ast.Attribute) and later.func.attr in steppers
                    and isinstance(later.func.value, ast.Name) and later.func.value.id == recv.id and _position(later) > where
                ):  # fmt: skip
                    return node
    return None


def _passed(call: ast.Call, ordered: list[str], by_keyword: set[str], name: str) -> ast.expr | None:
    """What a call (no `*args`, no `**kw`) passes for the parameter `name` (`ordered`: the
    positional ones; `by_keyword`: those a keyword may name); None when left out."""
    if name in ordered and ordered.index(name) < len(call.args):
        return call.args[ordered.index(name)]
    return next((k.value for k in call.keywords if k.arg == name), None) if name in by_keyword else None


def _holder_replaced(key: str, module: str, kind: str) -> bool:
    """The optimizer is an attribute of the module that is replaced (`model.optimizer =
    SGD(model.parameters())`, then `model = Net()`): the later `model.optimizer` is read from
    the new object -- its own optimizer, or an error -- never the stale one."""
    return kind == "replaced" and any(key.startswith(name + ".") for name in module.split(", "))


def _given_own_optimizer(module: str, change: ast.stmt, scope: Scope, model: ModuleModel) -> bool:
    """The new module is given an optimizer of its own after the change: `model.top_layer =
    nn.Linear(...)`, then `SGD(model.top_layer.parameters())` later in the scope, or in a
    function of the file called there with the model (`train(loader, model, ...)` building
    `SGD(model.top_layer.parameters())` over its parameter: DeepCluster's new head of each
    epoch). Its parameters train; the old optimizer keeps the rest."""
    if ", " in module:
        return False
    root, _, rest = module.partition(".")
    source = model.source
    qualify = model.facts.imports.qualify
    where = _position(change)

    def over(call: ast.Call, name: str) -> bool:
        if not _optimizer_class(_called_class(call, qualify)):
            return False
        params = _params(call)
        if isinstance(params, ast.Call) and call_name(params) == "filter" and len(params.args) == 2:
            params = params.args[1]  # `filter(lambda p: p.requires_grad, model.top_layer.parameters())`
        if not (isinstance(params, ast.Call) and method_name(params) == "parameters" and not params.args):
            return False
        recv = receiver(params)
        return recv is not None and dotted(recv) is not None and source.key(recv) == name

    def owned(within: ast.AST, name: str, after: tuple[int, int] | None) -> bool:
        # an optimizer over `name`'s parameters bound to a name that `within` steps:
        # `optimizer_tl = SGD(model.top_layer.parameters())` ... `optimizer_tl.step()`
        nodes = list(ast_walk(within))
        for stmt in nodes:
            if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) and len(stmt.targets) == 1):
                continue
            if (after is not None and _position(stmt) <= after) or dotted(stmt.targets[0]) is None or not over(stmt.value, name):
                continue
            bound = source.key(stmt.targets[0])
            for sub in nodes:
                recv = receiver(sub) if isinstance(sub, ast.Call) and method_name(sub) == "step" else None
                if recv is not None and dotted(recv) is not None and source.key(recv) == bound:
                    return True
        return False

    if owned(scope, module, where):
        return True
    for node in ast_walk(scope):
        if not isinstance(node, ast.Call) or _position(node) <= where:
            continue
        callee = model.facts.module_functions.get(call_name(node) or "")
        if callee is None or not isinstance(callee.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        names = [arg.arg for arg in callee.node.args.args]
        for i, arg in enumerate(node.args):
            if i < len(names) and isinstance(arg, ast.Name) and arg.id == root and owned(callee.node, names[i] + ("." + rest if rest else ""), None):
                return True
    return False


def _binds_optimizer(statements: list[ast.stmt], qualify, walrus: bool, builders: ModuleModel | None = None) -> bool:  # type: ignore[no-untyped-def]
    """Whether one of these assignments (`assignment_statements`: the module's, at any depth)
    may bind an optimizer construction as the assignment index records it: a call
    `_optimizer_class` accepts as an assigned value or inside an assigned tuple or list.
    Without a walrus (`walrus` False), only `=` and annotated assignments bind a value; with
    one, the index is asked."""
    if walrus:
        return True
    timm_factory = builders is not None and "create_optimizer" in builders.source.text
    for stmt in statements:
        values: list[ast.expr] = [stmt.value]  # type: ignore[attr-defined]
        while values:
            value = values.pop()
            if isinstance(value, (ast.Tuple, ast.List)):
                values.extend(value.elts)
            elif isinstance(value, ast.Call) and _optimizer_class(_called_class(value, qualify)):
                return True
            elif isinstance(value, ast.Call) and builders is not None and _built_params(value, builders) is not None:
                return True  # `opt = make_opt(model)`, a builder of the file or the project
            elif isinstance(value, ast.Call) and builders is not None and _registry_optimizer(value, builders):
                return True
            elif isinstance(value, ast.Call) and timm_factory and _timm_factory_module(value, builders) is not None:  # type: ignore[arg-type]
                return True  # `opt = create_optimizer_v2(model, "adamw")`
        if builders is not None and stmt.__class__ is ast.Assign and stmt.targets[0].__class__ is ast.Tuple and _unpacks_an_optimizer(stmt, builders):  # type: ignore[attr-defined]
            return True  # `model, opt = make()`
    return False


def _unpacks_an_optimizer(stmt: ast.stmt, model: ModuleModel) -> bool:
    """`a, b = f(...)` with `f` a function of the file that returns, at the place of one of the
    names, an optimizer over the parameters of a name it returns at another place."""
    call = stmt.value  # type: ignore[attr-defined]
    if len(stmt.targets) != 1 or call.__class__ is not ast.Call:  # type: ignore[attr-defined]
        return False
    info = _unpacked_function(call, None, model, stmt)
    if info is None:
        return False
    returned = _returned_optimizers(info, model)  # (the answer `_unpacked_optimizer_params` reads)
    elements = stmt.targets[0].elts  # type: ignore[attr-defined]
    if returned is None or returned[0] != len(elements):
        return False
    return any(dotted(elements[place]) is not None and dotted(elements[other]) is not None for place, (other, _, _, _) in returned[1].items())


def _registry_optimizer(call: ast.Call, model: ModuleModel) -> bool:
    """`OPTIMIZERS["sgd"](model.parameters(), lr=...)`: an entry of a registry of torch's
    optimizer classes (`registry_classes`), called over its parameters."""
    func = call.func
    if func.__class__ is not ast.Subscript and func.__class__ is not ast.Call:
        return False
    return bool(registry_classes(call, model, "optimizer"))


def _builder(call: ast.Call, model: ModuleModel):  # type: ignore[no-untyped-def]
    """The function a call names, of this file (`build_optimizer(model)`) or of another module of
    the project (`make_optimizer(cfg, model)` imported, or `optim.build(model)`), if any."""
    facts = model.facts
    func = call.func
    if isinstance(func, ast.Name):
        info = facts.module_functions.get(func.id)
        if info is not None:
            return info if info.class_name is None else None
        if facts.project is None or func.id not in facts.imports.aliases:
            return None
        qualified = facts.imports.qualify(func.id)
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and facts.project is not None:
        if func.value.id not in facts.imports.aliases:
            return None
        qualified = facts.imports.qualify(f"{func.value.id}.{func.attr}")
    else:
        return None
    if not qualified or qualified.startswith("torch"):
        return None
    project, importer = facts.project, model.source.path or None
    info = project.function(qualified, importer)
    module_name, _, name = qualified.rpartition(".")
    if info is None and module_name and not module_name.endswith("."):
        # a module of builders that says no gradient word (`torch.optim.SGD(m.parameters())` only)
        path = project.module_file(module_name, importer)
        module = project.module(path, any_bytes=True) if path is not None else None
        info = module.facts.module_functions.get(name) if module is not None else None
    return info if info is not None and info.class_name is None else None


def _built_params(call: ast.Call, model: ModuleModel) -> ast.expr | None:
    """A call of a builder that surely returns a torch optimizer built over the parameters of one
    of its own parameters (`def build_optimizer(net, lr): return torch.optim.SGD(net.parameters(), lr=lr)`,
    or a name bound once to one and returned): that optimizer's first argument, with the builder's
    parameter read as the module the call passes for it (`model.parameters()`). None otherwise:
    any return of something else, an argument that is not a plain name, parameters of a module
    the builder makes or reads elsewhere."""
    found = built_optimizer(call, model)
    return found[1] if found is not None else None


def built_optimizer(call: ast.Call, model: ModuleModel, method: FunctionInfo | None = None) -> tuple[list[str], ast.expr] | None:
    """`_built_params`, with the qualified torch optimizer classes the builder returns (one per
    `return`): `(["torch.optim.SGD"], model.parameters())` for `opt = build_optimizer(model)`.
    `method`: the builder is that method of the caller's class (`self.make_optimizer(self.D)`),
    whose `self` the call does not pass."""
    cache = model.facts.__dict__.setdefault("_optimizer_builders", {})
    if not call.keywords and not call.args:
        return None
    said = method is not None or "opt" in (call_name(call) or "").rsplit(".", 1)[-1].lower() or _of_an_optimizer_module(call, model)
    if said:
        info = method if method is not None else _builder(call, model)
    elif call.func.__class__ is ast.Name:
        # `opt = build(model)` (also `@once def build(model)`): a function of this file, whatever
        # its name, is read when its text says `optim` (once per function)
        info = model.facts.module_functions.get(call.func.id)  # type: ignore[attr-defined]
        if info is not None and info.class_name is not None:
            info = None
    else:
        return None  # only a call named like it (`build_optimizer`, `make_opt`) is looked up: the
        # lookup reads (and may parse) another module for every call of the file
    if info is None:
        return None
    key = id(info.node)
    if key not in cache or cache[key][0] is not info.node:
        if said or _returns_an_optimizer_last(info.node, model):
            cache[key] = (info.node, _builder_params(info, model))  # (the node kept: its id stays its own)
        else:
            cache[key] = (info.node, None)
    found = cache[key][1]
    if found is None:
        return None
    name, exprs, classes = found
    position = info.params.index(name)
    if method is not None:
        if position == 0:
            return None  # over the parameters of `self` itself: not what the call hands it
        position -= 1
    argument = next((k.value for k in call.keywords if k.arg == name), None)
    if argument is None:
        args = call.args
        if any(isinstance(a, ast.Starred) for a in args[: position + 1]) or position >= len(args):
            return None
        if position >= len(info.node.args.posonlyargs) + len(info.node.args.args) - (method is not None):
            return None  # keyword-only
        argument = args[position]
    if dotted(argument) is None and not all(e.__class__ is ast.Name and e.id == name for e in exprs):  # type: ignore[attr-defined]
        return None  # (but `build(list(a.parameters()) + list(b.parameters()))` of `def build(params)`)

    class Substitute(ast.node_transformer()):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            return argument if node.id == name else node  # type: ignore[return-value]

    copies = [Substitute().visit(copy.deepcopy(e)) for e in exprs]
    return classes, (copies[0] if len(copies) == 1 else ast.List(elts=copies, ctx=ast.Load()))


_OPTIMIZER_WORD = lazily(r"optim|SGD|Adam|RMSprop|Adagrad|Lion|LAMB|LARS", re.I)


def _returns_an_optimizer_last(node: ast.AST, model: ModuleModel) -> bool:
    """The function's last statement returns a call that says an optimizer (`return
    torch.optim.SGD(net.parameters())`) or a name that does (`return opt`): a builder whatever
    its own name, read by `_builder_params` (a cheap look, no walk of the body)."""
    last = node.body[-1]  # type: ignore[attr-defined]
    if last.__class__ is not ast.Return or last.value is None:  # type: ignore[attr-defined]
        return False
    value = last.value  # type: ignore[attr-defined]
    if value.__class__ is ast.Name:
        return "opt" in value.id.lower()  # type: ignore[attr-defined]
    return value.__class__ is ast.Call and _OPTIMIZER_WORD.search(model.source.segment(value)) is not None


def _of_an_optimizer_module(call: ast.Call, model: ModuleModel) -> bool:
    """`O.build(...)` with `O` a module of the project named like optimizers (`from . import
    optim as O`, `import optimizers`): a builder named after its module."""
    func = call.func
    if func.__class__ is not ast.Attribute or func.value.__class__ is not ast.Name or model.facts.project is None:  # type: ignore[attr-defined]
        return False
    modules = model.facts.__dict__.get("_optimizer_modules")
    if modules is None:
        modules = model.facts.__dict__["_optimizer_modules"] = {
            name for name, qualified in model.facts.imports.aliases.items()
            if not qualified.startswith("torch") and "opt" in qualified.rsplit(".", 1)[-1].lower()
        }  # fmt: skip
    return func.value.id in modules  # type: ignore[attr-defined]


def _builder_params(info, model: ModuleModel) -> tuple[str, list[ast.expr], list[str]] | None:  # type: ignore[no-untyped-def]
    """(the builder parameter, the params expression of each optimizer it returns, its qualified
    class), when every return of the builder is a torch optimizer over that parameter's
    parameters."""
    node = info.node
    facts = info.facts if info.facts is not None else model.facts
    qualify = facts.imports.qualify
    nodes = list(own_nodes(node))
    returns = [n for n in nodes if isinstance(n, ast.Return)]
    if not returns or any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in nodes):
        return None
    local: dict[str, list[ast.expr]] = {}  # names bound in the builder: their values
    for n in nodes:
        if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            for target in targets:
                for t in ast_walk(target):
                    if isinstance(t, ast.Name):
                        local.setdefault(t.id, []).append(n.value if isinstance(n, ast.Assign) and t is target else None)  # type: ignore[arg-type]
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.NamedExpr, ast.Global, ast.Nonlocal)):
            for t in ast_walk(n.target if isinstance(n, (ast.For, ast.AsyncFor, ast.NamedExpr)) else n):
                if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store):
                    local.setdefault(t.id, []).append(None)  # type: ignore[arg-type]

    def once(name: str) -> ast.expr | None:
        values = local.get(name, [])
        return values[0] if len(values) == 1 else None

    chosen: str | None = None
    exprs: list[ast.expr] = []
    classes: list[str] = []
    for ret in returns:
        value = ret.value
        if isinstance(value, ast.Name):
            value = once(value.id)  # `opt = torch.optim.AdamW(...)`, then `return opt`
        if not isinstance(value, ast.Call):
            return None
        table = None
        if value.func.__class__ is not ast.Name and value.func.__class__ is not ast.Attribute and facts is model.facts:
            # `return OPTIMIZERS[cfg.optim](model.parameters(), **cfg.optim_args)`: a registry of
            # the builder's own module whose entries are statically known, each entry's class
            table = registry_classes(value, model, "optimizer")
            if not table:
                return None
        elif not (qualify(call_name(value)) or "").startswith("torch.optim."):
            return None  # a torch optimizer, surely
        elif not _optimizer_class(_called_class(value, qualify)):
            return None
        params = _params(value)
        if isinstance(params, ast.Name) and params.id not in info.params:
            params = once(params.id)  # `params = [p for p in m.parameters() if p.requires_grad]`
        if params is None:
            return None
        if isinstance(params, ast.Name) and params.id not in local:
            # `def build(params, lr): return torch.optim.SGD(params, lr=lr)`: over what the call
            # hands that parameter, whole
            if chosen is not None and chosen != params.id:
                return None
            chosen = params.id
            exprs.append(params)
            classes.extend(table or [qualify(call_name(value)) or ""])
            continue
        roots = set()
        for n in ast_walk(params):
            if isinstance(n, ast.Call) and method_name(n) in ("parameters", "named_parameters"):
                recv = receiver(n)
                root = recv
                while isinstance(root, ast.Attribute):
                    root = root.value
                if recv is None or dotted(recv) is None or not isinstance(root, ast.Name):
                    return None
                roots.add(root.id)
        if len(roots) != 1:
            return None
        root_name = roots.pop()
        if root_name not in info.params or root_name in local or (chosen is not None and chosen != root_name):
            return None
        chosen = root_name
        exprs.append(params)
        classes.extend(table or [qualify(call_name(value)) or ""])
    return (chosen, exprs, classes) if chosen is not None else None


def _filters_requires_grad(params: ast.expr | None, scope: Scope, index: Assignments, model: ModuleModel) -> bool:
    if params is None:
        return False
    exprs = [params]
    if isinstance(params, (ast.Name, ast.Attribute)):
        exprs += [v for v in index.values(model.source.key(params), scope) if v is not None]
    return any(isinstance(n, ast.Attribute) and n.attr == "requires_grad" for e in exprs for n in ast_walk(e))


def _statements_after(binding: Binding, index: Assignments, model: ModuleModel) -> list[ast.stmt]:
    """Simple statements of the construction's scope that start after it, but for those in
    another arm of an `if` (or `match`) that holds the construction in one of its arms: the
    two never both run (`if train: model = ...; opt = ...` / `else: model = ...`)."""
    listed, positions, paths = _scope_statements(binding.scope, index)
    found = listed[bisect_right(positions, _position(binding.statement)) :]
    arms = paths.get(id(binding.statement))  # the construction's: (id of an `if`, arm) pairs
    if arms:
        taken = dict(arms)
        found = [(stmt, path) for stmt, path in found if all(taken.get(key, arm) == arm for key, arm in path)]
    return [stmt for stmt, _ in found]


_Path = tuple[tuple[int, int], ...]


def _scope_statements(
    scope: ast.AST, index: Assignments
) -> tuple[list[tuple[ast.stmt, _Path]], list[tuple[int, int]], dict[int, _Path]]:
    """The simple statements of a scope (nested definitions left out) with the arms of the
    `if`s and `match`es they sit in, in the order of their positions, and the arms of every
    statement of the scope by id: gathered once per scope (kept beside the assignment index),
    not once per construction asked about."""
    kept: dict[int, tuple] = index.__dict__.setdefault("_gradfix_scope_statements", {})  # type: ignore[type-arg]
    known = kept.get(id(scope))
    if known is not None and known[0] is scope:
        return known[1], known[2], known[3]
    body = scope.body if isinstance(scope, _SCOPES) else []  # type: ignore[attr-defined]
    found: list[tuple[ast.stmt, _Path]] = []
    paths: dict[int, _Path] = {}
    stack: list[tuple[ast.stmt, _Path]] = [(stmt, ()) for stmt in body]
    while stack:
        stmt, path = stack.pop()
        paths[id(stmt)] = path
        shape = stmt.__class__  # (`is`/`in` on the class, not `isinstance`: `source.COMPOUND_KINDS`)
        if shape in DEFINITION_KINDS:
            continue
        if shape is ast.If:
            stack.extend((s, (*path, (id(stmt), 0))) for s in stmt.body)  # type: ignore[attr-defined]
            stack.extend((s, (*path, (id(stmt), 1))) for s in stmt.orelse)  # type: ignore[attr-defined]
        elif shape in COMPOUND_KINDS:  # only these hold statements
            for name in ("body", "orelse", "finalbody"):
                stack.extend((s, path) for s in getattr(stmt, name, []) or [])
            for handler in getattr(stmt, "handlers", []) or []:
                stack.extend((s, path) for s in handler.body)
            for number, case in enumerate(getattr(stmt, "cases", []) or []):
                stack.extend((s, (*path, (id(stmt), number))) for s in case.body)
        if shape not in _NOT_LISTED_KINDS:
            found.append((stmt, path))
    found.sort(key=lambda pair: _position(pair[0]))  # (stable: as the statements were found, at one position)
    positions = [_position(stmt) for stmt, _ in found]
    kept[id(scope)] = (scope, found, positions, paths)
    return found, positions, paths


_SCOPES = (ast.Module, *FUNCTIONS)
_NOT_LISTED = (ast.If, *LOOPS, ast.With, ast.AsyncWith, ast.Try)
_NOT_LISTED_KINDS = frozenset(_NOT_LISTED)


def _mentions(expr: ast.AST, module: str, model: ModuleModel) -> bool:
    """The new value is built from the old module (or what holds it), so it may well keep
    its parameters: `model.to(device)`, `DDP(model)`, `torch.compile(model)`,
    `get_peft_model(model, config)`. Reading an attribute of it (`model.fc.in_features`)
    does not count."""
    target = normalize(module)

    def keeps(key: str) -> bool:
        norm = normalize(key)
        return norm == target or target.startswith(norm + ".") or target.startswith(norm + "[")

    inner = wrapped_key(expr, model.source.key) if isinstance(expr, (ast.Call, ast.Name, ast.Attribute)) else None
    if inner is not None and keeps(inner):
        return True
    if isinstance(expr, ast.Call):
        for arg in [*expr.args, *[k.value for k in expr.keywords]]:
            if isinstance(arg, ast.Starred):
                arg = arg.value
            while isinstance(arg, ast.Subscript) and isinstance(arg.slice, ast.Slice):
                # `*list(model.classifier.children())[:-1]`, `model.features[:4]`: old submodules
                arg = arg.value
            if _module_key(arg) and keeps(model.source.key(arg)):  # also `model[2]`
                return True
            if isinstance(arg, ast.Call) and _mentions(arg, module, model):
                return True
            if isinstance(arg, ast.IfExp) and all(
                (_module_key(branch) and keeps(model.source.key(branch)))
                or (isinstance(branch, ast.Call) and _mentions(branch, module, model))
                for branch in (arg.body, arg.orelse)
            ):
                return True  # `DDP(model if on_gpu else model.cuda())`: the old module either way
        recv = receiver(expr)
        if recv is not None and not isinstance(recv, ast.Call) and _module_key(recv) and keeps(model.source.key(recv)):
            return True
        if isinstance(recv, ast.Call) and _mentions(recv, module, model):
            return True
    return False


def _changes_and_continued(binding: Binding, owners: set[str], filtered: bool, index: Assignments, model: ModuleModel):  # type: ignore[no-untyped-def]
    """The changes after the construction in its scope, then those in the `__init__` of each
    subclass of the file that runs it through `super().__init__(...)`, after that call (each with
    the scope it is in)."""
    for found in _changes(binding, owners, filtered, index, model):
        yield (*found, binding.scope)
    for init, statements in _continuations(binding, index, model):
        for found in _changes(binding, owners, filtered, index, model, statements, init):
            yield (*found, init)


def _continuations(binding: Binding, index: Assignments, model: ModuleModel) -> list[tuple[ast.AST, list[ast.stmt]]]:
    """`self.opt = SGD(self.model.parameters())` in the `__init__` of a class of the file: for
    each class of the file whose `__init__` calls `super().__init__(...)` as a statement of its
    own body and whose next `__init__` (its bases read left to right: classes of the file, or
    `object`/`ABC`) is that one, or one of these in turn, the `__init__` and its simple
    statements after the call. What they change, they change after the construction, on the
    same object."""
    scope = binding.scope
    if not (binding.key.startswith("self.") and isinstance(scope, FUNCTIONS) and scope.name == "__init__"):
        return []
    owner = index.class_of_scope.get(id(scope))
    if owner is None:
        return []
    found: list[tuple[ast.AST, list[ast.stmt]]] = []
    methods = model.facts.methods
    reached = [owner]  # the classes whose `__init__` runs the construction (a subclass's, through its call)
    for above in reached:
        for name, bases in index.class_bases.items():
            if not bases or name in reached or not index.derives_from(name, above):
                continue
            info = methods.get(name, {}).get("__init__")
            if info is None or _next_init(name, index, methods) != above:
                continue
            init = info.node
            calls = [stmt for stmt in init.body if _calls_super_init(stmt, above)]
            if len(calls) != 1:
                continue
            listed, positions, _ = _scope_statements(init, index)
            after = [stmt for stmt, _ in listed[bisect_right(positions, _position(calls[0])) :]]
            found.append((init, after))
            reached.append(name)
    return found


def _next_init(name: str, index: Assignments, methods) -> str | None:  # type: ignore[no-untyped-def]
    """The class whose `__init__` `super().__init__()` in the class `name` runs: the first of its
    bases, read left to right and depth first, that defines one; None when a base is not of the
    file (but `object`, `ABC`) or one is met twice."""
    seen: set[str] = set()
    todo = list(reversed(index.class_bases.get(name) or []))
    while todo:
        base = dotted(todo.pop())
        if base in ("object", "ABC", "abc.ABC"):
            continue
        if base is None or base not in index.class_bases or base in seen or index.class_bases[base] is None:
            return None
        seen.add(base)
        if "__init__" in methods.get(base, {}):
            return base
        todo.extend(reversed(index.class_bases[base] or []))
    return None


def _calls_super_init(stmt: ast.stmt, owner: str) -> bool:
    """`super().__init__(...)`, `super(Cls, self).__init__(...)` or `Owner.__init__(self, ...)`
    written as a statement."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "__init__"):
        return False
    on = call.func.value
    return (isinstance(on, ast.Call) and isinstance(on.func, ast.Name) and on.func.id == "super") or (
        isinstance(on, ast.Name) and on.id == owner
    )


def _changes(  # type: ignore[no-untyped-def]
    binding: Binding, owners: set[str], filtered: bool, index: Assignments, model: ModuleModel,
    statements: list[ast.stmt] | None = None, scope: Scope | None = None,
):
    source = model.source
    # both ways of unfreezing write `requires_grad` (a name spelled with other characters that
    # Python folds to it, NFKC, needs non-ASCII text)
    unfreezes = "requires_grad" in source.text or not source.text.isascii()
    scope = binding.scope if scope is None else scope
    roots = _owner_roots(owners) if source.text.isascii() else None
    segment = source.segment
    for stmt in _statements_after(binding, index, model) if statements is None else statements:
        if roots is not None:
            text = segment(stmt)
            if not any(root in text for root in roots) and not (unfreezes and ("requires_grad" in text or "setattr" in text)):
                continue  # (`_owner_roots`: nothing below can find a change of the owners in it)
        shape = stmt.__class__  # (`is` on the class, not `isinstance`: no node class is subclassed)
        # reparametrized: `weight_norm(model.fc)` swaps `fc.weight` for two new parameters
        reparametrized = _weight_normed(stmt, model) if shape is ast.Assign or shape is ast.Expr else None  # type: ignore[arg-type]
        if reparametrized is not None:
            key = reparametrized[1]
            if any(related(key, owner) for owner in owners):
                yield stmt, reparametrized[0], f"{key}.{reparametrized[2]}", "replaced"
                continue
        # replaced: `model.fc = nn.Linear(...)`, `model = Net()`
        replacing = _setattr_as_assignment(stmt) if shape is ast.Expr else None  # (only an `Expr` is one)
        if shape is ast.Assign or shape is ast.AnnAssign or replacing is not None:
            if replacing is not None:
                targets, value = replacing  # `setattr(model, "head", nn.Linear(...))`
            else:
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]  # type: ignore[union-attr]
                value = stmt.value  # type: ignore[union-attr]
            for target in targets:
                if isinstance(target, (ast.Tuple, ast.List)) and _loads(value, model):
                    # `generator, discriminator = torch.load(path)`: every module named is replaced
                    # (several of the optimizer's: one change naming them all, at the tuple)
                    replaced = [
                        (element, source.key(element)) for element in target.elts
                        if isinstance(element, ast.Name) and any(normalize(source.key(element)) == normalize(owner) for owner in owners)
                    ]  # fmt: skip
                    if len(replaced) == 1:
                        yield stmt, replaced[0][0], replaced[0][1], "replaced"
                    elif replaced:
                        yield stmt, target, ", ".join(key for _, key in replaced), "replaced"
                    continue
                indexed = (  # `model[2] = nn.Linear(...)`: a submodule of a Sequential, by position
                    isinstance(target, ast.Subscript)
                    and dotted(target.value) is not None
                    and (
                        (isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, (int, str)))
                        or (  # `model[-1] = nn.Linear(...)`
                            isinstance(target.slice, ast.UnaryOp)
                            and isinstance(target.slice.op, ast.USub)
                            and int_value(target.slice.operand) is not None
                        )
                    )
                )
                if (
                    isinstance(target, ast.Attribute) and target.attr in ("weight", "bias") and isinstance(value, ast.Call)
                    and (model.facts.imports.qualify(call_name(value)) or "") in ("torch.nn.Parameter", "torch.nn.parameter.Parameter")
                ):
                    # `model[0].weight = nn.Parameter(pruned)`: a new tensor the optimizer does not hold
                    key = source.key(target)
                    if any(related(key, owner) for owner in owners):
                        yield stmt, target, key, "replaced"
                    continue
                if not (indexed or (isinstance(target, (ast.Name, ast.Attribute)) and dotted(target) is not None)) or value is None:
                    continue
                key = getattr(target, "_key", None) or source.key(target)
                if key.endswith(".weight") or key.endswith(".bias"):
                    continue
                if key.endswith(".requires_grad") or key.endswith(".data"):
                    continue
                if not any(related(key, owner) for owner in owners):
                    continue
                if _shards(value, key, model):
                    yield stmt, target, key, "sharded"  # `model = FSDP(model)`: flat parameters of its own
                    continue
                if _copies(value, key, model) or _leaf_moved(value, key, model):
                    yield stmt, target, key, "replaced"  # `model = copy.deepcopy(model)`: new parameters
                    continue
                if _mentions(value, key, model):
                    if _adds_parameters(value, key, model):
                        yield stmt, target, key, "grown"  # `model = nn.Sequential(model, nn.Linear(5, 3))`
                    continue
                unpacked = _unpacked_submodules(value, key, stmt, index, model)
                if unpacked is not None:
                    if unpacked:
                        yield stmt, target, key, "grown"  # `layers.append(nn.Linear(8, 3))`, then `nn.Sequential(*layers)`
                    continue
                # `nn.Linear(16, 3).to(device)`, `torch.compile(Net())`: the new module itself
                value = _peeled(value, model)
                if isinstance(value, ast.Subscript):
                    # `net = checkpoint["model"]` with `checkpoint = torch.load(path)`: a whole
                    # pickled model (only the model itself: `model.tau = ckpt["tau"]` is a setting)
                    if any(normalize(key) == normalize(owner) for owner in owners) and _loaded(value, model):
                        yield stmt, target, key, "replaced"
                    continue
                if not isinstance(value, (ast.Call, ast.Name, ast.Attribute)):
                    continue
                if isinstance(value, ast.Call) and not builds_module(value, model):
                    continue
                if not isinstance(value, ast.Call) and not _may_hold_module(value, model, scope):
                    continue  # `model.temperature = args.temperature`, `model.scale = SCALE`
                if isinstance(value, ast.Attribute) and _may_hold_old(value, key, model):
                    continue  # `m = Masker(net)` or `m.model = net`, then `net = m.model`
                if isinstance(value, ast.Name) and _put_back(value, key, model):
                    continue  # `codec = model.codec; model.codec = None; ...; model.codec = codec`
                if isinstance(value, ast.Attribute) and _unwraps(value, model):
                    continue  # `model = DDP(model)`, then `model_without_ddp = model.module`
                if dotted(value) is not None and any(normalize(source.key(value)) == normalize(o) for o in owners):
                    continue  # `net.weigher = weigher` with `weigher.parameters()` in the optimizer already
                yield stmt, target, key, "replaced"
        # sharded in place: `fully_shard(model)` (FSDP2) swaps the parameters for sharded ones
        if shape is ast.Expr and isinstance(stmt.value, ast.Call) and stmt.value.args:  # type: ignore[attr-defined]
            first = stmt.value.args[0]
            if dotted(first) is not None and _shards(stmt.value, source.key(first), model):
                key = source.key(first)
                if any(related(key, owner) for owner in owners):
                    yield stmt, stmt.value, key, "sharded"
                    continue
        # grown: `model.add_module("head", nn.Linear(...))`, `layers.append(nn.Linear(...))`
        if shape is ast.Expr and isinstance(stmt.value, ast.Call) and method_name(stmt.value) in _GROWING:  # type: ignore[attr-defined]
            recv = receiver(stmt.value)
            if (
                recv is not None and dotted(recv) is not None
                and any(related(source.key(recv), owner) for owner in owners)
                and any(isinstance(arg, ast.Call) and builds_module(arg, model) for arg in stmt.value.args)
            ):
                yield stmt, recv, source.key(recv), "grown"
                continue
        # replaced by a method of the model's class: `model.reset_classifier(2)` whose body
        # assigns `self.head = nn.Linear(...)`
        call = stmt.value if shape is ast.Expr else None  # type: ignore[attr-defined]
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr not in _NOT_REPLACING:
            recv = call.func.value
            if dotted(recv) is not None and any(normalize(source.key(recv)) == normalize(owner) for owner in owners):
                attribute = _replacing_method(source.key(recv), call.func.attr, model, stmt)
                if attribute == "get_classifier()" and _no_classes(call):
                    attribute = None  # `reset_classifier(0)`: an `nn.Identity`, no new parameters
                if attribute is not None:
                    yield stmt, call, f"{source.key(recv)}.{attribute}", "replaced"
                    continue
        # unfrozen: `p.requires_grad = True` over `X.parameters()`, `X.requires_grad_(True)`
        unfrozen = _unfrozen(stmt, source) if unfreezes else None
        if unfrozen is None:
            continue
        module, node = unfrozen
        inside = [owner for owner in owners if contains(owner, module)]
        if inside and not filtered:
            continue  # the optimizer holds them: unfreezing is enough
        if not inside and not any(_same_model(module, owner) for owner in owners):
            continue  # another model's parameters
        if not _frozen_before(module, binding, model):
            continue
        yield stmt, node, module, "unfrozen"


def _owner_roots(owners: set[str]) -> list[str] | None:
    """The names the owners' keys start with (`model` of `model.fc`, `self` of `self.net`), for
    a gate on the statements `_changes` reads of an ASCII module: every change it finds
    relates a key of the statement's own expressions to an owner (`related`, `contains`,
    `_same_model` or equal after `normalize`, which keep the name a key starts with) -- a
    target, a receiver, a call's first argument, an unpacked name, each a dotted name or an
    index of one, whose first name is written in the statement -- but for an unfreezing
    read through the loop around it (`for p in model.parameters(): p.requires_grad = True`,
    `p.requires_grad_()`, `setattr(p, "requires_grad", True)`), which says `requires_grad`
    or `setattr`. A statement whose text says none of these names, and neither word when the
    module can unfreeze, is passed over (it would give nothing). None (no gate) when an owner
    does not start with a name."""
    roots = []
    for owner in owners:
        end = 0
        while end < len(owner) and (owner[end] == "_" or owner[end].isalnum()):
            end += 1
        if not end:
            return None
        roots.append(owner[:end])
    return roots


# methods of a module that never replace its submodules (not looked up in its class)
_NOT_REPLACING = frozenset({
    "to", "cuda", "cpu", "double", "float", "half", "bfloat16", "type", "train", "eval", "zero_grad", "apply",
    "load_state_dict", "requires_grad_", "parameters", "named_parameters", "state_dict", "register_buffer",
    "register_forward_hook", "register_forward_pre_hook", "register_full_backward_hook", "forward", "share_memory",
})  # fmt: skip


def _no_classes(call: ast.Call) -> bool:
    """timm's `reset_classifier(0)` (or `num_classes=0`): the head becomes an `nn.Identity`."""
    given = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "num_classes"), None)
    return given is None or (isinstance(given, ast.Constant) and given.value == 0)


def _replacing_method(key: str, method: str, model: ModuleModel, stmt: ast.stmt | None = None) -> str | None:
    """`key` is bound only to objects of one module class of this file or of the project, and
    that class's own `method` assigns a newly built module to an attribute of `self`
    (`def reset_classifier(self, n): self.head = nn.Linear(8, n)`): that attribute. Also a
    parameter of the function holding `stmt` that every call of it hands a timm model
    (`def finetune(net, n)` called as `finetune(timm.create_model(...), 10)`), for
    `reset_classifier`."""
    cache = model.__dict__.setdefault("_replacing_methods", {})  # (one scan of the assignments per key and method)
    if (key, method) in cache:
        return cache[(key, method)]  # type: ignore[no-any-return]
    cache[(key, method)] = None
    classes = set()
    values = assigned_values(model, key) or _unpacked_models(key, model)
    if not values and method == "reset_classifier" and stmt is not None:
        del cache[(key, method)]  # (answered per function: each has its own callers)
        return "get_classifier()" if _handed_a_timm_model(key, stmt, model) else None
    for value in values:
        if not isinstance(value, ast.Call):
            return None
        classes.add(call_name(value) or "")
    if len(classes) != 1:
        return None
    name = classes.pop()
    facts = model.facts
    if method == "reset_classifier" and facts.imports.qualify(name) in _TIMM_CREATE_MODEL:
        # a timm model (`timm.create_model(...)`): every model's `reset_classifier(n)` builds a new
        # classifier (timm 1.0.31; n > 0, checked by the caller), which `get_classifier()` returns
        cache[(key, method)] = "get_classifier()"
        return "get_classifier()"
    node = facts.classes.get(name)
    owner: object = model
    if node is None and facts.project is not None:
        qualified = facts.imports.qualify(name)
        found = facts.project.definition(qualified, model.source.path or None) if qualified and qualified != name else None
        if found is not None:
            node, owner = found[0].facts.classes.get(found[1]), found[0]
    if node is None:
        return None
    function = next((stmt for stmt in node.body if isinstance(stmt, FUNCTIONS) and stmt.name == method), None)
    if function is None:
        return None
    for stmt in own_nodes(function):
        if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)):
            continue
        for target in stmt.targets:
            if (
                isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"
                and target.attr not in ("weight", "bias") and builds_module(stmt.value, owner)  # type: ignore[arg-type]
            ):
                cache[(key, method)] = target.attr
                return target.attr
    return None


def _unpacked_models(key: str, model: ModuleModel) -> list[ast.expr]:
    """The values `key` gets when every binding of it unpacks a function of the file that
    returns it beside an optimizer over its parameters (`net, opt = self.build()` with `net =
    Classifier()` in `build`): those functions' values of the name (empty when one is not such
    a binding, or the name is a parameter of the function)."""
    if "(" not in key and "[" not in key and key in model.source.text:
        values: list[ast.expr] = []
        for binding in assignments(model).by_key.get(key, ()):
            stmt = binding.statement
            if binding.value is not None or stmt.__class__ is not ast.Assign or len(stmt.targets) != 1:  # type: ignore[attr-defined]
                return []
            target, call = stmt.targets[0], stmt.value  # type: ignore[attr-defined]
            info = _unpacked_function(call, binding.scope, model) if target.__class__ is ast.Tuple and call.__class__ is ast.Call else None
            returned = _returned_optimizers(info, model) if info is not None else None
            if returned is None or returned[0] != len(target.elts):  # type: ignore[attr-defined]
                return []
            place = next((i for i, e in enumerate(target.elts) if dotted(e) == key), None)  # type: ignore[attr-defined]
            value = next((found[3] for found in returned[1].values() if found[0] == place), None)
            if value is None:
                return []
            values.append(value)
        return values
    return []


def _handed_a_timm_model(key: str, stmt: ast.stmt, model: ModuleModel) -> bool:
    """`key` is a parameter of the module-level function holding `stmt`, never rebound there,
    and every call of that function in the project (at least one) passes for it a timm model:
    `timm.create_model(...)` itself, or a name every binding of which, in the scope of the call,
    is one (see `_timm_model_argument`)."""
    from gradfix.analysis.handed_in import _argument, _calls_of
    from gradfix.analysis.shared_graphs import _enclosing_function

    source = model.source
    function = _enclosing_function(stmt, source)
    if function is None or "." in key:
        return False
    info = model.facts.module_functions.get(function.name)  # type: ignore[attr-defined]
    if info is None or info.node is not function or info.class_name is not None or key not in info.params:
        return False
    if any(isinstance(n, ast.Name) and n.id == key and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)):
        return False  # rebound in the function: not (only) what the callers pass
    calls = 0
    for call, caller in _calls_of(function.name, info, model):
        passed = _argument(call, info.params, key)
        if passed is None or not _timm_model_argument(passed, caller):
            return False
        calls += 1
    return calls > 0


def _timm_model_argument(passed: ast.expr, caller) -> bool:  # type: ignore[no-untyped-def]
    """`passed`, an argument of a call read with the caller's facts and source, is a timm
    model: `timm.create_model(...)`, or a name that the scope around the call (its function,
    or the module) binds only by `name = timm.create_model(...)` (not a parameter there, no
    other binding, no `global`)."""
    from gradfix.analysis.shared_graphs import _enclosing_function

    facts, source = caller
    qualify = facts.imports.qualify
    if isinstance(passed, ast.Call):
        return qualify(call_name(passed) or "") in _TIMM_CREATE_MODEL
    if not isinstance(passed, ast.Name):
        return False
    name = passed.id
    scope = _enclosing_function(passed, source) or source.tree
    if scope is not source.tree:
        args = scope.args  # type: ignore[attr-defined]
        if name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}:
            return False
    stores = values = 0
    for node in own_nodes(scope):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if node.targets[0].id == name:
                if not (isinstance(node.value, ast.Call) and qualify(call_name(node.value) or "") in _TIMM_CREATE_MODEL):
                    return False
                values += 1
    return values > 0 and stores == values


_TIMM_CREATE_MODEL = frozenset({"timm.create_model", "timm.models.create_model", "timm.models._factory.create_model"})
# calls that hand back the module they are given (a module's `.to()` returns itself)
_KEEPING = {"to", "cuda", "cpu", "double", "float", "half", "bfloat16", "type", "train", "eval"}
_REPARAMETRIZING = frozenset({
    "torch.nn.utils.weight_norm", "torch.nn.utils.weight_norm.weight_norm", "torch.nn.utils.parametrizations.weight_norm",
    "torch.nn.utils.spectral_norm", "torch.nn.utils.spectral_norm.spectral_norm",
    "torch.nn.utils.parametrizations.spectral_norm", "torch.nn.utils.parametrizations.orthogonal",
})  # fmt: skip
# of those, the ones that replace the tensor by new parameters (`original0`/`original1`,
# `weight_g`/`weight_v`); spectral_norm and orthogonal keep the original `Parameter`
_NEW_PARAMETERS = frozenset({
    "torch.nn.utils.weight_norm", "torch.nn.utils.weight_norm.weight_norm", "torch.nn.utils.parametrizations.weight_norm",
})  # fmt: skip


def _peeled(value: ast.expr, model: ModuleModel) -> ast.expr:
    """The module a chain of moves, wrappers or reparametrizations hands back when that module
    is built right there: `nn.Linear(16, 3).to(device)`, `torch.compile(Net())`,
    `DDP(Net().cuda())`, `weight_norm(nn.Linear(16, 3))` are the new module itself;
    `ckpt["model"].to(device)` is the loaded item."""
    qualify = model.facts.imports.qualify
    for _ in range(6):
        if not isinstance(value, ast.Call):
            return value
        name = call_name(value) or ""
        recv = receiver(value)
        if method_name(value) in _KEEPING and isinstance(recv, (ast.Call, ast.Subscript)) and not WRAPPERS.search(name):
            value = recv
            continue
        args = positional(value)
        if args and isinstance(args[0], ast.Call) and (WRAPPERS.search(name) or (qualify(name) or "") in _REPARAMETRIZING):
            value = args[0]
            continue
        return value
    return value


def _weight_normed(stmt: ast.Assign | ast.Expr, model: ModuleModel) -> tuple[ast.expr, str, str] | None:
    """`weight_norm(model.fc)` (torch's parametrization or the legacy hook, as a statement or
    an assigned value): (the call, the key of its module, the name of the tensor replaced)."""
    call = stmt.value
    if not isinstance(call, ast.Call) or "norm" not in (call_name(call) or ""):
        return None
    if (model.facts.imports.qualify(call_name(call)) or "") not in _NEW_PARAMETERS:
        return None
    args = positional(call)
    if not args or not _module_key(args[0]):
        return None
    given = keyword(call, "name")
    name = given.value if given is not None else (args[1] if len(args) > 1 else None)
    if name is None:
        tensor = "weight"
    elif isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value.isidentifier():
        tensor = name.value
    else:
        return None
    return call, model.source.key(args[0]), tensor


_CONTAINERS = frozenset({"torch.nn.Sequential", "torch.nn.ModuleList", "torch.nn.modules.container.Sequential"})


def _adds_parameters(value: ast.expr, module: str, model: ModuleModel) -> bool:
    """A wrapper around the old module that also holds new parameters: a torch container
    given a parameterised torch layer or module class of the file next to it
    (`nn.Sequential(model, nn.ReLU(), nn.Linear(5, 3))`), or a module class of the file whose
    `__init__` itself builds a `Parameter` or a parameterised torch layer (a LoRA wrapper)."""
    value = _peeled(value, model)
    if not isinstance(value, ast.Call):
        return False
    name = call_name(value) or ""
    qualified = model.facts.imports.qualify(name) or name
    if qualified in _CONTAINERS:
        items: list[ast.expr] = []
        for arg in value.args:
            items.extend(arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg])
        return any(
            isinstance(item, ast.Call) and not _mentions(item, module, model) and _new_layer(_peeled(item, model), model)
            for item in items
        )
    node = model.facts.classes.get(name)
    return node is not None and _builds_parameters(node, model)


def _unpacked_submodules(value: ast.expr, module: str, stmt: ast.stmt, index: Assignments, model: ModuleModel) -> bool | None:
    """A torch container over a list bound once in the scope from the old module's submodules
    (`layers = list(model.classifier.children())[:-1]`, then `model.classifier =
    nn.Sequential(*layers)`): whether it adds parameters -- a new layer given to the container
    beside the list, or appended, inserted or extended into the list in the scope. None when
    the value is no such container or something else is added to the list."""
    value = _peeled(value, model)
    if not isinstance(value, ast.Call):
        return None
    name = call_name(value) or ""
    if (model.facts.imports.qualify(name) or name) not in _CONTAINERS:
        return None
    starred = [arg.value for arg in value.args if isinstance(arg, ast.Starred)]
    if len(starred) != 1 or not isinstance(starred[0], ast.Name):
        return None
    listed = starred[0].id
    scope = index.scope_of(stmt)
    bound = index.bindings(listed, scope)
    if len(bound) != 1 or bound[0].value is None or bound[0].scope is not scope:
        return None
    origin = bound[0].value
    while isinstance(origin, ast.Subscript) and isinstance(origin.slice, ast.Slice):
        origin = origin.value
    if not isinstance(origin, ast.Call) or not _mentions(origin, module, model):
        return None
    added: list[ast.expr] = [arg for arg in value.args if not isinstance(arg, ast.Starred)]
    for node in ast_walk(scope):
        if (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == listed
            and node.func.attr in ("append", "insert", "extend")
        ):  # fmt: skip
            items = node.args[1:] if node.func.attr == "insert" else node.args
            for item in items:
                if node.func.attr == "extend":
                    if not isinstance(item, (ast.List, ast.Tuple)):
                        return None
                    added.extend(item.elts)
                else:
                    added.append(item)
    for item in added:
        item = _peeled(item, model)
        if not isinstance(item, ast.Call):
            return None  # something gradfix cannot read
        if builds_module(item, model):
            return True  # a new module that may hold parameters
        name = call_name(item) or ""
        if not (model.facts.imports.qualify(name) or "").startswith("torch.nn.") and name not in model.facts.classes:
            return None
    return False  # `nn.ReLU(inplace=True)`, a dropout: nothing new to train


def _new_layer(call: ast.expr, model: ModuleModel) -> bool:
    """A torch layer with parameters, or a module class of the file that may hold some."""
    if not isinstance(call, ast.Call) or not builds_module(call, model):
        return False
    name = call_name(call) or ""
    qualified = model.facts.imports.qualify(name) or name
    return (qualified.startswith("torch.nn.") and qualified not in _CONTAINERS) or name in model.facts.classes


def _builds_parameters(node: ast.ClassDef, model: ModuleModel) -> bool:
    """A module class of the file whose `__init__` (in its own top-level statements) sets an
    attribute of `self` to a new `nn.Parameter` or parameterised torch layer."""
    qualify = model.facts.imports.qualify
    init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None:
        return False
    for stmt in init.body:
        if not (isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(stmt.value, ast.Call)):
            continue
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        if not any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self" for t in targets):
            continue
        qualified = qualify(call_name(stmt.value)) or ""
        if qualified in ("torch.nn.Parameter", "torch.nn.parameter.Parameter"):
            return True
        if qualified.startswith("torch.nn.") and qualified not in _CONTAINERS and builds_module(stmt.value, model):
            return True
    return False


_COPYING = {"copy.deepcopy", "deepcopy", "torch.ao.quantization.prepare_qat", "torch.quantization.prepare_qat"}
# torch's quantization functions that return a copy of the module unless `inplace=True`
_COPYING_QUANTIZATION = (".fuse_modules", ".fuse_modules_qat")


def _shards(value: ast.expr, key: str, model: ModuleModel) -> bool:
    """`FullyShardedDataParallel(model, ...)` (torch's or FairScale's) or torch's
    `fully_shard(model)`: FSDP flattens and shards the module's parameters into new tensors; an
    optimizer built before over the old ones steps tensors the model no longer uses."""
    if not isinstance(value, ast.Call) or not value.args or dotted(value.args[0]) is None:
        return False
    name = call_name(value) or ""
    qualified = model.facts.imports.qualify(name) or name
    last = qualified.rsplit(".", 1)[-1]
    if last == "fully_shard":
        if "." not in qualified:
            return False  # a function of the module named so
    elif last != "FullyShardedDataParallel":
        return False
    return model.source.key(value.args[0]) == key


def _copies(value: ast.expr, key: str, model: ModuleModel) -> bool:
    """`copy.deepcopy(model)`, `prepare_qat(model)`, `fuse_modules(model, ...)` (a copy unless
    `inplace=True`): a module
    with parameters of its own, made from `key`."""
    if not isinstance(value, ast.Call) or not value.args or dotted(value.args[0]) is None:
        return False
    if model.source.key(value.args[0]) != key:
        return False
    if _copying_call(value, model):
        return True
    # `model = to_qat(model)` with `def to_qat(m): ...; return tq.prepare_qat(m, inplace=False)`
    helper = model.facts.module_functions.get(call_name(value) or "")
    if helper is None or not helper.params or helper.class_name is not None:
        return False
    returns = [n for n in own_nodes(helper.node) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Call) and r.value.args and isinstance(r.value.args[0], ast.Name)
        and r.value.args[0].id == helper.params[0] and _copying_call(r.value, model)
        for r in returns
    )


def _copying_call(value: ast.Call, model: ModuleModel) -> bool:
    qualified = model.facts.imports.qualify(call_name(value)) or ""
    if qualified not in _COPYING and not qualified.endswith(".prepare_qat") and not (
        qualified.startswith("torch.") and qualified.endswith(_COPYING_QUANTIZATION)
    ):
        return False
    inplace = next((k.value for k in value.keywords if k.arg == "inplace"), None)
    return inplace is None or is_false(inplace)


def _moved_leaf(binding: Binding, params: ast.expr | None, index: Assignments, model: ModuleModel) -> tuple[ast.stmt, ast.expr, str] | None:
    """An optimizer over a list of leaf tensors (`Adam([self.log_alpha])`), one of which a later
    statement rebinds to a moved copy of itself: (statement, target, key)."""
    if not isinstance(params, (ast.List, ast.Tuple)):
        return None
    leaves = {model.source.key(e) for e in params.elts if dotted(e) is not None}
    if not leaves:
        return None
    for stmt in _statements_after(binding, index, model):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and dotted(stmt.targets[0]) is not None:
            key = model.source.key(stmt.targets[0])
            if key in leaves and _leaf_moved(stmt.value, key, model):
                return stmt, stmt.targets[0], key
    return None


_GROWING = {"add_module", "register_module", "append", "insert"}
_MOVES = {"to", "cuda", "cpu", "double", "float", "half", "bfloat16", "type"}


def _leaf_moved(value: ast.expr, key: str, model: ModuleModel) -> bool:
    """`log_alpha = log_alpha.to(device)` where `log_alpha` is a leaf tensor made with
    `requires_grad=True`: a tensor's `.to()` returns a new one (a module's returns itself), and
    the optimizer keeps stepping the old leaf the loss no longer reads."""
    if not (isinstance(value, ast.Call) and method_name(value) in _MOVES):
        return False
    recv = receiver(value)
    if recv is None or dotted(recv) is None or model.source.key(recv) != key:
        return False
    for earlier in assigned_values(model, key):
        if isinstance(earlier, ast.Call) and earlier is not value:
            flag = keyword(earlier, "requires_grad")
            qualified = model.facts.imports.qualify(call_name(earlier)) or ""
            if qualified.startswith("torch.") and not qualified.endswith("Parameter") and flag is not None and is_true(flag.value):
                return True
    return False


def _setattr_as_assignment(stmt: ast.stmt) -> tuple[list[ast.expr], ast.expr] | None:
    """`setattr(model, "head", value)` as the assignment `model.head = value` it is
    (`setattr(seq, "2", value)`: `seq[2] = value`)."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and call_name(stmt.value) == "setattr"):
        return None
    call = stmt.value
    if len(call.args) != 3 or call.keywords or dotted(call.args[0]) is None:
        return None
    name = call.args[1]
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
        return None
    if name.value.isdigit() and name.value.isascii():
        # `setattr(seq, "2", value)`: a `Sequential`'s submodule by position, `seq[2] = value`
        index = ast.copy_location(ast.Constant(int(name.value)), name)
        target: ast.expr = ast.Subscript(value=call.args[0], slice=index, ctx=ast.Store())
        target._key = f"{dotted(call.args[0])}[{int(name.value)}]"  # type: ignore[attr-defined]  # (its text is the call's)
    elif name.value.isidentifier():
        target = ast.Attribute(value=call.args[0], attr=name.value, ctx=ast.Store())
    else:
        return None
    ast.copy_location(target, call)
    target.end_lineno, target.end_col_offset = call.end_lineno, call.end_col_offset
    return [target], call.args[2]


_MODULE_WORD = lazily(
    r"head|layer|fc|classifier|encoder|decoder|block|backbone|net|model|module|conv|linear|embed|proj|mlp"
    r"|attn|attention|norm|bn|stem|neck|adapter|lora|branch|tower|features|generator|discriminator|critic",
    re.I,
)
_SETTINGS = {"args", "opt", "opts", "cfg", "config", "conf", "hparams", "hp", "params", "flags", "FLAGS", "settings", "options"}
# words (split at `_`) that make a name a count or a setting, whatever else it says:
# `num_layers`, `n_blocks`, `max_grad_norm`, `embed_dim`, `hidden_size`, `dropout_rate`
_COUNT_FIRST = frozenset({"num", "n", "nb", "max", "min", "is", "use", "has"})
_SETTING_LAST = frozenset({
    "size", "sizes", "dim", "dims", "rate", "ratio", "prob", "eps", "count", "num", "type", "name",
    "path", "mode", "scale", "factor", "kind",
})  # fmt: skip
# annotations that never hold a module (`num_layers: int`, `max_norm: Optional[float] = None`)
_PLAIN_TYPES = frozenset({
    "int", "float", "bool", "str", "bytes", "complex", "list", "tuple", "dict", "set", "frozenset",
    "List", "Tuple", "Dict", "Set", "FrozenSet", "Sequence", "Optional", "Union", "Literal", "typing", "None",
})  # fmt: skip


def _setting_name(name: str) -> bool:
    """`num_layers`, `max_gradient_norm`, `embed_dim`: a count or a setting, not a module."""
    words = name.lower().strip("_").split("_")
    return len(words) > 1 and (words[0] in _COUNT_FIRST or words[-1] in _SETTING_LAST)


def _plain_parameter(name: str, scope: Scope | None) -> bool:
    """`name` is a parameter of the function `scope` annotated with a plain type (`int`,
    `Optional[float]`) or defaulting to a number, string or bool literal (not `None`, which a
    module parameter defaults to as well): a setting, not a module."""
    if not isinstance(scope, FUNCTIONS):
        return False
    args = scope.args  # type: ignore[union-attr]
    positional_args = [*args.posonlyargs, *args.args]
    defaults: dict[str, ast.expr | None] = dict(zip((a.arg for a in positional_args[len(positional_args) - len(args.defaults) :]), args.defaults))
    defaults.update((a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults))
    arg = next((a for a in (*positional_args, *args.kwonlyargs) if a.arg == name), None)
    if arg is None:
        return False
    annotation = arg.annotation
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            annotation = None
    if annotation is not None:
        names = [n.id if isinstance(n, ast.Name) else n.attr for n in ast_walk(annotation) if isinstance(n, (ast.Name, ast.Attribute))]
        if names and all(n in _PLAIN_TYPES for n in names) and not any(isinstance(n, ast.Call) for n in ast_walk(annotation)):
            return True
    default = defaults.get(name)
    if isinstance(default, ast.UnaryOp) and isinstance(default.op, (ast.USub, ast.UAdd)):
        default = default.operand
    return isinstance(default, ast.Constant) and default.value is not None and default.value is not Ellipsis


def _may_hold_module(value: ast.expr, model: ModuleModel, scope: Scope | None = None) -> bool:
    """A name or attribute set on the model may hold a module: a name the module binds to a
    call that builds one (or, when it binds it to nothing gradfix reads, named like one:
    `new_head`, not `scale`), an attribute named like one (`teacher.fc`), never a setting
    (`args.temperature`), a name bound only to constants (`SCALE = 2`), a name that says a count
    or a setting (`num_layers`, `max_grad_norm`, `embed_dim`), or a parameter of the function
    (`scope`) annotated with a plain type or defaulting to a literal (`max_norm: float = None`,
    `depth=4`)."""
    if isinstance(value, ast.Attribute):
        root = dotted(value)
        if root is not None and root.split(".", 1)[0] in _SETTINGS:
            return False
        return _MODULE_WORD.search(value.attr) is not None and not _setting_name(value.attr)
    if not isinstance(value, ast.Name):
        return False
    values = assigned_values(model, value.id)
    if not values:
        return _MODULE_WORD.search(value.id) is not None and not _setting_name(value.id) and not _plain_parameter(value.id, scope)
    for bound in values:
        if isinstance(bound, ast.Call):
            if builds_module(bound, model):
                return True
        elif isinstance(bound, ast.IfExp) and all(
            isinstance(arm, (ast.BinOp, ast.UnaryOp, ast.Constant)) or (isinstance(arm, ast.Call) and not builds_module(arm, model))
            for arm in (bound.body, bound.orelse)
        ):
            continue  # `k = 1 / t if t < 1 else torch.tensor([1.0])`: arithmetic or a tensor either way
        elif isinstance(bound, (ast.Name, ast.Attribute, ast.Subscript, ast.IfExp, ast.BoolOp, ast.Await)):
            return True  # from another value: not followed
    return False


def _loads(value: ast.expr | None, model: ModuleModel) -> bool:
    """`torch.load(path)` itself."""
    return isinstance(value, ast.Call) and model.facts.imports.qualify(call_name(value)) == "torch.load"


def _loaded(value: ast.Subscript, model: ModuleModel) -> bool:
    """`torch.load(path)["model"]`, or an item of a name bound to `torch.load(...)`."""
    base: ast.expr = value
    while isinstance(base, ast.Subscript):
        base = base.value
    qualify = model.facts.imports.qualify
    if isinstance(base, ast.Call):
        return qualify(call_name(base)) == "torch.load"
    if isinstance(base, ast.Name):
        return any(isinstance(v, ast.Call) and qualify(call_name(v)) == "torch.load" for v in assigned_values(model, base.id))
    return False


def _unwraps(value: ast.Attribute, model: ModuleModel) -> bool:
    """`ddp.module`, `compiled._orig_mod`: the module a wrapper (`DistributedDataParallel`,
    `DataParallel`, FSDP, `torch.compile`) was given, which existed before it."""
    if value.attr not in ("module", "_orig_mod") or dotted(value.value) is None:
        return False
    return any(
        isinstance(bound, ast.Call) and WRAPPERS.search(call_name(bound) or "")
        for bound in assigned_values(model, model.source.key(value.value))
    )


def _put_back(value: ast.Name, module: str, model: ModuleModel) -> bool:
    """`model.codec = codec` where every binding of `codec` reads that same attribute
    (`codec = model.codec`, set aside while `model.codec = None` hides it from a copy): the old
    module is put back, its parameters the ones the optimizer was built over."""
    values = assigned_values(model, value.id)
    return bool(values) and all(
        dotted(bound) is not None and normalize(model.source.key(bound)) == normalize(module) for bound in values
    )


def _may_hold_old(value: ast.Attribute, module: str, model: ModuleModel) -> bool:
    """`net = m.model` may hand back the old module itself: the attribute was set from it
    (`m.model = net`), or its object was built from it (`m = Masker(net)`)."""
    if any(_mentions(bound, module, model) for bound in assigned_values(model, model.source.key(value))):
        return True
    holder = value.value
    if dotted(holder) is None:
        return False
    return any(isinstance(bound, ast.Call) and _mentions(bound, module, model) for bound in assigned_values(model, model.source.key(holder)))


# torch.nn modules that hold no parameters
_WITHOUT_PARAMETERS = frozenset({
    "Identity", "Flatten", "Unflatten", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout",
    "ReLU", "ReLU6", "LeakyReLU", "GELU", "SiLU", "Mish", "ELU", "SELU", "CELU", "Tanh", "Sigmoid", "Hardtanh",
    "Hardsigmoid", "Hardswish", "Softplus", "Softsign", "Softmax", "LogSoftmax", "Softmin", "Tanhshrink",
    "MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d",
    "Upsample", "UpsamplingNearest2d", "UpsamplingBilinear2d", "PixelShuffle", "PixelUnshuffle",
    "ZeroPad2d", "ConstantPad1d", "ConstantPad2d", "ReflectionPad2d", "ReplicationPad2d",
})  # fmt: skip


def builds_module(call: ast.Call, model: ModuleModel, depth: int = 0) -> bool:
    """A call that plausibly returns a new module: a class (capitalised), a model factory,
    `torch.load`, `copy.deepcopy(...)` of something else, a function of the file whose one
    statement returns such a call (`def make_head(d, n): return nn.Linear(d, n)`)."""
    name = call_name(call) or ""
    last = name.rsplit(".", 1)[-1]
    if not last:
        return False
    helper = model.facts.module_functions.get(name) if depth < 2 and last[:1].islower() else None
    if helper is not None:
        returned = only_returned_call(helper.node)
        if returned is not None:
            return builds_module(returned, model, depth + 1)
    if last[:1].isupper() and "." not in name and name not in model.facts.classes:
        # `def Log_UP(k_min, k_max, epoch): ... return torch.tensor(...)`: a function of the file
        # (also one nested in another) named with a capital, handing back a tensor, builds no module
        facts = model.facts
        function = facts.module_functions.get(name) or next((t[name] for t in facts.local_functions.values() if name in t), None)
        if function is not None:
            if _returns_tensors(function.node, model):
                return False
            returned = only_returned_call(function.node) if depth < 2 else None
            if returned is not None:
                return builds_module(returned, model, depth + 1)
    if last[:1].isupper():
        qualified = model.facts.imports.qualify(name) or name
        if qualified.startswith("torch.") and last.endswith("Tensor"):
            return False  # `torch.FloatTensor(n, m)`: a plain tensor (a memory buffer), no module
        if qualified.startswith("torch.nn.") and (last in _WITHOUT_PARAMETERS or last.endswith("Loss")):
            return False  # `model.fc = nn.Identity()`, `self.loss = nn.CrossEntropyLoss()`: nothing new to train
        if name in model.facts.classes and _without_parameters(model.facts.classes[name], model):
            return False  # `model[2] = Scale(0.5)`: a module of the file that holds no parameters
        node = model.facts.classes.get(name)
        if node is None and model.facts.project is not None and qualified != name:
            found = model.facts.project.definition(qualified, model.source.path or None)
            node = found[0].facts.classes.get(found[1]) if found is not None else None
        if node is not None and all((dotted(base) or "?") in ("object", "ABC", "abc.ABC") for base in node.bases) and not node.keywords:
            return False  # `RuntimeTracker(object)`: a plain class of the project, no module
        return last not in ("Adam", "SGD") and classify_constructor(qualified) is None
    return last in ("load", "deepcopy", "copy", "from_pretrained") or last.startswith(("resnet", "vgg", "vit_", "efficientnet", "create_model", "build_model", "get_model", "make_model"))


_TENSOR_METHODS = frozenset({"float", "double", "half", "cuda", "cpu", "to", "detach", "clone", "view", "reshape", "squeeze", "unsqueeze"})


def _returns_tensors(function: ast.AST, model: ModuleModel) -> bool:
    """Every `return` of the function hands back a tensor a torch function builds
    (`return torch.tensor([v]).float().cuda()`, `torch.full(...)`), never a module."""
    qualify = model.facts.imports.qualify
    found = False
    for node in ast_walk(function):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and node is not function:
            return False  # a function inside: its returns are not this one's
        if not isinstance(node, ast.Return):
            continue
        value = node.value
        while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _TENSOR_METHODS:
            value = value.func.value  # `.float().cuda()`
        name = qualify(call_name(value) or "") if isinstance(value, ast.Call) else ""
        last = (name or "").rsplit(".", 1)[-1]
        if not (name or "").startswith("torch.") or name.count(".") != 1 or not last[:1].islower():
            return False
        found = True
    return found


def _without_parameters(node: ast.ClassDef, model: ModuleModel) -> bool:
    """A class of the file deriving from `nn.Module` alone whose code builds nothing that could
    hold parameters: no capitalized call (a layer, a `Parameter`), no `register_parameter`,
    `add_module` or `register_module`, no call of a factory of the file."""
    qualify = model.facts.imports.qualify
    if len(node.bases) != 1 or qualify(dotted(node.bases[0]) or "") != "torch.nn.Module" or node.keywords:
        return False
    for sub in ast_walk(node):
        if isinstance(sub, ast.Call):
            if isinstance(sub.func, ast.Attribute) and isinstance(sub.func.value, ast.Call) and call_name(sub.func.value) == "super":
                continue  # `super().__init__()`
            callee = (call_name(sub) or "").rsplit(".", 1)[-1]
            if not callee or callee[:1].isupper() or callee in ("register_parameter", "add_module", "register_module"):
                return False
            if callee in model.facts.module_functions or callee in ("ModuleList", "ModuleDict", "ParameterList"):
                return False
    return True


def _same_model(module: str, owner: str) -> bool:
    return normalize(module).split(".", 1)[0] == normalize(owner).split(".", 1)[0] and "." in normalize(module)


def _module_key(expr: ast.expr) -> bool:
    """`model`, `model.backbone`, or a submodule by a constant index: `model[0]`, `self.net[-1]`."""
    while isinstance(expr, ast.Subscript):
        index = expr.slice
        if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
            index = index.operand
        if not (isinstance(index, ast.Constant) and isinstance(index.value, (int, str))):
            return False
        expr = expr.value
    return dotted(expr) is not None


def _parameters_loop(stmt: ast.stmt, source) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """`for p in X.parameters()` / `for n, p in X.named_parameters()`: {p: X}, also inside a
    loop over X's submodules (`for layer in X: for p in layer.parameters()`: {p: X})."""
    return _loop_variables(stmt, source)[0]


_SUBMODULES = frozenset({"children", "modules", "named_children", "named_modules"})
_GUARDS = (ast.If, ast.While, ast.Try, ast.ExceptHandler, ast.Match) if hasattr(ast, "Match") else (ast.If, ast.While, ast.Try)


def _loop_variables(stmt: ast.stmt, source) -> tuple[dict[str, str], dict[str, str]]:  # type: ignore[no-untyped-def]
    """The parameters loops' variables around the statement ({p: X}) and the submodule loops'
    (`for layer in X`, `X.children()`, `X.modules()`, `list(X.children())[1:]`: {layer: X},
    only those with no condition between them and the statement: all of X's submodules)."""
    out: dict[str, str] = {}
    parts: dict[str, str] = {}
    guarded = False
    current = source.owner_of(stmt)
    while isinstance(current, ast.stmt):
        if isinstance(current, _GUARDS):
            guarded = True
        if isinstance(current, FOR_LOOPS):
            call = current.iter
            while isinstance(call, ast.Call) and method_name(call) is None and call.args and isinstance(call.args[0], ast.Call):
                call = call.args[0]  # list(...), enumerate(...)
            target = current.target
            names = [target] if isinstance(target, ast.Name) else [e for e in getattr(target, "elts", []) if isinstance(e, ast.Name)]
            if isinstance(call, ast.Call) and method_name(call) in ("parameters", "named_parameters"):
                recv = receiver(call)
                if recv is not None and _module_key(recv) and names:
                    out[names[-1].id] = source.key(recv)
            elif names and not guarded:
                whole = _submodules_of(current.iter)
                if whole is not None:
                    parts[names[-1].id] = source.key(whole)
        current = source.owner_of(current)
    for name, key in list(out.items()):
        if key in parts:
            out[name] = parts[key]  # `for layer in X: for p in layer.parameters()`
        elif key.split(".", 1)[0] in parts or key.split("[", 1)[0] in parts:
            del out[name]  # `layer.attn.parameters()`: a part of each submodule, not all of X
    return out, parts


def _submodules_of(iterated: ast.expr) -> ast.expr | None:
    """X for `X.children()`, `X.modules()` (also `named_*`, in `list(...)`, `enumerate(...)`,
    sliced), or X itself iterated or sliced (`for block in model.blocks`, `model.layers[2:]`)."""
    while True:
        if isinstance(iterated, ast.Call) and method_name(iterated) is None and len(iterated.args) == 1 and call_name(iterated) in ("list", "enumerate", "reversed"):
            iterated = iterated.args[0]
        elif isinstance(iterated, ast.Subscript) and isinstance(iterated.slice, ast.Slice):
            iterated = iterated.value
        else:
            break
    if isinstance(iterated, ast.Call):
        if method_name(iterated) not in _SUBMODULES or iterated.args or iterated.keywords:
            return None
        iterated = receiver(iterated)  # type: ignore[assignment]
    return iterated if iterated is not None and _module_key(iterated) else None


def _unfrozen(stmt: ast.stmt, source) -> tuple[str, ast.AST] | None:  # type: ignore[no-untyped-def]
    return _requires_grad_set(stmt, source, True)


def _requires_grad_set(stmt: ast.stmt, source, value: bool, helpers: bool = True) -> tuple[str, ast.AST] | None:  # type: ignore[no-untyped-def]
    """The module whose parameters the statement sets `requires_grad` to `value` on: `p.requires_grad
    = value` (or `setattr`) or `p.requires_grad_(value)` over `X.parameters()`,
    `X.requires_grad_(value)`, and with `helpers`, `X.apply(fn)` or `fn(X)` with a function
    that does one of these to its module parameter (`_sets_its_module`)."""
    test = is_true if value else is_false
    assigned = _requires_grad_written(stmt)
    if assigned is not None:
        target, flag = assigned
        if test(flag) and isinstance(target, ast.Name):
            loops = _parameters_loop(stmt, source)
            if target.id in loops:
                return loops[target.id], stmt
        return None
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.ListComp):
        return _set_in_comprehension(stmt.value, source, value)
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return None
    call = stmt.value
    if method_name(call) == "requires_grad_":
        if _flag(call) is not value:
            return None
        recv = receiver(call)
        if recv is None or not _module_key(recv):
            return None
        key = source.key(recv)
        params, parts = _loop_variables(stmt, source)
        return (params.get(key, parts.get(key, key)), stmt)
    if not helpers or not isinstance(call.func, (ast.Name, ast.Attribute)):
        return None
    # `X.apply(unfreeze)`, `unfreeze_all(X)`, with a function of the file (or a lambda) that sets
    # `requires_grad` on its module parameter's parameters, whatever they are
    if method_name(call) == "apply" and len(call.args) == 1 and not call.keywords:
        module, function = receiver(call), call.args[0]
    elif isinstance(call.func, ast.Name) and call.args:
        module, function = call.args[0], call.func
    else:
        return None
    if module is None or not _module_key(module) or _sets_its_module(function, source) is not value:
        return None
    return source.key(module), stmt


def _set_in_comprehension(comprehension: ast.ListComp, source, value: bool) -> tuple[str, ast.AST] | None:  # type: ignore[no-untyped-def]
    """`[p.requires_grad_(True) for p in X.parameters()]` (one loop, no condition): X."""
    call, loops = comprehension.elt, comprehension.generators
    if len(loops) != 1 or loops[0].ifs or not isinstance(loops[0].target, ast.Name):
        return None
    if not (isinstance(call, ast.Call) and method_name(call) == "requires_grad_" and _flag(call) is value):
        return None
    recv, iterated = receiver(call), loops[0].iter
    if not (isinstance(recv, ast.Name) and recv.id == loops[0].target.id):
        return None
    if isinstance(iterated, ast.Call) and method_name(iterated) == "parameters" and not iterated.args:
        module = receiver(iterated)
        if module is not None and _module_key(module):
            return source.key(module), comprehension
    return None


def _flag(call: ast.Call) -> bool | None:
    """What `requires_grad_(...)` sets: True without an argument."""
    args = [*call.args, *[k.value for k in call.keywords]]
    return True if not args else (True if is_true(args[0]) else False if is_false(args[0]) else None)


def _requires_grad_written(stmt: ast.stmt) -> tuple[ast.expr, ast.expr] | None:
    """`p.requires_grad = flag` or `setattr(p, "requires_grad", flag)`: (p, flag)."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
        if isinstance(target, ast.Attribute) and target.attr == "requires_grad":
            return target.value, stmt.value
        return None
    replacing = _setattr_as_assignment(stmt)
    if replacing is not None and len(replacing[0]) == 1:
        target = replacing[0][0]
        if isinstance(target, ast.Attribute) and target.attr == "requires_grad":
            return target.value, replacing[1]
    return None


def _sets_its_module(function: ast.expr, source) -> bool | None:  # type: ignore[no-untyped-def]
    """What a function of the file (one definition by its name) or a lambda sets
    `requires_grad` to, on every parameter of the module it is given as its first parameter,
    unconditionally (`for p in m.parameters(): p.requires_grad = True`, `m.requires_grad_()`);
    None when it does not, or does so under a condition."""
    if isinstance(function, ast.Lambda):
        params = function.args.args
        body = function.body
        if len(params) != 1 or not isinstance(body, ast.Call) or method_name(body) != "requires_grad_":
            return None
        recv = receiver(body)
        return _flag(body) if isinstance(recv, ast.Name) and recv.id == params[0].arg else None
    if not isinstance(function, ast.Name):
        return None
    known = source.__dict__.setdefault("_requires_grad_setters", {})
    if function.id not in known:
        known[function.id] = _sets_its_parameter(function.id, source)
    return known[function.id]


def _sets_its_parameter(name: str, source) -> bool | None:  # type: ignore[no-untyped-def]
    found = [f for kind in FUNCTIONS for f in source.of_type(kind) if f.name == name]  # type: ignore[attr-defined]
    if len(found) != 1 or not found[0].args.args or "requires_grad" not in source.segment(found[0]):
        return None
    definition = found[0]
    first = definition.args.args[0].arg
    if first in ("self", "cls"):
        return None
    flags: set[bool] = set()
    for node in ast_walk(definition):
        if not isinstance(node, (ast.Assign, ast.Expr)):
            continue
        for value in (True, False):
            set_ = _requires_grad_set(node, source, value, helpers=False)
            if set_ is None or set_[0] != first:
                continue
            current = source.owner_of(node)
            while current is not None and current is not definition:
                if isinstance(current, _GUARDS) or isinstance(current, DEFINITIONS):
                    return None  # `if isinstance(m, nn.BatchNorm2d):`: some of them
                current = source.owner_of(current)  # type: ignore[arg-type]
            flags.add(value)
    return flags.pop() if len(flags) == 1 else None


def _frozen_before(module: str, binding: Binding, model: ModuleModel) -> bool:
    """Some statement before the optimizer was built froze `module` (or what holds it, or
    a part of it)."""
    end = _position(binding.statement)
    for node in model.source.nodes:
        if isinstance(node, (ast.Assign, ast.Expr)) and _position(node) < end:
            frozen = _requires_grad_set(node, model.source, False)
            if frozen is not None and related(frozen[0], module):
                return True
    return False


def _repaired(key: str, binding: Binding, change: ast.stmt, index: Assignments, model: ModuleModel, scope: Scope | None = None) -> bool:
    """The optimizer is rebuilt after the change, or given the new parameters (in the scope of
    the construction, or `scope`, where the change is)."""
    where = _position(change)
    scope = binding.scope if scope is None else scope
    for other in index.bindings(key, scope):
        if other is not binding and _position(other.statement) > where and not _wrapped_again(other, key, model):
            return True
    for node in ast_walk(scope):
        if isinstance(node, ast.Call) and method_name(node) == "add_param_group":
            recv = receiver(node)
            if recv is not None and dotted(recv) is not None and model.source.key(recv) == key:
                return True
        # `opt.param_groups[0]["params"].extend(model.head.parameters())` (`.append`, `+=`, `=`):
        # the new parameters written into a group of the optimizer, as `add_param_group` would
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("extend", "append", "insert"):
            if _group_params_of(node.func.value, model.source) == key:
                return True
        elif isinstance(node, ast.AugAssign) and _group_params_of(node.target, model.source) == key:
            return True
        elif isinstance(node, ast.Assign) and any(_group_params_of(t, model.source) == key for t in node.targets):
            return True
    return False


def _wrapped_again(binding: Binding, key: str, model: ModuleModel) -> bool:
    """`model, opt = accelerator.prepare(model, opt)`, `model, opt = fabric.setup(model, opt)`,
    `opt = fabric.setup_optimizers(opt)`: the optimizer handed back to its own name, wrapped (the
    wrapper steps the same parameter groups: the old parameters still), not built again."""
    if prepared_again(binding, key, model):
        return True
    stmt = binding.statement
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.value, ast.Call)):
        return False
    call, target = stmt.value, stmt.targets[0]
    if method_name(call) != "setup_optimizers" or receiver(call) is None or call.keywords or len(call.args) != 1:
        return False
    source = model.source
    return dotted(target) is not None and dotted(call.args[0]) is not None and source.key(target) == key == source.key(call.args[0])


def _group_params_of(expr: ast.expr, source: Source) -> str | None:
    """The optimizer whose parameter group's list `expr` is: `opt.param_groups[i]["params"]`."""
    if not (isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) and expr.slice.value == "params"):
        return None
    groups = expr.value
    if not (isinstance(groups, ast.Subscript) and isinstance(groups.value, ast.Attribute) and groups.value.attr == "param_groups"):
        return None
    holder = groups.value.value
    return source.key(holder) if dotted(holder) is not None else None


_READ_ONLY = frozenset({"state_dict", "param_groups", "defaults", "state"})


def _aliases_of(key: str, nodes: list[ast.AST], source) -> set[str]:  # type: ignore[no-untyped-def]
    """The other names of the scope that stand for the optimizer `key`, or for its `step` or
    `zero_grad`: each bound once in the scope (no other store, no parameter), to `key` itself
    (`opt = optimizer`) or to one of those methods of it (`step = optimizer.step`)."""
    stores: dict[str, int] = {}
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.arg):
            stores[node.arg] = stores.get(node.arg, 0) + 2
        elif (
            isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
            and (
                (isinstance(node.value, ast.Name) and node.value.id == key)
                or (isinstance(node.value, ast.Attribute) and node.value.attr in ("step", "zero_grad")
                    and isinstance(node.value.value, ast.Name) and node.value.value.id == key)
            )
        ):  # fmt: skip
            found.add(node.targets[0].id)
    return {name for name in found if stores.get(name) == 1 and name != key}


def _used_after(
    key: str, scope: Scope, change: ast.stmt, model: ModuleModel, built: ast.stmt | None = None, _seen: frozenset[str] = frozenset()
) -> bool:
    """The optimizer is used after the change (or in a loop around it, unless the loop builds
    it again before that use: `optimizer = Adam(model.parameters())` at the top of each
    active-learning round); reading its `state_dict()` or `param_groups` is no use."""
    where = _position(change)
    source = model.source
    loops: list[ast.AST] = []
    current = source.owner_of(change)
    while isinstance(current, ast.stmt):
        if isinstance(current, LOOPS):
            loops.append(current)
        current = source.owner_of(current)
    nodes = list(ast_walk(scope))
    # `opt.state_dict()` saved with the checkpoint, `opt.param_groups[0]["lr"]` logged: reads
    # that step nothing
    reads = {id(n.value) for n in nodes if isinstance(n, ast.Attribute) and n.attr in _READ_ONLY}
    for node in nodes:
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(getattr(node, "ctx", None), ast.Load):
            if id(node) in reads:
                continue
            if dotted(node) is not None and source.key(node) == key:
                if _position(node) > where:
                    return True
                if any(
                    _inside(node, loop) and not (built is not None and _inside(built, loop) and _position(built) < _position(node))
                    for loop in loops
                ):
                    return True
    if key.isidentifier() and len(_seen) < 4:
        aliases = _aliases_of(key, nodes, source) - _seen
        if any(_used_after(alias, scope, change, model, built, _seen | {key}) for alias in aliases):
            return True  # `opt = optimizer`, `step = opt.step` before the change; `step()` after it
    holder, dot, attribute = key.partition(".")
    if dot and holder != "self" and "." not in attribute and isinstance(scope, ast.FunctionDef) and (
        _handed_out(holder, scope) or _handed_on_after(holder, scope, where)
    ):
        # kept on an object the caller holds (`def setup(ctx)`: `ctx.opt = SGD(...)`, or a state
        # the function builds and returns), read by another function of the file on one of its
        # parameters (`def batch(ctx, x, y)`: `ctx.opt.step()`) that does not bind it itself
        # (not when another function binds that attribute on an object too: `def reset(ctx):
        # ctx.opt = SGD(ctx.model.parameters())` may run between)
        facts = model.facts
        used = False
        imported = []
        if facts.project is not None:
            # a function of another module of the project the scope hands the holder to by
            # name (`train_step(model, criterion, st, i, x, y)` with `from .engine.steps import
            # train_step`): read there as `st.opt` like a function of the file
            for n in own_nodes(scope):
                if (
                    isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id not in facts.module_functions
                    and any(isinstance(a, ast.Name) and a.id == holder for a in (*n.args, *(k.value for k in n.keywords)))
                ):
                    qualified = facts.imports.qualify(n.func.id)
                    info = facts.project.function(qualified, source.path or None) if qualified and qualified != n.func.id else None
                    if info is not None and info.class_name is None and all(info is not i for i in imported):
                        imported.append(info)
        for functions in (facts.module_functions.values(), *(m.values() for m in facts.methods.values()), imported):
            for info in functions:
                function = info.node
                if function is scope or (info.source is not None and info.source is not source and not any(info is i for i in imported)):
                    continue
                walked = [n for n in ast_walk(function) if isinstance(n, ast.Attribute)]
                attributes = [n for n in walked if n.attr == attribute]
                if any(isinstance(n.ctx, ast.Store) and not getattr(n, "synthetic", False) for n in attributes):
                    return False  # (a dataclass's own `__init__`, `self.opt = opt`, is its construction)
                params = set(info.params)
                logged = {id(n.value) for n in walked if n.attr in _READ_ONLY}
                if any(
                    isinstance(n.ctx, ast.Load) and id(n) not in logged and isinstance(n.value, ast.Name) and n.value.id in params
                    for n in attributes
                ):
                    used = True
        if used:
            return True
    if key.startswith("self.") and isinstance(scope, ast.FunctionDef):
        # built and made stale in `__init__` (or in a setup method), stepped by another method
        # (`fit`) of the class that does not build it again itself
        owner = source.owner_of(scope)
        if isinstance(owner, ast.ClassDef):
            for method in owner.body:
                if isinstance(method, FUNCTIONS) and method is not scope:
                    attributes = [n for n in ast_walk(method) if isinstance(n, ast.Attribute) and source.key(n) == key]
                    if any(isinstance(n.ctx, ast.Load) for n in attributes) and not any(
                        isinstance(n.ctx, ast.Store) for n in attributes
                    ):
                        return True
            # ... or by a step function handed the trainer (`def plain_step(tr, batch)`:
            # `tr.optimizer.step()`), which does not build it again
            for function, written in model.handed_keys(owner.name, key):
                attributes = [n for n in ast_walk(function) if isinstance(n, ast.Attribute) and source.key(n) == written]
                if any(isinstance(n.ctx, ast.Load) for n in attributes) and not any(isinstance(n.ctx, ast.Store) for n in attributes):
                    return True
    return False


def _handed_out(holder: str, function: ast.FunctionDef) -> bool:
    """The object `holder` outlives the function: a parameter of it that it never binds again,
    or a name every `return` of it (one at least) hands back."""
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)]
    returns = [n for n in own_nodes(function) if isinstance(n, ast.Return)]
    if holder in params:
        return not any(
            isinstance(n, ast.Name) and n.id == holder and not isinstance(n.ctx, ast.Load) or isinstance(n, (ast.Global, ast.Nonlocal))
            for n in own_nodes(function)
        )
    return bool(returns) and all(isinstance(r.value, ast.Name) and r.value.id == holder for r in returns)


def _handed_on_after(holder: str, function: ast.FunctionDef, where: tuple[int, int]) -> bool:
    """The object `holder`, a name the function binds (no parameter, no `global`/`nonlocal`), is
    handed whole to a call written after `where` (`step = functools.partial(train_step, model,
    state)`, `train_epoch(model, state)`): the function it reaches may read what it holds."""
    if holder in {a.arg for a in ast_walk(function.args) if isinstance(a, ast.arg)}:
        return False
    if any(isinstance(n, (ast.Global, ast.Nonlocal)) and holder in n.names for n in own_nodes(function)):
        return False
    return any(
        isinstance(n, ast.Call) and _position(n) > where
        and any(isinstance(a, ast.Name) and a.id == holder for a in (*n.args, *(k.value for k in n.keywords)))
        for n in own_nodes(function)
    )  # fmt: skip


def _inside(node: ast.AST, outer: ast.AST) -> bool:
    return encloses(outer, node)


def registry_classes(call: ast.Call, model: ModuleModel, kind: str) -> list[str] | None:
    """`OPTIMIZERS[cfg["name"]](params, ...)` (also `.get(...)`), a dict whose entries are
    statically known: bound once, at the top of this module or of a module of the project it
    is imported from, to a dict literal whose keys are strings and whose values are all torch
    classes of `kind` ("optimizer": `torch.optim.SGD`; "scheduler": `lr_scheduler.StepLR`),
    never written to (`R[k] = ...`, `R.update(...)`, `R.setdefault(...)`) in either module.
    The qualified classes, one per entry; None otherwise."""
    func = call.func
    if isinstance(func, ast.Subscript):
        table = func.value
    elif isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "get" and len(func.args) == 1:
        table = func.func.value  # `OPTIMIZERS.get(name)(params)`
    else:
        return None
    if not isinstance(table, ast.Name):
        return None
    name = table.id
    facts, source = model.facts, model.source
    if facts.imports.aliases.get(name) is not None:
        qualified = facts.imports.qualify(name)
        module_name, _, attr = (qualified or "").rpartition(".")
        if facts.project is None or not module_name or module_name.endswith(".") or qualified.startswith("torch"):  # type: ignore[union-attr]
            return None
        path = facts.project.module_file(module_name, source.path or None)
        module = facts.project.module(path, any_bytes=True) if path is not None else None
        if module is None or _written(name, source):
            return None
        return _registry_entries(attr, module.source, module.facts, kind)
    return _registry_entries(name, source, facts, kind)


def _writes(name: str) -> re.Pattern[str]:
    """What binds `name` or writes an entry of it (`name = ...`, `name: T = ...`, `name[k] =
    v`, `name[k] += v`, `name.update(...)`, `del name[k]`), read on a module's text."""
    word = r"(?<![\w.])" + re.escape(name)
    return re.compile(
        word + r"(?:\s*\[[^\n]*?\]\s*[-+*/|&]?=(?!=)|\.(?:update|setdefault|pop|popitem|clear|__setitem__)\(|\s*(?::[^=\n]*)?=(?!=))"
        r"|del\s+" + re.escape(name) + r"\s*\["
    )


def _written(name: str, source) -> bool:  # type: ignore[no-untyped-def]
    """The importing module binds `name` again or writes an entry of it."""
    return _writes(name).search(source.text) is not None


def _registry_entries(name: str, source, facts, kind: str) -> list[str] | None:  # type: ignore[no-untyped-def]
    bound = [
        stmt for stmt in source.tree.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name
    ]  # fmt: skip
    if len(bound) != 1 or not isinstance(bound[0].value, ast.Dict) or not bound[0].value.values:
        return None
    table = bound[0].value
    if sum(1 for _ in _writes(name).finditer(source.text)) != 1:
        return None  # (written to, or bound again: only its own binding may say so)
    classes: list[str] = []
    for key, value in zip(table.keys, table.values):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None
        qualified = facts.imports.qualify(dotted(value)) if dotted(value) is not None else None
        if not qualified or not qualified.startswith("torch.optim."):
            return None
        if classify_constructor(qualified) != kind or (kind == "optimizer" and not _optimizer_class(qualified)):
            return None
        classes.append(qualified)
    return classes


_CACHING_DECORATORS = frozenset({"functools.lru_cache", "functools.cache", "lru_cache", "cache"})


def unpacked_returned(key: str, scope: Scope, model: ModuleModel) -> tuple[FunctionInfo, int, list[ast.Return]] | None:
    """`net, opt = kit()` (the one binding of the plain name `key` that `scope` sees): the
    function of the file the call runs (a plain module function, undecorated or cached by
    `functools.lru_cache`/`cache`, which hand back what it returned), the place of `key` in the
    tuple and the function's `return`s, every one a tuple of the target's length; else None."""
    if "." in key:
        return None
    bindings = assignments(model).bindings(key, scope)
    if len(bindings) != 1 or bindings[0].value is not None:
        return None
    stmt = bindings[0].statement
    if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or stmt.value.__class__ is not ast.Call:  # type: ignore[attr-defined]
        return None
    target, call = stmt.targets[0], stmt.value  # type: ignore[attr-defined]
    if target.__class__ is not ast.Tuple or call.func.__class__ is not ast.Name:
        return None
    place = next((i for i, e in enumerate(target.elts) if e.__class__ is ast.Name and e.id == key), None)
    if place is None or any(e.__class__ is ast.Starred for e in target.elts):
        return None
    info = model.facts.module_functions.get(call.func.id)
    if info is None or info.class_name is not None:
        return None
    for decorator in info.node.decorator_list:
        named = dotted(decorator.func if decorator.__class__ is ast.Call else decorator)
        if named is None or (model.facts.imports.qualify(named) or named) not in _CACHING_DECORATORS:
            return None
    nodes = list(own_nodes(info.node))
    returns = [n for n in nodes if n.__class__ is ast.Return]
    if not returns or any(n.__class__ is ast.Yield or n.__class__ is ast.YieldFrom for n in nodes):
        return None
    if any(r.value.__class__ is not ast.Tuple or len(r.value.elts) != len(target.elts) for r in returns):  # type: ignore[union-attr]
        return None
    return info, place, returns


def unpacked_optimizer(key: str, scope: Scope, model: ModuleModel) -> ast.Call | None:
    """The torch optimizer `key` is unpacked from (`unpacked_returned`): at its place every
    `return` of the function has one name, bound once in the function to a call of
    `torch.optim`'s optimizer classes (or the call written there); that call."""
    found = unpacked_returned(key, scope, model)
    if found is None:
        return None
    info, place, returns = found
    calls = set()
    qualify = model.facts.imports.qualify
    for ret in returns:
        value = ret.value.elts[place]  # type: ignore[union-attr]
        if value.__class__ is ast.Name:
            bound = assignments(model).bindings(value.id, info.node)  # type: ignore[attr-defined]
            if len(bound) != 1 or bound[0].scope is not info.node:
                return None
            value = bound[0].value
        if value.__class__ is not ast.Call:
            return None
        named = _called_class(value, qualify)  # type: ignore[arg-type]
        if not (named or "").startswith("torch.optim.") or not _optimizer_class(named):
            return None
        calls.add(value)
    return calls.pop() if len(calls) == 1 else None
