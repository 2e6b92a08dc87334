"""Step functions: one training iteration written as a function that something calls per batch.

`def train_step(model, optimizer, batch): ... loss.backward(); optimizer.step()` has no loop of
its own. It is a training iteration when a loop calls it (in this module or any module of the
project) or a framework does (see the library tables). It is then analysed as an iteration of
its own — its body standing for the loop body — and findings and fixes go into the function,
once, whichever loop calls it. What callers do around the call counts: an optimizer every
caller clears in its iteration is cleared; callers that disagree (one clears, another does
not) or that gradfix cannot read make the step function unknown, and rules stay silent.
A name imported in several arms (`try:` / `except ImportError:`, `if` / `else`) calls each arm's
function: a loop's walk follows one arm, and the others' step functions read the same call.
A subclass's method called by a loop of a base class of another module (`self.train_step(batch)`
in `BaseTrainer.fit`) has that loop, walked with the override, as a caller.
"""

from __future__ import annotations

from gradfix import syntax as ast
import os
import re
from bisect import bisect_right

from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.facts import FunctionInfo, ModuleFacts
from gradfix.analysis.frameworks import framework_class
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import call_name, int_value, substitute_root
from gradfix.patterns import calls, lazily
from gradfix.project import absolute
from gradfix.project import import_lines as _import_lines
from gradfix.project import normalized as _normalized
from gradfix.project import reexported
from gradfix.project import stem as _stem
from gradfix.records import replace
from gradfix.source import COMPOUND_KINDS, FUNCTIONS, LOOP_KINDS, Source, blocks_of, dotted
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

    from gradfix.analysis.loops import ModuleModel, _Walker
    from gradfix.project import Module, Project

_BACKWARD_WORDS = ("backward", "loss_scaler", "scale_loss")


_SHAPED: dict[int, tuple[ast.AST, bool]] = {}


def _iteration_events(info: FunctionInfo) -> list[GradEvent] | None:
    """The events of one call of a function that backpropagates and steps at its own top
    level (not inside a loop of its own); None for any other function."""
    from gradfix.analysis.loops import walk_as_iteration

    if info.facts is None or not _may_be_step_shaped(info):
        return None
    events = walk_as_iteration(info.facts, info)
    node = info.node
    top = [e for e in events if e.loops == (node,)]
    if any(e.kind is EventKind.BACKWARD for e in top):
        if any(e.kind is EventKind.STEP and not e.engine for e in top):
            return events
        stepping = _stepping_loops(node.body)  # type: ignore[attr-defined]
        if stepping and any(
            e.kind is EventKind.STEP and not e.engine and len(e.loops) == 2 and e.loops[0] is node and any(e.loops[1] is lp for lp in stepping)
            for e in events
        ):  # fmt: skip
            return events
    return None


def _stepping_loops(body: list[ast.stmt]) -> list[ast.stmt]:
    """`for opt in opts: opt.step()` among a function's own statements: a loop over a
    collection (a name or an attribute) whose one statement steps its variable, each optimizer
    of the collection once per call (a Lightning `training_step` over `self.optimizers()`)."""
    found = []
    for stmt in body:
        if stmt.__class__ is not ast.For or stmt.target.__class__ is not ast.Name or stmt.orelse or len(stmt.body) != 1:  # type: ignore[attr-defined]
            continue
        inner = stmt.body[0]  # type: ignore[attr-defined]
        call = inner.value if inner.__class__ is ast.Expr else None  # type: ignore[attr-defined]
        if (
            call.__class__ is ast.Call and not call.args and not call.keywords  # type: ignore[union-attr]
            and call.func.__class__ is ast.Attribute and call.func.attr == "step"  # type: ignore[union-attr]
            and call.func.value.__class__ is ast.Name and call.func.value.id == stmt.target.id  # type: ignore[union-attr, attr-defined]
            and dotted(stmt.iter) is not None  # type: ignore[attr-defined]
        ):  # fmt: skip
            found.append(stmt)
    return found


def _may_be_step_shaped(info: FunctionInfo) -> bool:
    """A look at the text: a backward and a step written outside the function's own loops."""
    from gradfix.analysis.loops import backward_aliases

    source = info.source or info.facts.source  # type: ignore[union-attr]
    words = _BACKWARD_WORDS + backward_aliases(info.facts) if info.facts is not None else _BACKWARD_WORDS
    # the whole text first: most functions say neither word, and their top-level text is not cut out
    if _steps_and_backpropagates(source.segment(info.node), words):
        top = _top_level_text(source, info.node)
        if _steps_and_backpropagates(top, words):
            return True
        if any(word in top for word in words) and _stepping_loops(info.node.body):  # type: ignore[attr-defined]
            return True  # `loss.backward()`, then `for opt in opts: opt.step()`
    # `self.amp_scaler(loss, self.optimizer)`: an object (timm's loss scalers) whose call is a
    # backward and a step, though the text says neither
    facts = info.facts
    return facts is not None and bool(_stepping_objects(facts)) and _calls_stepping_object(_top_level_text(source, info.node), facts)


def _stepping_objects(facts: ModuleFacts) -> tuple[str, ...]:
    """Keys of the module's objects whose call backpropagates and steps (a library table's
    `__call__` entry with both effects): `loss_scaler`, `self.amp_scaler`."""
    found = facts.__dict__.get("_stepping_objects")
    if found is None:
        from gradfix.analysis import frameworks
        from gradfix.analysis.loops import _calls_objects

        keys = []
        if _calls_objects(facts):
            for key, obj in facts.objects.items():
                entry = frameworks.method(obj.library, "__call__") if obj.library is not None else None
                if entry is not None and {frameworks.Effect.BACKWARD, frameworks.Effect.STEPS} <= set(entry.effects):
                    keys.append(key)
        found = facts.__dict__["_stepping_objects"] = tuple(keys)
    return found  # type: ignore[no-any-return]


def _calls_stepping_object(text: str, facts: ModuleFacts) -> bool:
    return any(calls(text, key) for key in _stepping_objects(facts))


def _steps_and_backpropagates(text: str, words: tuple[str, ...]) -> bool:
    """A call whose name holds `step` (`optimizer.step()`, `scaler.step(opt)`,
    `self.step_optimizer()`: not `gradient_accumulation_steps` or `global_step += 1` alone) and
    a backward word."""
    return "step" in text and any(word in text for word in words) and _STEP_CALL.search(text) is not None


# a call of something whose name holds `step`; the pattern starts with its literal word
_STEP_CALL = lazily(r"step\w*[ \t]*\(")


def _top_level_text(source: Source, function: ast.AST) -> str:
    """The function's code without its loops: a backward and a step of one call of it are
    written there (a loop of its own makes it a loop's home, not one iteration). Its docstring
    is left out too: an example in it (`accelerator.backward(loss)` ... `optimizer.step()` in
    the documentation of a library's method) is no code the function runs."""
    start, end = source.start(function), source.end(function)
    text = source.text
    body = function.body  # type: ignore[attr-defined]
    loops = sorted((source.start(node), source.end(node)) for node in _loop_statements(body))
    if body and _is_docstring(body[0]):
        loops.insert(0, (source.start(body[0]), source.end(body[0])))  # (before every loop of the body)
    parts = []
    for first, last in loops:
        if first >= start:  # not inside a loop already left out
            parts.append(text[start:first])
            start = last
    parts.append(text[start:end])
    return "".join(parts)


def _is_docstring(stmt: ast.stmt) -> bool:
    return stmt.__class__ is ast.Expr and stmt.value.__class__ is ast.Constant and stmt.value.value.__class__ is str  # type: ignore[attr-defined]


