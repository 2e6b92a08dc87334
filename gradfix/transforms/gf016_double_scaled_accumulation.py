from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis import frameworks
from gradfix.analysis.assignments import Assignments, assigned_values
from gradfix.analysis.graphs import IterationFlow
from gradfix.analysis.facts import FunctionInfo
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import call_name
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.patterns import lazily
from gradfix.source import DEFINITIONS, FUNCTIONS, Source, dotted
from gradfix.transforms._common import event_info, owned_events
from gradfix.transforms.base import (
    Finding,
    Fix,
    RemoveStatement,
    ReplaceNode,
    Rule,
    Safety,
)
from gradfix.walk import ast_walk, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# a divisor named like an accumulation count: reported even when gradfix cannot prove it is
# the setting the library divides by
_ACCUMULATION_NAME = lazily(r"accum|accumulat|grad_?acc|\bgas\b", re.I)


class DoubleScaledAccumulation(Rule):
    """
    The loss is divided by the accumulation count and then handed to a backward that divides again.

    ## What it does
    Finds a loss divided by the number of accumulated micro-batches on its way to a backward
    that divides by that number itself: `accelerator.backward(loss)` of an `Accelerator` built
    with `gradient_accumulation_steps=N` (or a `GradientAccumulationPlugin(num_steps=N)`), a
    DeepSpeed engine's `backward` when its config sets `gradient_accumulation_steps` (not when
    the call says `scale_wrt_gas=` anything but a literal `True`: then it may not divide), and the
    loss a `LightningModule.training_step` returns under automatic optimization (Lightning
    divides it by the Trainer's `accumulate_grad_batches`). A `compute_loss` override of an HF
    `Trainer` that divides by `self.args.gradient_accumulation_steps` is reported too, unless
    the class declares `loss_is_scaled_for_ga = True` (then the Trainer does not divide). So is
    the loss function handed to Ignite's `create_supervised_trainer(model, opt, loss_fn,
    gradient_accumulation_steps=N)` or to `supervised_training_step(...)` (the update function
    the trainer runs; also its `_amp`, `_apex` and `_tpu` forms), a `def` of the module, a lambda
    written in the call, or an instance of a `torch.nn.Module` class of the module built in the
    call (`loss_fn=WindowLoss()`: its `forward`), when it divides what it returns by N: the update
    the builder makes divides by N again. Fixed
    (the division removed) when the divisor is the very setting (the same literal count, or the
    same name or attribute, bound nowhere in the function) and the call is the one place that
    names the function (an evaluator's `Loss(loss_fn)` would change too).

    ## Why is this bad?
    The library already scales each micro-batch's loss by 1/N so that a window's gradients
    average over the large batch. Dividing by N again makes every gradient N times too small:
    the effective learning rate is divided by N, warm-up and clipping thresholds no longer
    mean what they say, and nothing warns (huggingface/accelerate#3533,
    huggingface/transformers#40052).

    ## Example
    ```python
    from accelerate import Accelerator

    accelerator = Accelerator(gradient_accumulation_steps=4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(model):
            loss = model(**batch).loss / 4
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Use instead
    ```python
    from accelerate import Accelerator

    accelerator = Accelerator(gradient_accumulation_steps=4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(model):
            loss = model(**batch).loss
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Fix safety
    Safe, and applied only when the divisor is provably the setting the library divides by:
    the very expression given to the constructor (`gradient_accumulation_steps=` of the
    `Accelerator`, `num_steps=` of its plugin), the object's own read-back
    (`accelerator.gradient_accumulation_steps`, `accelerator.gradient_state.num_steps`, the
    plugin's `plugin.num_steps` when the file never writes it,
    `self.trainer.accumulate_grad_batches`; the setting read back through the object a
    class's `__init__` keeps on `self` when it builds the `Accelerator` from it,
    `gradient_accumulation_steps=cfg.accum` with `self.cfg = cfg` and `self.cfg.accum` in a
    method, when `self.cfg` is bound nowhere else in the class, `cfg` is not rebound in
    `__init__` and the file writes no attribute of that name; in a
    `training_step`, also the module-level name, or attribute of one, that every Lightning
    `Trainer(...)` of the file is given as `accumulate_grad_batches=` (also through the
    `**kw` of a helper of the file, `def fit(module, data, **kw)`, each call of which hands
    `accumulate_grad_batches=` that name, or through the one `**OPTIONS` of the call, a dict
    literal of string keys or a `dict(...)` the module binds once at its top level and reads
    only in `**` spreads, `OPTIONS = {"accumulate_grad_batches": ACC}`; or, for a Trainer
    given no such setting, the first epoch's count of the one `GradientAccumulationScheduler`
    of its `callbacks=` list, `scheduling={0: ACC, ...}`, the list and the dict written there or
    through names the file binds once and never changes in place), when the step names it
    only in the division -- not `x.chunk(CHUNKS)` ... `loss / CHUNKS`, a mean over chunks -- and
    a `.fit(...)` of the file is handed an object of the class, whose `training_step` no code of
    the file calls by hand), or, for
    a DeepSpeed engine built by `deepspeed.initialize(config=CONFIG)` with `CONFIG` a dict literal
    of the file that sets it, `CONFIG["gradient_accumulation_steps"]` or the literal's value; or
    the divisor and the setting are the same integer literal, each written directly or through a
    name the module binds once at its top level (and no function takes as a parameter) or an
    attribute the file binds once (`num_steps=4` and `self.n_acc = 4`; `accumulate_grad_batches=4`
    on every Lightning `Trainer`, also through such a spread dict, and `return loss / 4` naming
    the count only there), the division
    no mean of a sum of terms. An object built once at the top of another module of the project
    and imported by name (`from accel import accelerator`, `accelerator =
    Accelerator(gradient_accumulation_steps=ACCUM)` in accel.py) is read there: its setting is
    proven by the same module-level name imported from that module (`from accel import ACCUM`,
    bound nowhere else), or by the same literal count. An `accelerator` parameter of a function
    of this module that only other modules of the project call, each handing it a name bound
    there to an `Accelerator` built with a setting other than 1 (`run_epoch(accelerator, ...)`
    in main.py), divides by that setting: dividing by `accelerator.gradient_accumulation_steps`
    is proven (silent when a call passes anything else, when the module calls the function too,
    or when an Accelerator handed in has no setting). The
    fix removes the division: `loss = loss / N` and `loss /= N` go away, `expr / N` becomes `expr`.
    Loss values logged from the divided tensor grow by N (they are now the per-micro-batch loss);
    what is trained is what the hand-fixed loop trains. When `accelerate launch
    --gradient_accumulation_steps` overrides the constructor's keyword, only the read-back is
    certain; the keyword is still taken as the setting, as the script's author wrote it.

    The division is looked for in the loss handed to a dividing backward written in the loop
    itself (`accelerator.backward(loss / N)`, a DeepSpeed engine's `backward`), and in the last
    statement of the iteration before it that binds the loss name (`loss = loss / N`,
    `loss /= N`, `loss = expr / N`); and in the value returned by a `LightningModule`'s
    `training_step` under automatic optimization (`return loss / N`, or a name assigned
    `a / N` and returned), also when `training_step` returns what a method of the class (or of
    a base of the file) returns (`return self._shared_step(batch)`, or a name bound once to it,
    also unpacked, `loss, logs = self._shared_step(batch)`: the tuple's element at that
    position on every `return`; or read by a constant key, `out = self._shared_step(batch)` ...
    `return out["loss"]`: that entry of the dict literal every `return` hands back, with no
    `**` spread): that method's returned division, fixed only when the file
    calls the method once (a helper `validation_step` shares is reported without a fix). A
    method of a base class of another module of the project (`class Lit(SharedSteps,
    pl.LightningModule)`, `SharedSteps` imported) whose returned division is by
    `self.trainer.accumulate_grad_batches` or by something named as an accumulation count is
    reported at the hook's call of it, without a fix (the division is the other module's). A
    subclass of a LightningModule class of the file is read like one (manual when a class of
    its line switches automatic optimization off). When that last binding calls a loss function of the module or of
    another module of the project (`loss = compute_loss(model, batch, N)`) whose every
    `return` divides by one parameter its body names nowhere else, the argument the call
    passes for it is the divisor: the fix hands the function `1` (its other callers keep theirs).
    So too when the backward gets an entry of what such a call returned
    (`out = compute(model, batch, N)` ... `accelerator.backward(out["loss"])`) and every `return`
    of the function is a dict literal whose entry at that key divides by the parameter
    (`return {"loss": ce / accum, ...}`, or a name so divided), with no `**` spread. And
    when every `return` of such a function divides by a name its own module binds once, at its
    top level (`ACCUM_STEPS = 4` ... `return ce / ACCUM_STEPS`, the name used for nothing else in
    the function): reported without a fix (the division is the function's) when the name says
    an accumulation count or is the very setting (`Accelerator(gradient_accumulation_steps=
    WINDOW)` in the same module, or with `WINDOW` imported from the function's module and bound
    nowhere else here). A function of another module is read only when that module is one the
    project index reads as a helper (it says a gradient word: `step`, `backward`, ...).

    A division by something that is not provably the setting but is named like an accumulation
    count (`accum`, `accumulat`, `grad_acc`, `gas`: another variable, a config read from a file)
    is reported without a fix; so is a `/ ...accumulation...` in the loss an HF `Trainer`'s
    `compute_loss` override returns, whose base class may divide again depending on the model;
    a removal whose statement shares its line with another one; and a division the iteration
    undoes elsewhere by multiplying the loss by N again (`loss.item() * N` for a log), which
    would then read N times too large.

    Never reported: a division by anything else (`loss / world_size`); a sum of terms divided
    by a literal (`(ce(a, y) + ce(b, y)) / 2`: a mean of the terms, even when the setting is
    that number); a squared error divided by the literal 2 (`F.mse_loss(out, y) / 2`, the 1/2
    of the squared-error convention, even when the setting is 2); an `Accelerator` built
    without an accumulation setting (it divides by 1; a DeepSpeed engine's config, usually read
    from a file, is taken to set one); a backward that does not divide (`loss.backward()`, `fabric.backward`:
    an undivided loss there is GF005's business); a divided copy that is not what is
    backpropagated (`log((loss / N).item())`); backward calls in helpers (except a step
    function or method of this module called right in the loop whose backward divides its loss
    in the call itself, `accelerator.backward(loss / ACC)` in `training_step`, or in the
    helper's last binding of the loss name before it, `loss = loss / ACC` or `loss /= ACC` in
    the helper's own body and not under a branch: judged, and fixed there, as if written in the
    loop; when such a helper returns a value and the loop multiplies something by N, no fix);
    and a
    `LightningModule` with `self.automatic_optimization = False` (Lightning then neither
    accumulates nor divides).

    An Accelerator built with `gradient_accumulation_steps=1` divides by 1 too. A Lightning
    `training_step` returning a dict divides twice when its `"loss"` entry is divided (`return
    {"loss": loss / self.trainer.accumulate_grad_batches, ...}`).
    """

    code = "GF016"
    name = "double-scaled-accumulation"
    message = "`{division}` divides the loss by the accumulation count, and `{backward}` divides it again: gradients end up {n} times too small"
    hook_message = "`{division}` divides the loss `{hook}` returns by the accumulation count, and {framework} divides it again"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        for loop in model.loops:
            for event in owned_events(loop, model):
                if event.kind is not EventKind.BACKWARD or not event.divides or event.loss is None:
                    continue
                if not event.direct and not _divided_in_a_step_helper(event, model):
                    continue
                for finding in self._check_backward(loop, event, model):
                    if id(finding.node) not in seen:
                        seen.add(id(finding.node))
                        yield finding
        yield from self._check_hooks(model)
        if "supervised_tr" in model.source.text:  # (also in the import of an alias)
            yield from self._check_loss_functions(model)

    # `accelerator.backward(loss / N)`, `engine.backward(loss)` after `loss = loss / N` ----------
    def _check_backward(self, loop: TrainingLoop, event: GradEvent, model: ModuleModel) -> Iterator[Finding]:
        source = model.source
        setting = _setting(event, model)
        if setting is None:
            return  # the library divides by 1: the manual division is the only one
        for division, fix_edit in _divisions(loop, event, source):
            if isinstance(division.right, ast.Constant) and _is_sum(division.left):
                continue  # `(ce(a, y) + ce(b, y)) / 2`: the mean of two terms, whatever the setting
            if _half_squared_error(division, source):
                continue  # `F.mse_loss(out, y) / 2`: the 1/2 of the squared-error convention
            if _cuts_by(division.right, loop.node, source):
                continue  # `x.chunk(CHUNKS)` ... `loss / CHUNKS`: a mean over the pieces, whatever the setting
            proven = _same_setting(division.right, event, setting, model) or (
                # `GradientAccumulationPlugin(num_steps=4)` and `loss / self.n_acc`, `self.n_acc = 4`
                isinstance(setting, ast.expr) and not _is_sum(division.left) and _same_count(division.right, setting, model)
            )
            if not proven and not _ACCUMULATION_NAME.search(source.code(division.right)):
                continue
            call = event.call
            yield Finding(
                self.code,
                self.message.format(
                    division=source.code(division),
                    backward=source.code(call.func) + "(...)" if call is not None else "backward",
                    n=source.code(division.right),
                ),
                division,
                fix=Fix([fix_edit], Safety.SAFE)
                if proven and fix_edit is not None and not _multiplied_back(loop, event, division, source)
                else None,
                related=(loop.node,),
            )
        found = _helper_division(event, model) if event.direct else None
        if found is not None:
            call, argument, statement = found
            proven = _same_setting(argument, event, setting, model)
            if not proven and not _ACCUMULATION_NAME.search(source.code(argument)):
                return
            division = ast.BinOp(left=call, op=ast.Div(), right=argument)  # what the helper returns
            yield Finding(
                self.code,
                self.message.format(
                    division=source.code(call),
                    backward=source.code(event.call.func) + "(...)" if event.call is not None else "backward",
                    n=source.code(argument),
                ),
                argument,
                # the helper divides by what this call hands it: handing it 1 leaves its other callers as they are
                fix=Fix([ReplaceNode(argument, "1", statement)], Safety.SAFE)
                if proven and not _multiplied_back(loop, event, division, source)
                else None,
                related=(loop.node,),
            )
        constant = _helper_constant(event, model, setting) if found is None and event.direct else None
        if constant is not None:
            call, name = constant
            yield Finding(
                self.code,
                self.message.format(
                    division=source.code(call),
                    backward=source.code(event.call.func) + "(...)" if event.call is not None else "backward",
                    n=name,
                ),
                call,
                related=(loop.node,),  # (no fix: the division is the helper's, and its other callers may need it)
            )

    # the loss function handed to a builder that divides (Ignite's create_supervised_trainer) ---
    def _check_loss_functions(self, model: ModuleModel) -> Iterator[Finding]:
        """`create_supervised_trainer(model, opt, loss_fn, gradient_accumulation_steps=N)`: the
        update it builds divides `loss_fn`'s value by N; a `loss_fn` of the file (a `def` of the
        module, or a lambda written in the call) that divides by N again is reported."""
        facts = model.facts
        source = model.source
        for call in source.of_type(ast.Call):
            qualified = facts.imports.qualify(call_name(call))  # type: ignore[arg-type]
            builder = qualified.rsplit(".", 1)[-1] if qualified else ""
            if builder not in _DIVIDING_BUILDERS:
                continue
            setting = frameworks.accumulation_of(qualified, call, facts.imports.qualify)  # type: ignore[arg-type]
            if setting is None or (isinstance(setting, ast.Constant) and setting.value == 1):
                continue
            given = next((kw.value for kw in call.keywords if kw.arg == "loss_fn"), None)  # type: ignore[attr-defined]
            if given is None and len(call.args) > 2:  # type: ignore[attr-defined]
                given = call.args[2]  # type: ignore[attr-defined]
            function: ast.AST | None = None
            divisions: list[ast.BinOp] = []
            if isinstance(given, ast.Lambda):
                function = given
                if isinstance(given.body, ast.BinOp) and isinstance(given.body.op, ast.Div):
                    divisions = [given.body]
            elif isinstance(given, ast.Name) and given.id in facts.module_functions:
                function = facts.module_functions[given.id].node
                divisions = list(_returned_divisions(function))
            elif isinstance(given, ast.Call) and not given.args and not given.keywords:
                # `loss_fn=WindowLoss()`: a torch module class of the file, its `forward` divides
                function = _module_loss_forward(given, model)
                divisions = list(_returned_divisions(function)) if function is not None else []
            for division in divisions:
                in_place = _in_place(division)
                if isinstance(division.right, ast.Constant) and _is_sum(division.left):
                    continue
                if _half_squared_error(division, source):
                    continue
                divisor = source.code(division.right)
                proven = _same_count(division.right, setting, model) or (
                    divisor == source.code(setting) and not _bound_in(function, division.right)
                )
                if not proven and not _ACCUMULATION_NAME.search(divisor):
                    continue
                fix = None
                # the function may serve elsewhere too (an evaluator's loss): fixed only when
                # this call is the one place that names it
                named = given.func if isinstance(given, ast.Call) else given  # type: ignore[union-attr]
                alone = isinstance(given, ast.Lambda) or (isinstance(named, ast.Name) and sum(
                    1 for n in source.of_type(ast.Name) if n.id == named.id
                ) == 1)
                if proven and alone and in_place is not None:
                    fix = Fix([RemoveStatement(in_place)], Safety.SAFE) if source.alone_on_lines(in_place) else None
                elif proven and alone:
                    holder = _statement_of(function, division) if not isinstance(function, ast.Lambda) else _holding_statement(call, source)
                    fix = Fix([ReplaceNode(division, source.outer_segment(division.left), holder)], Safety.SAFE)
                yield Finding(
                    self.code,
                    self.hook_message.format(
                        division=source.code(division), hook=source.code(given), framework=f"`{builder}`'s update"  # type: ignore[arg-type]
                    ),
                    division,
                    fix=fix,
                )

    # the loss a framework hook returns --------------------------------------------------------
    def _check_hooks(self, model: ModuleModel) -> Iterator[Finding]:
        facts = model.facts
        source = model.source
        for class_name, node in facts.classes.items():
            entry = frameworks.framework_of(node, facts.imports.qualify)
            lineage = [node]
            if entry is None and node.bases and facts.methods.get(class_name, {}).get("training_step") is not None:
                # a subclass of a LightningModule class of the file (`class Child(Base)`): its own
                # `training_step` is the framework's hook too; manual if any class of the line says so
                entry = frameworks.framework_through_file(node, facts.classes, facts.imports.qualify)
                lineage += frameworks.file_ancestors(node, facts.classes)
            if entry is None:
                continue
            manual = entry.manual_switch is not None and any(_switched_off(c, entry.manual_switch) for c in lineage)
            divides = frameworks.Effect.DIVIDES_LOSS in entry.framework_effects
            for hook, role in entry.hooks.items():
                # the loss a step hook returns is divided by the framework only if the framework
                # backpropagates it (Lightning's automatic optimization); an HF Trainer's
                # `training_step` override backpropagates (and divides) by itself
                if manual or not (role == "loss" or (role == "training-step" and divides)):
                    continue
                if role == "loss" and _declares_loss_scaled(node):
                    continue  # the Trainer then leaves the returned loss undivided
                methods = facts.methods.get(class_name, {})
                info = methods.get(hook)
                if info is None:
                    continue
                found = [(division, info, True) for division in _returned_divisions(info.node)]
                if role == "training-step":
                    # `return self._shared_step(batch)` (or a name bound once to it): the helper's
                    # returned division is the loss the framework divides again
                    helper, index = _returned_helper(info.node, methods, _inherited_methods(node, facts))
                    if helper is None and facts.project is not None and any(dotted(b) not in facts.classes for b in node.bases):
                        # a base of another module of the project holds the helper (`class
                        # Lit(SharedSteps, pl.LightningModule)`, `SharedSteps` in steps.py)
                        helper, index = _returned_helper(info.node, methods, _imported_base_methods(node, facts, model))
                        if helper is not None and helper.source is not None and helper.source is not source:
                            yield from self._other_module_helper(info, helper, index, hook, entry, model)
                            helper = None
                    if helper is not None:
                        sole = _called_once(helper.node.name, source)
                        divisions = _returned_divisions(helper.node) if index is None else _divisions_at(helper.node, index)
                        found += [(division, helper, sole) for division in divisions]
                for division, holder, fixable in found:
                    in_place = _in_place(division)  # (taken at once)
                    divisor = source.code(division.right)
                    setting = entry.accumulation
                    proven = (
                        setting is not None
                        and role == "training-step"
                        and (
                            divisor in (f"self.trainer.{setting.attribute}", f"self.trainer.{setting.name}")
                            or (
                                _every_trainer_sets(division.right, model)
                                and _named_once(divisor, holder.node, source)
                                and _fitted(class_name, model)
                            )
                            or (
                                _every_trainer_counts(division, model)
                                and _named_once(divisor, holder.node, source)
                                and _fitted(class_name, model)
                            )
                        )
                    )
                    if not proven and not _ACCUMULATION_NAME.search(divisor) and not _names_the_count(division.right, holder, source):
                        continue
                    fix = None
                    if not fixable:
                        pass  # the helper serves other callers too (`validation_step`): reported only
                    elif proven and in_place is not None:
                        fix = Fix([RemoveStatement(in_place)], Safety.SAFE) if source.alone_on_lines(in_place) else None
                    elif proven:
                        fix = Fix([ReplaceNode(division, source.outer_segment(division.left), _statement_of(holder.node, division))], Safety.SAFE)
                    yield Finding(
                        self.code,
                        self.hook_message.format(
                            division=source.code(division), hook=hook, framework=entry.qualname.rsplit(".", 1)[-1]
                        ),
                        division,
                        fix=fix,
                    )


    def _other_module_helper(self, info, helper, index, hook, entry, model) -> Iterator[Finding]:  # type: ignore[no-untyped-def]
        """The hook returns what a method of a base class of another module returns, which divides
        by the trainer's own count (`self.trainer.accumulate_grad_batches`) or by something named
        as an accumulation count: reported at the hook's call of the method, no fix (the division
        is in the other module, and serves whatever else calls it)."""
        divisions = list(_returned_divisions(helper.node)) if index is None else _divisions_at(helper.node, index)
        for division in divisions:
            _in_place(division)  # (taken at once: `_returned_divisions` may have left it)
        setting = entry.accumulation
        home = helper.source
        counts = [
            home.code(d.right) for d in divisions
            if (setting is not None and home.code(d.right) in (f"self.trainer.{setting.attribute}", f"self.trainer.{setting.name}"))
            or _ACCUMULATION_NAME.search(home.code(d.right))
        ]
        if not counts:
            return
        call = next(
            (
                n for n in ast_walk(info.node)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == helper.node.name
                and isinstance(n.func.value, ast.Name) and n.func.value.id == "self"
            ),
            None,
        )  # fmt: skip
        if call is None:
            return
        yield Finding(
            self.code,
            self.hook_message.format(
                division=model.source.code(call), hook=hook, framework=entry.qualname.rsplit(".", 1)[-1]
            ),
            call,
        )


