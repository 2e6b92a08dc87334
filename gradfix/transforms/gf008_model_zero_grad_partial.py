from __future__ import annotations

import ast

from gradfix.analysis.assignments import assigned_values, init_parameter
from gradfix.analysis.facts import classify_constructor
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import (
    call_name,
    dotted,
    is_true,
    keyword,
    method_name,
    positional,
    receiver,
)
from gradfix.source import FUNCTIONS, Source, encloses
from gradfix.walk import ast_walk
from gradfix.transforms._common import event_code, owned_events, single_call_statement
from gradfix.transforms.base import Finding, Fix, LoopRule, ReplaceNode, Safety

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class ModelZeroGradPartial(LoopRule):
    """
    `model.zero_grad()` is the only clear, but the optimizer stepped owns parameters that
    model does not.

    ## What it does
    Finds training loops whose only gradient clears are `model.zero_grad()` calls while an
    optimizer they step owns parameters none of the cleared models owns: another model, a
    concatenation or parameter groups of several models' parameters. An optimizer over a
    part of the cleared model (`model.head.parameters()`) is fine: everything it steps is
    cleared.

    ## Why is this bad?
    `model.zero_grad()` clears exactly the parameters `model` owns; `optimizer.step()`
    applies the gradients of exactly the parameters the optimizer owns. Parameters the
    optimizer owns outside `model` are never cleared: their gradients accumulate across
    steps and the effective learning rate grows. `optimizer.zero_grad()` always clears what
    the step applies.

    ## Example
    ```python
    optimizer = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()))
    for x, y in loader:
        encoder.zero_grad()
        loss = criterion(head(encoder(x)), y)
        loss.backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    optimizer = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()))
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(head(encoder(x)), y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    Unsafe: `model.zero_grad(...)` becomes `optimizer.zero_grad(...)` (same arguments), which
    stops clearing parameters the model owns outside the optimizer; code that relied on that
    (several optimizers over one model) must clear each optimizer. Offered only when the loop
    steps a single optimizer, clears in a single statement written in the loop itself, and that
    statement is a call alone on its line.

    A finding needs every clear of the iteration (nested loops included) to be a module's
    `zero_grad()`, and an optimizer the iteration steps (not through an engine) that gradfix saw
    built by an optimizer constructor (in the loop's function, anywhere in the module for a
    `self.` attribute, or at the module's top level for a global name the function neither binds
    nor clears a local module with) over parameters it can list: `m.parameters()`, `list`/
    `tuple`/`chain`/`filter` of those, sums of lists, parameter-group dicts, single parameters
    (`[model.embed.weight]`), comprehensions over those or over a literal tuple of modules
    (`[p for m in (enc, dec) for p in m.parameters()]`, also one parameter group per module:
    `[{"params": m.parameters()} for m in (enc, dec)]`), and local names assigned them. It is
    reported when one of those parameters belongs to none of the cleared modules (a submodule of
    a cleared module belongs to it, and so does a module the cleared one was built to hold:
    an element of `nn.ModuleList([enc, head])`, `nn.Sequential(enc, head)` or
    `nn.ModuleDict({...})`, or an argument a class of the module stores on `self` in its
    `__init__`, as `Net(enc, head)` with `self.encoder = encoder`, also inside an
    `nn.ModuleDict`/`nn.ModuleList`/`nn.Sequential` it stores there).

    Silent: when a cleared module is given submodules after it is built (`parts.append(dec)`,
    `extend`, `insert`, `add_module`, or an attribute set on it from outside its class:
    `model.center = CenterLoss(...)` registers it); when a construction is over exactly a cleared module's parameters
    (`model.parameters()`, `model.module.parameters()`, filtered by `requires_grad`); when the
    cleared module is another name for the module the optimizer was built over (`self.net = model`,
    also `self.net, self.lr = model, lr` in the `__init__` that builds `SGD(model.parameters())`
    when that is `self.net`'s only binding, or a wrapper that owns exactly the wrapped module's parameters: `DDP(model)`,
    `DataParallel(model)`, `torch.compile(model)`, `model.to(device)`); when the optimizer is
    passed in or built by a factory (what it owns is not visible); when the optimizer is built in
    the loop over a list of tensors the loop binds anew (`self.x = to_tensor(image)`, then
    `SGD([self.x])`: activation maximisation, whose fresh leaves start with no gradient); when any clear is not a
    module's (`optimizer.zero_grad()`, `p.grad = None`); when the cleared object is held by an
    object of a plain class of the module (`stepper.h.zero_grad()` with `stepper =
    Stepper(sgd)`: what it was handed may be the optimizer); and when the loop calls code gradfix
    cannot see into that may clear, step or backpropagate.

    `p._grad = g` (A3C workers handing their gradients to the shared model) writes the
    gradients as `p.grad = g` does: such a loop is silent. A leaf tensor made with
    `requires_grad=True` (SAC's `log_alpha = torch.zeros(1, requires_grad=True)`) is a
    parameter no module owns, as an `nn.Parameter` is.
    """

    code = "GF008"
    name = "model-zero-grad-partial"
    message = "`{clear}` is the only clear, but `{opt}` was built over `{params}`, not `{model}.parameters()`: clear with `{opt}.zero_grad()`"
    safety = Safety.UNSAFE

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        events = owned_events(loop, model)
        # clears anywhere in the loop (nested training loops included) count
        clears = [e for e in loop.events if e.kind is EventKind.CLEAR]
        if not clears or any(c.scope is not ClearScope.MODEL or c.target is None for c in clears):
            return
        steps: dict[str, GradEvent] = {}
        for event in events:
            if event.kind is EventKind.STEP and event.target is not None and not event.engine:
                steps.setdefault(event.target, event)
        if not steps:
            return
        cleared_models = {c.target for c in clears if c.target is not None}
        if any(_held_by_a_plain_object(m, model) for m in cleared_models):
            return  # `lr_scheduler.o.zero_grad()`: what a plain class of the module holds may be the optimizer
        for target, step in steps.items():
            info = model.facts.info(target)
            if info is None or info.kind != "optimizer" or not info.strong:
                continue  # we cannot see what it owns
            sites = _constructions(model, target, loop.function, cleared_models)
            built = [params for _, params in sites]
            if not built or any(p is None for p in built):
                continue
            if all(_rebound_tensors(p, loop.node) for p in built):  # type: ignore[arg-type]
                continue  # `SGD([self.x])` over tensors made anew each iteration: no gradient carries over
            aliases = _aliases(model)
            names = {n for m in cleared_models for n in {m, *aliases.get(m, ())}}
            # `self.model = model` in the `__init__` that builds `SGD(model.parameters())`
            names |= {n for m in cleared_models if (n := _init_parameter_of_all(m, built, model)) is not None}
            if any(_owns_exactly(p, m, model.source) for p in built for m in names):  # type: ignore[arg-type]
                continue
            visitor = _visit(model)
            owners: list[str] = []
            for function, params in sites:
                found = _owners(params, visitor, function, 0)  # type: ignore[arg-type]
                if found is None:
                    owners = []
                    break
                owners += found
            if not owners:
                continue  # we cannot tell what it owns
            uncovered = [o for o in owners if not any(_within(o, m) or _held(o, m, visitor) for m in names)]
            if not uncovered:
                continue  # every parameter it steps is cleared (it may own a part of the model: fine)
            if any(m in _grown_modules(model) for m in names):
                continue  # `parts.append(dec)`, `model.center = center`: it may own more than it was built with
            clear = clears[0]
            source = model.source
            yield Finding(
                self.code,
                self.message.format(
                    clear=event_code(clear, model), opt=target, params=source.code(built[0]), model=clear.target  # type: ignore[arg-type]
                ),
                clear.anchor,
                fix=self._fix(clear, clears, steps, target, source),
                related=(loop.node,),
            )

    def _fix(
        self, clear: GradEvent, clears: list[GradEvent], steps: dict[str, GradEvent], opt: str, source: Source
    ) -> Fix | None:
        if len(steps) != 1 or len({id(c.node) for c in clears}) != 1 or not clear.direct or opt.endswith("[*]"):
            return None
        call = clear.call
        if call is None or single_call_statement(clear, source) is None:
            return None
        return Fix([ReplaceNode(call.func, f"{opt}.zero_grad", clear.statement)], Safety.UNSAFE)