def _loop_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The outermost loops among the statements of a body (statements only: no expressions),
    in source order: gathered into one list, not through a generator per statement and block
    (three for every simple statement, which holds none)."""
    found: list[ast.stmt] = []
    _gather_loops(body, found)
    return found


def _gather_loops(body: list[ast.stmt], found: list[ast.stmt]) -> None:
    for stmt in body:
        kind = stmt.__class__
        if kind in LOOP_KINDS:
            found.append(stmt)
            continue
        if kind not in COMPOUND_KINDS:
            continue  # a simple statement: no `body`, `orelse`, `finalbody`, `handlers` or `cases`
        for name in ("body", "orelse", "finalbody"):
            _gather_loops(getattr(stmt, name, ()), found)
        for handler in getattr(stmt, "handlers", ()):
            _gather_loops(handler.body, found)
        for case in getattr(stmt, "cases", ()):
            _gather_loops(case.body, found)


def is_step_shaped(info: FunctionInfo) -> bool:
    """Backpropagates and steps an optimizer once per call, at its own top level."""
    cached = _SHAPED.get(id(info.node))
    if cached is None or cached[0] is not info.node:
        cached = (info.node, _iteration_events(info) is not None)
        if len(_SHAPED) > 10_000:
            _SHAPED.clear()
        _SHAPED[id(info.node)] = cached
    return cached[1]


def find_step_functions(model: ModuleModel, walker: _Walker, project: Project | None) -> Iterator[TrainingLoop]:
    facts = model.facts
    own = facts.source.path if project is not None and facts.source.path else None
    for info in _candidates(facts):
        if not _may_be_step_shaped(info):
            continue
        # who calls it first (cheap), then whether one call is one iteration (a walk)
        contexts = list(_same_module_callers(model, walker, info))
        if _framework_calls_per_batch(model, info):
            # the framework clears nothing around the call, unless an event handler of the
            # iteration (Ignite's `@trainer.on(Events.ITERATION_STARTED)`) or a per-batch hook
            # (Lightning's `on_train_batch_end`, of the module or a callback) may
            around = _iteration_handlers_touch_gradients(model) or _batch_hooks_clear(model)
            contexts.append(None if around else frozenset())
        else:
            hook = _manual_training_step_calling(model, info)
            if hook is not None:
                # `def _update(self, loss): ...` called by the `training_step` Lightning runs per
                # batch: unknown when that step (or a per-batch hook) clears anything itself
                around = _batch_hooks_clear(model) or _CLEARS.search(model.source.segment(hook)) is not None
                contexts.append(None if around else frozenset())
        callers = _other_caller_files(project, own, info) if own is not None else []
        bases = _overridden_bases(project, own, info) if own is not None and info.class_name is not None else []
        if not contexts and not callers and not bases:
            continue  # no visible caller: not known to run once per batch
        sites = walker.calls_into.get(id(info.node), [])
        if contexts and not callers and not bases and len(contexts) == len(sites) and all(
            ctx.home_loops and ctx.loops and not ctx.via for _, ctx in sites
        ):  # fmt: skip
            model.step_call_sites[id(info.node)] = [(call, ctx.home_loops[-1]) for call, ctx in sites]
        events = _iteration_events(info)
        node = info.node
        if events is None:
            continue  # not one iteration: no backward and step of its own at its top level
        handed = _handed_self(walker, info) if contexts and not callers else None
        if handed is not None:
            # `def plain_step(tr, batch)` called as `STEPS[self.kind](self, batch)` from the
            # trainer's methods: `tr.model` is what the class calls `self.model`
            from gradfix.analysis.loops import walk_as_iteration

            events = walk_as_iteration(model.facts, info, mapping=((handed[1], "self"),), class_name=handed[0])
            model.handed_self[id(node)] = (node, handed[1], handed[0])
        for path in callers:
            contexts += list(_callers_in(project, path, info))  # type: ignore[arg-type]
        for base in bases:
            contexts += list(_base_loops(project, base, info))  # type: ignore[arg-type]
        if not contexts:
            continue
        if any(isinstance(c, _Handed) for c in contexts):
            # a caller handing out one optimizer per call (a comparison of two models) says
            # nothing about the callers that run it per batch: judge by those when there are any
            contexts = [c for c in contexts if not isinstance(c, _Handed)] or contexts
        if _called_under_accumulate(model, walker, project, callers, info):
            # `with accelerator.accumulate(model): train_step(model, optimizer, batch)`: the
            # prepared optimizer's step and clear act only at a window's end, as in the loop
            events = [
                replace(e, gated=True) if e.kind is EventKind.STEP and e.loops == (node,) and not e.engine and not e.via else e
                for e in events
            ]
        cleared = {c for c in contexts if c is not None}
        why = ""
        if None in contexts:
            why = "a loop calling it does something gradfix cannot see"
        elif len(cleared) > 1:
            why = "the loops calling it disagree about clearing gradients around the call"
        yield TrainingLoop(
            node=node,
            events=events,
            function=node,
            enclosing_loops=(),
            unknown=[e for e in events if e.kind is EventKind.UNKNOWN],
            cleared_by_callers=next(iter(cleared)) if len(cleared) == 1 and not why else frozenset(),
            why_unknown=why,
        )


def _called_under_accumulate(model: ModuleModel, walker: _Walker, project: Project | None, callers: list[str], info: FunctionInfo) -> bool:
    """A loop calls the function inside `with accelerator.accumulate(...)` (of this module, or
    of another module of the project that calls it: `callers`)."""
    if any(ctx.accumulate for call, ctx in walker.calls_into.get(id(info.node), []) if ctx.loops):
        return True
    if project is None or not callers:
        return False
    from gradfix.analysis.loops import build_model

    for path in callers:
        data = project.read(path)
        if data is None or b"accumulate(" not in data:
            continue
        module = project.module(path, any_bytes=True)
        if module is None:
            continue
        caller = project.caller_model(path, lambda module=module: build_model(module.source, project, step_functions=False))
        for loop in caller.loops:
            for event in loop.events:
                if info.node in event.helpers and any(_accumulate_block(w) for w in event.withs):
                    return True
    return False


def _accumulate_block(block: ast.AST) -> bool:
    return isinstance(block, (ast.With, ast.AsyncWith)) and any(
        isinstance(item.context_expr, ast.Call) and isinstance(item.context_expr.func, ast.Attribute)
        and item.context_expr.func.attr == "accumulate"
        for item in block.items
    )  # fmt: skip


def _overridden_bases(project: Project, own: str, info: FunctionInfo) -> list[tuple[Module, str]]:
    """The bases, of other modules of the project, of the class of a method that calls
    `self.<method>(` in their module's text (`class MyTrainer(BaseTrainer)` overriding the
    `train_step` that `BaseTrainer.fit` calls in its loop), when the module builds the class or
    another file imports it: the bases' loops run the override on its objects."""
    from gradfix.analysis.loops import _never_built

    facts = info.facts
    name = info.node.name
    node = facts.classes.get(info.class_name or "") if facts is not None else None
    if node is None or name.startswith("__") or not node.bases:
        return []
    own = absolute(own)
    called = f"self.{name}("
    found = []
    for base in node.bases:
        base_name = dotted(base)
        if base_name is None or base_name in facts.classes:  # type: ignore[union-attr]
            continue
        # a base class whose module says no gradient word (its loop only calls
        # `self.process_batch(batch, i)`, the override backpropagates and steps) is read too
        located = project.class_named(facts.imports.qualify(base_name) or base_name, own, any_bytes=True)  # type: ignore[union-attr]
        if located is None or absolute(located[0].path) == own or called not in located[0].source.text:
            continue
        found.append(located)
    if found and _never_built(facts, info.class_name) and not _importers(project, own, [info.class_name], info.class_name):  # type: ignore[arg-type]
        return []  # no object of the class made anywhere
    return found


def _base_loops(project: Project, base: tuple[Module, str], info: FunctionInfo) -> Iterator[frozenset[str] | None]:
    """For each loop of a base class (of another module) calling `self.<method>(...)`, walked
    with the subclass's override for the call: what it clears around the call. Not a loop of a
    method the subclass overrides too (its own runs on its objects)."""
    from gradfix.analysis.loops import _derives, build_model

    module, base_name = base
    classes = module.facts.classes
    ancestors = frozenset(c for c in classes if c == base_name or _derives(module.facts, base_name, c))
    model = build_model(module.source, project, step_functions=False, overrides=(ancestors, {info.node.name: info}))
    own_methods = info.facts.methods.get(info.class_name or "", {}) if info.facts is not None else {}
    for loop in model.loops:
        if getattr(loop.function, "name", None) in own_methods:
            continue
        for event in loop.events:
            if info.node in event.helpers:
                position = event.helpers.index(info.node)
                yield _context(loop, event.via[position], info, (), model)
                break


def _candidates(facts: ModuleFacts) -> Iterator[FunctionInfo]:
    yield from facts.module_functions.values()
    for methods in facts.methods.values():
        yield from methods.values()
    for local in facts.local_functions.values():
        yield from local.values()


def _framework_calls_per_batch(model: ModuleModel, info: FunctionInfo) -> bool:
    """A framework runs it once per batch and does nothing to gradients around it: a
    LightningModule's `training_step` under manual optimization, a function handed to Ignite's
    `Engine(...)`, the `__call__` of an object of the module's class handed to it."""
    facts = model.facts
    if info.class_name is not None:
        node = facts.classes.get(info.class_name)
        for base in node.bases if node is not None else ():
            name = dotted(base)
            entry = framework_class(facts.imports.qualify(name) if name else None)
            if entry is None or entry.hooks.get(info.node.name) != "training-step" or entry.manual_switch is None:
                continue
            return _switched_off(node, entry.manual_switch)  # type: ignore[arg-type]
        if "Engine(" not in facts.source.text:
            return False
        if info.node.name == "__call__":
            # `Engine(Step(model, opt))`, `step = Step(model, opt); Engine(step)`: the object is
            # the process function, its `__call__(self, engine, batch)` runs once per batch
            return any(_hands_an_object_of(call, info.class_name, model) for call in _calls(model))
        if not re.search(rf"Engine\([^)]*\.{re.escape(info.node.name)}\b", facts.source.text):
            return False  # no `Engine(self.train_step)` (nor `Engine(lambda e, b: t.train_step(e, b))`) names it
    for call in _calls(model):
        entry = framework_class(facts.imports.qualify(call_name(call)))
        if entry is None or "<process_function argument>" not in entry.hooks:
            continue
        arg = call.args[0] if call.args else None
        if isinstance(arg, ast.Lambda) and isinstance(arg.body, ast.Call):
            arg = arg.body.func  # `Engine(lambda engine, batch: self.train_step(engine, batch))`
        if info.class_name is None and isinstance(arg, ast.Name) and arg.id == info.node.name:
            return True
        if info.class_name is None and isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and _returns_its_own(facts.module_functions.get(arg.func.id), info.node):
            return True  # `Engine(make_update(net, opt))`, the factory returning the function it defines
        if info.class_name is not None and isinstance(arg, ast.Attribute) and arg.attr == info.node.name:
            return True  # `Engine(self.train_step)`, `Engine(trainer.train_step)`
    return False


def _hands_an_object_of(call: ast.Call, class_name: str, model: ModuleModel) -> bool:
    """`call` is a framework's `Engine(...)` whose process function is an object of the module's
    class `class_name`: built right in the call (`Engine(Step(model, opt))`), or a plain name
    every assignment of the module binds to such an object (`step = Step(model, opt)` ...
    `Engine(step)`)."""
    facts = model.facts
    entry = framework_class(facts.imports.qualify(call_name(call)))
    if entry is None or "<process_function argument>" not in entry.hooks or not call.args:
        return False
    arg = call.args[0]
    if isinstance(arg, ast.Call):
        return isinstance(arg.func, ast.Name) and arg.func.id == class_name
    if not isinstance(arg, ast.Name):
        return False
    values = [
        stmt.value for stmt in model.source.of_type(ast.Assign)
        for target in stmt.targets if isinstance(target, ast.Name) and target.id == arg.id  # type: ignore[attr-defined]
    ]  # fmt: skip
    return bool(values) and all(
        isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == class_name for v in values
    )  # fmt: skip


def _manual_training_step_calling(model: ModuleModel, info: FunctionInfo) -> ast.AST | None:
    """The `training_step` of a LightningModule under manual optimization that calls the method
    (`self._update(loss)`) once per call: at its own top level, outside any loop of its own,
    exactly once; and the method is called nowhere else in the file."""
    facts = model.facts
    if info.class_name is None:
        return None
    node = facts.classes.get(info.class_name)
    for base in node.bases if node is not None else ():
        name = dotted(base)
        entry = framework_class(facts.imports.qualify(name) if name else None)
        if entry is None or entry.manual_switch is None or not _switched_off(node, entry.manual_switch):  # type: ignore[arg-type]
            continue
        hooks = [n for n, kind in entry.hooks.items() if kind == "training-step"]
        methods = facts.methods.get(info.class_name, {})
        for hook_name in hooks:
            hook = methods.get(hook_name)
            if hook is None or hook.node is info.node:
                continue
            method = info.node.name
            calls = [
                n for n in model.source.of_type(ast.Call)
                if isinstance(n.func, ast.Attribute) and n.func.attr == method and dotted(n.func.value) == "self"  # type: ignore[attr-defined]
            ]  # fmt: skip
            if len(calls) != 1:
                return None  # called elsewhere too (or twice): not once per batch
            call = calls[0]
            inside = [n for n in ast_walk(hook.node) if n is call or isinstance(n, (ast.If, ast.For, ast.While, ast.Try, ast.With, *FUNCTIONS, ast.Lambda)) and n is not hook.node and any(c is call for c in ast_walk(n))]
            if inside == [call]:
                return hook.node  # in the hook's own statements, under no `if`, loop, `try` or `with`
    return None


def _returns_its_own(factory: FunctionInfo | None, function: ast.AST) -> bool:
    """`factory` defines `function` in its own body and returns it by name (`def
    make_update(model, opt): def _update(engine, batch): ...; return _update`)."""
    if factory is None or not any(stmt is function for stmt in factory.node.body):
        return False
    name = function.name  # type: ignore[attr-defined]
    return any(isinstance(stmt, ast.Return) and isinstance(stmt.value, ast.Name) and stmt.value.id == name for stmt in factory.node.body)