def _imported_base_methods(node: ast.ClassDef, facts, model: ModuleModel) -> dict:  # type: ignore[no-untyped-def,type-arg]
    """The methods of the bases of the class that are classes of other modules of the project
    (`class Lit(SharedSteps, pl.LightningModule)` with `from steps import SharedSteps`), each
    base's own methods and those of its bases of its own file, the first base's first."""
    from gradfix.analysis.frameworks import file_ancestors

    found: dict = {}  # type: ignore[type-arg]
    for base in node.bases:
        name = dotted(base)
        if name is None or name in facts.classes:
            continue
        qualified = facts.imports.qualify(name)
        if not qualified or qualified.split(".", 1)[0] in ("torch", "pytorch_lightning", "lightning", "transformers", "accelerate"):
            continue
        located = facts.project.class_named(qualified, model.source.path or None, any_bytes=True)
        if located is None:
            continue
        module, class_name = located
        owner = module.facts
        for current in (owner.classes[class_name], *file_ancestors(owner.classes[class_name], owner.classes)):
            for method, method_info in owner.methods.get(current.name, {}).items():
                found.setdefault(method, method_info)
    return found


def _names_the_count(divisor: ast.expr, info, source: Source) -> bool:  # type: ignore[no-untyped-def]
    """`ga = self.args.gradient_accumulation_steps` ... `return loss / ga`: a local name the hook
    binds once, to an expression named as the accumulation count (the report-only case)."""
    if not isinstance(divisor, ast.Name):
        return False
    value = Assignments.of_scope(source, info.node, info.class_name).single_value(divisor.id, info.node)
    return value is not None and bool(_ACCUMULATION_NAME.search(source.code(value)))


