"""The loop model's side of the library tables (gradfix/libraries): turning what a library call
does to gradients into the model's kinds and events.

The tables say, per library kind, what a method or a `with` block does (backward, divide the
loss by the accumulation count, step, clear, only on sync steps...). This module maps their
kinds onto the few the loop model knows (`optimizer`, `engine`, `model`...), reads the
accumulation count a constructor was given, and answers the walker's questions. Rules never see
library names: they see events (a BACKWARD that divides, a STEP gated on sync steps).
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix import libraries
from gradfix.analysis.names import call_name, dotted, keyword, last_name
from gradfix.libraries import CallbackClass, Constructor, Context, Effect, FrameworkClass, Gate, Method
from gradfix.records import dataclass

# library kind -> the loop model's kind of object
MODEL_KINDS = {
    "accelerator": "engine",
    "fabric": "engine",
    "deepspeed-engine": "engine",
    "accelerated-optimizer": "optimizer",
    "fabric-optimizer": "optimizer",
    "lightning-optimizer": "optimizer",
    "deepspeed-optimizer": "optimizer",
    "optimizer": "optimizer",
    "scheduler": "scheduler",
    "timm-native-scaler": "loss-scaler",
    "timm-apex-scaler": "loss-scaler",
    "ddp-model": "model",
    "fsdp-model": "model",
    "fabric-module": "model",
    "ignite-engine": "ignite",
    "lightning-trainer": "trainer",
    "accumulation-plugin": "plugin",
    "dataloader": "data",
}
# Modules that are objects of a table's kind (`from apex import amp`).
MODULE_KINDS = {"apex.amp": "apex-amp"}
# The kind of `self` in a subclass of a framework class.
_SELF_KINDS = {"pytorch_lightning.LightningModule": "lightning-module", "transformers.Trainer": "hf-trainer"}
# Objects known by their name alone when no constructor is visible (a function parameter):
# `accelerator.accumulate(model)` is Accelerate's whatever the call site, in practice.
NAMED_KINDS = {"accelerator": "accelerator", "fabric": "fabric"}


@dataclass(frozen=True)
class Built:
    """What a constructor call builds, as the model records it."""

    kind: str  # the model's kind
    library: str  # the table's kind
    entry: Constructor
    accumulation: ast.expr | None = None  # the expression giving the accumulation count


def constructor(qualified: str | None, call: ast.Call, qualify, lookup=None) -> Built | None:  # type: ignore[no-untyped-def]
    """What a constructor call builds; `lookup(expr)` answers what a name passed to it is
    (a plugin built earlier)."""
    if not qualified:
        return None
    entry = libraries.constructor(qualified)
    if entry is None or entry.kind is None:
        return None
    accumulation = _accumulation(entry, call, qualify, lookup)
    if entry.kind == "accumulation-plugin":
        accumulation = _plugin_count(qualified, call)
    return Built(MODEL_KINDS.get(entry.kind, entry.kind), entry.kind, entry, accumulation)


def _plugin_count(qualified: str, call: ast.Call) -> ast.expr | None:
    """`GradientAccumulationPlugin(num_steps=N)`: N, for whoever is built with the plugin."""
    for entry in libraries.CONSTRUCTORS.values():
        setting = entry.accumulation
        for _outer, plugin, inner in setting.via if setting is not None else ():
            if libraries.constructor(plugin) is libraries.constructor(qualified):
                found = keyword(call, inner)
                if found is not None:
                    return found.value
    return None


def constructor_entry(qualified: str) -> Constructor | None:
    return libraries.constructor(qualified)


def accumulation_of(qualified: str | None, call: ast.Call, qualify) -> ast.expr | None:  # type: ignore[no-untyped-def]
    """The accumulation count a library call is given (`gradient_accumulation_steps=3`), also
    for a call building nothing gradfix tracks (Ignite's `supervised_training_step(...)`, an
    update function)."""
    entry = libraries.constructor(qualified) if qualified else None
    return _accumulation(entry, call, qualify, None) if entry is not None else None


def tuple_kinds(qualified: str | None) -> tuple[str | None, ...] | None:
    """`deepspeed.initialize(...)` returns (engine, optimizer, dataloader, scheduler)."""
    entry = libraries.constructor(qualified) if qualified else None
    if entry is None or not entry.returns:
        return None
    return entry.returns


def _accumulation(entry: Constructor, call: ast.Call, qualify, lookup) -> ast.expr | None:  # type: ignore[no-untyped-def]
    setting = entry.accumulation
    if setting is None:
        return None
    for name in setting.keywords:
        found = keyword(call, name)
        if found is not None:
            return found.value
    for outer, plugin, inner in setting.via:
        found = keyword(call, outer)
        if found is None:
            continue
        if isinstance(found.value, ast.Call):
            if libraries.constructor(qualify(call_name(found.value)) or "") is libraries.constructor(plugin):
                value = keyword(found.value, inner)
                if value is not None:
                    return value.value
        elif lookup is not None:
            info = lookup(found.value)  # `plugin = GradientAccumulationPlugin(num_steps=N)` earlier
            if info is not None and info.library == "accumulation-plugin":
                return info.accumulation
    return None


def method(library_kind: str | None, name: str) -> Method | None:
    if library_kind is None:
        return None
    return libraries.method(library_kind, name)


def context(library_kind: str | None, name: str) -> Context | None:
    if library_kind is None:
        return None
    return libraries.context(library_kind, name)


def named_kind(key: str) -> str | None:
    return NAMED_KINDS.get(last_name(key))


def self_kind(qualified_base: str | None) -> str | None:
    entry = framework_class(qualified_base)
    return _SELF_KINDS.get(entry.qualname) if entry is not None else None


# Lightning's `Callback` base class under its names (its hooks take `(self, trainer, pl_module, ...)`)
LIGHTNING_CALLBACKS = frozenset({
    "pytorch_lightning.Callback", "pytorch_lightning.callbacks.Callback", "pytorch_lightning.callbacks.callback.Callback",
    "lightning.pytorch.Callback", "lightning.pytorch.callbacks.Callback", "lightning.pytorch.callbacks.callback.Callback",
    "lightning.Callback",
})  # fmt: skip


def framework_class(qualified: str | None) -> FrameworkClass | None:
    return libraries.framework_class(qualified) if qualified else None


__all__ = [
    "Built", "Effect", "Gate", "LIGHTNING_CALLBACKS", "MODEL_KINDS", "constructor", "context", "framework_class", "method",
    "named_kind", "tuple_kinds",
]  # fmt: skip


def framework_of(node: ast.ClassDef, qualify) -> FrameworkClass | None:  # type: ignore[no-untyped-def]
    """The framework contract of a class's first base that has one (`class Lit(L.LightningModule)`)."""
    for base in node.bases:
        name = dotted(base)
        entry = framework_class(qualify(name) if name else None)
        if entry is not None:
            return entry
    return None