def _iteration_handlers_touch_gradients(model: ModuleModel) -> bool:
    """A handler of an iteration event (`@trainer.on(Events.ITERATION_STARTED)`,
    `trainer.add_event_handler(Events.ITERATION_COMPLETED(every=4), handler)`) clears, steps
    or backpropagates: it runs around every call of the process function."""
    source = model.source
    if "ITERATION_" not in source.text:
        return False
    functions = {n.name: n for n in source.nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    handlers: list[ast.AST] = []
    for node in source.nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute) and decorator.func.attr == "on":
                    if decorator.args and "ITERATION_" in source.segment(decorator.args[0]):
                        handlers.append(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_event_handler":
            if len(node.args) >= 2 and "ITERATION_" in source.segment(node.args[0]):
                handler = node.args[1]
                if isinstance(handler, ast.Name) and handler.id in functions:
                    handlers.append(functions[handler.id])
                elif isinstance(handler, ast.Name):
                    built = _param_scheduler_bound(model, handler.id)
                    if built is None:
                        return True  # a handler gradfix cannot see
                    handlers.append(built)  # (read as if written in place)
                else:
                    handlers.append(handler)
    return any(_TOUCHES.search(source.segment(h)) for h in handlers)


def _param_scheduler_bound(model: ModuleModel, name: str) -> ast.Call | None:
    """The one value `name` is bound to in the file when it is a call building an Ignite
    parameter-scheduler handler (`sched = create_lr_scheduler_with_warmup(...)`, table kind
    `ignite-param-scheduler`: it only writes learning rates)."""
    from gradfix.analysis.frameworks import constructor_entry

    bound = assigned_values(model, name)
    if len(bound) != 1 or not isinstance(bound[0], ast.Call):
        return None
    entry = constructor_entry(model.facts.imports.qualify(call_name(bound[0])) or "")
    return bound[0] if entry is not None and entry.kind == "ignite-param-scheduler" else None


# Lightning hooks run around every training_step call under manual optimization too (of the
# LightningModule, or of a Callback: `def on_train_batch_end(self, trainer, pl_module, ...)`)
_BATCH_HOOKS = frozenset(
    ("on_train_batch_start", "on_train_batch_end", "on_before_backward", "on_after_backward", "on_before_optimizer_step")
)
# a clear, or `.grad` written (`p.grad = None`, `p.grad.data = ...`, `p.grad *= 0`, `p.grad[m] = 0`,
# `p.grad.zero_()`, `del p.grad`); not `.grad` read for a log (`p.grad.norm().item()` in
# `on_after_backward`): a hook that only reads clears nothing
_CLEARS = lazily(
    r"zero_grad|\.grad(?:\.data)?(?:\[[^\]\n]*\])?\s*(?:[-+*/]=|=(?!=))"
    r"|\.grad(?:\.data)?\.(?:zero_|fill_|mul_|div_|copy_|detach_)\(|\bdel\b[^\n]*\.grad\b"
)


def _batch_hooks_clear(model: ModuleModel) -> bool:
    """A function of the file named as a Lightning per-batch hook clears gradients (or writes
    `.grad`; a hook that only reads it, for a log, does not count): it runs around every
    `training_step` call, so the step may rely on it."""
    source = model.source
    if not any(name in source.text for name in _BATCH_HOOKS):
        return False
    return any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name in _BATCH_HOOKS and _CLEARS.search(source.segment(n))
        for n in source.nodes
    )


_TOUCHES = lazily(r"zero_grad|\.grad\b|\.step\(|backward")


def _switched_off(node: ast.ClassDef, attribute: str) -> bool:
    """`self.automatic_optimization = False` somewhere in the class (or a property returning False)."""
    for sub in ast_walk(node):
        if isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Constant) and sub.value.value is False:
            if any(dotted(t) == f"self.{attribute}" for t in sub.targets):
                return True
        if isinstance(sub, ast.FunctionDef) and sub.name == attribute:
            returns = [r for r in ast_walk(sub) if isinstance(r, ast.Return)]
            if returns and all(isinstance(r.value, ast.Constant) and r.value.value is False for r in returns):
                return True
    return False


def _calls(model: ModuleModel) -> list[ast.Call]:
    cached = getattr(model, "_framework_calls", None)
    if cached is None and "Engine" not in model.facts.source.text:
        cached = model._framework_calls = []  # type: ignore[attr-defined]
    if cached is None:
        cached = [n for n in model.source.nodes if isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute))]
        cached = [c for c in cached if (call_name(c) or "").rsplit(".", 1)[-1] == "Engine"]
        model._framework_calls = cached  # type: ignore[attr-defined]
    return cached


def _handed_self(walker: _Walker, info: FunctionInfo) -> tuple[str, str] | None:
    """A module function each call of which (in this module: no other file calls it) hands
    `self` of a method of one class for the same parameter, never rebound in the function
    (`def plain_step(tr, batch, i)` called as `STEPS[self.kind](self, batch, i)` or
    `plain_step(self, batch, i)` in the trainer's `fit`): the class and the parameter, whose
    attributes are that class's `self.` attributes."""
    if info.class_name is not None or not info.params or "self" in info.params:
        return None
    sites = walker.calls_into.get(id(info.node))
    if not sites:
        return None
    found: tuple[str, str] | None = None
    for call, ctx in sites:
        if ctx.class_name is None or ctx.facts is not None or any(param == "self" for param, _ in ctx.mapping):
            return None
        index = next((k for k, a in enumerate(call.args) if isinstance(a, ast.Name) and a.id == "self"), None)
        if index is None or index >= len(info.params) or any(isinstance(a, ast.Starred) for a in call.args[:index]):
            return None
        here = (ctx.class_name, info.params[index])
        if found is not None and here != found:
            return None
        found = here
    if found is not None and any(
        isinstance(n, ast.Name) and (n.id == "self" or (n.id == found[1] and not isinstance(n.ctx, ast.Load))) for n in ast_walk(info.node)
    ):
        return None  # the parameter bound again in the function (or a `self` of its own, a global)
    return found


def _same_module_callers(model: ModuleModel, walker: _Walker, info: FunctionInfo) -> Iterator[frozenset[str] | None]:
    """For each loop of this module calling the function: what it clears around the call. A
    call seen from an outer loop through a helper (`fit`'s epoch loop running `_run_epoch`,
    whose batch loop makes the call) is read from the inner loop's own walk only: that loop
    runs it once per batch, and what the outer one clears around the helper (a flush after the
    batch loop) happens once per epoch."""
    sites = walker.calls_into.get(id(info.node), [])
    direct = {(id(call), id(ctx.home_loops[-1])) for call, ctx in sites if ctx.home_loops and not ctx.via}
    for call, ctx in sites:
        if ctx.via and ctx.loops and (id(call), id(ctx.loops[-1])) in direct:
            continue
        if not ctx.loops:
            if _comprehension_per_item(call, ctx.path[-1] if ctx.path else None, info):
                yield frozenset()  # `losses = [trainer.step(x, y) for x, y in batches]`
            continue  # called once, not per batch
        loop = next((lp for lp in model.loops if lp.node is ctx.home_loops[-1]), None) if ctx.home_loops else None
        yield _context(loop, call, info, ctx.mapping, model, _through_partial(call, info, model))


def _through_partial(call: ast.Call, info: FunctionInfo, model: ModuleModel) -> ast.Call | None:
    """`step_fn(batch, i)` of `step_fn = functools.partial(accumulate, model, opt, every=4)`:
    the call as the function receives it (the partial's arguments first), for reading which
    parameter each argument is; None for a plain call."""
    if not isinstance(call.func, ast.Name) or call.func.id == info.node.name:
        return None
    from gradfix.analysis.accumulation import _partial_of

    bound = _partial_of(call, info.node, model)
    if bound is None:
        return None
    joined = ast.Call(func=call.func, args=[*bound.args[1:], *call.args], keywords=[*bound.keywords, *call.keywords])
    return ast.copy_location(joined, call)


def _comprehension_per_item(call: ast.Call, statement: ast.AST | None, info: FunctionInfo) -> bool:
    """The call is the whole element of a list, set or dict comprehension of the statement, with
    one generator and no condition (`losses = [trainer.step(x, y) for x, y in batches]`): it
    runs once per item and nothing else of the comprehension runs between two calls. Not when
    the receiver, or an argument for a parameter the function steps, names the comprehension's
    variable (`[run(m, o) for m, o in pairs]`: each call has its own optimizer)."""
    if statement is None or not isinstance(statement, (ast.Expr, ast.Assign, ast.AnnAssign)):
        return False
    comprehension = next(
        (
            n for n in ast_walk(statement)
            if (isinstance(n, (ast.ListComp, ast.SetComp)) and n.elt is call) or (isinstance(n, ast.DictComp) and n.value is call)
        ),
        None,
    )  # fmt: skip
    if comprehension is None or len(comprehension.generators) != 1:
        return False
    generator = comprehension.generators[0]
    if generator.ifs or generator.is_async:
        return False
    if any(isinstance(n, (ast.Lambda, *FUNCTIONS)) and any(m is comprehension for m in ast_walk(n)) for n in ast_walk(statement)):
        return False  # inside a lambda of the statement: when it runs is not known
    variables = {n.id for n in ast_walk(generator.target) if isinstance(n, ast.Name)}

    def varies(expr: ast.AST) -> bool:
        return any(isinstance(n, ast.Name) and n.id in variables for n in ast_walk(expr))

    func = call.func
    if isinstance(func, ast.Attribute) and varies(func.value):
        return False
    if not isinstance(func, (ast.Name, ast.Attribute)) or any(isinstance(a, ast.Starred) for a in call.args):
        return False
    params = list(info.params)
    if info.class_name is not None and params and params[0] in ("self", "cls"):
        params = params[1:]
    stepped = _stepped_parameters(info)
    pairs = [(params[i] if i < len(params) else None, arg) for i, arg in enumerate(call.args)]
    pairs += [(k.arg, k.value) for k in call.keywords]
    return not any((name is None or name in stepped) and varies(arg) for name, arg in pairs)


def _other_caller_files(project: Project, own: str, info: FunctionInfo) -> list[str]:
    """Other files of the project that may call the function: they import its module (or its
    class) and name it. A file's import statements are looked at first (found once per file's
    bytes); only a file importing the module is searched for the name."""
    own = absolute(own)
    names = [info.node.name] if info.class_name is None else [info.class_name, *_subclasses(info)]
    word = info.node.name
    if info.class_name is None and info.facts is not None and info.facts.module_functions.get(word) is not info:
        # the function a factory of the module defines and returns (`def make_train_step(model,
        # opt): def train_step(x, y): ...; return train_step`): files calling the factory
        from gradfix.analysis.loops import _factory_closures

        names = [factory for factory, inner in _factory_closures(info.facts).items() if inner.node is info.node][:1]
        if not names:
            return []
        word = names[0]
    found = _importers(project, own, names, word)
    if info.class_name is not None or info.facts is None:
        tables: list[str] = []
    else:
        from gradfix.analysis.loops import registry_tables

        tables = [table for table, functions in registry_tables(info.facts).items() if info.node.name in functions]
    for table in tables:
        # `STEPS = {"sup": sup_step}`: files importing the dict (`from steps import STEPS`) may
        # call its entries (`STEPS["sup"](model, opt, batch)`)
        for path in _importers(project, own, [table], table):
            if path not in found:
                found.append(path)
    # a package's `__init__.py` re-exporting the function or its class (`from .steps import
    # train_step`, `from .net import Net`): files importing it from the package (`from core
    # import train_step`, `from models import Net`) may call it too
    init = os.path.join(os.path.dirname(own), "__init__.py")
    data = project.read(init) if init != own else None
    stem = _stem(own)
    package = os.path.basename(os.path.dirname(_normalized(own)))
    exported = [name for name in names if data is not None and _names_own(reexported(data, name), package, stem, name)]
    for path in _importers(project, init, exported, word) if exported else ():
        if path != own and path not in found:
            found.append(path)
    if info.class_name is not None:
        # a subclass in another module calling the method through `super()` (`class
        # DQNAgent(BaseAgent)` whose `update` is `super().update(batch)`): its module's
        # importers may call it too (which loops do is what their models say)
        for path in list(found):
            data = project.read(path)
            subclasses = _subclass_names(data, info.class_name) if data is not None else []
            for caller in _importers(project, path, subclasses, info.node.name) if subclasses else ():
                if caller != own and caller not in found:
                    found.append(caller)
    return found