def _declares_loss_scaled(node: ast.ClassDef) -> bool:
    """`loss_is_scaled_for_ga = True` in the class body (or `self.loss_is_scaled_for_ga = True`):
    the HF Trainer's training_step does not divide what compute_loss returns
    (tests/libraries/test_transformers.py::test_loss_is_scaled_for_ga_true_is_not_divided)."""
    for sub in ast_walk(node):
        if isinstance(sub, (ast.Assign, ast.AnnAssign)) and isinstance(sub.value, ast.Constant) and sub.value.value is True:
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            if any(dotted(t) in ("loss_is_scaled_for_ga", "self.loss_is_scaled_for_ga") for t in targets):
                return True
    return False


def _fitted(class_name: str, model: ModuleModel) -> bool:
    """A `.fit(...)` of the file is handed an object of the class (`trainer.fit(Net(), ...)`,
    or a name bound to `Net(...)`), and no code of the file calls its `training_step` by hand."""
    if re.search(r"\.training_step\(", model.source.text):
        return False  # a loop of the file drives the step itself
    for node in model.source.nodes:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "fit" and node.args):
            continue
        given = node.args[0]
        values = [given] if isinstance(given, ast.Call) else assigned_values(model, given.id) if isinstance(given, ast.Name) else []
        if not values and isinstance(given, ast.Name):
            values = _handed_for(given.id, node, model)  # `def fit(module, data): trainer.fit(module, ...)`
        if any(isinstance(v, ast.Call) and (dotted(v.func) or "").rsplit(".", 1)[-1] == class_name for v in values):
            return True
    return False


def _handed_for(parameter: str, call: ast.Call, model: ModuleModel) -> list[ast.expr]:
    """The objects the file's calls of a plain top-level function hand its positional
    `parameter` (written in the call, or a name's assigned values), when `call` is in it."""
    found: list[ast.expr] = []
    for info in model.facts.module_functions.values():
        node = info.node
        if info.class_name is not None or not (node.lineno <= call.lineno <= node.end_lineno):  # type: ignore[attr-defined,operator]
            continue
        params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]  # type: ignore[attr-defined]
        if parameter not in params:
            continue
        at = params.index(parameter)
        for other in model.source.of_type(ast.Call):
            if other.func.__class__ is ast.Name and other.func.id == node.name and len(other.args) > at:  # type: ignore[attr-defined]
                arg = other.args[at]  # type: ignore[attr-defined]
                found += [arg] if isinstance(arg, ast.Call) else assigned_values(model, arg.id) if isinstance(arg, ast.Name) else []
    return found


def _named_once(divisor: str, function: ast.AST, source: Source) -> bool:
    """The hook names the divisor only in the division: not a count it also cuts the batch by
    (`x.chunk(CHUNKS)` ... `return loss / CHUNKS`, a mean over the chunks)."""
    return len(re.findall(rf"(?<![\w.]){re.escape(divisor)}(?!\w)", source.segment(function))) == 1