def framework_through_file(node: ast.ClassDef, classes, qualify) -> FrameworkClass | None:  # type: ignore[no-untyped-def]
    """`framework_of`, also through base classes of the same file (`class Clipped(Net)` with
    `class Net(pl.LightningModule)`), three levels up at most. `classes`: the file's classes by name."""
    entry, chain = framework_of(node, qualify), [node]
    while entry is None and len(chain) < 4:
        local = [classes.get(dotted(base) or "") for base in chain[-1].bases]
        parent = next((c for c in local if c is not None and c not in chain), None)
        if parent is None:
            return None
        chain.append(parent)
        entry = framework_of(parent, qualify)
    return entry


def file_ancestors(node: ast.ClassDef, classes) -> list[ast.ClassDef]:  # type: ignore[no-untyped-def]
    """The base classes of the same file a class derives from (its first such base at each
    level), nearest first, three levels up at most."""
    chain = [node]
    while len(chain) < 4:
        parent = next((c for c in (classes.get(dotted(b) or "") for b in chain[-1].bases) if c is not None and c not in chain), None)
        if parent is None:
            break
        chain.append(parent)
    return chain[1:]


def lightning_callback_through_file(node: ast.ClassDef, classes, qualify) -> bool:  # type: ignore[no-untyped-def]
    """Whether a class derives from Lightning's `Callback` (`LIGHTNING_CALLBACKS`), also through
    base classes of the same file (`class Clip(Base)` with `class Base(pl.Callback)`), three
    levels up at most: Lightning calls an inherited class's hooks as it calls its base's."""
    return any(
        qualify(dotted(base) or "") in LIGHTNING_CALLBACKS for current in (node, *file_ancestors(node, classes)) for base in current.bases
    )


def callback_hooks(role: str) -> tuple[str, ...]:
    """The hook names that have `role` in some callback table (`"after-step"`: transformers'
    `on_optimizer_step`): what a rule looks up in a class's methods before asking its bases."""
    return libraries.CALLBACK_HOOKS_BY_ROLE.get(role, ())


def callback_through_file(node: ast.ClassDef, classes, qualify) -> CallbackClass | None:  # type: ignore[no-untyped-def]
    """The callback table of a class whose base is a callback base class of a table (`class
    Clip(TrainerCallback)`), also through base classes of the same file (`class Mine(Base)`
    with `class Base(transformers.TrainerCallback)`), three levels up at most."""
    chain = [node]
    while len(chain) < 4:
        current = chain[-1]
        for base in current.bases:
            name = dotted(base)
            entry = libraries.callback_class(qualify(name) or name) if name else None
            if entry is not None:
                return entry
        local = [classes.get(dotted(base) or "") for base in current.bases]
        parent = next((c for c in local if c is not None and c not in chain), None)
        if parent is None:
            return None
        chain.append(parent)
    return None