def arguments_elsewhere(project: Project, own: str, info: FunctionInfo, parameter: str) -> Iterator[tuple[Module, ast.expr | None]]:
    """For each call of the module function `info` (of the file `own`) in the other files of the
    project that may call it (`fit(...)`, `engine.fit(...)`), that file's module and the
    argument the call passes for `parameter` (by keyword, or by position before any `*args`);
    None when it passes none (the default, or maybe through `*args` / `**kw`)."""
    function = info.node
    args = function.args  # type: ignore[attr-defined]
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    index = positional.index(parameter) if parameter in positional else None
    for path in _other_caller_files(project, own, info):
        module = project.module(path, any_bytes=True)
        if module is None:
            continue
        for node in module.source.nodes:
            if not isinstance(node, ast.Call) or called_name(node.func) != function.name:  # type: ignore[attr-defined]
                continue
            value = next((k.value for k in node.keywords if k.arg == parameter), None)
            if value is None and index is not None and index < len(node.args) and not any(isinstance(a, ast.Starred) for a in node.args[: index + 1]):
                value = node.args[index]
            yield module, value


def called_name(func: ast.expr) -> str | None:
    """`fit` of `fit(...)` and of `engine.fit(...)`."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.attr
    return None


def _names_own(origin: str | None, package: str, stem: str, name: str) -> bool:
    """Whether a package's `__init__.py` binds `name` to the one of its module `stem`:
    `from .stem import name` (or `from stem import name`), or absolutely through the package,
    `from package.stem import name` (also `from top.package.stem import name`)."""
    if origin is None:
        return False
    own = f"{package}.{stem}.{name}"
    return origin in (f".{stem}.{name}", f"{stem}.{name}", own) or origin.endswith("." + own)


def _importers(project: Project, own: str, names: list[str], word_text: str) -> list[str]:
    """Files of the project other than `own` (absolute) that import `own`'s module (or one of
    `names` from it) and say `word_text`."""
    stem = _stem(own)
    if stem == "__init__":
        stem = os.path.basename(os.path.dirname(_normalized(own)))  # the package's name, as `Path` says
    module, word = stem.encode(), word_text.encode()
    imports = None  # compiled only for a file whose imports name the module (1-2 ms apiece)
    found = []
    for path, data, statements in _naming_module(project.contents(), module):
        if word not in data:
            continue
        if imports is None:
            imports = [_importing(stem, name) for name in names]
        if not any(pattern.search(statements) for pattern in imports) or path == own:  # both absolute
            continue  # a module that calls it imports it (or its class, or a subclass inheriting it), naming its module
        found.append(path)
    return found


# [the contents searched, {module name: what `_naming_module` found}, their import statements
# joined (`_joined_statements`) or None]
_NAMING: list = [None, {}, None]


def _naming_module(contents: list[tuple[str, bytes | None]], module: bytes) -> list[tuple[str, bytes, bytes]]:
    """The files of `contents` (`Project.contents()`) whose import statements say `module`, with
    their bytes and those statements (every match of `_importing` holds the module's name):
    found once per module name and list of contents -- the same list for a whole steady run,
    where each step function of a module asks for its module's importers. The statements of
    every file are joined once per list of contents, and each module name is searched for in
    them all at once: the files it occurs in, in their order (a name is no empty word and has
    no NUL byte, so no occurrence spans the NUL between two files)."""
    if _NAMING[0] is not contents:
        _NAMING[0], _NAMING[1], _NAMING[2] = contents, {}, None
    found = _NAMING[1].get(module)
    if found is None:
        if not module or b"\0" in module:
            found = [
                (path, data, statements)
                for path, data in contents
                if data is not None and module in (statements := _import_statements(data))
            ]
        else:
            joined = _NAMING[2]
            if joined is None:
                joined = _NAMING[2] = _joined_statements(contents)
            text, starts, entries = joined
            found = []
            find = text.find
            at = find(module)
            while at != -1:
                index = bisect_right(starts, at) - 1
                found.append(entries[index])
                if index + 1 == len(starts):
                    break
                at = find(module, starts[index + 1])  # (the next file's statements)
        _NAMING[1][module] = found
    return found


def _joined_statements(contents: list[tuple[str, bytes | None]]) -> tuple[bytes, list[int], list[tuple[str, bytes, bytes]]]:
    """The import statements (`_import_statements`) of every readable file of `contents`,
    joined by NUL bytes; where each file's start in them; and (path, bytes, statements) of each."""
    entries = [(path, data, _import_statements(data)) for path, data in contents if data is not None]
    starts = []
    at = 0
    for _, _, statements in entries:
        starts.append(at)
        at += len(statements) + 1
    return b"\0".join(statements for _, _, statements in entries), starts, entries


def _subclass_names(data: bytes, base: str) -> list[str]:
    """The classes a file's bytes define on `base` (`class DQN(BaseAgent):`, `(agents.BaseAgent)`)."""
    if base.encode() not in data:
        return []
    pattern = re.compile(rb"^[ \t]*class[ \t]+(\w+)[ \t]*\((?:[^()]*?[,\s(.])?" + re.escape(base.encode()) + rb"\b", re.M)
    return [match.group(1).decode("ascii", "replace") for match in _at_class_lines(pattern, data)]


def _at_class_lines(pattern: re.Pattern[bytes], data: bytes) -> Iterator[re.Match[bytes]]:
    """What `pattern.finditer(data)` finds, for a `re.M` pattern each of whose matches starts at
    a line's start with blanks and then `class`: tried only at the starts of those lines (a
    pattern starting with `^` is otherwise tried at every byte). A match ends with the base's
    name: a `class` after a match's end on the line it ends on starts no line, as `finditer`,
    which goes on from the match's end, sees it."""
    find = data.find
    at = find(b"class")
    while at != -1:
        line = data.rfind(b"\n", 0, at) + 1
        match = pattern.match(data, line) if not data[line:at].strip(b" \t") else None
        if match is not None:
            yield match
            at = find(b"class", max(match.end(), at + 1))
        else:
            at = find(b"class", at + 1)


def _subclasses(info: FunctionInfo) -> list[str]:
    """Classes of the method's module that derive from its class (directly) and do not define
    the method themselves, or call it through `super()`: `agent = Double()` runs
    `BaseAgent.learn`."""
    facts = info.facts
    if facts is None or info.class_name is None:
        return []
    out = []
    for name, node in facts.classes.items():
        if name == info.class_name or not any(dotted(b) == info.class_name for b in node.bases):
            continue
        own = facts.methods.get(name, {}).get(info.node.name)
        if own is None or any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == info.node.name
            and isinstance(n.func.value, ast.Call) and dotted(n.func.value.func) == "super"
            for n in ast_walk(own.node)
        ):
            out.append(name)
    return out


# Lines that start (after blanks) with `import`, or with `from` and say `import` further on:
# where an `_importing` match starts (`project.import_lines` finds them by a byte search).
_IMPORT_LINE = lazily(rb"^[ \t]*(?:import|from[^\n]*?import)[^\n]*", re.M)
_STATEMENTS: dict[int, tuple[bytes, bytes]] = {}


def _import_statements(data: bytes) -> bytes:
    """The stretches of a file an `_importing` pattern can match in, joined by newlines: each
    line that starts with `import`, or with `from` and says `import` further on (a `from` line
    that does not cannot start a match), and, when it opens a parenthesis, everything up
    to the first `)` after its last `(` (to the end of the bytes when none closes). A match
    starts at such a line and stays on it or inside that parenthesis, so searching these
    stretches answers as searching the whole file does. Found once per file's bytes: each
    analysis with a step function searches every file that may call it."""
    cached = _STATEMENTS.get(id(data))
    if cached is None or cached[0] is not data:
        if len(_STATEMENTS) > 50_000:
            _STATEMENTS.clear()
        parts: list[bytes] = []
        covered = 0  # the stretches so far end here
        for first, last in _import_lines(data):
            if first < covered:
                continue  # inside the parenthesis of an earlier stretch
            opened = data.rfind(b"(", first, last)
            if opened != -1:
                closed = data.find(b")", opened)
                last = max(last, closed + 1) if closed != -1 else len(data)
            parts.append(data[first:last])
            covered = last
        cached = _STATEMENTS[id(data)] = (data, b"\n".join(parts))
    return cached[1]


def _importing(stem: str, name: str) -> re.Pattern[bytes]:
    """Import lines that can bring `name` of module `stem` into a file: `from ...stem import
    (..., name, ...)` or `*`, or an import of the module itself (`import pkg.stem as s`,
    `from pkg import stem`), whose attribute the file then names."""
    module, attribute = re.escape(stem.encode()), re.escape(name.encode())
    return re.compile(
        rb"^[ \t]*from[ \t]+[\w.]*\b" + module + rb"[ \t]+import[ \t]*(?:\*|\([^)]*?\b" + attribute
        + rb"\b|[^\n]*?\b" + attribute + rb"\b)"
        rb"|^[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]*(?:\([^)]*?|[^\n]*?)\b" + module + rb"\b",
        re.M,
    )


def _callers_in(project: Project, path: str, info: FunctionInfo) -> Iterator[frozenset[str] | None]:
    """For each loop of another module calling the function: what it clears around the call."""
    from gradfix.analysis.loops import build_model

    module = project.module(path, any_bytes=True)  # `agent.learn()` in a file saying no gradient word
    if module is None:
        return
    caller = project.caller_model(path, lambda: build_model(module.source, project, step_functions=False))
    for loop in caller.loops:
        for event in loop.events:
            if info.node in event.helpers:
                position = event.helpers.index(info.node)
                call = event.via[position]
                if _called_in_inner_loop(caller, loop, call):
                    break  # read from the inner loop's own walk, as for a caller of this module
                yield _context(loop, call, info, (), caller)
                break
    factory = _factory_name(info)
    if factory is not None and factory.encode() + b"(" in module.source.data:
        yield from _handed_closure_contexts(project, module, factory)
    elif factory is None and info.class_name is None and b"partial(" in module.source.data:
        yield from _handed_closure_contexts(project, module, info.node.name, partial=True)
    if factory is not None:
        for call in _calls(caller):
            entry = framework_class(caller.facts.imports.qualify(call_name(call)))
            made = call.args[0] if call.args else None
            if entry is None or "<process_function argument>" not in entry.hooks or not isinstance(made, ast.Call):
                continue
            if called_name(made.func) == factory:
                # `Engine(make_update(model, optimizer))` in this file, the factory of the
                # function's module: the engine runs the function once per batch and clears
                # nothing around it, unless a handler of an iteration event may
                yield None if _iteration_handlers_touch_gradients(caller) else frozenset()
    for call, home_loops, mapping, names in caller.alternative_calls:
        # `try: from .fast import train_step` / `except ImportError: from .slow import
        # train_step`: the loop's walk followed the other arm; this one runs where it is chosen,
        # inside the same iteration (what the loop does outside the call is the same)
        if any(_is(project.function(name, path), info) for name in names):
            loop = next((lp for lp in caller.loops if lp.node is home_loops[-1]), None) if home_loops else None
            yield _context(loop, call, info, mapping, caller)