def _every_trainer_sets(divisor: ast.expr, model: ModuleModel) -> bool:
    """`loss / ACC` in a `training_step` when every Lightning `Trainer(...)` of the file is
    built with `accumulate_grad_batches=ACC`, the same module-level name (or an attribute of
    one) that no function binds for itself: the count the Trainer divides by."""
    root = divisor
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name):
        return False
    text = model.source.code(divisor)
    found = False
    for node in model.source.nodes:
        if isinstance(node, FUNCTIONS):
            arguments = node.args
            names = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg) if a]
            if root.id in names or any(
                isinstance(n, ast.Name) and n.id == root.id and isinstance(n.ctx, ast.Store) for n in ast_walk(node)
            ):
                return False  # a function's own `ACC`: maybe not the module's
        if not isinstance(node, ast.Call):
            continue
        entry = frameworks.constructor_entry(model.facts.imports.qualify(dotted(node.func) or "") or "")
        if entry is None or entry.kind != "lightning-trainer":
            continue
        given = next((kw.value for kw in node.keywords if kw.arg in (None, "accumulate_grad_batches")), None)
        if given is not None and given.__class__ is ast.Name and any(kw.arg is None and kw.value is given for kw in node.keywords):
            if _spread_setting(node, given.id, model) == text:  # type: ignore[attr-defined]
                found = True
                continue
        spread = _spread_dict_entry(node, model)
        if spread is not None:
            given = spread
        if given is None:
            given = _scheduled_count(node, model)  # `callbacks=[GradientAccumulationScheduler({0: ACC})]`
        if given is None or model.source.code(given) != text:
            return False  # a Trainer built otherwise (or with `**kwargs`) may fit the module
        found = True
    return found


def _spread_dict_entry(trainer: ast.Call, model: ModuleModel) -> ast.expr | None:
    """`pl.Trainer(max_epochs=2, **TRAINER_KW)` with no other `**` and no
    `accumulate_grad_batches=` of its own, where `TRAINER_KW` is bound once, at the module's
    top level, to a dict literal of constant string keys (no `**` in it) or to `dict(k=v,
    ...)` (no `**`), and is read nowhere but in `**` spreads (never changed): the value of its
    `"accumulate_grad_batches"` entry (None when it has none, or anything is unsure)."""
    if any(kw.arg == "accumulate_grad_batches" for kw in trainer.keywords):
        return None
    spreads = [kw.value for kw in trainer.keywords if kw.arg is None]
    if len(spreads) != 1 or spreads[0].__class__ is not ast.Name:
        return None
    name = spreads[0].id  # type: ignore[attr-defined]
    top = [
        stmt.value for stmt in model.module.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == name
    ]  # fmt: skip
    if len(top) != 1:
        return None
    spread_ids = {id(kw.value) for call in model.source.of_type(ast.Call) for kw in call.keywords if kw.arg is None}  # type: ignore[attr-defined]
    stores = 0
    for n in model.source.of_type(ast.Name):
        if n.id != name:  # type: ignore[attr-defined]
            continue
        if not isinstance(n.ctx, ast.Load):  # type: ignore[attr-defined]
            stores += 1
        elif id(n) not in spread_ids:
            return None  # read otherwise: maybe changed (`TRAINER_KW["..."] = ...`, `.update(...)`)
    if stores != 1:
        return None  # bound again (`global`, a loop, a `del`)
    if any(a.arg == name for a in model.source.of_type(ast.arg)):  # type: ignore[attr-defined]
        return None
    value = top[0]
    if isinstance(value, ast.Dict):
        if any(k is None or not (isinstance(k, ast.Constant) and isinstance(k.value, str)) for k in value.keys):
            return None
        return next((v for k, v in zip(value.keys, value.values) if k.value == "accumulate_grad_batches"), None)  # type: ignore[union-attr]
    if (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict"
        and not value.args and all(kw.arg is not None for kw in value.keywords)
        and "dict" not in model.facts.imports.aliases
    ):
        return next((kw.value for kw in value.keywords if kw.arg == "accumulate_grad_batches"), None)
    return None


def _spread_setting(trainer: ast.Call, name: str, model: ModuleModel) -> str | None:
    """`pl.Trainer(..., **kw)` in `def fit(module, data, **kw)`, a plain function of the file's
    top level that names `kw` only there and in `kw.setdefault("max_steps", 10)` (another
    key), never sets `accumulate_grad_batches` itself, and that the file names only in calls,
    each handing `accumulate_grad_batches=` the same text, no `**` (and no other file imports
    it): that text."""
    source = model.source
    if any(kw.arg == "accumulate_grad_batches" for kw in trainer.keywords):
        return None
    holder = None
    for info in model.facts.module_functions.values():
        node = info.node
        kwarg = node.args.kwarg  # type: ignore[attr-defined]
        if info.class_name is None and kwarg is not None and kwarg.arg == name and node.lineno <= trainer.lineno <= node.end_lineno:  # type: ignore[attr-defined,operator]
            holder = node
    if holder is None or source.owner_of(holder) is not source.tree:
        return None
    spread = {id(kw.value) for kw in trainer.keywords if kw.arg is None}
    for node in ast_walk(holder):
        if node.__class__ is ast.Name and node.id == name and id(node) not in spread:  # type: ignore[attr-defined]
            return None  # (each `kw.setdefault(...)` is read below, from its call)
        if node.__class__ is ast.Call and node.func.__class__ is ast.Attribute and node.func.value.__class__ is ast.Name and node.func.value.id == name:  # type: ignore[attr-defined]
            key = node.args[0] if node.args else None  # type: ignore[attr-defined]
            if node.func.attr != "setdefault" or not (key.__class__ is ast.Constant and isinstance(key.value, str)) or key.value == "accumulate_grad_batches":  # type: ignore[attr-defined]
                return None
            spread.add(id(node.func.value))  # type: ignore[attr-defined]
    function = holder.name  # type: ignore[attr-defined]
    named = [n for n in source.of_type(ast.Name) if n.id == function]  # type: ignore[attr-defined]
    calls = [c for c in source.of_type(ast.Call) if c.func.__class__ is ast.Name and c.func.id == function]  # type: ignore[attr-defined]
    if not calls or len(calls) != len(named):
        return None
    texts = set()
    for call in calls:
        if any(kw.arg is None for kw in call.keywords) or any(a.__class__ is ast.Starred for a in call.args):  # type: ignore[attr-defined]
            return None
        given = next((kw.value for kw in call.keywords if kw.arg == "accumulate_grad_batches"), None)  # type: ignore[attr-defined]
        if given is None:
            return None
        texts.add(source.code(given))
    project = model.facts.project
    if project is not None and source.path:
        from gradfix.analysis.steps import _importers
        from gradfix.project import absolute

        if _importers(project, absolute(source.path), [function], function):
            return None
    return texts.pop() if len(texts) == 1 else None


def _every_trainer_counts(division: ast.BinOp, model: ModuleModel) -> bool:
    """`return loss / 4` in a `training_step` when every Lightning `Trainer(...)` of the file is
    built with `accumulate_grad_batches=` the same literal count (directly, or through a name or
    attribute bound once to it), the division no mean of terms nor half of a squared error."""
    count = _literal_count(division.right, model)
    if count is None or _is_sum(division.left) or _half_squared_error(division, model.source):
        return False
    found = False
    for node in model.source.of_type(ast.Call):
        entry = frameworks.constructor_entry(model.facts.imports.qualify(dotted(node.func) or "") or "")  # type: ignore[attr-defined]
        if entry is None or entry.kind != "lightning-trainer":
            continue
        given = next((kw.value for kw in node.keywords if kw.arg in (None, "accumulate_grad_batches")), None)  # type: ignore[attr-defined]
        given = _spread_dict_entry(node, model) or given or _scheduled_count(node, model)  # type: ignore[arg-type]
        if given is None or _literal_count(given, model) != count:
            return False  # a Trainer built otherwise (or with `**kwargs`) may fit the module
        found = True
    return found


# Lightning's callback that sets `trainer.accumulate_grad_batches` at each epoch's start
_ACCUMULATION_SCHEDULERS = frozenset({
    "pytorch_lightning.callbacks.GradientAccumulationScheduler",
    "pytorch_lightning.callbacks.gradient_accumulation_scheduler.GradientAccumulationScheduler",
    "lightning.pytorch.callbacks.GradientAccumulationScheduler",
    "lightning.pytorch.callbacks.gradient_accumulation_scheduler.GradientAccumulationScheduler",
})  # fmt: skip


def _scheduled_count(trainer: ast.Call, model: ModuleModel) -> ast.expr | None:
    """The count of the first epoch of the one `GradientAccumulationScheduler(scheduling={0: 3,
    ...})` in a Trainer's `callbacks=` list (written there, or a name the module binds once, at
    its top level, to a list or tuple), its `scheduling` a dict literal (or such a name) with
    the key 0: the callback sets `trainer.accumulate_grad_batches` to it from the first epoch,
    and automatic optimization divides the step's loss by it
    (tests/libraries/test_lightning.py::test_accumulation_scheduler_callback_divides_like_the_trainer_setting).
    None when the Trainer has no such callback, or anything is unsure (`**` keywords)."""
    if any(kw.arg is None for kw in trainer.keywords):
        return None
    callbacks = _listed(next((kw.value for kw in trainer.keywords if kw.arg == "callbacks"), None), model)
    if callbacks is None:
        return None
    qualify = model.facts.imports.qualify
    schedulers = [
        c for c in callbacks
        if isinstance(c, ast.Call) and qualify(dotted(c.func) or "") in _ACCUMULATION_SCHEDULERS
    ]  # fmt: skip
    if len(schedulers) != 1 or any(isinstance(c, ast.Starred) for c in callbacks):
        return None
    call = schedulers[0]
    scheduling = call.args[0] if len(call.args) == 1 and not call.keywords else next(
        (kw.value for kw in call.keywords if kw.arg == "scheduling"), None
    ) if not call.args and len(call.keywords) == 1 else None
    table = _bound_at_top(scheduling, model) if isinstance(scheduling, ast.Name) else scheduling
    if not isinstance(table, ast.Dict) or None in table.keys:
        return None
    return next(
        (v for k, v in zip(table.keys, table.values) if isinstance(k, ast.Constant) and type(k.value) is int and k.value == 0),
        None,
    )