def callback_classes(facts, names):  # type: ignore[no-untyped-def]
    """The classes of the module defining one of the hooks `names` whose base is a callback
    table's callback class (`callback_through_file`): (class, its methods, those hooks' infos,
    the table), in the module's order."""
    for name, methods in facts.methods.items():
        hooks = [methods[hook] for hook in names if hook in methods]
        cls = facts.classes.get(name) if hooks else None
        if cls is None or not cls.bases:
            continue
        entry = callback_through_file(cls, facts.classes, facts.imports.qualify)
        if entry is not None:
            yield cls, methods, hooks, entry


def step_overrides(facts):  # type: ignore[no-untyped-def]
    """The `optimizer_step` overrides of the module's framework classes whose table gives the hook
    the "step-override" role (a LightningModule's, or a subclass's of one of the file): (the
    hook's function, the name of its optimizer parameter), in the module's order."""
    for name, methods in facts.methods.items():
        hook = methods.get("optimizer_step")
        cls = facts.classes.get(name)
        if hook is None or cls is None or not isinstance(hook.node, ast.FunctionDef):
            continue
        entry = framework_through_file(cls, facts.classes, facts.imports.qualify)
        if entry is None or entry.hooks.get("optimizer_step") != "step-override":
            continue
        place = dict(entry.optimizer_arguments).get("optimizer_step")
        params = hook.node.args.posonlyargs + hook.node.args.args
        if place is None or len(params) <= place:
            continue
        yield hook.node, params[place].arg


def idle_clear_overrides(facts):  # type: ignore[no-untyped-def]
    """The `optimizer_zero_grad` overrides that do nothing (a body of `pass`, `...`, a docstring,
    a bare `return`) of the module's framework classes whose table gives the hook the
    "clear-override" role (a LightningModule's, or a subclass's of one of the file), when neither
    the class's lineage in the file, nor a class of the file that is no framework class (a
    callback), nor a function of the file names `automatic_optimization` (manual optimization does
    not call the hook) nor clears otherwise (`zero_grad`, a write to `.grad`, an `optimizer_step`
    override, another `optimizer_zero_grad` that does something; `_clear_scope`): (the class,
    the hook's function, the name of its optimizer parameter or None), in the module's order. Under automatic optimization Lightning
    clears only through that hook (loops/optimization/automatic.py `_make_zero_grad_fn`), so
    the gradients of every step add onto all earlier ones
    (tests/libraries/test_lightning.py::test_optimizer_zero_grad_overridden_to_do_nothing_never_clears)."""
    from gradfix.walk import ast_walk

    for name, methods in facts.methods.items():
        hook = methods.get("optimizer_zero_grad")
        cls = facts.classes.get(name)
        if hook is None or cls is None or not isinstance(hook.node, ast.FunctionDef) or hook.node.decorator_list:
            continue
        if not all(_idle(stmt) for stmt in hook.node.body):
            continue
        entry = framework_through_file(cls, facts.classes, facts.imports.qualify)
        if entry is None or entry.hooks.get("optimizer_zero_grad") != "clear-override":
            continue
        # (rare: walked only for an idle override of a framework class)
        scope = [*_clear_scope(cls, facts), *(f.node for f in facts.module_functions.values())]
        if any(_clears_or_manual(node, hook.node) for top in scope for node in ast_walk(top)):
            continue
        params = hook.node.args.posonlyargs + hook.node.args.args
        yield cls, hook.node, params[3].arg if len(params) == 4 and not hook.node.args.vararg else None


def first_batch_clear_overrides(facts):  # type: ignore[no-untyped-def]
    """The `optimizer_zero_grad(self, epoch, batch_idx, optimizer)` overrides (role
    "clear-override", as `idle_clear_overrides` reads them) whose body is one `if` with no `else`
    testing that the epoch or the batch index is 0 (`if batch_idx == 0:`, `0 == epoch`, `not
    batch_idx`) around nothing but clears: Lightning calls the hook at each window's first
    micro-batch and clears only through it, so every step but the first of each epoch (or of
    training) applies the gradients of all batches since. Silent as `idle_clear_overrides` is
    when the file clears otherwise or names `automatic_optimization` (the override's own clears
    aside). Yields (the class, the hook's function, its `if`, the clear's statement)."""
    from gradfix.walk import ast_walk

    for name, methods in facts.methods.items():
        hook = methods.get("optimizer_zero_grad")
        cls = facts.classes.get(name)
        if hook is None or cls is None or not isinstance(hook.node, ast.FunctionDef) or hook.node.decorator_list:
            continue
        body = [stmt for stmt in hook.node.body if not _idle(stmt)]
        params = [a.arg for a in hook.node.args.posonlyargs + hook.node.args.args]
        if len(body) != 1 or not isinstance(body[0], ast.If) or body[0].orelse or len(params) != 4:
            continue
        guard = body[0]
        if not _zero_test(guard.test, (params[1], params[2])):
            continue
        clears = [stmt for stmt in guard.body if not _idle(stmt)]
        if len(clears) != 1 or not _clear_statement(clears[0], (params[3], "self")):
            continue
        entry = framework_through_file(cls, facts.classes, facts.imports.qualify)
        if entry is None or entry.hooks.get("optimizer_zero_grad") != "clear-override":
            continue
        own = {id(node) for node in ast_walk(hook.node)}
        scope = [*_clear_scope(cls, facts), *(f.node for f in facts.module_functions.values())]
        if any(id(node) not in own and _clears_or_manual(node, hook.node) for top in scope for node in ast_walk(top)):
            continue
        yield cls, hook.node, guard, clears[0]