# what a loop calling a handed step function may do around the call: clear, or touch gradients
# or an optimizer some other way
_AROUND_A_HANDED_STEP = lazily(r"zero_grad|\.grad\b|optim|backward|\.step\(")
# calls a loop around a handed step function may make and still be understood
_PLAIN_CALLS = frozenset({
    "print", "len", "range", "enumerate", "zip", "float", "int", "str", "list", "tuple", "dict", "sum", "min",
    "max", "abs", "round", "isinstance", "append", "extend", "item", "tolist", "detach", "cpu", "to", "train",
    "eval", "format", "info", "debug", "log", "write", "set_postfix", "add_scalar", "items", "values", "keys",
    "next", "iter",
})  # fmt: skip


def _plain_around(loop: ast.AST, source: Source, allowed: set[int]) -> bool:
    """The loop's text says no gradient or optimizer word, and it calls nothing but the
    handed step function (the calls of `allowed`) and calls that cannot clear (`print`,
    `history.append(...)`, `model.train()`)."""
    if _AROUND_A_HANDED_STEP.search(source.segment(loop)):
        return False
    for node in ast_walk(loop):
        if isinstance(node, ast.Call) and id(node) not in allowed:
            func = node.func
            last = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if last not in _PLAIN_CALLS:
                return False
    return True


def _handed_closure_contexts(project: Project, module: Module, factory: str, partial: bool = False) -> Iterator[frozenset[str] | None]:
    """`train(model, opt, loader, step=make_step(model, opt))` or `Loop(make_step(model, opt),
    loader).run()` in a module of the project: the step function the factory returns is
    handed to a function (or a class's constructor) of the project whose loop calls it once
    per batch (`for batch in loader: step(batch)`, also through a generator it hands it to,
    `for r in run_batches(step, loader)` with `yield step(batch)` in its loop; or the class's
    method looping over `self.step_fn(batch)`, `self.step_fn = step_fn` in `__init__`). Such
    a loop clears nothing around the call when its text says no gradient or optimizer word;
    else it is not understood (None). With `partial`, `factory` is the step function itself,
    handed bound by `functools.partial(train_step, model=model, optimizer=opt)`."""
    facts = module.facts

    def made(value: ast.expr) -> bool:
        if not isinstance(value, ast.Call):
            return False
        if not partial:
            return called_name(value.func) == factory
        return (
            (facts.imports.qualify(call_name(value)) or "") == "functools.partial" and bool(value.args)
            and not isinstance(value.args[0], ast.Starred) and called_name(value.args[0]) == factory
        )

    for node in module.source.nodes:
        if not isinstance(node, ast.Call) or called_name(node.func) in (factory, "partial"):
            continue
        handed = [
            (index, None, a) for index, a in enumerate(node.args) if made(a)
        ] + [(None, k.arg, k.value) for k in node.keywords if k.arg and made(k.value)]
        if not handed or any(isinstance(a, ast.Starred) for a in node.args):
            continue
        name = call_name(node)
        qualified = facts.imports.qualify(name) if name is not None else None
        found = project.definition(qualified, module.path) if qualified else None
        if found is None:
            continue
        there, defined = found
        target = there.facts.module_functions.get(defined)
        if target is None and defined in there.facts.classes:
            target = there.facts.methods.get(defined, {}).get("__init__")
        if target is None:
            continue
        params = list(target.params)
        if target.class_name is not None:
            params = params[1:]  # `self`
        for index, keyword, _ in handed:
            param = keyword if keyword is not None else (params[index] if index is not None and index < len(params) else None)
            if param is None or param not in params:
                continue
            if target.class_name is None:
                yield from _loops_calling(there, target, param, 0)
            else:
                yield from _methods_looping_over(there, target.class_name, target, param)


def _loops_calling(module: Module, function: FunctionInfo, param: str, depth: int) -> Iterator[frozenset[str] | None]:
    """The loops of `function` (of `module`) that call its parameter `param` (`step(batch)`),
    or hand it to another function of the project that does (a generator, two levels deep)."""
    if any(isinstance(n, ast.Name) and n.id == param and not isinstance(n.ctx, ast.Load) for n in ast_walk(function.node)):
        yield None  # bound again: not (only) the step function handed in
        return
    source = module.source
    for loop in ast_walk(function.node):
        if not isinstance(loop, (ast.For, ast.While)):
            continue
        for node in ast_walk(loop):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Name) and node.func.id == param:
                yield frozenset() if _plain_around(loop, source, {id(node)}) else None
                return
            passed = [i for i, a in enumerate(node.args) if isinstance(a, ast.Name) and a.id == param]
            if passed and depth < 2:
                name = call_name(node)
                qualified = module.facts.imports.qualify(name) if name is not None else None
                inner = module.facts.module_functions.get(name or "") if name and "." not in name else None
                if inner is None and qualified and module.facts.project is not None:
                    found = module.facts.project.definition(qualified, module.path)
                    if found is not None:
                        inner = found[0].facts.module_functions.get(found[1])
                        module_there = found[0]
                    else:
                        module_there = module
                else:
                    module_there = module
                if inner is None or passed[0] >= len(inner.params):
                    continue
                if not _plain_around(loop, source, {id(node)}):
                    yield None
                    return
                yield from _loops_calling(module_there, inner, inner.params[passed[0]], depth + 1)
                return


def _methods_looping_over(module: Module, class_name: str, init: FunctionInfo, param: str) -> Iterator[frozenset[str] | None]:
    """`self.step_fn = step_fn` in `__init__` (its one binding in the class), and a method
    whose loop calls `self.step_fn(...)`."""
    node = module.facts.classes[class_name]
    stores = [
        n for n in ast_walk(node)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self" and not isinstance(n.ctx, ast.Load)
    ]  # fmt: skip
    attribute = next(
        (
            s.targets[0].attr  # type: ignore[attr-defined]
            for s in init.node.body
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and s.targets[0] in stores
            and isinstance(s.value, ast.Name) and s.value.id == param
        ),
        None,
    )  # fmt: skip
    if attribute is None or sum(1 for n in stores if n.attr == attribute) != 1:
        return
    source = module.source
    for method in module.facts.methods.get(class_name, {}).values():
        for loop in ast_walk(method.node):
            if not isinstance(loop, (ast.For, ast.While)):
                continue
            called = {
                id(n) for n in ast_walk(loop)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == attribute
                and isinstance(n.func.value, ast.Name) and n.func.value.id == "self"
            }  # fmt: skip
            if called:
                yield frozenset() if _plain_around(loop, source, called) else None
                return


def _factory_name(info: FunctionInfo) -> str | None:
    """The module function that defines `info` in its body and returns it (`def
    make_update(model, opt): def _update(engine, batch): ...; return _update`)."""
    facts = info.facts
    if info.class_name is not None or facts is None or facts.module_functions.get(info.node.name) is info:
        return None
    from gradfix.analysis.loops import _factory_closures

    names = [factory for factory, inner in _factory_closures(facts).items() if inner.node is info.node]
    return names[0] if len(names) == 1 and _returns_its_own(facts.module_functions.get(names[0]), info.node) else None


def _is(found: FunctionInfo | None, info: FunctionInfo) -> bool:
    return found is not None and found.node is info.node


def handed_out(loop: ast.AST, expr: ast.expr, source: Source | None = None) -> bool:
    """A `for` loop hands `expr` out afresh each iteration: it is a name of the loop's target
    (`for model, opt in zip(models, opts)`, read like an optimizer the loop binds) or an entry
    of a collection picked by the loop's counter, which differs on every iteration (`for idx
    in range(2)`: `optimizers[idx]`; `for k, net in enumerate(nets)`: `opts[k]`; `for name
    in ("g", "d")`: `opts[name]`). An index read from the data (`for part, x, y in batches`:
    `opts[part]`) may repeat: not handed out. A `while` loop counting (see `_while_counter`,
    which needs the loop's `source`) picks by its counter in the same way."""
    if isinstance(loop, ast.While):
        if source is None or not (isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Name)):
            return False
        collection = dotted(expr.value)
        return collection is not None and expr.slice.id != collection.split(".", 1)[0] and _while_counter(loop, source) == expr.slice.id
    if not isinstance(loop, (ast.For, ast.AsyncFor)):
        return False
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Name):
        collection = dotted(expr.value)
        return collection is not None and _counter(loop) == expr.slice.id != collection.split(".", 1)[0]
    return isinstance(expr, ast.Name) and any(isinstance(n, ast.Name) and n.id == expr.id for n in ast_walk(loop.target))


def cleared_around(loop: TrainingLoop, loops: list[TrainingLoop]) -> bool:
    """A loop around `loop` clears gradients outside it, or calls something gradfix cannot see
    there (`for o in opts: o.zero_grad()` in the batch loop, before a loop over the models): when
    `loop` hands out one optimizer per iteration, that clear may be each optimizer's."""
    around = {id(node) for node in loop.enclosing_loops}
    if not around:
        return False
    inner = loop.node
    return any(
        event.kind in (EventKind.CLEAR, EventKind.UNKNOWN) and not any(lp is inner for lp in event.loops)
        for other in loops
        if id(other.node) in around
        for event in other.events
    )


def _counter(loop: ast.For | ast.AsyncFor) -> str | None:
    """The name a loop binds to a value of its own that no two iterations share: the number of
    `for i in range(...)` or of `for i, x in enumerate(...)`, or the item of a literal tuple of
    distinct constants."""
    target, iterable = loop.target, loop.iter
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and not iterable.keywords:
        if iterable.func.id == "range" and isinstance(target, ast.Name):
            return target.id
        if iterable.func.id == "enumerate" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            first = target.elts[0]
            return first.id if isinstance(first, ast.Name) else None
        return None
    if isinstance(iterable, (ast.Tuple, ast.List)) and isinstance(target, ast.Name):
        values = [e.value for e in iterable.elts if isinstance(e, ast.Constant)]
        if len(values) == len(iterable.elts) and len(set(values)) == len(values):
            return target.id
    return None


_COUNTED_TESTS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.NotEq)