def _init_parameter_of_all(key: str, built: list[ast.expr], model: ModuleModel) -> str | None:
    """The `__init__` parameter `key` (`self.model`) stands for in the `__init__` around every
    construction's parameters, the same for all (`init_parameter`)."""
    found = {init_parameter(model, key, params) for params in built} if key.startswith("self.") else {None}
    return found.pop() if len(found) == 1 else None


def _held_by_a_plain_object(key: str, model: ModuleModel) -> bool:
    """`sched.o`, `sched` built by a class of the module with no base class (not a module):
    whatever it holds in `o` was handed to it, and may be an optimizer."""
    root, dot, _ = key.partition(".")
    if not dot or root == "self":
        return False
    classes = model.facts.classes
    values = assigned_values(model, root)
    return bool(values) and all(
        isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in classes and not classes[v.func.id].bases
        for v in values
    )


def _grown_modules(model: ModuleModel) -> set[str]:
    """Keys of modules given submodules after they were built: `parts.append(m)` (`extend`,
    `insert`, `add_module`, `register_module`), or an attribute set on them from outside their
    class (`model.center_loss = CenterLoss(...)` registers it)."""
    found: set[str] | None = getattr(model, "_grown_modules", None)
    if found is not None:
        return found
    found = set()
    key = model.source.key
    for node in model.source.nodes:
        if isinstance(node, ast.Call) and method_name(node) in ("append", "extend", "insert", "add_module", "register_module"):
            recv = receiver(node)
            if recv is not None and dotted(recv) is not None:
                found.add(key(recv))
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and dotted(target.value) is not None and dotted(target.value) != "self":
                    found.add(key(target.value))
    model._grown_modules = found  # type: ignore[attr-defined]
    return found