def _zero_test(test: ast.expr, names: tuple[str, ...]) -> bool:
    """`p == 0`, `0 == p` or `not p` for a name of `names`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return isinstance(test.operand, ast.Name) and test.operand.id in names
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = (test.left, test.comparators[0])
    return any(
        isinstance(a, ast.Name) and a.id in names and isinstance(b, ast.Constant) and b.value == 0 and not isinstance(b.value, bool)
        for a, b in (sides, sides[::-1])
    )


def _clear_statement(stmt: ast.stmt, receivers: tuple[str, ...]) -> bool:
    """`optimizer.zero_grad(...)` or `self.zero_grad(...)` as a statement of its own."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    return (
        isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "zero_grad"
        and isinstance(call.func.value, ast.Name) and call.func.value.id in receivers
    )


def _clear_scope(cls: ast.ClassDef, facts) -> list[ast.ClassDef]:  # type: ignore[no-untyped-def]
    """The classes of the file that may clear for `cls` or put it under manual optimization:
    its lineage in the file (its bases and the classes deriving from it, three levels at most)
    and every class that is no framework class (a callback's `on_before_zero_grad`, a helper).
    Another LightningModule of the file, unrelated, neither clears for it nor makes it manual."""
    classes, qualify = facts.classes, facts.imports.qualify
    lineage = [cls, *file_ancestors(cls, classes)]
    return [
        other
        for other in classes.values()
        if other in lineage or cls in file_ancestors(other, classes) or framework_through_file(other, classes, qualify) is None
    ]


def _idle(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Pass):
        return True
    if isinstance(stmt, ast.Return):
        return stmt.value is None or (isinstance(stmt.value, ast.Constant) and stmt.value.value is None)
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and (
        isinstance(stmt.value.value, str) or stmt.value.value is Ellipsis
    )


def _clears_or_manual(node: ast.AST, hook: ast.AST) -> bool:
    """A trace of a clear or of manual optimization: `zero_grad`, a write to `.grad` (`p.grad =
    None`, `del p.grad`, `p.grad.zero_()`, any in-place call on it), `automatic_optimization` (an
    attribute or a name), or another `optimizer_zero_grad`/`optimizer_step` override."""
    if isinstance(node, ast.Attribute):
        if node.attr == "grad":
            # (a write only: a gradient norm read for logging clears nothing)
            return not isinstance(node.ctx, ast.Load)
        return node.attr in ("zero_grad", "automatic_optimization", "optimizer_zero_grad")
    if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load):
        return isinstance(node.value, ast.Attribute) and node.value.attr == "grad"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.endswith("_"):
        # (an in-place call on a gradient: `p.grad.zero_()`, `p.grad.data.mul_(0)`)
        target = node.func.value
        if isinstance(target, ast.Attribute) and target.attr == "data":
            target = target.value
        return isinstance(target, ast.Attribute) and target.attr == "grad"
    if isinstance(node, ast.Name):
        return node.id in ("zero_grad", "automatic_optimization")
    if isinstance(node, ast.FunctionDef) and node is not hook:
        return node.name in ("optimizer_zero_grad", "optimizer_step") and (node.name == "optimizer_step" or not all(_idle(s) for s in node.body))
    return False


def stepping_call(stmt: ast.AST, optimizer: str):  # type: ignore[no-untyped-def]
    """The first call `<optimizer>.step(...)` in the statement (`optimizer.step(closure=...)`)."""
    from gradfix.walk import ast_walk

    return next(
        (
            node
            for node in ast_walk(stmt)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "step" and dotted(node.func.value) == optimizer
        ),
        None,
    )  # fmt: skip


def hook_of_role(entry: CallbackClass, role: str) -> str | None:
    """The one hook of `entry` with `role` (`"before-step"`: `on_pre_optimizer_step`)."""
    found = [hook for hook, has in entry.hooks.items() if has == role]
    return found[0] if len(found) == 1 else None
