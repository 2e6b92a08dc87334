from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import _class_method, assigned_values, assignments, init_parameter
from gradfix.analysis.facts import ModuleFacts, attribute_assigned_once, classify_constructor, count_binding, enclosing_function, may_rebind
from gradfix.analysis.handed_in import handed_in_calls, optimizer_params
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.modules import strip_same_module
from gradfix.analysis.shared_graphs import _enclosing_function
from gradfix.analysis.staleness import _calls_super_init, builds_module
from gradfix.analysis.names import (
    call_name,
    dotted,
    is_true,
    keyword,
    method_name,
    parameter_default,
    positional,
    receiver,
)
from gradfix.source import FUNCTIONS, Source, encloses
from gradfix.walk import ast_walk, child_statements, own_nodes
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
    cleared. Another optimizer's own clear in the loop (a GAN's `opt_d.zero_grad()` next to
    `G_ab.zero_grad()` before `opt_g.step()`, `opt_g` over `itertools.chain(G_ab.parameters(),
    G_ba.parameters())`) clears the modules that optimizer was built over (gradfix must read
    them; else silent); the optimizer it steps is judged against those and the cleared models.
    A clear of each module of a literal list, `for m in (trunk, head): m.zero_grad()` (each a
    module the file builds), clears those modules (reported without a fix: the loop would stay).
    An optimizer's clear in an `except` block that ends by `raise` or `continue` (an
    out-of-memory retry) is no clear of the iterations that train.

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
    statement is a call alone on its line; or in a method of the loop's own class that the loop
    calls as `self.train_step(...)` (or a subclass's override of a stub, `raise
    NotImplementedError`, of the loop's class: every other definition of the name a stub of a
    class it derives from), its one call in the file, both the cleared module and the
    optimizer attributes of `self` (the same objects in the method as in the loop).

    A finding needs every clear of the iteration (nested loops included) to be a module's
    `zero_grad()`, and an optimizer the iteration steps (not through an engine) that gradfix saw
    built by an optimizer constructor (in the loop's function, anywhere in the module for a
    `self.` attribute, in the function around a closure for a name the closure neither binds
    nor clears a module of its own with, built there once: `def run_epoch():` returned by the
    factory that builds the optimizer, or at the module's top level for a global name the
    function neither binds nor clears a local module with) over parameters it can list: `m.parameters()`, `list`/
    `tuple`/`chain`/`filter` of those, sums of lists, parameter-group dicts, single parameters
    (`[model.embed.weight]`), comprehensions over those or over a literal tuple of modules
    (`[p for m in (enc, dec) for p in m.parameters()]`, also one parameter group per module:
    `[{"params": m.parameters()} for m in (enc, dec)]`), and local names assigned them (of
    several constructions of one name, each a statement of the block holding the loop before it,
    the name bound nowhere else, the last: a notebook building the optimizer again over more
    modules; for a `cls.` optimizer stepped in a `@classmethod`, its constructions in the class
    methods of the same class (`cls.opt = SGD(...)` in `prepare`); of several constructions of a
    `self.` optimizer, the one in the `__init__` of the
    class whose method steps it, a statement of its own body after its one call of the base's
    `__init__`, the last such, when every other construction is in the `__init__` of a class it
    derives from, every binding of the attribute is one of these, no class of the file derives
    from it and no other module imports it: a subclass that builds the optimizer again over its
    new head). It is
    reported when one of those parameters belongs to none of the cleared modules (a submodule of
    a cleared module belongs to it, and so does a module the cleared one was built to hold:
    an element of `nn.ModuleList([enc, head])`, `nn.Sequential(enc, head)` or
    `nn.ModuleDict({...})`, or an argument a class of the module stores on `self` in its
    `__init__`, as `Net(enc, head)` with `self.encoder = encoder`, also inside an
    `nn.ModuleDict`/`nn.ModuleList`/`nn.Sequential` it stores there). An optimizer handed in
    with the one module cleared -- parameters of the function around the loop, or of a class's
    `__init__` bound once to `self.model` and `self.optimizer` (as GF002 reads them) -- is read at
    every call of that function or class in the project, at least one: each must pass an
    optimizer built there (or bound there to a constructor) over parameters the module it
    passes does not all own (`Trainer(backbone, head, SGD(list(backbone.parameters()) +
    list(head.parameters())))`), read as above in the caller's module; also when the module
    builds an optimizer of the same name elsewhere (`def train_one_epoch(backbone, head, loader,
    optimizer)` beside `optimizer = SGD(...)` in `main`). A call that leaves out, or passes
    `None` for, an optimizer parameter whose default is `None` and which the function never
    binds again (`run_epoch(model, val_loader)` beside `run_epoch(model, loader, optimizer)`)
    hands it nothing to step and is not counted. A name the caller's scope binds several times
    is read as the construction that reaches the call: every binding a statement `optimizer =
    ...` of that scope's own body, none elsewhere (no `global`), the last before the statement
    holding the call; otherwise the calls are not read.

    An optimizer over a container the code fills in view is over the modules it holds: a
    torch `ModuleList`/`Sequential`/`ModuleDict` bound once to a plain name, built with a literal
    and given modules by `.append`/`.extend`/`.insert` (`holder = nn.ModuleList();
    holder.append(net)`: `net.zero_grad()` clears it all), when every other use of the name only
    reads it. So is one over `self.parameters()` in a class of the file deriving from `nn.Module`
    alone, built in the class whose method holds the loop: the attributes `__init__` set before
    the optimizer (any method's, when it is built elsewhere), each a module or parameter, or a
    value that holds none (a number, a string, a plain list, a tensor, a loss, an optimizer, a
    parameter of `__init__` with a plain default). Silent when what such a container or
    `self` holds cannot all be seen: a container built over a list (`nn.ModuleList(layers)`) or
    handed to a function (unless a layer of its literal is built in place, `critic =
    nn.Sequential(nn.Linear(4, 16), ...)` handed to `save(critic)`: that layer is its own, and no
    clear covers it), an attribute set to what a factory returns, a parameter of `__init__`
    without a plain default, `self` handed to a function or given submodules by name
    (`add_module`), a method of `self` called before the optimizer, a base class other than
    `nn.Module`.

    Silent: when a cleared module is given submodules after it is built (`parts.append(dec)`,
    `extend`, `insert`, `add_module`, or an attribute set on it from outside its class:
    `model.center = CenterLoss(...)` registers it); when a construction is over exactly a cleared module's parameters
    (`model.parameters()`, `model.module.parameters()`, filtered by `requires_grad`); when the
    cleared module is another name for the module the optimizer was built over (`self.net = model`,
    also `self.net, self.lr = model, lr` in the `__init__` that builds `SGD(model.parameters())`
    when that is `self.net`'s only binding, or a wrapper that owns exactly the wrapped module's parameters: `DDP(model)`,
    `DataParallel(model)`, `torch.compile(model)`, `model.to(device)`); when the optimizer is
    passed in (other than as above) or built by a factory (what it owns is not visible); when the optimizer is built in
    the loop over a list of tensors the loop binds anew (`self.x = to_tensor(image)`, then
    `SGD([self.x])`: activation maximisation, whose fresh leaves start with no gradient); when any clear is not a
    module's (`optimizer.zero_grad()`, `p.grad = None`); when the cleared object is held by an
    object of a plain class of the module (`stepper.h.zero_grad()` with `stepper =
    Stepper(sgd)`: what it was handed may be the optimizer); when the cleared object was built
    by a call handed an optimizer the loop steps (`self.sched = ScheduledOptim(self.optim, ...)`
    cleared by `self.sched.zero_grad()` before `self.optim.step()`: a wrapper whose
    `zero_grad()` may clear that optimizer); and when the loop calls code gradfix
    cannot see into that may clear, step or backpropagate.

    `p._grad = g` (A3C workers handing their gradients to the shared model) writes the
    gradients as `p.grad = g` does: such a loop is silent. A leaf tensor made with
    `requires_grad=True` (SAC's `log_alpha = torch.zeros(1, requires_grad=True)`) is a
    parameter no module owns, as an `nn.Parameter` is. So is one an object holds as an
    attribute, `self.temperature` listed beside the model's parameters, bound once in its class
    body (`temperature = nn.Parameter(...)`) or in its `__init__` (`self.temperature =
    nn.Parameter(...)`, the file's one assignment of `.temperature`, no `setattr(`; also in
    the one method of a class with no `__init__` that sets it, a `prepare()` stage): it is no
    parameter of the model the loop clears (it would be of `self` if `self` is a module the loop
    clears with `self.zero_grad()`).
    """

    code = "GF008"
    name = "model-zero-grad-partial"
    message = "`{clear}` is the only clear, but `{opt}` was built over `{params}`, not `{model}.parameters()`: clear with `{opt}.zero_grad()`"
    listed_message = "`{clear}` of {modules} is the only clear, but `{opt}` was built over `{params}`, which holds more: clear with `{opt}.zero_grad()`"
    safety = Safety.UNSAFE

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        events = owned_events(loop, model)
        # clears anywhere in the loop (nested training loops included) count
        clears = [e for e in loop.events if e.kind is EventKind.CLEAR]
        if any(b.kind == "except" for c in clears for b in c.branches):
            # a clear in an `except` block that ends by `raise` or `continue` (an out-of-memory
            # retry): no iteration that trains runs it
            clears = [c for c in clears if not any(b.kind == "except" and _leaves_the_iteration(b.node) for b in c.branches_within(loop.node))]
        if not clears or any(c.scope is ClearScope.PARAMETERS or c.target is None for c in clears):
            return
        # a GAN's other optimizer cleared by its own `opt_d.zero_grad()`: what it owns is cleared
        # too (each such optimizer's modules must be known; its own steps are fine)
        listed = {id(c): found for c in clears if c.scope is ClearScope.OPTIMIZER and (found := _listed_modules(c, model)) is not None}
        optimizer_clears = {c.target for c in clears if c.scope is ClearScope.OPTIMIZER and id(c) not in listed}
        clears = [c for c in clears if c.scope is ClearScope.MODEL or id(c) in listed]
        if not clears:
            return
        steps: dict[str, GradEvent] = {}
        for event in events:
            if event.kind is EventKind.STEP and event.target is not None and not event.engine:
                steps.setdefault(event.target, event)
        if not steps:
            return
        cleared_models = {c.target for c in clears if c.target is not None and id(c) not in listed}
        # `for m in (trunk, head): m.zero_grad()`: each module listed is cleared (no fix then)
        cleared_models.update(m for found in listed.values() for m in found)
        if any(_held_by_a_plain_object(m, model) for m in cleared_models):
            return  # `lr_scheduler.o.zero_grad()`: what a plain class of the module holds may be the optimizer
        if any(_handed_a_stepped_optimizer(m, steps, model) for m in cleared_models):
            return  # `sched = ScheduledOptim(opt, ...)`: a wrapper whose `zero_grad()` may clear `opt`
        others: set[str] = set()
        if optimizer_clears:
            visitor = _visit(model)
            for other in optimizer_clears:
                sites = _constructions(model, other, loop.function, cleared_models, loop.node)  # type: ignore[arg-type]
                owners = [_owners(params, visitor, function, 0) if params is not None else None for function, params in sites]
                if not sites or any(not found for found in owners):
                    return  # we cannot tell what the other optimizer clears
                others.update(o for found in owners for o in found)  # type: ignore[union-attr]
        for target, step in steps.items():
            if target in optimizer_clears:
                continue  # cleared by its own optimizer
            info = model.facts.info(target)
            if optimizer_clears and (info is None or info.kind != "optimizer" or not info.strong):
                continue
            if info is None or info.kind != "optimizer" or not info.strong:
                # handed in with the cleared module (`Trainer(net, opt)`): what every call passes
                shown = _handed_in_uncovered(target, cleared_models, loop, model)
                if shown is not None:
                    yield self._finding(clears, steps, target, shown, loop, model)
                continue  # else we cannot see what it owns
            sites = _constructions(model, target, loop.function, cleared_models, loop.node)
            if not sites and info.params is not None and target.isidentifier():
                # `opt = optimizer`: the facts read the alias as the optimizer (each name bound
                # once in the scope); its construction is the other name's
                sites = [
                    site for other in _aliases(model).get(target, ())
                    for site in _constructions(model, other, loop.function, cleared_models, loop.node) if site[1] is info.params
                ]
            if len(sites) > 1:
                sites = _reaching_in_blocks(sites, target, loop, model)
            if len(sites) > 1 and target.startswith("self."):
                sites = _of_the_stepping_class(sites, step, model)
            if len(sites) > 1 and target.startswith("self."):
                sites = _reaching_in_the_init(sites, target, step, model)
            built = [params for _, params in sites]
            if not built:
                # a parameter of the loop's function named like an optimizer (`def
                # train_one_epoch(backbone, head, loader, optimizer)`): what every call passes
                shown = _handed_in_uncovered(target, cleared_models, loop, model)
                if shown is not None:
                    yield self._finding(clears, steps, target, shown, loop, model)
                continue
            if any(p is None for p in built):
                continue
            if all(_rebound_tensors(p, loop.node) for p in built):  # type: ignore[arg-type]
                continue  # `SGD([self.x])` over tensors made anew each iteration: no gradient carries over
            aliases = _aliases(model)
            names = {n for m in cleared_models | others for n in {m, *aliases.get(m, ())}}
            # `self.model = model` in the `__init__` that builds `SGD(model.parameters())`
            names |= {n for m in cleared_models if (n := _init_parameter_of_all(m, built, model)) is not None}
            if any(_owns_exactly(p, m, model.source) for p in built for m in names):  # type: ignore[arg-type]
                continue
            visitor = _visit(model)
            covered = lambda key: any(_within(key, m) or _held(key, m, visitor) for m in names)  # noqa: E731
            uncovered: list[str] | None = []
            for function, params in sites:
                found = _owners(params, visitor, function, 0)  # type: ignore[arg-type]
                if not found:
                    uncovered = None
                    break
                for owner in found:
                    # a container filled in view (`holder.append(net)`), `self` of a module class:
                    # the modules it holds, each judged
                    opened = _uncovered_members(owner, _Opening(function, params, loop.function, covered, visitor))  # type: ignore[arg-type]
                    if opened is None:
                        uncovered = None
                        break
                    uncovered += opened  # type: ignore[operator]
                if uncovered is None:
                    break
            if uncovered is None:
                continue  # we cannot tell what it owns
            if not uncovered:
                continue  # every parameter it steps is cleared (it may own a part of the model: fine)
            if any(m in _grown_modules(model) for m in names):
                continue  # `parts.append(dec)`, `model.center = center`: it may own more than it was built with
            yield self._finding(clears, steps, target, model.source.code(built[0]), loop, model)  # type: ignore[arg-type]

    def _finding(
        self, clears: list[GradEvent], steps: dict[str, GradEvent], target: str, params: str, loop: TrainingLoop, model: ModuleModel
    ) -> Finding:
        clear = clears[0]
        message = self.message.format(clear=event_code(clear, model), opt=target, params=params, model=clear.target)
        listed = _listed_modules(clear, model) if clear.scope is ClearScope.OPTIMIZER else None
        if listed is not None:  # `for m in (trunk, head): m.zero_grad()`
            message = self.listed_message.format(clear=event_code(clear, model), opt=target, params=params, modules=", ".join(f"`{m}`" for m in listed))
        return Finding(
            self.code,
            message,
            clear.anchor,
            fix=self._fix(clear, clears, steps, target, model),
            related=(loop.node,),
        )

    def _fix(
        self, clear: GradEvent, clears: list[GradEvent], steps: dict[str, GradEvent], opt: str, model: ModuleModel
    ) -> Fix | None:
        source = model.source
        if len(steps) != 1 or len({id(c.node) for c in clears}) != 1 or opt.endswith("[*]") or any((c.target or "").endswith("[*]") for c in clears):
            return None
        call = clear.call
        if call is None:
            return None
        statement = single_call_statement(clear, source) if clear.direct else _own_method_statement(clear, opt, model)
        if statement is None:
            return None
        return Fix([ReplaceNode(call.func, f"{opt}.zero_grad", statement)], Safety.UNSAFE)


def _listed_modules(clear: GradEvent, model: ModuleModel) -> list[str] | None:
    """The modules a clear over a literal list clears, `[trunk,head][*]` for `for m in (trunk,
    head): m.zero_grad()`, each a name the module builds as a model; else None."""
    target = clear.target or ""
    if not (target.startswith("[") and target.endswith("][*]")):
        return None
    names = target[1:-4].split(",")
    for name in names:
        info = model.facts.info(name)
        if not name.isidentifier() or (info is not None and info.kind != "model"):
            return None
        # (every binding a module built there and then: `trunk = nn.Sequential(...)`)
        values = assigned_values(model, name)
        if not values or not all(isinstance(v, ast.Call) and builds_module(v, model) for v in values):
            return None
        if any(word in (call_name(v) or "") for v in values for word in ("optim", "Adam", "SGD")):
            return None
    return names


def _handed_in_uncovered(optimizer: str, cleared: set[str], loop: TrainingLoop, model: ModuleModel) -> str | None:
    """The optimizer and the one module cleared are handed in together (`Trainer(net, opt)`,
    see `handed_in_calls`), and every call -- at least one -- passes an optimizer built over
    parameters the module it passes does not all own (read in the caller's module as a
    construction of this one: `Adam(list(net.parameters()) + list(arc_head.parameters()))`):
    the parameters of the first call's construction, as written; None otherwise."""
    if len(cleared) != 1:
        return None
    module = next(iter(cleared))
    if module in _grown_modules(model):
        return None  # `self.model.add_module(...)`: it may own more than it was handed
    calls = handed_in_calls(optimizer, module, loop, model)
    if not calls:
        return None
    shown: str | None = None
    for passed, module_passed, caller in calls:
        facts, source = caller
        key = dotted(module_passed)
        params = optimizer_params(passed, caller)
        if key is None or params is None:
            return None
        visitor = _visit(model if source is model.source else _caller_module(facts, source, model))
        names = {key, *visitor.aliases.get(key, ())}
        if any(_owns_exactly(params, m, source) for m in names) or any(m in _grown_modules(visitor.model) for m in names):
            return None
        owners = _owners(params, visitor, _enclosing_function(params, source), 0)
        if not owners or all(any(_within(o, m) or _held(o, m, visitor) for m in names) for o in owners):
            return None  # what it owns is unknown, or all of it is cleared
        if shown is None:
            shown = source.code(params)
    return shown


class _CallerModule:
    """A module of the project that calls the analysed one, as `_Constructions` reads it."""

    def __init__(self, facts, source: Source) -> None:  # type: ignore[no-untyped-def]
        self.facts, self.source, self.module = facts, source, source.tree


def _caller_module(facts, source: Source, model: ModuleModel) -> _CallerModule:  # type: ignore[no-untyped-def]
    """One `_CallerModule` per calling file and analysed model (its constructions read once)."""
    kept: dict[int, _CallerModule] = model.__dict__.setdefault("_gf008_callers", {})
    found = kept.get(id(source))
    if found is None or found.source is not source:
        found = kept[id(source)] = _CallerModule(facts, source)
    return found
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


def _handed_a_stepped_optimizer(key: str, steps: dict[str, GradEvent], model: ModuleModel) -> bool:
    """`key` bound to a call handed an optimizer the loop steps (`self.sched =
    ScheduledOptim(self.optim, ...)`, `Noam(512, 4000, optimizer=adam)`): a wrapper, not a
    module, whose `zero_grad()` may clear that optimizer's parameters."""
    key_of = model.source.key
    for value in assigned_values(model, key):
        if value.__class__ is ast.Call:
            for arg in (*value.args, *(k.value for k in value.keywords)):  # type: ignore[attr-defined]
                if key_of(arg) in steps:
                    return True
    return False


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
        self.statements: dict[str, list[ast.Assign]] = {}  # the assignment of each entry of `found`
        self.aliases: dict[str, set[str]] = {}
        # (id(function), name) -> values assigned (`=` and `+=`) to a local name
        self.locals: dict[tuple[int, str], list[ast.expr]] = {}
        # key -> modules it holds as submodules (`nn.ModuleList([enc, head])`, `Net(enc, head)`)
        self.contains: dict[str, set[str]] = {}
        self._visit(model.module, None)

    def _visit(self, node: ast.AST, function: ast.AST | None) -> None:
        for child in child_statements(node):  # (an expression holds no assignment or definition)
            if isinstance(child, FUNCTIONS):
                self._visit(child, child)
                continue
            if isinstance(child, ast.AugAssign):
                if isinstance(child.target, ast.Name) and isinstance(child.op, ast.Add):
                    self.locals.setdefault((id(function), child.target.id), []).append(child.value)
            elif isinstance(child, ast.Assign):
                self._assign(child, function)
            self._visit(child, function)

    def _torch_optim_class(self, func: ast.expr, function: ast.AST | None) -> bool:
        """`getattr(torch.optim, cfg.optim)`, written in the call or bound once in the function
        to the name called (`optim_cls = getattr(torch.optim, name)`; `optim_cls(params, ...)`):
        one of torch's optimizer classes, built over its first argument."""
        if isinstance(func, ast.Name):
            bound = self.locals.get((id(function), func.id), [])
            if len(bound) != 1:
                return False
            func = bound[0]
        return (
            isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "getattr"
            and len(func.args) == 2 and not func.keywords
            and self.model.facts.imports.qualify(dotted(func.args[0]) or "") == "torch.optim"
        )  # fmt: skip

    def _registry_class(self, call: ast.Call) -> bool:
        """`OPTIMIZERS["sgd"](params, ...)`: an entry of a registry of torch's optimizer
        classes (`staleness.registry_classes`), built over its first argument."""
        if call.func.__class__ is not ast.Subscript and call.func.__class__ is not ast.Call:
            return False
        from gradfix.analysis.staleness import registry_classes

        return bool(registry_classes(call, self.model, "optimizer"))

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
        if (classify_constructor(facts.imports.qualify(constructor)) != "optimizer" or not constructor.rsplit(
            ".", 1
        )[-1][:1].isupper()) and not self._torch_optim_class(node.value.func, function) and not self._registry_class(node.value):
            # a factory (`model.configure_optimizers(cfg)`): its first argument says nothing
            self.found.setdefault(key, []).append((function, None))  # rebound to something else
            self.statements.setdefault(key, []).append(node)
            return
        args = positional(node.value)
        params = args[0] if args else None
        if params is None:
            kw = keyword(node.value, "params")
            params = kw.value if kw else None
        self.found.setdefault(key, []).append((function, params))
        self.statements.setdefault(key, []).append(node)


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
    model: ModuleModel, key: str, function: ast.AST | None, cleared: set[str] = frozenset(),  # type: ignore[assignment]
    loop: ast.AST | None = None,
) -> list[tuple[ast.AST | None, ast.expr | None]]:
    """What `key` was built over, as seen from `function`: its own constructions (only the one
    that reaches `loop` when that is sure: `_reaching`), or for `self.x` attributes, every
    construction in the module, or for a global name the function does not bind, the
    module-level constructions when the `cleared` modules are globals of the function too.
    Empty when we cannot tell."""
    visitor = _visit(model)
    entries = visitor.found.get(key, [])
    local = [(fn, params) for fn, params in entries if fn is function]
    if len(local) > 1 and loop is not None and key.isidentifier():
        statements = [stmt for (fn, _), stmt in zip(entries, visitor.statements.get(key, [])) if fn is function]
        reaching = _reaching(statements, key, function if function is not None else model.module, loop)
        if reaching is not None:
            return [local[reaching]]
    if local:
        return local
    if key.startswith("self."):
        return list(entries)
    if key.startswith("cls.") and _class_method(function):
        # `cls.opt` in a `@classmethod`: the class attribute, built by the class methods of
        # the same class (`cls.opt = SGD(...)` in `prepare`, stepped in `step`)
        owner = model.source.owner_of(function)  # type: ignore[arg-type]
        return [(fn, params) for fn, params in entries if _class_method(fn) and model.source.owner_of(fn) is owner]  # type: ignore[arg-type]
    if (
        function is not None and key.isidentifier() and not _binds_name(function, key, model)
        and all(not _binds_name(function, m.split(".", 1)[0].split("[", 1)[0], model) for m in cleared)
    ):  # fmt: skip
        if any(fn is not None for fn, _ in entries):
            # a closure's free name (`def run_epoch(): ... opt.step()` inside the factory that
            # builds `opt`): the construction of the function around it, which the closure
            # reads the cleared modules of too (it binds neither)
            found = enclosing_function(model.facts, function)
            if found is not None:
                around = [(fn, params) for fn, params in entries if fn is found[0]]
                if around:
                    return around if len(around) == 1 else []
        # a module-level optimizer a function's loop steps, clearing module-level models (the
        # names the construction reads mean the same objects): what the module built it over
        return [(fn, params) for fn, params in entries if fn is None]
    return []


def _reaching_in_blocks(
    sites: list[tuple[ast.AST | None, ast.expr | None]], key: str, loop: TrainingLoop, model: ModuleModel
) -> list[tuple[ast.AST | None, ast.expr | None]]:
    """Of several constructions of a plain name, each `key = Optimizer(...)` a statement of one
    block that holds the loop (or a statement around it, in the same function) before it, the
    name bound nowhere else: only the last reaches the loop (a notebook that builds the optimizer
    again over more modules). Otherwise all of them (also when anything else of the scope binds
    the name: a parameter, a loop or `with` target, a nested function's own)."""
    if not key.isidentifier() or any(p is None for _, p in sites) or len(assigned_values(model, key)) != len(sites):
        return sites
    counts: dict[str, int] = {}
    for node in ast_walk(loop.function if loop.function is not None else model.module):
        count_binding(node, counts, (key,))
    if counts.get(key) != len(sites):
        return sites
    source = model.source
    chain: list[tuple[list[ast.stmt], int]] = []  # the blocks holding the loop, up to its function
    node: ast.AST | None = loop.node
    while isinstance(node, ast.stmt) and not isinstance(node, FUNCTIONS):
        block = source.block_of(node)
        if block is None:
            return sites
        chain.append((block, next(i for i, s in enumerate(block) if s is node)))
        node = source.owner_of(node)
    for block, at in chain:
        places = []
        for _, params in sites:
            index = next(
                (
                    i for i, s in enumerate(block[:at])
                    if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
                    and s.targets[0].id == key and isinstance(s.value, ast.Call) and any(a is params for a in s.value.args)
                ),
                None,
            )  # fmt: skip
            places.append(index)
        if all(i is not None for i in places):
            last = max(places)  # type: ignore[type-var]
            return [site for site, i in zip(sites, places) if i == last]
    return sites


def _reaching_in_the_init(
    sites: list[tuple[ast.AST | None, ast.expr | None]], key: str, step: GradEvent, model: ModuleModel
) -> list[tuple[ast.AST | None, ast.expr | None]]:
    """Of several constructions of a `self.` optimizer, the one the object that steps it holds:
    the step is in a method of a class of the module's top level that no class of the file
    derives from and no other module imports, whose `__init__` calls the base's (`super().__init__
    (...)`, one statement of its own body) and then rebinds the optimizer in statements of its
    own body; every other construction is in the `__init__` of a class it derives from (run
    within that call, so before). The last of its own; otherwise all of them."""
    source = model.source
    if step.source is not None and step.source is not source or "setattr" in source.text:
        return sites
    line = getattr(step.node, "lineno", 0)
    around = [c for c in model.facts.classes.values() if isinstance(c, ast.ClassDef) and c.lineno <= line <= (c.end_lineno or 0)]
    if len(around) != 1 or source.owner_of(around[0]) is not source.tree:
        return sites
    owner = around[0].name
    index = assignments(model)
    if any(name != owner and index.derives_from(name, owner) for name in index.class_bases):
        return sites  # a subclass may build it again
    project, path = model.facts.project, source.path
    if project is not None and path:
        from gradfix.analysis.steps import _importers
        from gradfix.project import absolute

        if _importers(project, absolute(path), [owner], owner):
            return sites
    init = model.facts.methods.get(owner, {}).get("__init__")
    if init is None:
        return sites
    body = init.node.body
    calls = [index for index, stmt in enumerate(body) if _calls_super_init(stmt, owner) or _calls_a_base_init(stmt, around[0])]
    if len(calls) != 1:
        return sites
    visitor = _visit(model)
    statements = visitor.statements.get(key, [])
    if len(statements) != len(sites) or len(visitor.found.get(key, [])) != len(sites):
        return sites
    attribute = key.split(".", 1)[1]
    stores = sum(
        1 for node in source.nodes
        if isinstance(node, ast.Attribute) and node.attr == attribute and not isinstance(node.ctx, ast.Load)
        and isinstance(node.value, ast.Name) and node.value.id == "self"
    )  # fmt: skip
    if stores != len(statements):
        return sites  # bound otherwise too (a tuple, `+=`, another method)
    own: list[int] = []
    for number, (stmt, (function, _)) in enumerate(zip(statements, visitor.found[key])):
        if function is init.node:
            position = next((i for i, s in enumerate(body) if s is stmt), None)
            if position is None or position < calls[0]:
                return sites
            own.append(number)
            continue
        scope_class = source.owner_of(function) if isinstance(function, FUNCTIONS) else None
        if not (
            isinstance(scope_class, ast.ClassDef) and function.name == "__init__"  # type: ignore[union-attr]
            and scope_class.name != owner and index.derives_from(owner, scope_class.name)
        ):  # fmt: skip
            return sites
    if not own:
        return sites
    last = statements[own[-1]]
    if any(isinstance(node, ast.Return) and node.lineno < last.lineno for node in own_nodes(init.node)):
        return sites  # (an `__init__` that may return before it: the base's construction stays)
    return [sites[own[-1]]]


def _of_the_stepping_class(
    sites: list[tuple[ast.AST | None, ast.expr | None]], step: GradEvent, model: ModuleModel
) -> list[tuple[ast.AST | None, ast.expr | None]]:
    """Of the constructions of a `self.` optimizer in several classes of the file, those an
    object of the class whose method steps it can hold: the ones in methods of that class, of
    a class it derives from or that derives from it, or of a class sharing a subclass of the
    file with it (a mixin). A construction in a method of an unrelated class (a `Distiller`
    beside the `nn.Module` that builds and steps its own `self.opt`) binds another object's
    attribute. Every site is kept when the step is in another file, is in no single class, or a
    class name is defined twice, and so is a construction outside a method of a class."""
    source = model.source
    if step.source is not None and step.source is not source:
        return sites
    line = getattr(step.node, "lineno", 0)
    classes = model.facts.classes
    around = [c for c in classes.values() if isinstance(c, ast.ClassDef) and c.lineno <= line <= (c.end_lineno or 0)]
    if len(around) != 1:
        return sites
    owner = around[0].name
    index = assignments(model)
    bases = index.class_bases
    if bases.get(owner) is None:
        return sites

    def related(name: str) -> bool:
        if name == owner or bases.get(name) is None:
            return True  # (a name defining two classes: unknown)
        if index.derives_from(owner, name) or index.derives_from(name, owner):
            return True
        return any(index.derives_from(other, owner) and index.derives_from(other, name) for other in bases)

    kept = []
    for function, params in sites:
        scope_class = source.owner_of(function) if isinstance(function, FUNCTIONS) else None
        if isinstance(scope_class, ast.ClassDef) and classes.get(scope_class.name) is scope_class and not related(scope_class.name):
            continue
        kept.append((function, params))
    return kept


def _calls_a_base_init(stmt: ast.stmt, cls: ast.ClassDef) -> bool:
    """`Base.__init__(self, ...)` written as a statement, `Base` one of the class's bases."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "__init__"):
        return False
    on = dotted(call.func.value)
    return on is not None and any(dotted(base) == on for base in cls.bases)


def _reaching(statements: list[ast.Assign], name: str, scope: ast.AST, loop: ast.AST) -> int | None:
    """Which of a scope's assignments of `name` (`opt = make_optimizer(cfg, model)`, then `opt =
    SGD([*model.parameters(), *head.parameters()])`) the loop sees, when that is sure: every one
    is a statement of the scope's own body (not under an `if`, a loop, a `with`, a `try`) before
    the statement holding the loop, and nothing else in the scope binds the name (a parameter,
    a loop or `with` target, a tuple, `global`, a nested function's own): the last one. None
    otherwise."""
    body = scope.body  # type: ignore[attr-defined]
    at = {id(stmt): index for index, stmt in enumerate(body)}
    holder = next((index for index, stmt in enumerate(body) if stmt.lineno <= loop.lineno <= stmt.end_lineno), None)  # type: ignore[attr-defined, operator]
    places = [at.get(id(stmt)) for stmt in statements]
    if holder is None or len(places) != len(statements) or any(p is None or p >= holder for p in places):
        return None
    counts: dict[str, int] = {}
    for node in ast_walk(scope):
        count_binding(node, counts, (name,))
    if counts.get(name) != len(statements):
        return None
    return places.index(max(places))  # type: ignore[type-var]


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


class _Opening:
    """What opening an owner of parameters needs: the function building the optimizer and its
    parameter expression, the loop's function, which keys the clears cover, the module's
    constructions."""

    def __init__(self, function: ast.AST | None, params: ast.expr, loop_function: ast.AST | None, covered, visitor: _Constructions) -> None:  # type: ignore[no-untyped-def]
        self.function = function
        self.params = params
        self.loop_function = loop_function
        self.covered = covered
        self.visitor = visitor
        self.model = visitor.model


_SHUT = object()  # an owner gradfix does not open: a module of its own, judged whole


def _uncovered_members(owner: str, opening: _Opening, depth: int = 0) -> list[str] | None:
    """The parts of `owner`'s parameters no clear covers, as keys: `[owner]` for a module
    gradfix does not open; for a container the code fills in view (`holder = nn.ModuleList();
    holder.append(net)`) or `self` of a module class of the file (`self.parameters()`), the
    uncovered ones among the modules it holds; None when what it holds cannot all be seen (a
    list handed in, an attribute set by a factory gradfix cannot read)."""
    if opening.covered(owner):
        return []
    if depth > 4:
        return None
    if owner == "self":
        held = _attributes_of_self(opening)
    elif owner.isidentifier():
        held = _container_members(owner, opening.model)
    else:
        held = _SHUT
    if held is _SHUT:
        return [owner]
    if held is None:
        return None
    found: list[str] = []
    for member in held:  # type: ignore[union-attr]
        inner = [member] if member == owner else _uncovered_members(member, opening, depth + 1)
        if inner is None:
            return None
        found += inner
    return found


# methods of a container that read it, or switch it, without adding to what it holds
_READING_METHODS = {
    "parameters", "named_parameters", "zero_grad", "train", "eval", "to", "cuda", "cpu", "float", "half",
    "double", "state_dict", "load_state_dict", "children", "named_children", "modules", "named_modules",
    "requires_grad_", "apply", "forward",
}  # fmt: skip
_READING_FUNCTIONS = {"len", "enumerate", "list", "tuple", "zip", "iter", "reversed", "print", "isinstance"}


def _container_members(name: str, model: ModuleModel) -> list[str] | object | None:
    """The modules a torch container bound once to the plain name holds: the literal it was
    built with and what `.append`/`.extend`/`.insert` add (the container's own key for an
    element built in place that has parameters); None when some use of the name may add
    to it unseen (handed to a function, rebound, assigned into); `_SHUT` for a name not bound to a
    container."""
    values = assigned_values(model, name)
    qualify = model.facts.imports.qualify
    if not any(isinstance(v, ast.Call) and (qualify(call_name(v) or "") or "") in _CONTAINERS for v in values):
        return _SHUT
    if len(values) != 1:
        return None
    built = values[0]
    elements = _literal_elements(built, model)  # type: ignore[arg-type]
    if elements is None:
        return None
    seen: set[int] = set()  # the uses of the name read here
    for node in model.source.nodes:
        if isinstance(node, ast.Assign) and node.value is built:
            seen.update(id(t) for t in node.targets if isinstance(t, ast.Name) and t.id == name)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == name:
                if func.attr in ("append", "extend", "insert") and not node.keywords:
                    added = node.args[-1:] if func.attr != "extend" else _listed(node.args)
                    more = _literal_elements(ast.List(elts=list(added or ())), model) if added is not None else None
                    if more is None or len(node.args) != (2 if func.attr == "insert" else 1):
                        return None
                    elements += more
                elif func.attr not in _READING_METHODS:
                    return None
                seen.add(id(func.value))
            elif isinstance(func, ast.Name) and func.id == name:
                seen.add(id(func))  # `holder(x)`: a Sequential run
            elif isinstance(func, ast.Name) and func.id in _READING_FUNCTIONS:
                seen.update(id(a) for a in node.args if isinstance(a, ast.Name) and a.id == name)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name:
            if isinstance(node.ctx, ast.Load):
                seen.add(id(node.value))
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and isinstance(node.iter, ast.Name) and node.iter.id == name:
            seen.add(id(node.iter))
    uses = [n for n in model.source.nodes if isinstance(n, ast.Name) and n.id == name]
    if any(id(n) not in seen for n in uses):
        # handed on (`save(critic, policy)`): it may hold more than we see, but a layer built in
        # place in its literal is its own, and a clear of another module never covers it
        return [name] if None in elements else None
    return [name if element is None else element for element in elements]


def _listed(args: list[ast.expr]) -> list[ast.expr] | None:
    """The elements of `extend`'s one literal list or tuple argument."""
    if len(args) == 1 and isinstance(args[0], (ast.List, ast.Tuple)):
        return list(args[0].elts)
    return None


def _literal_elements(call: ast.expr, model: ModuleModel) -> list[str | None] | None:
    """The modules a container literal holds (`nn.ModuleList([enc, head])`, `nn.Sequential(a,
    b)`, `nn.ModuleDict({"a": a})`, a list of them), as keys; None (the element) for one built in
    place that may have parameters (`nn.Linear(4, 2)`); an element without any (`nn.ReLU()`) is
    left out. None when the literal is not read (`nn.ModuleList(layers)`)."""
    if isinstance(call, ast.List):
        parts: list[ast.expr] = list(call.elts)
    elif isinstance(call, ast.Call) and not call.keywords:
        qualified = model.facts.imports.qualify(call_name(call) or "") or ""
        if qualified == "torch.nn.Sequential":
            parts = list(call.args)
        elif len(call.args) > 1:
            return None
        elif not call.args:
            parts = []
        elif qualified == "torch.nn.ModuleList" and isinstance(call.args[0], (ast.List, ast.Tuple)):
            parts = list(call.args[0].elts)
        elif qualified == "torch.nn.ModuleDict" and isinstance(call.args[0], ast.Dict) and None not in call.args[0].keys:
            parts = list(call.args[0].values)
        else:
            return None
    else:
        return None
    found: list[str | None] = []
    for part in parts:
        if isinstance(part, (ast.Name, ast.Attribute)) and dotted(part) is not None:
            found.append(model.source.key(part))
        elif isinstance(part, ast.Call) and builds_module(part, model):
            found.append(None)
        elif not (isinstance(part, ast.Call) and (call_name(part) or "").rsplit(".", 1)[-1][:1].isupper()):
            return None  # `make_block()`, `*layers`: what it holds is not read
        # (else a layer or loss without parameters: `nn.ReLU()`)
    return found


_SELF_BENIGN = {"register_buffer", "apply", "to", "cuda", "cpu", "float", "double", "half", "train", "eval", "requires_grad_"}
_PLAIN_BUILTINS = {"int", "float", "str", "bool", "len", "list", "dict", "tuple", "set", "frozenset", "range", "min", "max", "abs", "round", "sorted", "sum"}


def _attributes_of_self(opening: _Opening) -> list[str] | object | None:
    """The attributes of `self` holding modules or parameters when the optimizer's
    `self.parameters()` is read, for a class of the file deriving from `nn.Module` alone whose
    methods build it: in `__init__` the attributes set before the optimizer's construction
    (else in any method); None when one may hold parameters gradfix cannot tell (a factory's
    result, a parameter of `__init__` without a plain default), or the class hands `self` on
    or registers submodules by name; `_SHUT` for a `self` not of the loop's class."""
    model = opening.model
    function = opening.function
    facts = model.facts
    owner = next((c for c, methods in facts.methods.items() if any(m.node is function for m in methods.values())), None)
    if owner is None or function is None or owner not in facts.classes or not any(
        m.node is opening.loop_function for m in facts.methods.get(owner, {}).values()
    ):
        return _SHUT
    node = facts.classes[owner]
    if len(node.bases) != 1 or facts.imports.qualify(dotted(node.bases[0]) or "") != "torch.nn.Module" or node.keywords:
        return None
    if any(dotted(b) == owner for c in facts.classes.values() for b in c.bases):
        return None  # a subclass of the file may add to it
    in_init = function.name == "__init__"  # type: ignore[attr-defined]
    params = opening.params
    built_at = (params.lineno, params.col_offset)
    for method in node.body:
        if not isinstance(method, FUNCTIONS):
            continue
        for sub in ast_walk(method):
            if not isinstance(sub, ast.Call):
                continue
            if isinstance(sub.func, ast.Attribute) and isinstance(sub.func.value, ast.Name) and sub.func.value.id == "self":
                if sub.func.attr in ("add_module", "register_parameter", "register_module"):
                    return None
                if in_init and method is function and sub.func.attr not in _SELF_BENIGN and sub.func.attr != "parameters":
                    if (sub.lineno, sub.col_offset) < built_at:
                        return None  # `self.build()` before the optimizer: what it sets is not read here
            if call_name(sub) != "super" and any(
                isinstance(a, ast.Name) and a.id == "self" for a in (*sub.args, *(k.value for k in sub.keywords))
            ):
                return None  # `setattr(self, ...)`, `init(self)`: set by code not read here
    index = assignments(model)
    held: list[str] = []
    for key, bindings in index.by_key.items():
        if not key.startswith("self.") or key.count(".") != 1 or "[" in key:
            continue
        for binding in bindings:
            if binding.class_name != owner:
                continue
            if in_init and (binding.scope is not function or (binding.statement.end_lineno, binding.statement.end_col_offset) > built_at):  # type: ignore[operator]
                continue  # set after the optimizer took the parameters
            if opening.covered(key):
                continue
            kind = _attribute_kind(binding.value, key, binding.scope, opening, 0)
            if kind is None:
                return None
            if kind:
                held.append(key)
    return held


def _attribute_kind(value: ast.expr | None, key: str, scope: ast.AST, opening: _Opening, depth: int) -> bool | None:
    """Whether a value set on `self` holds parameters (True: a module, a `Parameter`), holds
    none (False: a number, a string, a plain list, a tensor, an optimizer, a loss) or may
    (None)."""
    model = opening.model
    if value is None or depth > 3:
        return None
    value = strip_same_module(value)
    if isinstance(value, (ast.Constant, ast.JoinedStr, ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.DictComp, ast.SetComp, ast.GeneratorExp, ast.Compare, ast.BinOp, ast.UnaryOp, ast.Lambda)):
        return False  # (a plain list or dict of modules registers nothing)
    if isinstance(value, (ast.BoolOp, ast.IfExp)):
        parts = value.values if isinstance(value, ast.BoolOp) else [value.body, value.orelse]
        kinds = [_attribute_kind(p, key, scope, opening, depth + 1) for p in parts]
        return None if None in kinds else any(kinds)
    if isinstance(value, (ast.Attribute, ast.Subscript)) and dotted(value) is not None:
        other = model.source.key(value)
        return False if other == key or opening.covered(other) else None  # `self.x = self.x.cuda()`, `self.enc = self.net.encoder`
    if isinstance(value, ast.Name):
        if isinstance(scope, FUNCTIONS) and value.id in {a.arg for a in (*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs)}:
            default = parameter_default(scope, value.id)
            return False if isinstance(default, ast.Constant) and default.value is not None else None
        bound = assignments(model).values(value.id, scope)
        if not bound:
            return None
        kinds = [_attribute_kind(v, key, scope, opening, depth + 1) for v in bound]
        return None if None in kinds else any(kinds)
    if not isinstance(value, ast.Call):
        return None
    name = call_name(value) or ""
    qualified = model.facts.imports.qualify(name) or name
    last = qualified.rsplit(".", 1)[-1]
    if qualified in ("torch.nn.Parameter", "torch.nn.parameter.Parameter") or builds_module(value, model):
        return True
    if last[:1].isupper() or name in _PLAIN_BUILTINS:
        return False  # a layer or loss without parameters, a tensor class, a plain class, an optimizer
    if qualified.count(".") == 1 and qualified.startswith("torch.") and last not in ("load", "compile"):
        return False  # `torch.zeros(...)`: a tensor (one made with `requires_grad` is no parameter of `self`)
    return None


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
                held = _class_parameter(element, function, visitor)
                if held is not None:
                    parts.append(_Parameters(held))  # type: ignore[arg-type]
                    continue
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


def _class_parameter(element: ast.Attribute, function: ast.AST | None, visitor: _Constructions) -> str | None:
    """`self.temperature` in a method of a class whose body binds `temperature =
    nn.Parameter(...)` (a tensor no module owns, `_is_parameter`) and nothing in the file may
    rebind it (`may_rebind`): its key, an owner of its own; else None."""
    if function is None or element.value.__class__ is not ast.Name or element.value.id != "self":  # type: ignore[attr-defined]
        return None
    facts = visitor.model.facts
    name = element.attr
    for class_name, methods in facts.methods.items():
        if not any(info.node is function for info in methods.values()):
            continue
        node = facts.classes.get(class_name)
        if node is None or name in methods:
            return None
        values = [
            stmt.value for stmt in node.body  # type: ignore[attr-defined]
            if stmt.__class__ is ast.Assign and any(t.__class__ is ast.Name and t.id == name for t in stmt.targets)  # type: ignore[attr-defined]
        ]  # fmt: skip
        if not values and "__init__" in methods:
            return _init_parameter(facts, class_name, methods["__init__"].node, name, visitor)
        if not values:
            # `self.scale = nn.Parameter(...)` in the one method of the class that sets it (a
            # `prepare()` run before the loop's method, a fluent stage): the same tensor
            setting = [info.node for info in methods.values() if _sets_attribute(info.node, name)]
            if len(setting) != 1:
                return None
            return _init_parameter(facts, class_name, setting[0], name, visitor)
        if len(values) != 1 or not _is_parameter(values[0], visitor) or may_rebind(facts, class_name, name):
            return None
        return f"self.{name}"
    return None


def _sets_attribute(function: ast.AST, name: str) -> bool:
    """The function assigns `self.<name>` somewhere in its body."""
    return any(
        node.__class__ is ast.Attribute and node.attr == name and node.ctx.__class__ is ast.Store  # type: ignore[attr-defined]
        and node.value.__class__ is ast.Name and node.value.id == "self"  # type: ignore[attr-defined]
        for node in ast_walk(function)
    )


def _init_parameter(facts: ModuleFacts, class_name: str, init: ast.AST, name: str, visitor: _Constructions) -> str | None:
    """`self.temperature = nn.Parameter(...)` in the `__init__` of a class whose body does not
    bind `temperature`: a tensor no module owns, held by the object (not registered in any
    module the loop clears, unless the object itself is cleared), when that statement is the
    one assignment of `.temperature` in the file (no other method, class or `setattr(` giving
    the objects another); its key, an owner of its own; else None."""
    found = [
        stmt.value for stmt in ast_walk(init)
        if stmt.__class__ is ast.Assign and len(stmt.targets) == 1  # type: ignore[attr-defined]
        and stmt.targets[0].__class__ is ast.Attribute and stmt.targets[0].attr == name  # type: ignore[attr-defined]
        and stmt.targets[0].value.__class__ is ast.Name and stmt.targets[0].value.id == "self"  # type: ignore[attr-defined]
    ]  # fmt: skip
    if len(found) != 1 or not _is_parameter(found[0], visitor):
        return None
    if not attribute_assigned_once(facts, name):
        return None  # (assigned again somewhere: which one the objects hold is not read)
    if any(name in others for owner, others in facts.methods.items() if owner != class_name):
        return None
    return f"self.{name}"


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


def _own_method_statement(clear: GradEvent, opt: str, model: ModuleModel) -> ast.Expr | None:
    """A clear written in a method of the loop's own class that the loop calls as
    `self.train_step(...)` (the method's one call in the file), on an attribute of `self`, the
    optimizer an attribute of `self` too: both name the same objects in the method as in the
    loop, and the method runs for this loop only. Also the override, in a subclass, of a stub
    of the loop's class (`raise NotImplementedError`; every other definition of the name a stub
    of a class it derives from): the loop calls it on the subclass's objects. Its statement
    holding nothing but the clear, alone on its line, in the method's own body (not a nested
    function's)."""
    source = model.source
    if len(clear.via) != 1 or clear.source is not None or not clear.helpers:
        return None
    call, method = clear.via[0], clear.helpers[-1]
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"):
        return None
    if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or method.name != func.attr:
        return None
    if not (opt.startswith("self.") and (clear.target or "").startswith("self.")):
        return None
    caller = next((stmt for stmt in clear.path if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    owner = source.owner_of(method)
    if not isinstance(owner, ast.ClassDef) or not any(item is method for item in owner.body):
        return None
    def holds_the_call(cls: ast.ClassDef) -> bool:
        return any(n is call for item in cls.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast_walk(item))

    home = owner  # the class whose method holds the loop
    if not holds_the_call(owner):
        # the loop in a base's method (`fit`) calling the stub this method overrides
        homes = [c for c in model.facts.classes.values() if isinstance(c, ast.ClassDef) and c is not owner and holds_the_call(c)]
        if len(homes) != 1:
            return None  # the loop is not in a method of the same class (or of one base)
        home = homes[0]
    if caller is not None and not any(item is caller for item in home.body):
        return None
    if source.text.count(f".{method.name}") != 1:
        return None  # called elsewhere too: the method serves other callers
    if source.text.count(f"def {method.name}(") != 1 or home is not owner:
        from gradfix.analysis.loops import _derives, _stub  # (only for a name defined twice)

        others = [
            n for n in source.nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == method.name and n is not method
        ]  # fmt: skip
        if source.text.count(f"def {method.name}(") != len(others) + 1 or home is not owner and not any(source.owner_of(n) is home for n in others):
            return None
        facts = model.facts
        for other in others:
            base = source.owner_of(other)
            if not (isinstance(base, ast.ClassDef) and facts.classes.get(base.name) is base and _stub(other)):
                return None
            if base.name == owner.name or not _derives(facts, owner.name, base.name):
                return None
        if facts.classes.get(owner.name) is not owner:
            return None
    statement = next((n for n in ast_walk(method) if isinstance(n, ast.Expr) and n.value is clear.node), None)
    if statement is None or not source.alone_on_lines(statement):
        return None
    if any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and n is not method and any(m is statement for m in ast_walk(n)) for n in ast_walk(method)):
        return None
    block = source.block_of(statement)
    return statement if block is not None and not source.inline_block(block) else None


def _leaves_the_iteration(handler: ast.AST) -> bool:
    """An `except` block whose last statement is a `raise` or a `continue`, written in the block
    itself."""
    body = getattr(handler, "body", None)
    return bool(body) and body[-1].__class__ in (ast.Raise, ast.Continue)  # type: ignore[index]
