from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.graphs import describe_backward
from gradfix.analysis.loops import ModuleModel, bound_call_written, written_bound_call
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import call_name, dotted, method_name, receiver
from gradfix.analysis.shared_graphs import GraphFlow, optimizer_owners, owns
from gradfix.patterns import lazily
from gradfix.source import FUNCTIONS, LOOPS
from gradfix.transforms._common import branch_prefix, new_statement, owned_events
from gradfix.transforms._placement import statement_containing
from gradfix.transforms.base import Finding, Fix, InsertStatements, LoopRule, ReplaceNode, Safety
from gradfix.transforms.gf001_missing_zero_grad import _collection_elements
from gradfix.transforms.gf013_clip_without_unscale import _disabled, _known_value, _members, _scale_call, _scaler_of_backward, _scaler_of_step
from gradfix.walk import ast_walk, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

    from gradfix.analysis.facts import FunctionInfo, ModuleFacts


class ScaledLossSteppedWithoutScaler(LoopRule):
    """
    The loss is scaled by a `GradScaler` for the backward, but the optimizer is stepped directly.

    ## What it does
    Finds `optimizer.step()` calls that run after `scaler.scale(loss).backward()` (also
    `scaled = scaler.scale(loss)` ... `scaled.backward()`, the name bound once in the function, or
    once in the file for a loop of the module's top level, or the scaled loss handed to a
    library's backward, `fabric.backward(scaler.scale(loss))`) in the same
    iteration when the scaler does not step that optimizer (`scaler.step(optimizer)`) and did
    not unscale its gradients first (`scaler.unscale_(optimizer)`). The scaled backward may
    sit in a helper of another module of the project that the loop calls with its scaler
    (`backward_scaled(scaler, loss)`: reported at the step, without a fix, unless a step runs
    in such a helper too), and the scaler may be handed to a step function by the calls of
    other modules, each passing torch's `GradScaler` (a calling module that says `enabled`
    anywhere is not read), or be stored by a trainer class of the module from its `__init__`
    (`self.scaler = scaler`, also a `@dataclass` field, or the `__init__` of its one base),
    every construction of the class in the module passing a `GradScaler` that is not switched
    off (and no other file of the project naming the class); or be kept two attributes deep,
    `self.state.scaler`, with `self.state` so stored and every construction passing a name bound
    once to a `types.SimpleNamespace(...)` or a construction of a class of the file given
    `scaler=GradScaler(...)` (without an `enabled=` switch), when no statement of the file binds
    an attribute of that name on any object and none calls `setattr`.

    ## Why is this bad?
    `scaler.scale(loss).backward()` leaves every gradient multiplied by the loss scale (65536
    at the start by default). `scaler.step(optimizer)` divides them back and skips the step
    when they hold `inf` or `nan`; a plain `optimizer.step()` applies them as they are: SGD
    (with momentum too) takes steps 65536 times too large, Adam's `eps` means something else,
    and overflowing steps are applied instead of skipped. With one optimizer, a
    `scaler.update()` after the plain step then fails ("No inf checks were recorded prior to
    update."); with another optimizer stepped through the scaler, or without `update()`,
    nothing fails and the model trains on the scaled gradients.

    ## Example
    ```python
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        optimizer.step()
        scaler.update()
    ```

    ## Use instead
    ```python
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
    ```

    ## Fix safety
    Safe when a `scaler.update()` follows the step whenever the step runs (after it in its
    block, or in a block around it within the iteration, no `continue`, `break`, `return` or
    `raise` between): `optimizer.step()` becomes `scaler.step(optimizer)`. It is unsafe when the
    iteration steps other optimizers too and gradfix does not see the scaled loss call a module
    the stepped optimizer was built over (`probe_opt` over `probe.parameters()`, the loss never
    calling `probe`): `scaler.step(optimizer)` raises ("No inf checks were recorded for this
    optimizer") when none of its parameters received a gradient, where `optimizer.step()` did
    nothing. When the file never
    calls the scaler's `update()`, the fix also inserts `scaler.update()` right after the step
    (a second `scaler.step(optimizer)` before an `update()` raises), and is unsafe: the scale
    then changes from step to step. When an `update()` is written elsewhere (under a test of
    its own, in a helper), when the optimizer is stepped twice in the iteration, when the step
    passes a closure (`optimizer.step(closure)`), when the step runs under a test the scaled
    backward does not (`if use_amp: scaler.scale(loss).backward()` / `else: loss.backward()`,
    then `optimizer.step()` for both), or when the backward and the step are not in the same
    function of the analysed file, it is reported without a fix. A step through a name bound
    to the method (`go = optimizer.step`, `clear, go = optimizer.zero_grad, optimizer.step`)
    is fixed the same way, `go()` becoming `scaler.step(optimizer)`, when `optimizer` is a
    plain name its function binds once (a parameter or one assignment); otherwise (`self.opt`,
    a name rebound after the binding) it is reported without a fix.

    A step is reported when the scaler is built in the module by torch's `GradScaler`
    (`torch.amp.GradScaler`, `torch.cuda.amp.GradScaler`, `GradScaler` imported from either,
    FSDP's `ShardedGradScaler`), or by a factory of the project whose every `return` builds
    one (`scaler = make_scaler(True)` with `def make_scaler(enabled): return
    torch.cuda.amp.GradScaler(enabled=enabled)`, in the file, a method of its classes, or
    another module), and the last backward before the step (or one of the
    alternative arms it is written in) is that scaler's `scale(...).backward()`. Helpers of
    the file, methods that are one training step, and `while` loops count like the loop's own
    code. Optimizers stepped one by one through a tuple or list (`for o in (opt_a, opt_b):
    o.step()`, or a name bound once to such a list and never grown) are judged like each of
    them stepped directly, and reported at the step without a fix (where the one `update()`
    goes is the author's to write).

    The rule is silent when `scaler.unscale_(optimizer)` runs before the plain step (the
    gradients are right; only overflowing steps are not skipped), also an `unscale_` it
    cannot place (`for o in opts: scaler.unscale_(o)`); when every construction of the scaler
    passes `enabled=False` (nothing is scaled; through a factory's parameter too:
    `make_scaler(False)`); when the scaler steps that optimizer anywhere
    in the iteration; when the optimizer is one a library steps (Accelerate's prepared
    optimizer, Lightning's), or the step is a library's, and in any file that names
    Accelerate, Fabric, Lightning or DeepSpeed (the optimizer may be one they wrap, which
    steps through their own scaler), unless the optimizer stepped came back from
    `fabric.setup(...)` (Fabric's step never unscales a hand `GradScaler`; also an optimizer
    handed in and set up in the function, `model, opt = fabric.setup(model, opt)`); and when the backward or the step sits in a helper of
    another file.
    """

    code = "GF023"
    name = "scaled-loss-stepped-without-scaler"
    message = (
        "`{step}` applies gradients still multiplied by `{scaler}`'s loss scale: call `{scaler}.step({opt})` instead"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        text = model.source.text
        if ".scale(" not in text and (model.facts.project is None or "caler" not in text):
            return  # no loss is scaled in this file, nor a scaler handed to another file's helper
        yield from super().check(model)

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        events = owned_events(loop, model)
        for index, step in enumerate(events):
            optimizer = _plain_step(step, model)
            if optimizer is None:
                continue
            if step.via and model.in_step_function(step):
                continue  # `tr.train_step(x, y)`: judged (and fixed) where the step method is defined
            earlier = events[:index]
            scaled = _scaled_backward(step, earlier, model)
            if scaled is None:
                continue
            backward, scaler_key = scaled
            if _scaler_disabled(scaler_key, model):
                continue  # `GradScaler(enabled=False)`: nothing is scaled
            members = set(_elements(optimizer, model) or ()) | {optimizer}
            if any(
                e.kind is EventKind.STEP and _scaler_of_step(e, model) is not None
                and (e.target in members or bool(members & set(_elements(e.target, model) or ())))
                for e in events
            ):  # fmt: skip
                continue  # the scaler steps this optimizer (one of these optimizers) too
            since = earlier[earlier.index(backward) :]
            if any(e.kind is EventKind.UNKNOWN for e in since):
                continue
            unscaled = _members({e.target for e in since if e.kind is EventKind.UNSCALE})
            if members & unscaled or any(not t or t.endswith("[*]") for t in unscaled):
                continue  # unscaled first (or by an `unscale_` gradfix cannot place)
            if _helper_unscales(backward, step, loop, model):
                continue
            if not _fabric_stepped(optimizer, model) and _LIBRARIES.search(model.source.text):
                continue  # Accelerate, Fabric, Lightning, DeepSpeed may step (and unscale) this optimizer
            source = model.source
            if backward.foreign:
                if any(e.kind is EventKind.STEP and e.foreign for e in events):
                    continue  # a step in another file's helper (`scaler.step(opt)` there?) is not read
                scaler = scaler_key  # (the helper's code is another file's: the caller's name)
            else:
                inner = _scale_call(backward, model)  # `scaler.scale(loss)`, also through `scaled = ...`
                scaler = source.code(receiver(inner))  # type: ignore[arg-type]
            call = step.call
            assert call is not None
            yield Finding(
                self.code,
                self.message.format(step=source.code(call), scaler=scaler, opt=source.code(call.func.value)),  # type: ignore[attr-defined]
                step.anchor,
                fix=self._fix(loop, step, backward, events, scaler, scaler_key, model),
                related=(loop.node,),
            )

    def _fix(
        self,
        loop: TrainingLoop,
        step: GradEvent,
        backward: GradEvent,
        events: list[GradEvent],
        scaler: str,
        scaler_key: str,
        model: ModuleModel,
    ) -> Fix | None:
        call = step.call
        if call is None or call.args or call.keywords:
            return None  # `optimizer.step(closure)`
        if step.target is None or step.target.endswith("[*]"):
            return None  # `for o in (oa, ob): o.step()`: where the one `update()` goes is the author's to write
        if step.via != backward.via or step.foreign or backward.foreign:
            return None  # not in the same function
        if not branch_prefix(backward, step, loop.node):
            return None  # the step also runs after a plain backward: the author's `if use_amp:` to write
        if sum(1 for e in events if e.kind is EventKind.STEP and e.target == step.target) > 1:
            return None  # stepped twice: a second `scaler.step(opt)` before `update()` raises
        source = model.source
        statement = step.statement if step.direct else statement_containing(source, call)
        if statement is None or not source.alone_on_lines(statement):
            return None
        block = source.block_of(statement)
        if block is None or source.inline_block(block):
            return None
        optimizer = source.code(call.func.value)  # type: ignore[attr-defined]
        written = call
        if bound_call_written(call) is not None:
            # `go()` with `go = sgd.step` (a bound method the loop model read as `sgd.step()`):
            # the written call is replaced, when `sgd` is bound once where it is called
            written = written_bound_call(call, source)  # type: ignore[assignment]
            if written is None:
                return None
        replace = ReplaceNode(written, f"{scaler}.step({optimizer})", statement)
        stop = loop.node if step.direct else None
        if _update_follows(statement, scaler_key, source, stop):
            # `scaler.step(opt)` raises when no parameter of `opt` received a gradient
            # ("No inf checks were recorded for this optimizer"), where `opt.step()` did nothing
            safe = _feeds_scaled_loss(step, backward, events, loop, model)
            return Fix([replace], Safety.SAFE if safe else Safety.UNSAFE)
        name = scaler_key.rsplit(".", 1)[-1]
        if f"{name}.update(" in source.text or not isinstance(statement, ast.Expr) or statement.value is not written:
            return None  # an `update()` the iteration may run elsewhere: a second one changes the scale twice
        return Fix([replace, InsertStatements(statement, "after", new_statement(f"{scaler}.update()"))], Safety.UNSAFE)


def _feeds_scaled_loss(step: GradEvent, backward: GradEvent, events: list[GradEvent], loop: TrainingLoop, model: ModuleModel) -> bool:
    """gradfix sees that the scaled loss reaches parameters of the stepped optimizer, so that
    `scaler.step(opt)` finds gradients to check: the iteration steps no other optimizer (a loop
    whose loss reached none of its one optimizer's parameters would train nothing), or the
    loss's graph in the iteration calls a module the optimizer was built over."""
    if {e.target for e in events if e.kind is EventKind.STEP} == {step.target}:
        return True
    info = model.facts.info(step.target)  # type: ignore[arg-type]
    if info is None or info.kind != "optimizer" or info.params is None or not backward.direct:
        return False
    owners = optimizer_owners(info.params, model.source)
    described = describe_backward(backward)
    if not owners or described is None:
        return False
    graphs = GraphFlow(loop.node, model.source, model.facts.imports.qualify)
    sliced = graphs.slice(described.loss, backward.statement)
    if sliced is None:
        return False
    keys = [key for unit in sliced.units for _, key in graphs.graph(unit).forwards]
    keys += [key for _, key in graphs.forwards_of(described.loss)]
    return any(key is not None and owns(owner, key) for key in keys for owner in owners)


def _plain_step(step: GradEvent, model: ModuleModel) -> str | None:
    """The optimizer of `opt.step(...)` (a torch optimizer gradfix knows, not a library's, the
    step written in the analysed file), else None."""
    call = step.call
    if step.kind is not EventKind.STEP or call is None or step.engine or step.gated or step.foreign or not step.target:
        return None
    if not isinstance(call.func, ast.Attribute) or call.func.attr != "step":
        return None
    elements = _elements(step.target, model)
    if elements is None:
        return None  # a collection of optimizers gradfix cannot list
    if step.target.endswith("[*]"):
        if not isinstance(call.func.value, ast.Name):
            return None  # `for o in (oa, ob): o.step()` only
    elif model.source.key(call.func.value) != step.target and step.direct:
        return None  # `scaler.step(opt)`, a loss scaler's call...
    if _scaler_of_step(step, model) is not None:
        return None
    facts = model.facts
    for element in elements:
        info = facts.info(element)
        if info is not None and info.library == "fabric-optimizer":
            continue  # Fabric's optimizer steps on every call and never unscales a hand scaler's gradients
        if info is not None and (info.library is not None or info.kind == "lightning"):
            return None  # Accelerate's prepared optimizer, Lightning's: the library scales and steps
        if not facts.optimizer_evidence(element):
            return None
    return step.target


def _fabric_stepped(optimizer: str, model: ModuleModel) -> bool:
    """Every optimizer `optimizer` names came back from `fabric.setup(...)`: its `step()` steps
    (through the precision plugin, with Fabric's own scaler if any), but a hand `GradScaler`'s
    scale stays in the gradients."""
    elements = _elements(optimizer, model) or ()
    return bool(elements) and all((info := model.facts.info(e)) is not None and info.library == "fabric-optimizer" for e in elements)


def _elements(key: str | None, model: ModuleModel) -> list[str] | None:
    """The optimizers `key` names: itself, or for a collection stepped one by one (`for o in
    (oa, ob): o.step()`, key `[oa,ob][*]`, or a name bound once to such a tuple or list and
    never grown), its elements (read as GF001 reads them); None when they are unknown."""
    if not key:
        return None
    if not key.endswith("[*]"):
        return [key]
    return _collection_elements(key, model)


_SCALERS = ("GradScaler", "ShardedGradScaler")
_LIBRARIES = lazily(r"accelerate|Accelerator|lightning|Fabric|deepspeed")


def _torch_scaler(key: str, model: ModuleModel) -> bool:
    """`key` is built in the module by torch's `GradScaler` (`torch.amp`, `torch.cuda.amp`, FSDP's
    sharded one), directly or by a factory function of the project that returns one."""
    info = model.facts.info(key)
    if info is None:
        return _factory_scalers(key, model) is not None
    if info.kind != "scaler" or not info.constructor:
        return False
    return _is_torch_scaler(info.constructor)


def _is_torch_scaler(qualified: str | None) -> bool:
    return bool(qualified) and qualified.startswith("torch.") and qualified.rsplit(".", 1)[-1] in _SCALERS  # type: ignore[union-attr]


def _scaler_disabled(key: str, model: ModuleModel) -> bool:
    """Every construction of the scaler `key` passes `enabled=False`: written in the module, or
    in the factory that builds it (`make_scaler(False)` with `GradScaler(enabled=enabled)`)."""
    if model.facts.info(key) is not None:
        return _disabled(key, model)
    states = _factory_scalers(key, model)
    return bool(states) and all(state is False for state in states)  # type: ignore[union-attr]


def _factory_scalers(key: str, model: ModuleModel) -> list[bool | None] | None:
    """`scaler = make_scaler(True)`, every `=` binding of `key` in the module a call of a function
    of the project (of this module, a method of one of its classes, or imported from another
    module) whose every `return` builds torch's `GradScaler` (or calls such a factory): whether
    each construction is enabled (None: gradfix cannot tell). None when not read so."""
    cache: dict[str, list[bool | None] | None] | None = getattr(model, "_gf023_factory_scalers", None)
    if cache is None:
        cache = model._gf023_factory_scalers = {}  # type: ignore[attr-defined]
    if key in cache:
        return cache[key]
    found: list[bool | None] | None = None
    values = assigned_values(model, key)
    if values and all(isinstance(v, ast.Call) for v in values):
        found = []
        for call in values:
            states = _returned_scalers(call, model.facts, model, 0)  # type: ignore[arg-type]
            if states is None:
                found = None
                break
            found.extend(states)
    cache[key] = found
    return found


def _called_function(call: ast.Call, facts: ModuleFacts) -> FunctionInfo | None:
    """The function of the project `call` (written in the module of `facts`) calls."""
    name = call_name(call)
    if name is None:
        return None
    if "." not in name and name not in facts.imports.aliases:
        return facts.module_functions.get(name)
    if name.startswith("self.") and name.count(".") == 1:
        methods = [m[name[5:]] for m in facts.methods.values() if name[5:] in m]
        return methods[0] if len(methods) == 1 else None
    qualified = facts.imports.qualify(name)
    project = facts.project
    if project is None or not qualified or qualified.startswith("torch."):
        return None
    found = project.definition(qualified, facts.source.path or None)
    if found is None:
        return None
    module, defined = found
    return module.facts.module_functions.get(defined)


def _returned_scalers(call: ast.Call, facts: ModuleFacts, model: ModuleModel | None, depth: int) -> list[bool | None] | None:
    """What the factory `call` calls returns, when every `return` builds torch's `GradScaler`
    (or calls another such factory): whether each is enabled. None otherwise."""
    function = _called_function(call, facts) if depth < 3 else None
    if function is None or function.facts is None:
        return None
    returns = [n.value for n in own_nodes(function.node) if isinstance(n, ast.Return)]
    if not returns or any(not isinstance(v, ast.Call) for v in returns):
        return None
    states: list[bool | None] = []
    for value in returns:
        if _is_torch_scaler(function.facts.imports.qualify(call_name(value))):  # type: ignore[arg-type]
            states.append(_enabled(value, function, call, model))  # type: ignore[arg-type]
            continue
        inner = _returned_scalers(value, function.facts, None, depth + 1)  # type: ignore[arg-type]
        if inner is None:
            return None
        states.extend(inner)
    return states


def _enabled(built: ast.Call, function: FunctionInfo, call: ast.Call, model: ModuleModel | None) -> bool | None:
    """`enabled=` of a `GradScaler(...)` a factory returns, read through the factory's parameter
    from what `call` passes for it (or its default): a literal, or a constant of the analysed
    module (`model`, when `call` is written there)."""
    given = next((kw.value for kw in built.keywords if kw.arg == "enabled"), None)
    if given is None:
        return None if any(kw.arg is None for kw in built.keywords) else True
    if isinstance(given, ast.Constant):
        return given.value if isinstance(given.value, bool) else None
    if not isinstance(given, ast.Name) or given.id not in function.params:
        return None
    node = function.node
    args = node.args
    passed: ast.expr | None = next((kw.value for kw in call.keywords if kw.arg == given.id), None)
    if passed is None:
        index = function.params.index(given.id) - (1 if function.class_name is not None and method_name(call) else 0)
        positional_count = len(args.posonlyargs) + len(args.args)
        if 0 <= index < min(len(call.args), positional_count):
            if any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
                return None
            passed = call.args[index]
        elif any(isinstance(a, ast.Starred) for a in call.args) or any(kw.arg is None for kw in call.keywords):
            return None
        else:
            passed = _default(node, given.id)
    if passed is None:
        return None
    if isinstance(passed, ast.Constant):
        return passed.value if isinstance(passed.value, bool) else None
    value = _known_value(passed, model) if model is not None else None
    return value if isinstance(value, bool) else None


def _default(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    offset = len(positional) - len(args.defaults)
    for index, arg in enumerate(positional):
        if arg.arg == name:
            return args.defaults[index - offset] if index >= offset else None
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        if arg.arg == name:
            return default
    return None


def _scaler_key(event: GradEvent, model: ModuleModel) -> str | None:
    """`scaler` for `scaler.scale(loss).backward()` with a torch `GradScaler`; in a helper of
    another file called from the analysed code (`backward_scaled(scaler, loss)` running
    `scaler.scale(loss).backward()` on its parameter), the argument the call hands it."""
    key = _foreign_scaler(event, model) if event.foreign else _scaler_of_backward(event, model)
    if key is None:
        return None
    return key if _torch_scaler(key, model) or _handed_torch_scaler(key, event, model) or _stored_torch_scaler(key, event, model) else None


def _stored_torch_scaler(key: str, event: GradEvent, model: ModuleModel) -> bool:
    """`self.scaler` in a method of a trainer class that stores its `__init__` parameter there
    (`stored_arguments`), when every construction of the class, at least one, passes a name the
    module builds with torch's `GradScaler` (switched on: not `enabled=False`) or such a
    construction written in the call (without an `enabled=` switch)."""
    if event.foreign:
        return False
    from gradfix.analysis.handed_in import stored_arguments

    if key.startswith("self.") and key.count(".") == 2:
        return _held_torch_scaler(key, event, model)
    passed = stored_arguments(key, event.node, model)
    if not passed:
        return False
    for value in passed:
        if isinstance(value, ast.Call):
            if not _is_torch_scaler(model.facts.imports.qualify(call_name(value))) or any(k.arg == "enabled" for k in value.keywords):
                return False  # (a switch in the call: may be off)
        else:
            name = dotted(value)
            if name is None or "." in name or not _torch_scaler(name, model) or _scaler_disabled(name, model):
                return False
    return True


def _held_torch_scaler(key: str, event: GradEvent, model: ModuleModel) -> bool:
    """`self.state.scaler` in a method of a class that stores its `__init__` parameter as
    `self.state` (`stored_arguments`), when every construction of the class, at least one, passes
    a name bound once, to a `types.SimpleNamespace(...)` or a construction of a class of the file
    given `scaler=` torch's `GradScaler` (without an `enabled=` switch), and no statement of the
    file binds an attribute `scaler` on any object (no `setattr` either)."""
    from gradfix.analysis.handed_in import stored_arguments

    holder, attribute = key.rsplit(".", 1)
    passed = stored_arguments(holder, event.node, model)
    if not passed:
        return False
    source = model.source
    for node in source.of_type(ast.Attribute):
        if node.attr == attribute and not isinstance(node.ctx, ast.Load) and not getattr(node, "synthetic", False):  # type: ignore[attr-defined]
            return False
    if "setattr(" in source.text:
        return False
    classes = model.facts.classes
    for value in passed:
        name = dotted(value)
        values = assigned_values(model, name) if name is not None and "." not in name else []
        if len(values) != 1 or not isinstance(values[0], ast.Call):
            return False
        built = values[0]
        maker = call_name(built) or ""
        if maker not in classes and model.facts.imports.qualify(maker) != "types.SimpleNamespace":
            return False
        given = next((k.value for k in built.keywords if k.arg == attribute), None)
        if not isinstance(given, ast.Call) or any(k.arg == "enabled" for k in given.keywords):
            return False
        if not _is_torch_scaler(model.facts.imports.qualify(call_name(given))):
            return False
    return True


def _handed_torch_scaler(key: str, event: GradEvent, model: ModuleModel) -> bool:
    """`key` is a parameter of the module function the event is written in (`def
    train_step(model, opt, scaler, x, y)`) that is called only from other files of the project,
    and every such call, at least one, hands it a name that file builds with torch's `GradScaler`
    (a file that says `enabled` anywhere is not read: the scaler may be switched off)."""
    project = model.facts.project
    own = model.source.path
    if project is None or not own or "." in key or event.foreign:
        return False
    line = getattr(event.node, "lineno", 0)
    info = next(
        (f for f in model.facts.module_functions.values() if key in f.params and f.node.lineno <= line <= (f.node.end_lineno or 0)),  # type: ignore[attr-defined]
        None,
    )
    if info is None or info.class_name is not None or info.node.name in model.facts.call_site_args:  # type: ignore[attr-defined]
        return False  # (called in this file too: what it hands is read there)
    from gradfix.analysis.steps import arguments_elsewhere

    seen = False
    for module, value in arguments_elsewhere(project, own, info, key):
        name = dotted(value) if value is not None else None
        passed = module.facts.info(name) if name is not None else None
        if passed is None or passed.kind != "scaler" or not _is_torch_scaler(passed.constructor) or "enabled" in module.source.text:
            return False
        seen = True
    return seen


def _foreign_scaler(event: GradEvent, model: ModuleModel) -> str | None:
    """The caller's key of the scaler a helper of another file scales with, when the analysed
    code calls that helper directly and hands the scaler in as one of its parameters."""
    call = event.call
    if call is None or len(event.via) != 1 or len(event.helpers) != 1 or method_name(call) != "backward":
        return None
    inner = receiver(call)
    if not isinstance(inner, ast.Call) or method_name(inner) != "scale" or not isinstance(receiver(inner), ast.Name):
        return None
    helper = event.helpers[0]
    if not isinstance(helper, FUNCTIONS):
        return None
    name = receiver(inner).id  # type: ignore[union-attr]
    params = [a.arg for a in (*helper.args.posonlyargs, *helper.args.args)]
    if params and params[0] in ("self", "cls"):
        return None  # (a method: which argument is which is not read here)
    if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(helper)):
        return None  # bound in the helper again
    via = event.via[0]
    passed = next((k.value for k in via.keywords if k.arg == name), None)
    if passed is None and name in params and not any(isinstance(a, ast.Starred) for a in via.args):
        index = params.index(name)
        passed = via.args[index] if index < len(via.args) else None
    if passed is None:
        return None
    key = model.source.key(passed)
    return key if model.facts.is_scaler(key) else None


def _exclusive(a: GradEvent, b: GradEvent) -> bool:
    """The two events sit in different arms of one test (`if`/`else`, two handlers...)."""
    kinds = {id(x.node): x.kind for x in a.branches}
    return any(id(y.node) in kinds and kinds[id(y.node)] != y.kind for y in b.branches)


def _scaled_backward(step: GradEvent, earlier: list[GradEvent], model: ModuleModel) -> tuple[GradEvent, str] | None:
    """The scaled backward whose gradients the step applies: the last backward before it that
    can run with it, or one written in another arm of that backward's test (`if use_amp:
    scaler.scale(loss).backward()` / `else: loss.backward()`)."""
    last: GradEvent | None = None
    for event in reversed(earlier):
        if event.kind is not EventKind.BACKWARD or _exclusive(event, step):
            continue
        if last is None:
            last = event
        elif not _exclusive(event, last):
            break
        key = _scaler_key(event, model)
        if key is not None:
            return event, key
    return None


def _helper_unscales(backward: GradEvent, step: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """A call between the scaled backward and the step, to a function or method of the module
    whose body calls `unscale_` (a helper the loop model does not follow)."""
    source = model.source
    if "unscale_" not in source.text or not backward.direct or not step.direct:
        return False
    first, last = backward.node.lineno, step.node.lineno  # type: ignore[attr-defined]
    facts = model.facts
    for node in ast_walk(loop.node):
        if not isinstance(node, ast.Call) or not first <= node.lineno <= last:
            continue
        name = method_name(node) or (node.func.id if isinstance(node.func, ast.Name) else "")
        if not name or name == "unscale_":
            continue
        helpers = [facts.module_functions.get(name), *(methods.get(name) for methods in facts.methods.values())]
        if any(h is not None and "unscale_(" in (h.source or source).segment(h.node) for h in helpers):
            return True
    return False


def _is_update(stmt: ast.stmt, scaler_key: str, source) -> bool:  # type: ignore[no-untyped-def]
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return False
    call = stmt.value
    recv = receiver(call)
    return method_name(call) == "update" and recv is not None and source.key(recv) == scaler_key


_JUMPS = (ast.Continue, ast.Break, ast.Return, ast.Raise)


def _update_follows(statement: ast.stmt, scaler_key: str, source, stop: ast.AST | None) -> bool:  # type: ignore[no-untyped-def]
    """`scaler.update()` runs after `statement` whenever it runs: a statement of its own later in
    its block, or in a block around it up to the iteration (`stop`, or the function), with
    nothing between that may leave first."""
    current: ast.stmt = statement
    while True:
        block = source.block_of(current)
        if block is None:
            return False
        position = next((i for i, s in enumerate(block) if s is current), None)
        if position is None:
            return False
        for later in block[position + 1 :]:
            if _is_update(later, scaler_key, source):
                return True
            if any(isinstance(n, _JUMPS) for n in ast_walk(later)):
                return False
        owner = source.owner_of(current)
        if owner is None or owner is stop or isinstance(owner, (*FUNCTIONS, *LOOPS)) or not isinstance(owner, ast.stmt):
            return False
        current = owner