def _listed(value: ast.expr | None, model: ModuleModel) -> list[ast.expr] | None:
    """The elements of a list or tuple literal, or of the one a name is bound to once, at the
    module's top level."""
    if isinstance(value, ast.Name):
        value = _bound_at_top(value, model)
    return list(value.elts) if isinstance(value, (ast.List, ast.Tuple)) else None


def _bound_at_top(name: ast.Name, model: ModuleModel) -> ast.expr | None:
    """The value a name is bound to by the one store of the name in the file, a plain
    assignment (at the module's top level or under its `if __name__ == "__main__":`, or in a
    function), no parameter of that name, and never changed in place (no `NAME.append(...)`,
    no `NAME[k] = ...`)."""
    source = model.source
    stores = [n for n in source.of_type(ast.Name) if n.id == name.id and not isinstance(n.ctx, ast.Load)]  # type: ignore[attr-defined]
    if len(stores) != 1 or any(a.arg == name.id for a in source.of_type(ast.arg)):  # type: ignore[attr-defined]
        return None
    owner = next((a for a in source.of_type(ast.Assign) if len(a.targets) == 1 and a.targets[0] is stores[0]), None)  # type: ignore[attr-defined]
    if owner is None:
        return None
    for node in source.of_type(ast.Attribute):
        if node.value.__class__ is ast.Name and node.value.id == name.id:  # type: ignore[attr-defined]
            return None  # `CALLBACKS.append(...)`, `SCHEDULE.update(...)`
    for node in source.of_type(ast.Subscript):
        if node.value.__class__ is ast.Name and node.value.id == name.id and not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
            return None
    return owner.value


def _same_count(divisor: ast.expr, setting: ast.expr, model: ModuleModel) -> bool:
    """The divisor and the setting are the same literal count, each written directly or
    through a name or attribute bound once to it (`num_steps=4`, `self.n_acc = 4`)."""
    count = _literal_count(divisor, model)
    return count is not None and _literal_count(setting, model) == count


def _literal_count(expr: ast.expr, model: ModuleModel) -> int | None:
    """An integer literal (> 1), or the one a name the module binds once at its top level
    (`ACC = 4`), or an attribute bound once in the whole file (`self.n_acc = 4`), is bound to."""
    from gradfix.analysis.precision import module_constant

    value: ast.expr | None = expr
    if isinstance(expr, ast.Name):
        value = module_constant(expr, model)
        if value is expr or sum(1 for n in model.source.of_type(ast.Name) if n.id == expr.id and not isinstance(n.ctx, ast.Load)) != 1:  # type: ignore[attr-defined]
            return None
        if any(a.arg == expr.id for a in model.source.of_type(ast.arg)):  # type: ignore[attr-defined]
            return None  # a function's own `K` (a parameter): maybe not the module's
    elif isinstance(expr, ast.Attribute):
        key = model.source.key(expr)
        values = assigned_values(model, key) if key else []
        stores = sum(
            1 for n in model.source.of_type(ast.Attribute)
            if not isinstance(n.ctx, ast.Load) and model.source.key(n) == key  # type: ignore[attr-defined]
        )  # fmt: skip
        if len(values) != 1 or stores != 1:
            return None  # rebound (`self.n_acc += 1`, `self.a, self.n_acc = ...`): not known
        value = values[0]
    if isinstance(value, ast.Constant) and type(value.value) is int and value.value > 1:
        return value.value
    return None


def _half_squared_error(division: ast.BinOp, source: Source) -> bool:
    """A squared error divided by the literal 2 (`F.mse_loss(out, y) / 2`, `((out - y) ** 2).mean()
    / 2`): the usual 1/2 in front of a squared error, not an accumulation count."""
    right = division.right
    if not (isinstance(right, ast.Constant) and right.value in (2, 2.0) and not isinstance(right.value, bool)):
        return False
    text = source.code(division.left).replace(" ", "")
    return "mse" in text.lower() or "**2" in text or "pow(2)" in text or "square(" in text