def _while_counter(loop: ast.While, source: Source) -> str | None:
    """The counter of a `while` loop written like `for i in range(n)`: `i = 0` right before
    it (only statements not naming `i` between), a test comparing `i` with a bound (`while i
    < len(models):`), and `i += 1` as the body's last statement, the only one binding `i`,
    with no `continue` of the loop skipping it: no two iterations share `i`. A cycling bump
    (`i = (i + 1) % 2`) or a counter set elsewhere is not one."""
    test, body = loop.test, loop.body
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], _COUNTED_TESTS):
        return None
    sides = [e.id for e in (test.left, test.comparators[0]) if isinstance(e, ast.Name)]
    last = body[-1]
    if isinstance(last, ast.AugAssign) and isinstance(last.op, ast.Add) and isinstance(last.target, ast.Name):
        name, step = last.target.id, last.value
    elif (
        isinstance(last, ast.Assign) and len(last.targets) == 1 and isinstance(last.targets[0], ast.Name)
        and isinstance(last.value, ast.BinOp) and isinstance(last.value.op, ast.Add)
        and isinstance(last.value.left, ast.Name) and last.value.left.id == last.targets[0].id
    ):  # fmt: skip
        name, step = last.targets[0].id, last.value.right
    else:
        return None
    bump = int_value(step)
    if name not in sides or bump is None or bump < 1:
        return None
    stores = [n for stmt in body for n in ast_walk(stmt) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)]
    if len(stores) != 1 or any(isinstance(n, (ast.Global, ast.Nonlocal)) for stmt in body for n in ast_walk(stmt)):
        return None
    if any(_continues(stmt) for stmt in body):
        return None
    block = source.block_of(loop)
    if block is None:
        return None
    for stmt in reversed(block[: next(i for i, s in enumerate(block) if s is loop)]):
        if not any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(stmt)):
            continue
        set_right = (
            isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == name and int_value(stmt.value) is not None
        )  # fmt: skip
        return name if set_right else None
    return None


def _continues(stmt: ast.stmt) -> bool:
    """A `continue` of the loop holding `stmt` (not of a loop or function inside it)."""
    if isinstance(stmt, ast.Continue):
        return True
    if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
        return any(_continues(s) for s in stmt.orelse)
    if isinstance(stmt, (*FUNCTIONS, ast.ClassDef)):
        return False
    return any(_continues(s) for block in blocks_of(stmt) for s in block)


def _stepped_parameters(info: FunctionInfo) -> set[str]:
    """Parameters the function steps itself (`optimizer.step()`, `scaler.step(optimizer)`)."""
    params = set(info.params)
    stepped: set[str] = set()
    for node in ast_walk(info.node):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "step":
            for expr in (node.func.value, *node.args[:1]):
                if isinstance(expr, ast.Name) and expr.id in params:
                    stepped.add(expr.id)
    return stepped


def _handed_optimizers(loop: TrainingLoop, call: ast.Call, info: FunctionInfo, source: Source) -> set[str]:
    """The step function's parameters stepped in it that a caller's only loop hands a different
    object each call, with something else handed out beside them (`for idx in range(2):
    run(models[idx], optimizers[idx])`): one step per optimizer over its own model, nothing to
    pile up across this caller's iterations. An optimizer handed out alone (`for k in
    range(2): run(net, opts[k])`) may step gradients an earlier call left on shared
    parameters: not counted."""
    if loop.enclosing_loops or loop.is_step_function:
        return set()
    params = list(info.params)
    if info.class_name is not None and params and params[0] in ("self", "cls"):
        params = params[1:]
    handed = {params[i] for i, arg in enumerate(call.args[: len(params)]) if handed_out(loop.node, arg, source)}
    handed |= {kw.arg for kw in call.keywords if kw.arg is not None and handed_out(loop.node, kw.value, source)}
    if any(isinstance(arg, ast.Starred) for arg in call.args):
        return set()
    if not handed:
        return set()
    stepped = handed & _stepped_parameters(info)
    return stepped if handed - stepped else set()


def _called_in_inner_loop(caller: ModuleModel, loop: TrainingLoop, call: ast.Call) -> bool:
    """A loop of the caller nested in `loop` makes the call (`for epoch ...: for batch ...:
    train_step(...)`): the epoch loop runs it once per batch of the inner loop, whose own walk
    says what is cleared around it; what the outer loop does around the inner loop (a clear at
    an epoch's start) happens once per epoch."""
    return any(
        inner is not loop and any(enclosing is loop.node for enclosing in inner.enclosing_loops)
        and any(call in event.via for event in inner.events)
        for inner in caller.loops
    )


def _context(
    loop: TrainingLoop | None, call: ast.Call, info: FunctionInfo, mapping: tuple, caller: ModuleModel,  # type: ignore[type-arg]
    handed: ast.Call | None = None,
) -> frozenset[str] | None:
    """The optimizers (by the step function's own names) a caller's iteration clears outside
    the call, or hands out afresh each call (`_Handed`); None when that iteration is not
    understood, or when it hands out what it passes inside a loop that clears (or may) around
    it (`for o in opts: o.zero_grad()` in the batch loop, then `for m, o in zip(models,
    opts): run(m, o, x)`)."""
    if loop is None or loop.is_unknown:
        return None
    source = caller.source
    arguments = handed if handed is not None else call  # (through a `functools.partial`: its arguments first)
    if loop.enclosing_loops and _hands_out_stepped(loop, arguments, info, source) and cleared_around(loop, caller.loops):
        return None
    inverse = _inverse_arguments(arguments, info, dict(mapping))
    handed = _handed_optimizers(loop, arguments, info, source)  # type: ignore[assignment]
    cleared: set[str] = set(handed)  # type: ignore[arg-type]
    for event in loop.events:
        if event.kind is not EventKind.CLEAR or call in event.via:
            continue
        if event.scope is not ClearScope.OPTIMIZER or event.target is None:
            return None  # `model.zero_grad()`, `p.grad = None`: which parameters is unclear
        name = inverse.get(event.target)
        if name is None and event.target.startswith("self.") and info.class_name is not None:
            name = event.target
        if name is None and event.via and _stepped_by_same_call(event, loop, call):
            continue  # another helper's clear of the optimizer it steps (a GAN's `d_step`): not ours
        if name is None:
            return None  # clears something the step function does not name
        cleared.add(name)
    return _Handed(cleared) if handed else frozenset(cleared)


def _hands_out_stepped(loop: TrainingLoop, call: ast.Call, info: FunctionInfo, source: Source) -> bool:
    """The caller's loop hands the step function, for a parameter it steps, an optimizer it
    hands out afresh each iteration (`for m, o in zip(models, opts): run(m, o, x)`)."""
    params = list(info.params)
    if info.class_name is not None and params and params[0] in ("self", "cls"):
        params = params[1:]
    stepped = _stepped_parameters(info)
    pairs = [(params[i], arg) for i, arg in enumerate(call.args[: len(params)]) if not isinstance(arg, ast.Starred)]
    pairs += [(k.arg, k.value) for k in call.keywords if k.arg is not None]
    return any(name in stepped and handed_out(loop.node, arg, source) for name, arg in pairs)


class _Handed(frozenset):  # type: ignore[type-arg]
    """A caller's context that hands the step function a different optimizer each call: it
    counts only when no other caller does (see `_handed_optimizers`)."""


def _stepped_by_same_call(clear: GradEvent, loop: TrainingLoop, judged: ast.Call) -> bool:
    """The clear runs in a helper call of the iteration that also steps the optimizer it clears
    (the same key, through the same call, not through the call of the step function judged):
    that helper's own clear-and-step."""
    call = clear.via[0]
    return any(
        e.kind is EventKind.STEP and e.target == clear.target and e.via[:1] == (call,) and judged not in e.via
        for e in loop.events
    )


def _inverse_arguments(call: ast.Call, info: FunctionInfo, mapping: dict[str, str]) -> dict[str, str]:
    """Caller key -> parameter name, for the arguments of a call."""
    params = list(info.params)
    if info.class_name is not None and params and params[0] in ("self", "cls"):
        params = params[1:]
    out: dict[str, str] = {}
    for index, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred) or index >= len(params):
            break
        key = dotted(arg)
        if key is not None:
            out[substitute_root(key, mapping) if mapping else key] = params[index]
    for kw in call.keywords:
        key = dotted(kw.value) if kw.arg is not None else None
        if key is not None:
            out[substitute_root(key, mapping) if mapping else key] = kw.arg  # type: ignore[assignment]
    return out


__all__ = ["find_step_functions", "GradEvent"]


def class_importers(project: Project, own: str, class_name: str) -> list[str]:
    """The files of the project that import `class_name` from `own` (absolute), or from the
    package whose `__init__.py` beside it names the class (`from .trainer import Trainer`, then
    `import trainlib` ... `class T(trainlib.Trainer)`), and say its name."""
    found = _importers(project, own, [class_name], class_name)
    init = os.path.join(os.path.dirname(own), "__init__.py")
    if os.path.basename(own) != "__init__.py":
        data = project.read(init) if os.path.isfile(init) else None
        if data is not None and class_name.encode() in data:
            found += [path for path in _importers(project, init, [class_name], class_name) if path not in found]
    return found


def project_overrides(project: Project, facts: ModuleFacts, class_name: str, name: str) -> list[tuple[str, FunctionInfo | None]]:
    """The subclasses of the module's class `class_name` that other modules of the project
    define (`class Trainer(Base):` in a file importing `Base` from it), each with its own method
    `name` (None: it inherits the base's). Found through the files that import the class (or
    its module) and say its name: a search of the project's import lines."""
    own = facts.source.path
    if not own:
        return []
    found: list[tuple[str, FunctionInfo | None]] = []
    for path in class_importers(project, absolute(own), class_name):
        data = project.read(path)
        subclasses = _subclass_names(data, class_name) if data is not None else []
        module = project.module(path, any_bytes=True) if subclasses else None
        if module is None:
            continue
        for subclass in subclasses:
            if subclass in module.facts.classes:
                found.append((subclass, module.facts.methods.get(subclass, {}).get(name)))
    return found