def _owns_exactly(params: ast.expr, model_key: str, source: Source) -> bool:
    """`params` is `model.parameters()` (or `model.module.parameters()`, or that filtered by
    `requires_grad`): the optimizer owns what `model` owns."""
    if isinstance(params, ast.Call) and method_name(params) == "parameters" and not positional(params):
        owner = dotted(receiver(params))  # type: ignore[arg-type]
        return owner is not None and owner in (model_key, f"{model_key}.module") or (
            owner is not None and model_key == f"{owner}.module"
        )
    if isinstance(params, ast.Call) and call_name(params) == "filter" and len(params.args) == 2:
        return "requires_grad" in source.code(params.args[0]) and _owns_exactly(params.args[1], model_key, source)
    if isinstance(params, ast.ListComp):
        # [p for p in model.parameters() if p.requires_grad]
        if len(params.generators) == 1:
            comp = params.generators[0]
            if isinstance(params.elt, ast.Name) and isinstance(comp.target, ast.Name):
                if params.elt.id == comp.target.id and all("requires_grad" in source.code(c) for c in comp.ifs):
                    return _owns_exactly(comp.iter, model_key, source)
    return False


class _Constructions:
    """Every `key = <optimizer constructor>(params, ...)`, with the function it is in."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.key = model.source.key
        self.found: dict[str, list[tuple[ast.AST | None, ast.expr | None]]] = {}
        self.aliases: dict[str, set[str]] = {}
        # (id(function), name) -> values assigned (`=` and `+=`) to a local name
        self.locals: dict[tuple[int, str], list[ast.expr]] = {}
        # key -> modules it holds as submodules (`nn.ModuleList([enc, head])`, `Net(enc, head)`)
        self.contains: dict[str, set[str]] = {}
        self._visit(model.module, None)

    def _visit(self, node: ast.AST, function: ast.AST | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, FUNCTIONS):
                self._visit(child, child)
                continue
            if isinstance(child, ast.AugAssign):
                if isinstance(child.target, ast.Name) and isinstance(child.op, ast.Add):
                    self.locals.setdefault((id(function), child.target.id), []).append(child.value)
            elif isinstance(child, ast.Assign):
                self._assign(child, function)
            self._visit(child, function)

    def _assign(self, node: ast.Assign, function: ast.AST | None) -> None:
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and not isinstance(node.value, ast.Call):
            self.locals.setdefault((id(function), node.targets[0].id), []).append(node.value)
        if len(node.targets) == 1 and isinstance(node.value, (ast.Name, ast.Attribute)):
            # `self.model = model`: both names stand for the same module
            left, right = self.key(node.targets[0]), self.key(node.value)
            self.aliases.setdefault(left, set()).add(right)
            self.aliases.setdefault(right, set()).add(left)
        if len(node.targets) != 1 or not isinstance(node.value, ast.Call):
            return
        wrapped = _wrapped_module(node.value, self.model.facts.imports.qualify)
        if wrapped is not None:
            # `ddp_model = DDP(model)`, `compiled = torch.compile(model)`, `net = model.to(device)`:
            # the wrapper owns exactly the parameters of the module it wraps
            left, right = self.key(node.targets[0]), self.key(wrapped)
            self.aliases.setdefault(left, set()).add(right)
            self.aliases.setdefault(right, set()).add(left)
            return
        target = node.targets[0]
        if not isinstance(target, (ast.Name, ast.Attribute, ast.Subscript)):
            return
        key = self.key(target)
        facts = self.model.facts
        held = _held_modules(node.value, self.model)
        if held:
            self.contains.setdefault(key, set()).update(held)
        constructor = call_name(node.value) or ""
        if isinstance(target, ast.Name):
            self.locals.setdefault((id(function), target.id), []).append(node.value)
        if classify_constructor(facts.imports.qualify(constructor)) != "optimizer" or not constructor.rsplit(
            ".", 1
        )[-1][:1].isupper():
            # a factory (`model.configure_optimizers(cfg)`): its first argument says nothing
            self.found.setdefault(key, []).append((function, None))  # rebound to something else
            return
        args = positional(node.value)
        params = args[0] if args else None
        if params is None:
            kw = keyword(node.value, "params")
            params = kw.value if kw else None
        self.found.setdefault(key, []).append((function, params))


# Wrappers whose `parameters()` are those of the module they are given (FSDP is not one: it
# flattens them into parameters of its own).
_WRAPPERS = {"DistributedDataParallel", "DDP", "DataParallel", "compile"}
_SAME_MODULE_METHODS = {"to", "cuda", "cpu", "float", "double", "half", "bfloat16", "train", "requires_grad_", "to_empty"}


def _wrapped_module(call: ast.Call, qualify) -> ast.expr | None:  # type: ignore[no-untyped-def]
    """The module a call wraps or returns unchanged (`DDP(model, ...)`, `torch.compile(model)`,
    `model.to(device)`), if it is one of those."""
    if isinstance(call.func, ast.Attribute) and call.func.attr in _SAME_MODULE_METHODS:
        value = call.func.value
        return value if isinstance(value, (ast.Name, ast.Attribute)) and dotted(value) is not None else None
    name = qualify(call_name(call)) or call_name(call) or ""
    last = name.rsplit(".", 1)[-1]
    if last not in _WRAPPERS or (last == "compile" and not name.startswith("torch.")):
        return None
    args = positional(call)
    first = args[0] if args else None
    if first is None:
        found = keyword(call, "module") or keyword(call, "model")
        first = found.value if found is not None else None
    return first if first is not None and dotted(first) is not None else None


def _visit(model: ModuleModel) -> _Constructions:
    visitor = getattr(model, "_gf008_constructions", None)
    if visitor is None:
        visitor = _Constructions(model)
        model._gf008_constructions = visitor  # type: ignore[attr-defined]
    return visitor


def _aliases(model: ModuleModel) -> dict[str, set[str]]:
    return _visit(model).aliases


def _constructions(
    model: ModuleModel, key: str, function: ast.AST | None, cleared: set[str] = frozenset()  # type: ignore[assignment]
) -> list[tuple[ast.AST | None, ast.expr | None]]:
    """What `key` was built over, as seen from `function`: its own constructions, or for
    `self.x` attributes, every construction in the module, or for a global name the function
    does not bind, the module-level constructions when the `cleared` modules are globals of the
    function too. Empty when we cannot tell."""
    table = _visit(model).found
    entries = table.get(key, [])
    local = [(fn, params) for fn, params in entries if fn is function]
    if local:
        return local
    if key.startswith("self."):
        return list(entries)
    if (
        function is not None and key.isidentifier() and not _binds_name(function, key, model)
        and all(not _binds_name(function, m.split(".", 1)[0].split("[", 1)[0], model) for m in cleared)
    ):  # fmt: skip
        # a module-level optimizer a function's loop steps, clearing module-level models (the
        # names the construction reads mean the same objects): what the module built it over
        return [(fn, params) for fn, params in entries if fn is None]
    return []


def _binds_name(function: ast.AST, name: str, model: ModuleModel) -> bool:
    """The function has a local `name` (a parameter or a binding), or some function of the
    module rebinds the global (`global name`)."""
    args = function.args  # type: ignore[attr-defined]
    if name in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}:
        return True
    if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)):
        return True
    return "global" in model.source.text and any(
        isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names for n in model.source.nodes
    )


def _within(owner: str, model_key: str) -> bool:
    """Parameters of `owner` are among those `model_key.zero_grad()` clears."""
    owner = owner.replace(".module.", ".")
    if owner.endswith(".module"):
        owner = owner[: -len(".module")]
    return owner == model_key or owner.startswith(model_key + ".") or owner.startswith(model_key + "[")


_CONTAINERS = {"torch.nn.ModuleList", "torch.nn.Sequential", "torch.nn.ModuleDict"}


def _held_modules(call: ast.Call, model: ModuleModel) -> set[str]:
    """The modules a constructor call makes submodules of what it builds: the elements of
    `nn.ModuleList([...])`, `nn.Sequential(...)`, `nn.ModuleDict({...})`, and the arguments a
    class of this module stores on `self` in its `__init__` (`Net(enc, head)` with `self.encoder
    = encoder`)."""
    name = call_name(call) or ""
    qualified = model.facts.imports.qualify(name) or name
    values: list[ast.expr] = []
    if qualified in _CONTAINERS:
        for arg in call.args:
            if isinstance(arg, (ast.List, ast.Tuple)):
                values += arg.elts
            elif isinstance(arg, ast.Dict):
                values += arg.values
            else:
                values.append(arg)
    elif name in model.facts.classes:
        init = model.facts.methods.get(name, {}).get("__init__")
        if init is None:
            return set()
        params = [a.arg for a in init.node.args.args[1:]]
        stored: set[str] = set()
        for node in ast_walk(init.node):
            if not (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self" for t in node.targets)
            ):
                continue
            if isinstance(node.value, ast.Name):
                stored.add(node.value.id)
            elif isinstance(node.value, ast.Call) and (model.facts.imports.qualify(call_name(node.value) or "") or "") in _CONTAINERS:
                # `self.nets = nn.ModuleDict({"actor": actor, "critic": critic})`, `nn.ModuleList([a, b])`
                for arg in node.value.args:
                    parts = arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else arg.values if isinstance(arg, ast.Dict) else [arg]
                    stored |= {part.id for part in parts if isinstance(part, ast.Name)}
        given = dict(zip(params, call.args))
        given.update({k.arg: k.value for k in call.keywords if k.arg is not None})
        values = [value for param, value in given.items() if param in stored]
    return {key for value in values if (key := dotted(value)) is not None}


def _held(owner: str, model_key: str, visitor: _Constructions, depth: int = 0) -> bool:
    """`owner` is (within) a module that `model_key` holds as a submodule."""
    if depth > 4:
        return False
    return any(_within(owner, inner) or _held(owner, inner, visitor, depth + 1) for inner in visitor.contains.get(model_key, ()))


_PASS_THROUGH = {"list", "tuple", "filter", "chain", "itertools.chain", "chain.from_iterable"}


class _Parameters:
    """Stands for `<owner>.parameters()` of a single parameter named in a list."""

    def __init__(self, owner: str) -> None:
        self.owner = owner


def _rebound_tensors(params: ast.AST, loop: ast.AST) -> bool:
    """`params` is a list of tensors (`[self.x]`, `[image, noise]`) each of which the loop binds
    anew (`self.x = to_tensor(image)`): the optimizer, built in the loop too, steps fresh leaves
    whose gradients start empty every iteration (activation maximisation, adversarial inputs)."""
    if not isinstance(params, (ast.List, ast.Tuple)) or not params.elts:
        return False
    keys = [dotted(e) if isinstance(e, (ast.Name, ast.Attribute)) else None for e in params.elts]
    if None in keys:
        return False
    bound = {
        dotted(target)
        for node in ast_walk(loop)
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
    }
    return all(key in bound for key in keys) and encloses(loop, params)


def _owners(expr: ast.AST, visitor: _Constructions, function: ast.AST | None, depth: int) -> list[str] | None:
    """The modules whose parameters `expr` holds, or None when we cannot tell."""
    if depth > 4:
        return None
    if isinstance(expr, _Parameters):
        return [expr.owner]
    if isinstance(expr, ast.Call):
        method = method_name(expr)
        recv = receiver(expr)
        if (
            method == "parameters"
            and not positional(expr)
            and isinstance(recv, (ast.Name, ast.Attribute, ast.Subscript))
        ):
            return [visitor.key(recv)]
        name = call_name(expr)
        if name in _PASS_THROUGH:
            args: list[ast.AST] = [a for a in expr.args if not isinstance(a, ast.Starred)]
            if name == "filter":
                args = args[1:]
            return _union(args, visitor, function, depth)
        return None
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return _union([expr.left, expr.right], visitor, function, depth)
    if isinstance(expr, (ast.List, ast.Tuple)):
        parts: list[ast.AST] = []
        for element in expr.elts:
            if isinstance(element, ast.Starred):
                parts.append(element.value)
            elif isinstance(element, ast.Dict):
                group = [
                    v
                    for k, v in zip(element.keys, element.values)
                    if isinstance(k, ast.Constant) and k.value == "params"
                ]
                if len(group) != 1:
                    return None
                parts.append(group[0])
            elif isinstance(element, ast.Attribute):
                owner = dotted(element.value)  # [model.embed.weight]
                if owner is None:
                    return None
                parts.append(_Parameters(owner))  # type: ignore[arg-type]
            else:
                parts.append(element)
        return _union(parts, visitor, function, depth)
    if isinstance(expr, (ast.ListComp, ast.GeneratorExp)) and len(expr.generators) == 1:
        if isinstance(expr.elt, ast.Dict):
            # `[{"params": m.parameters(), ...} for m in (enc, dec)]`: a group per module listed
            return _groups_of_listed_modules(expr, visitor)
        return _owners(expr.generators[0].iter, visitor, function, depth + 1)
    if isinstance(expr, (ast.ListComp, ast.GeneratorExp)) and len(expr.generators) == 2:
        # `[p for m in (enc, dec) for p in m.parameters()]`: the parameters of each module listed
        outer, inner = expr.generators
        modules = outer.iter
        if not (
            isinstance(outer.target, ast.Name) and isinstance(modules, (ast.List, ast.Tuple)) and modules.elts
            and isinstance(inner.iter, ast.Call) and method_name(inner.iter) == "parameters" and not positional(inner.iter)
            and isinstance(receiver(inner.iter), ast.Name) and receiver(inner.iter).id == outer.target.id  # type: ignore[union-attr]
            and isinstance(expr.elt, ast.Name) and isinstance(inner.target, ast.Name) and expr.elt.id == inner.target.id
        ):  # fmt: skip
            return None
        keys = [dotted(m) for m in modules.elts]
        if any(k is None for k in keys):
            return None
        return [visitor.key(m) for m in modules.elts]
    if isinstance(expr, ast.Name):
        values = visitor.locals.get((id(function), expr.id)) or visitor.locals.get((id(None), expr.id))
        if not values:
            return None
        if all(_is_parameter(v, visitor) for v in values):
            return [expr.id]  # `temperature = nn.Parameter(...)`: a tensor no module owns
        return _union(values, visitor, function, depth)  # type: ignore[arg-type]
    return None


def _groups_of_listed_modules(expr: ast.ListComp | ast.GeneratorExp, visitor: _Constructions) -> list[str] | None:
    """The modules of `[{"params": m.parameters(), ...} for m in (enc, dec)]` (also
    `list(m.parameters())`, a generator, a literal list of modules): one parameter group per
    module of the literal; None for any other comprehension of dicts."""
    loop = expr.generators[0]
    modules = loop.iter
    if not (
        isinstance(loop.target, ast.Name) and not loop.ifs and not loop.is_async
        and isinstance(modules, (ast.List, ast.Tuple)) and modules.elts
        and all(isinstance(m, (ast.Name, ast.Attribute)) and dotted(m) is not None for m in modules.elts)
    ):  # fmt: skip
        return None
    group = expr.elt
    assert isinstance(group, ast.Dict)
    values = [v for k, v in zip(group.keys, group.values) if isinstance(k, ast.Constant) and k.value == "params"]
    if len(values) != 1 or any(k is None for k in group.keys):
        return None  # `{**defaults, "params": ...}`: what the unpacking holds is not read
    params = values[0]
    if isinstance(params, ast.Call) and call_name(params) == "list" and len(params.args) == 1 and not params.keywords:
        params = params.args[0]
    if not (
        isinstance(params, ast.Call) and method_name(params) == "parameters" and not positional(params)
        and isinstance(receiver(params), ast.Name) and receiver(params).id == loop.target.id  # type: ignore[union-attr]
    ):  # fmt: skip
        return None
    return [visitor.key(m) for m in modules.elts]


def _is_parameter(value: ast.AST, visitor: _Constructions) -> bool:
    if not isinstance(value, ast.Call):
        return False
    name = visitor.model.facts.imports.qualify(call_name(value)) or ""
    if name in ("torch.nn.Parameter", "nn.Parameter", "torch.nn.parameter.Parameter") or name.endswith("nn.Parameter"):
        return True
    # a leaf tensor no module owns: `torch.zeros(1, requires_grad=True)` (SAC's `log_alpha`),
    # `torch.tensor([0.0]).requires_grad_()`
    flag = keyword(value, "requires_grad")
    if name.startswith("torch.") and flag is not None and is_true(flag.value):
        return True
    if method_name(value) == "requires_grad_" and not value.args and not value.keywords:
        inner = receiver(value)
        return isinstance(inner, ast.Call) and (visitor.model.facts.imports.qualify(call_name(inner)) or "").startswith("torch.")
    return False


def _union(parts: list[ast.AST], visitor: _Constructions, function: ast.AST | None, depth: int) -> list[str] | None:
    owners: list[str] = []
    for part in parts:
        found = _owners(part, visitor, function, depth + 1)
        if found is None:
            return None
        owners += found
    return owners