def _is_sum(expr: ast.expr) -> bool:
    """`a + b`, `a - b`, `sum(...)`: several terms, which a literal divisor may be averaging."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub)):
        return True
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "sum"


def _setting(event: GradEvent, model: ModuleModel) -> object | None:
    """The accumulation setting of the library object behind a dividing backward, when it is
    set to something (an object built without one divides by 1)."""
    info = event_info(event, model)
    if info is None:
        return _imported_setting(event, model) or _handed_in_setting(event, model)
    if info.accumulation is not None:
        if isinstance(info.accumulation, ast.Constant) and info.accumulation.value == 1 and not isinstance(info.accumulation.value, bool):
            return None  # `Accelerator(gradient_accumulation_steps=1)`: divides by 1
        return info.accumulation
    if info.library == "deepspeed-engine":
        return _deepspeed_config(info, model) or "config"
    return None


def _deepspeed_config(info, model: ModuleModel) -> ast.expr | None:  # type: ignore[no-untyped-def]
    """`deepspeed.initialize(config=CONFIG)` with CONFIG a dict literal of the file that sets
    `gradient_accumulation_steps`: that value."""
    for node in model.source.nodes:
        if not isinstance(node, ast.Call) or (model.facts.imports.qualify(dotted(node.func) or "") or "") != "deepspeed.initialize":
            continue
        for kw in node.keywords:
            if kw.arg in ("config", "config_params") and isinstance(kw.value, ast.Name):
                value = _dict_literal(kw.value.id, model)
                if value is not None:
                    for key, item in zip(value.keys, value.values):
                        if isinstance(key, ast.Constant) and key.value == "gradient_accumulation_steps":
                            return item
    return None


def _deepspeed_config_names(model: ModuleModel) -> set[str]:
    """Names passed as `config=` to `deepspeed.initialize` that hold a dict literal of the file."""
    names: set[str] = set()
    for node in model.source.nodes:
        if not isinstance(node, ast.Call) or (model.facts.imports.qualify(dotted(node.func) or "") or "") != "deepspeed.initialize":
            continue
        for kw in node.keywords:
            if kw.arg in ("config", "config_params") and isinstance(kw.value, ast.Name) and _dict_literal(kw.value.id, model):
                names.add(kw.value.id)
    return names


def _dict_literal(name: str, model: ModuleModel) -> ast.Dict | None:
    for node in model.module.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return node.value if isinstance(node.value, ast.Dict) else None
    return None


def _handed_in_setting(event: GradEvent, model: ModuleModel) -> object | None:
    """`def train_one_epoch(accelerator, model, loader, optimizer)` of this module, called
    only from other modules of the project, each passing a name its caller binds to an object
    built with an accumulation setting other than 1 (`accelerator = Accelerator(
    gradient_accumulation_steps=2)` in train.py): the object divides by its setting
    (`"handed"`: the setting is the object's own, `accelerator.gradient_accumulation_steps`).
    None when a call passes anything else, or the function is called in this module too."""
    from gradfix.analysis.steps import arguments_elsewhere

    target = event.target or ""
    project = model.facts.project
    if event.foreign or "." in target or project is None or not model.source.path or event.helpers:
        return None
    function = next(
        (
            node for node in model.source.nodes
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno <= event.node.lineno <= (node.end_lineno or 0)  # type: ignore[attr-defined]
        ),
        None,
    )  # fmt: skip
    info = model.facts.module_functions.get(function.name) if function is not None else None
    if info is None or info.node is not function or target not in info.params:
        return None
    if model.source.text.count(f"{function.name}(") != 1:  # type: ignore[union-attr]
        return None  # called in this module too (or a name holding it is: unsure)
    seen = False
    for module, value in arguments_elsewhere(project, model.source.path, info, target):
        if not isinstance(value, ast.Name):
            return None
        caller = next(
            (n for n in module.source.nodes if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.lineno <= value.lineno <= (n.end_lineno or 0) and not any(
                isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)) and inner is not n and inner.lineno <= value.lineno <= (inner.end_lineno or 0) for inner in ast_walk(n)
            )),
            None,
        )  # fmt: skip
        there = module.facts.info_in(value.id, (caller,)) if caller is not None else module.facts.info(value.id)
        setting = there.accumulation if there is not None else None
        if there is None or there.library != "accelerator" or setting is None:
            return None
        if isinstance(setting, ast.Constant) and setting.value == 1 and not isinstance(setting.value, bool):
            return None
        seen = True
    return "handed" if seen else None


class _Imported:
    """The setting of a library object built at the top of another module of the project
    (`accelerator = Accelerator(gradient_accumulation_steps=ACCUM)` in accel.py): the
    expression as that module writes it, the module, and the module's name as the importer
    qualifies it."""

    def __init__(self, expr: ast.expr, module, module_name: str) -> None:  # type: ignore[no-untyped-def]
        self.expr, self.module, self.module_name = expr, module, module_name


def _imported_setting(event: GradEvent, model: ModuleModel) -> object | None:
    """The setting of the object behind a dividing backward that the module imports from
    another module of the project, which builds it once at its top (`from accel import
    accelerator`); None when it divides by 1 or is not such an object."""
    from gradfix.analysis.loops import imported_object

    target = event.target or ""
    if event.foreign or "." in target:
        return None
    found = imported_object(model.facts, target)
    if found is None:
        return None
    info, module, module_name = found
    setting = info.accumulation
    if setting is not None:
        if isinstance(setting, ast.Constant) and setting.value == 1 and not isinstance(setting.value, bool):
            return None
        return _Imported(setting, module, module_name)
    if info.library == "deepspeed-engine":
        return "config"
    return None


def _same_imported_setting(divisor: ast.expr, setting: _Imported, model: ModuleModel) -> bool:
    """The divisor is the imported object's setting: the same module-level name of its module,
    imported by the module and bound nowhere in it (`from accel import ACCUM, accelerator`), or
    both are the same literal count (written directly or through a name bound once)."""
    from gradfix.analysis.loops import ModuleModel as Model

    there = Model(setting.module.source, setting.module.facts)
    expr = setting.expr
    if isinstance(divisor, ast.Name) and isinstance(expr, ast.Name):
        stores = [n for n in setting.module.source.of_type(ast.Name) if n.id == expr.id and not isinstance(n.ctx, ast.Load)]  # type: ignore[attr-defined]
        top = [s for s in setting.module.source.tree.body if isinstance(s, (ast.Assign, ast.AnnAssign)) and any(n is stores[0] for n in ast_walk(s))] if len(stores) == 1 else []
        if (
            top
            and model.facts.imports.qualify(divisor.id) == f"{setting.module_name}.{expr.id}"
            and not any(n.id == divisor.id and not isinstance(n.ctx, ast.Load) for n in model.source.of_type(ast.Name))  # type: ignore[attr-defined]
            and not any(a.arg == divisor.id for a in model.source.of_type(ast.arg))  # type: ignore[attr-defined]
        ):
            return True  # the very name the constructor was given, bound once at that module's top
    count = _literal_count(divisor, model)
    return count is not None and not isinstance(divisor, ast.Attribute) and _literal_count(expr, there) == count


_CUTTING = frozenset(("chunk", "split", "tensor_split", "array_split"))
def _module_loss_forward(call: ast.Call, model: ModuleModel) -> ast.FunctionDef | None:
    """`WindowLoss()`: the `forward` of a class of the module subclassing `torch.nn.Module`
    (its instance called as `loss_fn(output, target)` runs it), or None."""
    if not isinstance(call.func, ast.Name):
        return None
    facts = model.facts
    node = facts.classes.get(call.func.id)
    if node is None or not any(facts.imports.qualify(dotted(b) or "") in ("torch.nn.Module", "torch.nn.modules.module.Module") for b in node.bases):
        return None
    forward = facts.methods.get(call.func.id, {}).get("forward")
    return forward.node if forward is not None and isinstance(forward.node, ast.FunctionDef) else None


# Ignite's builders of an update that divides `loss_fn`'s value by `gradient_accumulation_steps`
# (gradfix/libraries/ignite.py: the count is read from their library entries)
_DIVIDING_BUILDERS = frozenset((
    "create_supervised_trainer", "supervised_training_step", "supervised_training_step_amp",
    "supervised_training_step_apex", "supervised_training_step_tpu",
))


def _cuts_by(divisor: ast.expr, loop: ast.AST, source: Source) -> bool:
    """The iteration also cuts something into that many pieces (`x.chunk(CHUNKS)`,
    `torch.split(batch, n)`): the division is a mean over the pieces, even when their count
    equals the accumulation setting (not `range(n)`: a hand-written window over `n` micro-batches
    may divide by the setting twice)."""
    text = source.code(divisor)
    segment = source.segment(loop)
    if not any(f"{word}(" in segment for word in _CUTTING) or segment.count(text) < 2:
        return False
    for node in ast_walk(loop):
        if isinstance(node, ast.Call) and (dotted(node.func) or "").rsplit(".", 1)[-1] in _CUTTING:
            if any(source.code(arg) == text for arg in (*node.args, *(kw.value for kw in node.keywords))):
                return True
    return False


def _same_setting(divisor: ast.expr, event: GradEvent, setting: object, model: ModuleModel) -> bool:
    source = model.source
    text = source.code(divisor)
    target = event.target or ""
    if isinstance(setting, _Imported):
        if text in (f"{target}.gradient_accumulation_steps", f"{target}.gradient_accumulation_steps()"):
            return True
        return _same_imported_setting(divisor, setting, model)
    if isinstance(setting, ast.AST) and text == source.code(setting):
        return True
    if text in (
        f"{target}.gradient_accumulation_steps", f"{target}.gradient_accumulation_steps()", f"{target}.gradient_state.num_steps"
    ):
        return True
    if isinstance(setting, ast.AST) and _plugin_count_read(divisor, setting, model):
        return True
    if isinstance(setting, ast.AST) and _setting_kept_on_self(divisor, setting, model):
        return True
    info = model.facts.info(target)
    if info is not None and info.library == "deepspeed-engine" and isinstance(setting, ast.AST):
        # CONFIG["gradient_accumulation_steps"] of the literal config itself
        if isinstance(divisor, ast.Subscript) and isinstance(divisor.slice, ast.Constant):
            return (
                divisor.slice.value == "gradient_accumulation_steps"
                and isinstance(divisor.value, ast.Name)
                and divisor.value.id in _deepspeed_config_names(model)
            )
    return False


def _setting_kept_on_self(divisor: ast.expr, setting: ast.AST, model: ModuleModel) -> bool:
    """`Accelerator(gradient_accumulation_steps=cfg.accum)` in a class's `__init__` that keeps
    its parameter as `self.cfg = cfg`, and `self.cfg.accum` in a method of the same class: the
    same value when `cfg` is not rebound in `__init__`, `self.cfg` is bound nowhere else in the
    class, and the file never writes an attribute named like the setting's last one (nor calls
    `setattr`)."""
    chain: list[str] = []
    node = setting
    while isinstance(node, ast.Attribute):
        chain.insert(0, node.attr)
        node = node.value
    if not chain or not isinstance(node, ast.Name) or not isinstance(divisor, ast.Attribute):
        return False
    param = node.id
    tree = model.source.tree
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        init = next((f for f in cls.body if isinstance(f, FUNCTIONS) and f.name == "__init__"), None)
        if init is None or not (init.lineno <= setting.lineno <= (init.end_lineno or 0)):  # type: ignore[attr-defined]
            continue
        if not (cls.lineno <= divisor.lineno <= (cls.end_lineno or 0)):
            return False
        args = init.args
        if param not in {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}:
            return False
        if any(isinstance(n, ast.Name) and n.id == param and not isinstance(n.ctx, ast.Load) for n in ast_walk(init)):
            return False  # `cfg` rebound in `__init__`
        head = dotted(divisor) or ""
        suffix = "." + ".".join(chain)
        if not (head.startswith("self.") and head.endswith(suffix)):
            return False
        kept = head[: -len(suffix)]  # `self.cfg`
        bindings = [
            stmt for stmt in ast_walk(cls) if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign))
            for target in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
            if dotted(target) == kept
        ]
        if len(bindings) != 1:
            return False
        only = bindings[0]
        if not (isinstance(only, ast.Assign) and len(only.targets) == 1 and isinstance(only.value, ast.Name)
                and only.value.id == param and any(stmt is only for stmt in init.body)):
            return False
        for other in ast_walk(tree):
            if isinstance(other, ast.Attribute) and other.attr == chain[-1] and not isinstance(other.ctx, ast.Load) and not getattr(other, "synthetic", False):
                return False  # (a `@dataclass` field's own binding, made explicit by gradfix, is no rewrite)
            if isinstance(other, ast.Call) and isinstance(other.func, ast.Name) and other.func.id == "setattr":
                return False
        return True
    return False


def _plugin_count_read(divisor: ast.expr, setting: ast.AST, model: ModuleModel) -> bool:
    """`plugin.num_steps` of the `GradientAccumulationPlugin(num_steps=N)` whose N is the very
    setting the backward's object was built with (`Accelerator(gradient_accumulation_plugin=
    plugin)`), the attribute written nowhere in the file."""
    if not (isinstance(divisor, ast.Attribute) and isinstance(divisor.value, ast.Name) and divisor.attr == "num_steps"):
        return False
    facts = model.facts
    name = divisor.value.id
    infos = [i for i in (facts.info(name), *(objects.get(name) for objects in facts.local_objects.values())) if i is not None]
    if not infos or any(i.library != "accumulation-plugin" or i.accumulation is not setting for i in infos):
        return False
    key = model.source.key(divisor)
    return not any(
        not isinstance(n.ctx, ast.Load) and model.source.key(n) == key for n in model.source.of_type(ast.Attribute)  # type: ignore[attr-defined]
    )


def _multiplied_back(loop: TrainingLoop, event: GradEvent, division: ast.BinOp, source: Source) -> bool:
    """The iteration multiplies the divided loss by N again somewhere (`loss.item() * N` for a
    log): removing the division would leave that product N times too large."""
    loss = event.loss
    if not isinstance(loss, ast.Name):
        return False
    n_text = source.code(division.right)
    helper = event.helpers[0] if not event.direct and event.helpers else None
    # in a step helper the loss name is the helper's; what it returns the loop may multiply
    # back under any name
    returns = helper is not None and any(isinstance(n, ast.Return) and n.value is not None for n in ast_walk(helper))
    for scope, name in ((loop.node, None if helper is not None else loss.id), (helper, loss.id)):
        if scope is None or (name is None and not returns):
            continue
        for node in ast_walk(scope):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
                for side, other in ((node.left, node.right), (node.right, node.left)):
                    if source.code(other) == n_text and (
                        name is None or any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(side))
                    ):
                        return True
    return False


def _divided_in_a_step_helper(event: GradEvent, model: ModuleModel) -> bool:
    """A backward written in a function (or method) of this module that the loop calls right
    in its body, dividing its loss right in the call (`accelerator.backward(loss / ACC)` in
    `training_step`), or in the helper's last binding of the loss name before it
    (`loss = loss / ACC`, `loss /= ACC`): judged as if written in the loop."""
    if not (len(event.via) == 1 and not event.foreign and event.helpers):
        return False
    loss = event.loss
    if isinstance(loss, ast.BinOp):
        return isinstance(loss.op, ast.Div) and any(node is loss for node in ast_walk(event.helpers[0]))
    return isinstance(loss, ast.Name) and _helper_binding(event) is not None


def _helper_binding(event: GradEvent) -> ast.stmt | None:
    """In the step helper holding the backward, the last statement of the helper's own body
    before the backward's that binds the loss name, when it is a plain `loss = ...` or
    `loss /= ...` (a binding under a branch or loop, or in the backward's own statement,
    leaves the division unsure)."""
    loss = event.loss
    helper = event.helpers[0] if event.helpers else None
    if not isinstance(loss, ast.Name) or not isinstance(helper, FUNCTIONS):
        return None
    body = helper.body
    index = next((i for i, stmt in enumerate(body) if any(n is event.node for n in ast_walk(stmt))), None)
    if index is None or _binds(body[index], loss.id):
        return None
    for stmt in reversed(body[:index]):
        if not _binds(stmt, loss.id):
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            return stmt
        if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
            return stmt
        return None
    return None


def _binds(stmt: ast.stmt, name: str) -> bool:
    return any(
        (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, (ast.Store, ast.Del)))
        or (isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names)
        for n in ast_walk(stmt)
    )


def _divisions(loop: TrainingLoop, event: GradEvent, source: Source) -> Iterator[tuple[ast.BinOp, object]]:
    """Divisions of the loss on its way to the backward, each with the edit that removes it."""
    loss = event.loss
    if isinstance(loss, ast.BinOp) and isinstance(loss.op, ast.Div):
        yield loss, ReplaceNode(loss, source.outer_segment(loss.left), event.statement)
        return
    if not isinstance(loss, ast.Name):
        return
    # `loss = loss / ACC` in a step helper, or the iteration's last binding of the loss name
    node = _helper_binding(event) if not event.direct else _iteration_binding(event, source)
    if node is None:
        return
    if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Div) and isinstance(node.target, ast.Name):
        division = ast.BinOp(left=node.target, op=ast.Div(), right=node.value)
        ast.copy_location(division, node)
        division.end_lineno, division.end_col_offset = node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]
        yield division, RemoveStatement(node) if source.alone_on_lines(node) else None
    elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.BinOp):
        value = node.value
        if not isinstance(value.op, ast.Div):
            return
        if isinstance(value.left, ast.Name) and value.left.id == loss.id:
            yield value, RemoveStatement(node) if source.alone_on_lines(node) else None
        else:
            yield value, ReplaceNode(value, source.outer_segment(value.left), node)


def _iteration_binding(event: GradEvent, source: Source, name: ast.Name | None = None) -> ast.AST | None:
    """The last unit of the iteration before the backward's that binds the loss name (or `name`)."""
    loss = event.loss if name is None else name
    if not isinstance(loss, ast.Name) or not event.home_loops:
        return None
    flow = IterationFlow(event.home_loops[-1], source)  # type: ignore[arg-type]
    position = flow.position(event.statement)
    if position is None:
        return None
    binding = next((u for u in reversed(flow.units[:position]) if loss.id in u.binds), None)
    return binding.node if binding is not None else None


def _helper_division(event: GradEvent, model: ModuleModel) -> tuple[ast.Call, ast.expr, ast.stmt] | None:
    """`loss = compute_loss(model, batch, ACC)`, the iteration's last binding of the loss
    before the dividing backward, calls a function of the module (or one imported from another
    module of the project) whose every `return` divides by one parameter that its body names
    nowhere else (`return F.cross_entropy(model(x), y) / accum`): the call, the argument the call
    passes for that parameter (by position or keyword; not left to a default), and the
    statement. Also `out = compute(model, batch, ACC)` ... `accelerator.backward(out["loss"])`,
    the helper's every `return` a dict literal whose entry at that constant key divides by the
    parameter (`return {"loss": ce / accum, "logits": logits}`, or a name so divided)."""
    key = None
    loss = event.loss
    if (
        isinstance(loss, ast.Subscript) and isinstance(loss.value, ast.Name)
        and isinstance(loss.slice, ast.Constant) and isinstance(loss.slice.value, str)
    ):  # fmt: skip
        key = loss.slice.value
        node = _iteration_binding(event, model.source, loss.value)
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id == loss.value.id):
            return None
    else:
        node = _iteration_binding(event, model.source)
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call)):
        return None
    call = node.value
    name = dotted(call.func)
    if name is None:
        return None
    helper, _ = _called_function(name, model)
    if helper is None:
        return None
    function = helper.node
    returns = [n for n in own_nodes(function) if isinstance(n, ast.Return)]
    if key is not None:
        if any(isinstance(n, (*FUNCTIONS, ast.Lambda)) and n is not function for n in ast_walk(function)):
            return None  # (a nested function: its returns are not the helper's)
        at = _divisions_at(function, key)
        divisors = {d.right.id for d in at if isinstance(d.right, ast.Name)}
        if not returns or len(at) != len(returns) or len(divisors) != 1 or not all(isinstance(d.right, ast.Name) for d in at):
            return None
    else:
        divisors = {n.value.right.id for n in returns if isinstance(n.value, ast.BinOp) and isinstance(n.value.op, ast.Div) and isinstance(n.value.right, ast.Name)}
        if not returns or len(divisors) != 1 or not all(isinstance(n.value, ast.BinOp) and isinstance(n.value.op, ast.Div) for n in returns):
            return None
    parameter = divisors.pop()
    positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if parameter not in positional and parameter not in (a.arg for a in function.args.kwonlyargs):
        return None
    if sum(1 for n in ast_walk(function) if isinstance(n, ast.Name) and n.id == parameter) != len(returns):
        return None  # the count is used for more than the division (`x.chunk(n)`)
    argument = next((k.value for k in call.keywords if k.arg == parameter), None)
    if argument is None and parameter in positional:
        index = positional.index(parameter)
        if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
            argument = call.args[index]
    return (call, argument, node) if argument is not None else None


def _helper_constant(event: GradEvent, model: ModuleModel, setting: object) -> tuple[ast.Call, str] | None:
    """`loss = micro_loss(net, batch)`, the iteration's last binding of the loss before the
    dividing backward, calls a function of the module (or one imported from another module of
    the project) whose every `return` divides by one name its own module binds once, at its top
    level, and nowhere else (`ACCUM_STEPS = 4` ... `return ce / ACCUM_STEPS`): the call and the
    name, when the name says an accumulation count or is the very setting (the backward's
    library built with that constant: the same module, or this module importing it from the
    helper's and binding it nowhere else). Reported without a fix."""
    node = _iteration_binding(event, model.source)
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call)):
        return None
    call = node.value
    name = dotted(call.func)
    if name is None:
        return None
    facts = model.facts
    helper, qualified = _called_function(name, model)
    if helper is None:
        return None
    function = helper.node
    returns = [n for n in own_nodes(function) if isinstance(n, ast.Return)]
    divisors = {n.value.right.id for n in returns if isinstance(n.value, ast.BinOp) and isinstance(n.value.op, ast.Div) and isinstance(n.value.right, ast.Name)}
    if not returns or len(divisors) != 1 or not all(isinstance(n.value, ast.BinOp) and isinstance(n.value.op, ast.Div) for n in returns):
        return None
    constant = divisors.pop()
    if any(isinstance(n, (*FUNCTIONS, ast.Lambda)) and n is not function for n in ast_walk(function)):
        return None  # (a nested function: its returns are not the helper's)
    if sum(1 for n in ast_walk(function) if isinstance(n, ast.Name) and n.id == constant) != len(returns):
        return None  # the count is used for more than the division (`x.chunk(N)`), or bound in the helper
    if constant in (a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)):
        return None  # (a parameter: `_helper_division`'s case)
    home = helper.source if helper.source is not None else model.source
    tree = home.tree
    tops = [s for s in tree.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) and s.targets[0].id == constant]  # type: ignore[attr-defined]
    if len(tops) != 1:
        return None
    stores = 0
    for n in ast_walk(tree):
        if isinstance(n, ast.Name) and n.id == constant and not isinstance(n.ctx, ast.Load):
            stores += 1
        elif isinstance(n, (ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom)) and any(
            (a if isinstance(a, str) else (a.asname or a.name.split(".")[0])) == constant for a in n.names
        ):
            return None  # rebound through `global`, or also imported
    if stores != 1:
        return None
    if _ACCUMULATION_NAME.search(constant):
        return call, constant
    if not (isinstance(setting, ast.Name) and setting.id == constant):
        return None
    if qualified is None:
        return call, constant  # the helper's module is this one: the setting is that constant
    module = qualified.rsplit(".", 1)[0]
    if facts.imports.qualify(constant) != f"{module}.{constant}":
        return None
    if any(isinstance(n, ast.Name) and n.id == constant and not isinstance(n.ctx, ast.Load) for n in ast_walk(model.source.tree)):
        return None  # (bound again here)
    return call, constant


# `loss /= N` read as the division `loss / N`, and `loss = loss / N` (by the division's id):
# the statement to remove. The entry holds the division itself: an entry a consumer left behind
# (a check abandoned half-way) keeps its id from being reused, and is never taken for another
# file's division at the same address (`_in_place`)
_IN_PLACE: dict[int, tuple[ast.BinOp, ast.stmt]] = {}


def _in_place(division: ast.BinOp) -> ast.stmt | None:
    """The statement `_returned_divisions` read `division` from when it is `loss /= N` or
    `loss = loss / N` (taken at once), else None."""
    entry = _IN_PLACE.pop(id(division), None)
    return entry[1] if entry is not None and entry[0] is division else None


def _returned_helper(function: ast.AST, methods: dict, inherited: dict) -> tuple[FunctionInfo | None, int | None]:  # type: ignore[type-arg]
    """The method of the class (or of a base of the file, `inherited`) every `return` of the hook
    hands back unchanged: `return self._shared_step(batch)`, or `loss = self._shared_step(batch)`
    (the name's one binding in the hook) ... `return loss`; with the position in the tuple the
    method returns when the hook unpacks it (`loss, logs = self._shared_step(batch)`), else None."""
    stores: dict[str, int] = {}
    values: dict[str, tuple[ast.expr, int | None]] = {}
    returns: list[ast.expr | None] = []
    for node in ast_walk(function):
        if isinstance(node, (*FUNCTIONS, ast.Lambda)) and node is not function:
            return None, None  # (a nested function: not read)
        if isinstance(node, ast.Return):
            returns.append(node.value)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values[node.targets[0].id] = (node.value, None)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple):
            elts = node.targets[0].elts
            if all(isinstance(e, ast.Name) for e in elts):
                for at, element in enumerate(elts):
                    values[element.id] = (node.value, at)  # type: ignore[attr-defined]
    args = function.args  # type: ignore[attr-defined]
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    names: set[tuple[str, int | None]] = set()
    for value in returns:
        index = None
        key = None
        if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and isinstance(value.slice, ast.Constant) and isinstance(value.slice.value, str):
            key, value = value.slice.value, value.value  # `out = self._shared_step(batch)` ... `return out["loss"]`
        if isinstance(value, ast.Name):
            name = value.id
            value, index = values.get(name, (None, None)) if stores.get(name) == 1 and name not in params else (None, None)
            if key is not None:
                if index is not None:
                    return None, None  # (an entry of an unpacked element: not read)
                index = key  # type: ignore[assignment]
        elif key is not None:
            return None, None
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name)):
            return None, None
        if value.func.value.id != "self":
            return None, None
        names.add((value.func.attr, index))
    if len(names) != 1:
        return None, None
    name, index = names.pop()
    helper = methods.get(name) or (inherited.get(name) if name not in methods else None)
    return (helper, index) if helper is not None and helper.node is not function else (None, None)


def _inherited_methods(node: ast.ClassDef, facts) -> dict:  # type: ignore[no-untyped-def,type-arg]
    """The methods the class inherits from its bases of the file (the nearest base's first)."""
    from gradfix.analysis.frameworks import file_ancestors

    found: dict = {}  # type: ignore[type-arg]
    for base in file_ancestors(node, facts.classes):
        for name, info in facts.methods.get(base.name, {}).items():
            found.setdefault(name, info)
    return found


def _divisions_at(function: ast.AST, index: int | str) -> list[ast.BinOp]:
    """The returned divisions of a method every `return` of which hands back a tuple, at position
    `index` (`return loss / N, logs`, or `loss = x / N` ... `return loss, logs`), or a dict
    literal, at the constant key `index` (`return {"loss": loss / N, "logits": logits}`)."""
    returns = [n for n in ast_walk(function) if isinstance(n, ast.Return)]
    if not returns:
        return []
    if isinstance(index, str):
        at = []
        for r in returns:
            entries = [v for k, v in zip(r.value.keys, r.value.values) if isinstance(k, ast.Constant) and k.value == index] if isinstance(r.value, ast.Dict) else []
            if len(entries) != 1 or any(k is None for k in r.value.keys):  # type: ignore[union-attr]
                return []  # (a return of something else, or a `**spread` that may replace the entry)
            at.append(entries[0])
    elif any(not isinstance(r.value, ast.Tuple) or len(r.value.elts) <= index for r in returns):
        return []
    else:
        at = [r.value.elts[index] for r in returns]  # type: ignore[union-attr]
    found = [e for e in at if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Div)]
    names = {e.id for e in at if isinstance(e, ast.Name)}
    for division in _returned_divisions(function):
        statement = _statement_of(function, division)
        if isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
            target = statement.target.id
        elif isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name):
            target = statement.targets[0].id
        else:
            continue
        if target in names and not any(isinstance(e, ast.Name) and e.id != target for e in at):
            found.append(division)
    return found


def _called_once(name: str, source: Source) -> bool:
    """The file calls `<x>.name(...)` once (and names the attribute nowhere else)."""
    return sum(isinstance(n, ast.Attribute) and n.attr == name for n in source.nodes) == 1


def _returned_divisions(function: ast.AST) -> Iterator[ast.BinOp]:
    """`return loss / N` (or `(loss, outputs) if ... else loss / N`) in a hook."""
    for node in ast_walk(function):
        if isinstance(node, (*FUNCTIONS, ast.Lambda)) and node is not function:
            continue
        if isinstance(node, ast.Return) and isinstance(node.value, ast.BinOp) and isinstance(node.value.op, ast.Div):
            yield node.value
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Dict):
            # `return {"loss": loss / N, "log": ...}`: the framework backpropagates the "loss" entry
            for key, value in zip(node.value.keys, node.value.values):
                if isinstance(key, ast.Constant) and key.value == "loss" and isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div):
                    yield value
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Div) and isinstance(node.target, ast.Name):
            # `loss /= self.trainer.accumulate_grad_batches; return loss`
            if _returned_name(function, node.target.id):
                division = ast.BinOp(left=node.target, op=ast.Div(), right=node.value)
                ast.copy_location(division, node)
                division.end_lineno, division.end_col_offset = node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]
                _IN_PLACE[id(division)] = (division, node)
                yield division
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.BinOp) and isinstance(node.value.op, ast.Div):
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if targets and _returned_name(function, targets[0]):
                left = node.value.left
                if len(node.targets) == 1 and isinstance(left, ast.Name) and left.id == targets[0]:
                    _IN_PLACE[id(node.value)] = (node.value, node)  # `loss = loss / N`: the statement goes
                yield node.value


def _holding_statement(node: ast.AST, source: Source) -> ast.AST:
    """The innermost statement whose text holds the node."""
    start, end = source.start(node), source.end(node)
    holders = [n for n in source.nodes if isinstance(n, ast.stmt) and source.start(n) <= start and source.end(n) >= end]
    return max(holders, key=source.start) if holders else source.tree


def _bound_in(function: ast.AST | None, divisor: ast.expr) -> bool:
    """A name the divisor reads is a parameter of the function or bound in it: not the value the
    caller's setting names."""
    if function is None:
        return True
    names = {n.id for n in ast_walk(divisor) if isinstance(n, ast.Name)}
    args = function.args  # type: ignore[attr-defined]
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)} | {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    if names & params:
        return True
    return any(
        isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and n.id in names for n in ast_walk(function)
    )


def _returned_name(function: ast.AST, name: str) -> bool:
    for node in ast_walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            if any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(node.value)):
                return True
    return False


def _statement_of(function: ast.AST, node: ast.AST) -> ast.AST:
    for statement in ast_walk(function):
        if isinstance(statement, ast.stmt) and not isinstance(statement, DEFINITIONS):
            if any(sub is node for sub in ast_walk(statement)):
                return statement
    return node


def _switched_off(node: ast.ClassDef, attribute: str) -> bool:
    from gradfix.analysis.steps import _switched_off as switched

    return switched(node, attribute)


def _called_function(name: str, model: ModuleModel) -> tuple[FunctionInfo | None, str | None]:
    """The plain function (no method) a call's dotted name reaches: the module's own, or one
    imported from another module of the project (with its qualified name)."""
    facts = model.facts
    helper = facts.module_functions.get(name)
    qualified = None
    if helper is None and facts.project is not None and name.split(".", 1)[0] in facts.imports.aliases:
        qualified = facts.imports.qualify(name)
        helper = facts.project.function(qualified, model.source.path or None) if qualified else None
    if helper is None or not isinstance(helper.node, FUNCTIONS) or helper.class_name is not None:
        return None, qualified
    return helper, qualified