def framework_iterations(model: ModuleModel) -> list[TrainingLoop]:
    """The training-step hooks a framework backpropagates, steps and clears around by itself
    (a LightningModule's `training_step` under automatic optimization): one call per batch,
    the loss it returns backpropagated after it returns. Each is an iteration whose node is the
    hook's definition, with its own events and a BACKWARD of the returned value at the final
    `return` (no call: `node` is that statement). Not among `model.loops`: no clear, step or
    division is the user's to write there; only rules about what the hook's own code does
    across batches (a loss tensor kept, GF009; a module left in eval mode, GF017) read them.
    Only a hook whose last statement returns a value, with no backward, step or clear of its
    own."""
    cached = getattr(model, "_framework_iterations", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    found: list[TrainingLoop] = []
    model._framework_iterations = found  # type: ignore[attr-defined]
    facts = model.facts
    text = facts.source.text
    if "_step" not in text or not facts.classes:
        return found
    from gradfix.analysis.frameworks import Effect, framework_of
    from gradfix.analysis.loops import walk_as_iteration

    for class_name, node in facts.classes.items():
        entry = framework_of(node, facts.imports.qualify)
        if entry is None or Effect.BACKWARD not in entry.framework_effects or entry.manual_switch is None:
            continue
        if _switched_off(node, entry.manual_switch):
            continue  # manual optimization: the hook is a step function (find_step_functions)
        methods = facts.methods.get(class_name, {})
        for hook_name, role in entry.hooks.items():
            info = methods.get(hook_name)
            if role != "training-step" or info is None or info.facts is None:
                continue
            last = info.node.body[-1] if info.node.body else None
            if not isinstance(last, ast.Return) or last.value is None or (
                isinstance(last.value, ast.Constant) and last.value.value is None
            ):
                continue
            events = walk_as_iteration(info.facts, info)
            if any(e.kind in (EventKind.BACKWARD, EventKind.STEP, EventKind.CLEAR) for e in events):
                continue  # a hook doing the framework's work by hand: not read as one
            node_ = info.node
            found.append(_returning_iteration(node_, last, events, _returned_loss(last.value, node_, set(methods))))
    return found


def _returning_iteration(node_: ast.FunctionDef, last: ast.Return, events: list[GradEvent], loss: ast.expr | None) -> TrainingLoop:
    """A framework hook read as one iteration: its own events, then a BACKWARD of `loss` (what
    it returns, which the framework backpropagates after it returns) at its last statement."""
    backward = GradEvent(
        kind=EventKind.BACKWARD,
        node=last,
        path=(last,),
        blocks=(node_.body,),
        branches=(),
        loops=(node_,),  # type: ignore[arg-type]
        home_loops=(node_,),  # type: ignore[arg-type]
        loss=loss,
    )
    return TrainingLoop(
        node=node_,
        events=[*events, backward],
        function=node_,
        enclosing_loops=(),
        unknown=[e for e in events if e.kind is EventKind.UNKNOWN],
    )


def trainer_step_overrides(model: ModuleModel) -> list[TrainingLoop]:
    """The `training_step(self, model, inputs, ...)` overrides of transformers Trainer subclasses
    (also through base classes of the file) written whole: no `super().training_step(...)`, a
    backward of their own (`self.accelerator.backward(loss)`, also in an arm: `if self.use_apex:
    ... else: loss.backward()`), no step or clear. The Trainer calls the method once per micro-batch and steps and clears after it
    returns, so each is an iteration whose node is the method's definition, with its own
    events. Not among `model.loops` (no step or clear is the user's to write there); read by
    the rules about what one iteration's own code does: several backwards of one graph
    (GF003), a loss tensor kept across batches (GF009)."""
    cached = getattr(model, "_trainer_step_overrides", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    found: list[TrainingLoop] = []
    model._trainer_step_overrides = found  # type: ignore[attr-defined]
    from gradfix.analysis.loops import walk_as_iteration

    for info, _ in _trainer_methods(model.facts, "training_step"):
        assert isinstance(info.node, ast.FunctionDef) and info.facts is not None
        if any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "training_step"
            and isinstance(n.func.value, ast.Call) and isinstance(n.func.value.func, ast.Name) and n.func.value.func.id == "super"
            for n in ast_walk(info.node)
        ):  # fmt: skip
            continue  # the base method backpropagates: not written whole
        events = walk_as_iteration(info.facts, info)
        if any(e.kind in (EventKind.STEP, EventKind.CLEAR) for e in events):
            continue  # a method doing the Trainer's own work by hand: not read as one batch
        if not any(e.kind is EventKind.BACKWARD for e in events):
            continue  # no backward of its own (also in an arm: `if self.use_apex: ... else: loss.backward()`)
        found.append(_method_iteration(info, events))
    return found


def lightning_backward_overrides(model: ModuleModel) -> list[TrainingLoop]:
    """The `backward(self, loss, ...)` overrides of the file's LightningModule classes (also
    through base classes of the file) under automatic optimization, in a file that never names
    `manual_backward` nor `automatic_optimization`: Lightning calls the override once per batch
    (Precision.backward -> module.backward) with the loss `training_step` returned, after its
    clear and before the step, and backpropagates that loss nowhere else. Each is an iteration
    whose node is the method's definition, with its own events (a plain def with no decorator,
    at least one backward, no step or clear of its own). Not among `model.loops`; read by the
    rules about what one iteration's own code does with its graphs: several backwards of one
    graph (GF003), a graph retained that nothing backpropagates again (GF004)
    (tests/libraries/test_lightning.py::test_backward_override_is_each_batchs_one_backward)."""
    cached = getattr(model, "_lightning_backward_overrides", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    found: list[TrainingLoop] = []
    model._lightning_backward_overrides = found  # type: ignore[attr-defined]
    facts = model.facts
    if not facts.classes or not any("backward" in methods for methods in facts.methods.values()):
        return found  # (the facts walk's methods: no text scan for files defining no `backward`)
    text = facts.source.text
    if "manual_backward" in text or "automatic_optimization" in text:
        return found
    from gradfix.analysis.frameworks import framework_through_file
    from gradfix.analysis.loops import walk_as_iteration

    for class_name, methods in facts.methods.items():
        info = methods.get("backward")
        cls = facts.classes.get(class_name)
        if info is None or cls is None or info.facts is None or not isinstance(info.node, ast.FunctionDef) or info.node.decorator_list:
            continue
        entry = framework_through_file(cls, facts.classes, facts.imports.qualify)
        if entry is None or entry.hooks.get("backward") != "backward-override":
            continue
        events = walk_as_iteration(info.facts, info)
        if any(e.kind in (EventKind.STEP, EventKind.CLEAR) for e in events) or not any(e.kind is EventKind.BACKWARD for e in events):
            continue
        found.append(_method_iteration(info, events))
    return found


def _trainer_methods(facts: ModuleFacts, method: str) -> Iterator[tuple[FunctionInfo, dict[str, FunctionInfo]]]:
    """The `method` definitions of the file's transformers `Trainer` subclasses (also through
    base classes of the file), each a plain def with no decorator, with its class's methods."""
    if not facts.classes or method not in facts.source.text:
        return
    from gradfix.analysis.frameworks import framework_through_file

    for class_name, methods in facts.methods.items():
        info = methods.get(method)
        cls = facts.classes.get(class_name)
        if info is None or cls is None or info.facts is None or not isinstance(info.node, ast.FunctionDef) or info.node.decorator_list:
            continue
        entry = framework_through_file(cls, facts.classes, facts.imports.qualify)
        if entry is not None and entry.qualname == "transformers.Trainer":
            yield info, methods


def trainer_loss_overrides(model: ModuleModel) -> list[TrainingLoop]:
    """The `compute_loss(self, model, inputs, ...)` overrides of transformers Trainer subclasses
    (also through base classes of the file): the base `training_step` calls the method once per
    micro-batch and backpropagates what it returns after it returns, so each is an iteration
    whose node is the method's definition, with its own events and a BACKWARD of the returned
    loss at its last statement (`return loss`, `return (loss, outputs) if return_outputs else
    loss`, `return loss, outputs`), as `framework_iterations` reads a Lightning `training_step`.
    Only a method whose last statement returns, with no backward, step or clear of its own.
    Read by GF009 only (a loss tensor kept across micro-batches: every one keeps its graph)."""
    cached = getattr(model, "_trainer_loss_overrides", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    found: list[TrainingLoop] = []
    model._trainer_loss_overrides = found  # type: ignore[attr-defined]
    from gradfix.analysis.loops import walk_as_iteration

    for info, methods in _trainer_methods(model.facts, "compute_loss"):
        node_ = info.node
        assert isinstance(node_, ast.FunctionDef) and info.facts is not None
        last = node_.body[-1] if node_.body else None
        if not isinstance(last, ast.Return) or last.value is None:
            continue
        events = walk_as_iteration(info.facts, info)
        if any(e.kind in (EventKind.BACKWARD, EventKind.STEP, EventKind.CLEAR) for e in events):
            continue  # a method doing the Trainer's work by hand: not read as one micro-batch
        value = last.value
        if isinstance(value, ast.IfExp):  # `(loss, outputs) if return_outputs else loss`
            value = value.orelse
        if isinstance(value, ast.Tuple):  # `return loss, outputs`
            value = value.elts[0] if value.elts else value
        if isinstance(value, (ast.Constant, ast.Tuple, ast.IfExp, ast.Dict)):
            continue
        loss = _returned_loss(value, node_, set(methods))
        if loss is not None and _maybe_outputs(loss, node_):
            loss = None  # `loss = super().compute_loss(model, inputs, return_outputs=return_outputs)`: a tuple perhaps
        found.append(_returning_iteration(node_, last, events, loss))
    return found


def _maybe_outputs(loss: ast.expr, method: ast.FunctionDef) -> bool:
    """Whether the name `loss` a `compute_loss` override returns is bound to a call handed its
    `return_outputs` flag (the parameter, or any `return_outputs=` keyword): with the flag set
    (the Trainer's prediction_step sets it) that call returns `(loss, outputs)`, no tensor."""
    if not isinstance(loss, ast.Name):
        return False
    params = [a.arg for a in method.args.args]
    flag = "return_outputs" if "return_outputs" in params or len(params) < 4 else params[3]
    for node in ast_walk(method):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == loss.id for t in node.targets):
            for call in ast_walk(node.value):
                if isinstance(call, ast.Call) and (
                    any(isinstance(a, ast.Name) and a.id == flag for a in call.args)
                    or any(k.arg == "return_outputs" or isinstance(k.value, ast.Name) and k.value.id == flag for k in call.keywords)
                ):
                    return True
    return False


def _returned_loss(value: ast.expr, hook: ast.AST, methods: set[str]) -> ast.expr | None:
    """The loss tensor a training-step hook returns, as far as its own code shows: the `"loss"`
    entry of a returned dict literal; a name the hook binds only by plain assignments of
    values that are no dict literal nor a call of a method of the class (`methods`: `log, out =
    self.step(x, y)`, `out = self.shared_step(batch)`: a dict perhaps; `self.criterion(out, y)`
    of a loss module the class holds is a tensor); any other expression
    as it is. None when unsure (then only the hook's own loss calls say what is a loss)."""
    if isinstance(value, ast.Dict):
        return next(
            (v for k, v in zip(value.keys, value.values) if isinstance(k, ast.Constant) and k.value == "loss"), None
        )
    if not isinstance(value, ast.Name):
        return value
    name = value.id
    for node in ast_walk(hook):
        if isinstance(node, ast.Assign):
            if any(isinstance(n, ast.Name) and n.id == name for t in node.targets for n in ast_walk(t)):
                if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
                    return None  # unpacked from something
                bound = node.value
                if isinstance(bound, (ast.Dict, ast.DictComp)) or (
                    isinstance(bound, ast.Call) and isinstance(bound.func, ast.Attribute)
                    and isinstance(bound.func.value, ast.Name) and bound.func.value.id == "self"
                    and bound.func.attr in methods
                ):
                    return None
        else:
            if isinstance(node, (ast.For, ast.AsyncFor, ast.NamedExpr)):
                targets = [node.target]
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
            else:
                continue
            if any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast_walk(t)):
                return None  # a loop variable, a `with ... as`, a walrus: not a plain binding
    return value


def is_framework_iteration(model: ModuleModel, loop: TrainingLoop) -> bool:
    return any(loop is found for found in framework_iterations(model))


# the events of an Ignite engine whose handlers run between two calls of its process function
# (`Events.EPOCH_COMPLETED`, also filtered: `Events.ITERATION_COMPLETED(every=100)`)
_BETWEEN_EVENTS = ("EPOCH_COMPLETED", "EPOCH_STARTED", "ITERATION_COMPLETED", "ITERATION_STARTED")


def engine_handlers(model: ModuleModel, loop: TrainingLoop) -> tuple[str, list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]] | None:
    """The functions of the file registered on the Ignite engine that runs the step function
    `loop` (`trainer = Engine(update)`; `@trainer.on(Events.EPOCH_COMPLETED)` or
    `trainer.add_event_handler(Events.EPOCH_COMPLETED, fn)`), with the event's name, and the
    engine's name. None when
    the engine is not one name bound once to `Engine(<the function>)`, or when a handler
    registered on it is not a function of the file gradfix can read (a lambda, an object)."""
    source = model.source
    info_node = loop.node
    if not loop.is_step_function or ".on(" not in source.text and "add_event_handler" not in source.text:
        return None
    name = getattr(info_node, "name", None)
    engines: list[str] = []
    for call in _calls(model):
        arg = call.args[0] if call.args else None
        entry = framework_class(model.facts.imports.qualify(call_name(call)))
        if entry is None or "<process_function argument>" not in entry.hooks:
            continue
        if isinstance(arg, ast.Name) and arg.id == name:
            engines.append(id(call))  # type: ignore[arg-type]
        elif (
            isinstance(arg, ast.Attribute) and arg.attr == name and isinstance(arg.value, ast.Name) and arg.value.id == "self"
            and _method_of_the_same_class(call, info_node, source)
        ):  # fmt: skip
            engines.append(id(call))  # type: ignore[arg-type]  # `Engine(self.step)` in another method of the class
        elif isinstance(arg, ast.Attribute) and arg.attr == name and isinstance(arg.value, ast.Name) and _object_of_the_class(arg.value.id, info_node, model):
            engines.append(id(call))  # type: ignore[arg-type]  # `Engine(stepper.step)`, `stepper = Stepper(net)`
    if len(engines) != 1:
        return None
    bound = [
        n for n in source.of_type(ast.Assign)
        if id(n.value) == engines[0] and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)  # type: ignore[attr-defined]
    ]  # fmt: skip
    if len(bound) != 1:
        return None
    engine = bound[0].targets[0].id  # type: ignore[attr-defined]
    if sum(1 for n in source.of_type(ast.Assign) for t in n.targets if isinstance(t, ast.Name) and t.id == engine) != 1:  # type: ignore[attr-defined]
        return None
    functions = {n.name: n for n in source.nodes if isinstance(n, FUNCTIONS)}
    found: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]] = []
    for node in source.nodes:
        if isinstance(node, FUNCTIONS):
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr == "on" and dotted(decorator.func.value) == engine and decorator.args
                ):
                    found.append((source.segment(decorator.args[0]), node))  # type: ignore[arg-type]
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_event_handler"
            and dotted(node.func.value) == engine and len(node.args) >= 2
        ):
            handler = node.args[1]
            if not isinstance(handler, ast.Name) or handler.id not in functions:
                return None  # a handler gradfix cannot read: it may switch back
            found.append((source.segment(node.args[0]), functions[handler.id]))  # type: ignore[arg-type]
    return engine, found


def engine_object_attributes(model: ModuleModel, loop: TrainingLoop) -> dict[str, str]:
    """For a step method run by an engine over an object of its class (`Engine(stepper.step)`,
    `stepper = Stepper(net)`): the attribute `__init__` stores each argument of that call in
    (`self.model = model`, the only binding of `self.model` in the class), by the argument's
    key (`{"net": "self.model"}`); empty otherwise."""
    method = loop.node
    name = getattr(method, "name", None)
    owner = model.source.owner_of(method)
    if name is None or not isinstance(owner, ast.ClassDef):
        return {}
    init = model.facts.methods.get(owner.name, {}).get("__init__")
    if init is None:
        return {}
    built: ast.Call | None = None
    for call in _calls(model):
        arg = call.args[0] if call.args else None
        if isinstance(arg, ast.Attribute) and arg.attr == name and isinstance(arg.value, ast.Name) and _object_of_the_class(arg.value.id, method, model):
            if built is not None:
                return {}
            built = assigned_values(model, arg.value.id)[0]  # type: ignore[assignment]
    if built is None or any(isinstance(a, ast.Starred) for a in built.args) or any(k.arg is None for k in built.keywords):
        return {}
    args = init.node.args
    params = [a.arg for a in (*args.posonlyargs, *args.args)][1:]
    given = {params[i]: a for i, a in enumerate(built.args) if i < len(params)}
    given.update({k.arg: k.value for k in built.keywords if k.arg is not None})
    stores: dict[str, list[ast.expr]] = {}
    for node in ast_walk(owner):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    stores.setdefault(target.attr, []).append(node.value if isinstance(node, ast.Assign) else None)  # type: ignore[arg-type]
    found: dict[str, str] = {}
    for attr, values in stores.items():
        if len(values) != 1 or not isinstance(values[0], ast.Name) or values[0].id not in given:
            continue
        if not any(isinstance(stmt, ast.Assign) and stmt.value is values[0] for stmt in init.node.body):
            continue  # (stored by `__init__`'s own body)
        arg = given[values[0].id]
        key = dotted(arg)
        if key is not None:
            found[key] = f"self.{attr}"
    return found


def _object_of_the_class(name: str, method: ast.AST, model: ModuleModel) -> bool:
    """`name` is bound once in the file, to a call of the class of the file whose method
    `method` is (`stepper = Stepper(net)`)."""
    owner = model.source.owner_of(method)
    if not isinstance(owner, ast.ClassDef) or owner.name == name:
        return False
    values = assigned_values(model, name)
    return len(values) == 1 and isinstance(values[0], ast.Call) and call_name(values[0]) == owner.name and model.facts.classes.get(owner.name) is owner


def _method_of_the_same_class(call: ast.Call, method: ast.AST, source) -> bool:  # type: ignore[no-untyped-def]
    """`call` is written in a method of the class whose method `method` is (its own body, or a
    function nested in it), both directly in the class body."""
    owner = source.owner_of(method)
    if not isinstance(owner, ast.ClassDef):
        return False
    line = call.lineno
    return any(
        isinstance(stmt, FUNCTIONS) and stmt is not method and stmt.lineno <= line <= (stmt.end_lineno or 0)
        for stmt in owner.body
    )  # fmt: skip


def runs_several_epochs(model: ModuleModel, engine: str) -> bool:
    """Every `engine.run(...)` of the file (one at least) names `max_epochs` (keyword or second
    argument) and none is the literal 1: Ignite's default is one epoch, after whose
    `EPOCH_COMPLETED` nothing trains."""
    runs = [
        n for n in model.source.of_type(ast.Call)
        if isinstance(n.func, ast.Attribute) and n.func.attr == "run" and dotted(n.func.value) == engine  # type: ignore[attr-defined]
    ]  # fmt: skip
    if not runs:
        return False
    for run in runs:
        given = next((k.value for k in run.keywords if k.arg == "max_epochs"), run.args[1] if len(run.args) > 1 else None)  # type: ignore[attr-defined]
        if given is None or (isinstance(given, ast.Constant) and given.value in (None, 1)):
            return False
    return True


def runs_between_steps(event: str) -> bool:
    """An Ignite event (as written) whose handlers run between two calls of the process function."""
    return any(re.fullmatch(rf"(?:\w+\.)?Events\.{name}(?:\(.*\))?", event, re.S) is not None for name in _BETWEEN_EVENTS)


_HANDED: list = [None, {}]  # [the facts answered for (one module at a time), {id(def): the answer}]


def handed_library(name: str, function: ast.AST, facts: ModuleFacts) -> str | None:
    """The library kind every call of a module function hands it for its parameter `name`
    (`def training_step(acc, model, opt, batch)`: `acc.backward(loss)`), when the calls name an
    `Accelerator` (or Fabric) they built, or one the library's usual name: `training_step(
    accelerator, ...)` in this module or in another of the project that imports the function
    and builds one. None when a call hands something else, cannot be read (`*args`), or
    nothing calls it. Asked only for an unknown receiver of `.backward(<argument>)` that is such
    a parameter."""
    if not isinstance(function, FUNCTIONS):
        return None
    info = facts.module_functions.get(function.name)  # type: ignore[attr-defined]
    if info is None or info.node is not function or name not in info.params:
        return None
    if _HANDED[0] is not facts:
        _HANDED[0], _HANDED[1] = facts, {}
    answers = _HANDED[1]
    key = (id(function), name)
    if key not in answers:
        answers[key] = _handed_library(name, info, facts)
    return answers[key]  # type: ignore[no-any-return]


def _handed_library(name: str, info: FunctionInfo, facts: ModuleFacts) -> str | None:
    project = facts.project
    own = facts.source.path
    if project is None or not own:
        return None
    callers = _importers(project, absolute(own), [info.node.name], info.node.name)
    if not callers:
        return None
    index = info.params.index(name)
    kinds: set[str | None] = set()
    for path in callers:
        module = project.module(path, any_bytes=True)  # (a script saying no gradient word of its own)
        if module is None:
            return None
        kinds |= _kinds_handed(module.facts, info.node.name, index, name)
    kinds |= _kinds_handed(facts, info.node.name, index, name)  # (its own module's calls, if any)
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    return kind if kind in ("accelerator", "fabric") else None


def _kinds_handed(facts: ModuleFacts, function: str, index: int, name: str) -> set[str | None]:
    """What the module's calls of `function` (by its name, or as an attribute of an imported
    module) hand it at `index` or by the keyword `name`: their library kinds (None: unknown)."""
    from gradfix.analysis.frameworks import named_kind
    from gradfix.walk import child_nodes

    found: set[str | None] = set()
    stack: list[tuple[ast.AST, tuple[ast.AST, ...]]] = [(facts.source.tree, ())]
    while stack:
        node, functions = stack.pop()
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if called == function:
                if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
                    found.add(None)
                else:
                    argument = next((k.value for k in node.keywords if k.arg == name), None)
                    if argument is None and index < len(node.args):
                        argument = node.args[index]
                    key = dotted(argument) if argument is not None else None
                    if key is None:
                        found.add(None)
                    else:
                        bound = facts.info_in(key, functions)
                        found.add(bound.library if bound is not None else named_kind(key))
        if isinstance(node, FUNCTIONS):
            functions = (*functions, node)
        stack.extend((child, functions) for child in child_nodes(node))
    return found


def _method_iteration(info: FunctionInfo, events: list) -> TrainingLoop:
    """A method read whole as one batch's iteration (a Trainer's `training_step` override, a
    LightningModule's `backward` override): its node, its own events."""
    return TrainingLoop(
        node=info.node,  # type: ignore[arg-type]
        events=events,
        function=info.node,  # type: ignore[arg-type]
        enclosing_loops=(),
        unknown=[e for e in events if e.kind is EventKind.UNKNOWN],
    )
