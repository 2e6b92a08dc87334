from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.accumulators import class_call_gives_numbers, function_returns_numbers, function_without_graph, find_accumulations
from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.facts import FunctionInfo, ModuleFacts, located_bases
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import LIBRARY_ROOTS, call_name, stdlib_names
from gradfix.analysis.state_entries import handed_entries
from gradfix.analysis.steps import framework_iterations, trainer_loss_overrides, trainer_step_overrides
from gradfix.source import Source, dotted
from gradfix.walk import ast_walk, child_nodes, own_nodes
from gradfix.transforms._common import ignite_handlers, training_loop_ids
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class LossTensorAccumulated(Rule):
    """
    A loss tensor is accumulated across iterations, keeping every step's autograd graph alive.

    ## What it does
    Finds statements in a training loop that add the loss *tensor* (not its value) into
    something that lives across iterations: `running_loss += loss`,
    `total = total + loss` (also into a string-keyed item of a dict whose other items the
    forward reads, `parts["run"] = parts["run"] + loss` beside `parts["model"](x)`: the item,
    not the dict, is what the sum binds; the item may be read by `.get` with a default,
    `metrics["loss"] = metrics.get("loss", 0.0) + loss`; so for an attribute of a namespace or config object,
    `st.history = st.history + [loss]` beside `st.model(x)`, unless the iteration reads the
    object whole, `backprop(st)`), the same sum in place or as a call (`total.add_(loss)`, `total =
    torch.add(total, loss)`), a field of a frozen dataclass copied with the sum, `state =
    dataclasses.replace(state, total=state.total + loss)` (or a named tuple's `state =
    state._replace(total=state.total + loss)`), a moving average `smooth = 0.9 * smooth + 0.1 * loss`, a history
    kept by `history = torch.cat([history, loss.reshape(1)])`,
    `epoch_loss += loss / len(loader)`, `losses.append(loss)`,
    `history = history + [loss]`, `running += loss if log_now else 0.0`, where the
    accumulator is bound outside the iteration (also as one name of several: `seen, total =
    0, 0.0`) and not reset in it, or bound in it only by `acc = <number>` in the block of an
    `if` with no `else` that the accumulation is not in (`if i == 0: total = 0.0` in a loop
    over every step of every epoch: the passes where the test fails grow what the earlier ones
    left), or in arms of an `if`/`elif` chain not every arm of which resets it (a
    `send`-driven generator trainer, `message = yield reply` then `if message[0] == "start":
    total = 0.0` ... `elif message[0] == "batch": ...; total += loss`: what the generator is
    sent is not the reply it yields). A term of the backpropagated loss counts as a loss
    (`kl_terms.append(kl)` with `loss = rec + 0.5 * kl`: a name added, subtracted or scaled by a
    literal into the name backpropagated, or negated: `meter.update(agreement, n)` with `loss =
    -agreement`; or scaled by a name the loop never binds, a weight read before it:
    `totals["f"] += loss_f` with `loss = data + loss_f * f_weight`; such a term may be unpacked
    from a call, `loss_ic, loss_f = pde_terms(out, x)`, when the function of the module, or the
    method found as for `self.compute_loss` below, returns in every `return` a tuple holding a
    computation at its place: not a parameter, a number, a count or a detached value); so does a name unpacked beside the loss from one call
    (`loss, rec, kld = vae_loss(...)`, `loss, mf, reg = model.bpr_loss(...)`) when the function
    or method the call runs (of the module, or found as for `self.compute_loss` below) returns,
    in every `return`, a tuple whose loss element adds up the names returned at those places
    (`return rec + beta * kld, rec, kld`, or `total = rec + kld; return total, rec, kld`;
    a term may be scaled by an attribute of `self` and bound to a name first, `cor_term =
    self.decay * cor; return mf + cor_term, mf, cor`), each bound there to a computation (not
    a parameter, a literal or a detached value); calling a model (`loss, mf, cor = model(x)`,
    `model` bound only to objects of one class of the project with no `__call__` of its own)
    runs its `forward`. A LightningModule's `training_step` under
    automatic optimization is an iteration too (Lightning backpropagates the loss it returns:
    `self.epoch_loss += loss` there chains each batch's graph to the next until the attribute
    is reset). Collecting the losses there in a list (`self.training_step_outputs.append(loss)`
    for `on_train_epoch_end`) is Lightning's documented idiom and is not reported. A
    transformers Trainer's `training_step` override written whole (its own
    `self.accelerator.backward(loss)`, also in an arm of an `if`, no
    `super().training_step(...)`, no step or clear) is an iteration as well, the Trainer calling it once per micro-batch: there
    `self.kept.append(loss)` is reported (the Trainer has no such idiom); so is its
    `compute_loss` override, called once per micro-batch, whose returned loss the base
    backpropagates after it returns (a name bound to a call handed `return_outputs` may be a
    `(loss, outputs)` tuple: not read as the loss). Ignite
    keeps what the process function of `trainer = Engine(update)` returns as
    `engine.state.output`: when `update` returns the loss it backpropagates at its top level
    (`return loss` its last and only `return`), a handler of `ITERATION_COMPLETED` (also
    `(every=N)`) that appends `engine.state.output` to a list it does not bind, or adds it
    into a `global` name or an attribute, keeps every step's graph (fixed with `.detach()`); the
    same for `trainer = create_supervised_trainer(..., output_transform=lambda x, y, y_pred,
    loss: loss)` (or `Engine(supervised_training_step(...))` with such a transform), whose
    output is the backpropagated loss tensor instead of the default `loss.item()`.

    ## Why is this bad?
    A loss tensor holds its `grad_fn`, and through it the whole autograd graph of its
    step, with the saved activations. Adding it into a running total (or appending it to
    a list) chains every step's graph to the accumulator, so none is ever freed: memory
    grows with the step count until the process runs out of it, and each step gets slower.

    ## Example
    ```python
    running_loss = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        running_loss += loss
    ```

    ## Use instead
    ```python
    running_loss = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        running_loss += loss.detach()
    ```
    (`loss.item()` works too when the accumulator is only ever used as a Python number;
    it costs a device synchronisation per step on a GPU.)

    ## Fix safety
    Safe. The fix appends `.detach()` to each part of the added value that holds a loss graph
    (`running_loss += loss.detach()`, `total = total + criterion(a, b).detach()`; other
    expressions are parenthesized first): the same value and type (a later `running_loss.item()`
    or `float(running_loss)` still works), without the graph. No fix when a part is a name
    the loop binds to a number in an arm of an `if` (`if y.numel() == 0: loss = 0.0`) or by a
    conditional expression (`aux = ... if w else 0`): a number has no `.detach()`.

    A statement of the iteration (nested training loops excluded) is reported when it is
    `acc += v`, `acc -= v`, `acc = acc + v` (either side; also `acc = v if acc is None else acc
    + v`, and `acc = v if i == 0 else acc + v` or `not i`, started on the first pass of a loop
    whose `for` target binds `i`, with nothing binding `acc` before the loop), `acc.append(v)`,
    `acc.extend([v])`
    (`acc` also an entry under a constant key: `history["loss"].append(v)`) or `meter.update(v,
    ...)` (any method but `step`, `backward` and collectives: `accumulate`, `add`, `log` too) with `meter` bound only to objects of one class of the project (this
    module's or an imported one) whose method adds its first argument into an attribute
    (`self.sum += val * n`, `self.avg = m * self.avg + (1 - m) * val`) or appends it to one
    (`self.losses.append(loss)` in a history's `on_batch_end`; not a string made from it,
    `f"loss={value:.4f}"`, nor under `@torch.no_grad()`) and never turns it into a number
    (an `AverageMeter`; a library's metric is not looked into, except timm's `AverageMeter`,
    whose `update(val, n)` adds `val * n` into its sum), where `v` holds a
    loss tensor: a name backpropagated in the iteration (or the `loss` attribute of a model
    output whose loss is backpropagated: `train_loss += output.loss` with
    `output.loss.backward()`; also when unpacked from a call: `loss,
    parts = criterion(out, y)`), or assigned from a loss call
    (`criterion(...)`, `loss_fn(...)`, `F.cross_entropy(...)`; not one whose name says it
    evaluates or measures, nor one computed from detached inputs or handed a NumPy array,
    `calc_loss(V, U, S.cpu().numpy())`), or returned by a helper
    the iteration calls that backpropagates that very loss (a function of this module or another
    of the project, or a method of the class or of a base class, also of another module:
    `self.train_step(x, y)`; `return loss` after
    `loss.backward()`, the name not bound again in between: `loss = loss.item()` returns a
    number; also in a tuple unpacked by the caller, `loss, acc = update(...)` of `return loss,
    acc`), or arithmetic, Accelerate's `gather`/`gather_for_metrics`/`reduce` (on
    one process they hand back the tensor, graph and all), Lightning's (Fabric's)
    `all_reduce(loss, reduce_op=...)`/`all_gather(loss)` (the same on one device), `.mean()`,
    `.sum()`, `.float()`, `.to(...)` and the like over those (or their function forms, `torch.mean(x)`,
    and torch's math of them, `torch.log10(mse)`), or what a one-line function of the module makes
    of one (`mse2psnr = lambda x: -10.0 * torch.log10(x)`, or a `def` that returns one such
    expression of its one parameter); and when the accumulator outlives
    the iteration: it is bound before the loop (or is a parameter of the function, an
    attribute of `self`, or a name of an enclosing function or of the module: `nonlocal
    total`, `history.append(loss)` in a closure).

    Not reported: `loss.item()`, `loss.detach()`, `loss.data`, `float(loss)`, `loss.cpu().item()`,
    `loss.detach().cpu()` (also when the loss's name is rebound to one of those, or to what a
    function of the module returns that only ever computes plain numbers: `loss =
    log_loss(y, p)` with `total += math.log(...)`; `return -total / len(y)`; or a function of
    another module of the project that does: `running += all_reduce_loss(loss)` returning
    `value.item()`; or a method gradfix finds that does: `self.history.append(self.compute_loss(x,
    y))` with the class's, or a base class's, `compute_loss` doing the whole update and returning
    `self.total_loss.item()`, or `trainer.step_loss(...)` on an object of a class of the project;
    a method returning a literal tuple, list or dict counts too);
    statements under `torch.no_grad()`/`torch.inference_mode()` or in a function decorated with
    them; an accumulator reset unconditionally in the iteration (a loss built up from terms and
    then backpropagated); an accumulator whose name is itself backpropagated in the iteration;
    and an accumulator that flows, through assignments anywhere in the function, into a
    `backward()` or `manual_backward()` call, into `torch.autograd.grad`/`torch.autograd.backward`,
    or into a call of the iteration that backpropagates what it is given: a helper gradfix looked
    into that holds a backward pass (`update(optimizer, window_loss)`), or a call it cannot see
    into that may (a window loss built over micro-batches, reset and backpropagated once per
    window). Nor, in a loop that steps no optimizer itself (one backward per loss term, the
    step around it), an accumulator rebound in the loop around it (a sum of one step's terms),
    returned by the function (its caller may backpropagate the sum) or, on `self`,
    backpropagated by another method of the class. A value that the iteration unpacks (`loss,
    size = out`) or indexes by a string (`out["loss"]`) is what a loss function returned, not a
    tensor (it has no `.detach()`) -- unless a step helper of the iteration returned the very
    loss it backpropagated in a dict (`return {"loss": loss, ...}`): `out["loss"]` is that tensor,
    or the iteration backpropagates that very item itself (`out = model.losses(x, y)`;
    `out["loss"].backward()`; `running += out["loss"]`), storing into no item of `out`. Nor in a file that imports only from the standard
    library and NumPy-world packages (backpropagation written by hand in NumPy).

    A call of a name bound to a loss module of torch (`ce = nn.CrossEntropyLoss()`;
    `loss_ce = ce(out, y)`), or to an object of another class named as a loss (`myloss =
    LpLoss()`; not a class of the module whose `__call__` or `forward` returns plain numbers),
    computes a loss, whatever the name. No fix when a value accumulated is what a function
    imported from a module gradfix cannot read returns (`running += reduce_loss(loss)` from a
    package it cannot find may be a number, which has no `.detach()`), nor when it is what a method
    of `self` named like a loss returns that neither the class nor its bases (as gradfix can read
    them) define, and that the module never binds as an attribute (`self.compute_loss(x, y)` of a
    library's base class). An element of a detached tensor
    (`loss.detach()[0]`, `loss.data[1]`) holds no graph.
    """

    code = "GF009"
    name = "loss-tensor-accumulated"
    message = "`{statement}` accumulates the loss tensor into `{acc}`: every step's graph stays alive; accumulate `.detach()`"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        if _without_tensors(model):
            return
        training = training_loop_ids(model)
        seen: set[int] = set()
        source = model.source
        answers: dict[tuple[str, str], bool] = {}

        def meters(key: str, method: str) -> bool:
            if (key, method) not in answers:
                answers[(key, method)] = _keeping_object(model, key, method)
            return answers[(key, method)]

        plain: dict[str, bool] = {}  # called name -> a function of another module returning numbers

        def project_numbers(name: str) -> bool:
            if name not in plain:
                plain[name] = _project_numbers(model, name)
            return plain[name]

        methods = _CalledMethods(model)

        # (a LightningModule's automatic `training_step` too: Lightning backpropagates what it returns)
        hooks = framework_iterations(model)
        # (and an HF Trainer's `training_step` written whole, or its `compute_loss`: the Trainer
        # calls each once per micro-batch)
        for loop in [*model.loops, *hooks, *trainer_step_overrides(model), *trainer_loss_overrides(model)]:
            numbers_method = lambda call, at=loop.node: methods.returns_no_tensor(call, at)  # noqa: E731
            returns_of = lambda call, at=loop.node: methods.definition(call, at)  # noqa: E731
            handed = frozenset(handed_entries(loop.node, model)) if loop.node.__class__ is ast.FunctionDef and model.step_call_sites else frozenset()
            for found in find_accumulations(
                loop, training, model.facts.imports.qualify, source, meters, project_numbers, numbers_method, returns_of, handed
            ):
                if id(found.node) in seen:
                    continue
                if isinstance(found.node, ast.Expr) and any(loop is hook for hook in hooks):
                    continue  # `self.step_losses.append(loss)` in `training_step`: Lightning's documented epoch-end idiom
                seen.add(id(found.node))
                edits = [
                    ReplaceNode(ref, _detached(ref, source), found.statement, span=(source.start(ref), source.end(ref)))
                    for ref in found.refs
                ] + [
                    ReplaceNode(ref, _detached(ref, source), statement, span=(source.start(ref), source.end(ref)))
                    for ref, statement in found.seeds
                ]
                numbers = _bound_to_numbers(loop.node)
                refs = [*found.refs, *(ref for ref, _ in found.seeds)]
                yield Finding(
                    self.code,
                    self.message.format(statement=source.code(found.node), acc=found.accumulator),
                    found.node,
                    # `loss = 0.0` in an `if` arm, `aux = ... if w else 0`: a number has no `.detach()`;
                    # nor may what an imported function gradfix cannot read returns (`gather_loss(loss)`
                    # of a package it cannot find may return `loss.item()`)
                    # nor what a method gradfix cannot find returns (`self.compute_loss(x, y)` of a base
                    # class it cannot read may return `loss.item()`)
                    fix=None if any(isinstance(r, ast.Name) and r.id in numbers for r in refs)
                    or any(_unread_import(r, model) or methods.unseen(r, loop.node) for r in refs)
                    else Fix(list(edits), Safety.SAFE),
                    related=(loop.node,),
                )
        if any(v.split(".", 1)[0] == "ignite" for v in model.facts.imports.aliases.values()) and b"state.output" in model.source.data:
            for finding in self._ignite_outputs(model):
                if id(finding.node) not in seen:
                    seen.add(id(finding.node))
                    yield finding


    def _ignite_outputs(self, model: ModuleModel) -> Iterator[Finding]:
        """Ignite's `trainer = Engine(update)` whose `update` returns the loss tensor it
        backpropagates (`loss.backward()` at its top level, `return loss` its last statement and
        only `return`, `loss` not bound again after the backward): the engine keeps that tensor
        as `engine.state.output`, graph and all (tests/libraries/test_ignite.py::
        test_state_output_is_the_tensor_the_update_returns). A handler of `ITERATION_COMPLETED`
        (also filtered, `(every=N)`) that appends `engine.state.output` (its engine parameter's,
        or the trainer's) to a list it does not bind (`HISTORY.append(...)`), or adds it into a
        `global` name or an attribute (`total += engine.state.output`), keeps every step's graph:
        fixed with `.detach()`."""
        source = model.source
        for every in (False, True):
            for trainer, process, handler, _event, _holder in ignite_handlers(model, "ITERATION_COMPLETED", every, builders=True):
                if not (_transforms_to_the_loss(process) if isinstance(process, ast.Lambda) else _returns_its_backpropagated_loss(process)):
                    continue
                params = handler.args.args  # type: ignore[attr-defined]
                engines = {trainer, *(params[:1] and [params[0].arg])}
                declared = {name for n in ast_walk(handler) if isinstance(n, (ast.Global, ast.Nonlocal)) for name in n.names}
                bound = {dotted(t) for n in ast_walk(handler) if isinstance(n, ast.Assign) for t in n.targets}
                for statement in own_nodes(handler):
                    value = acc = None
                    call = statement.value if isinstance(statement, ast.Expr) else None
                    if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "append":
                        if len(call.args) == 1 and not call.keywords:
                            value, acc = call.args[0], dotted(call.func.value)
                    elif isinstance(statement, ast.AugAssign) and isinstance(statement.op, ast.Add):
                        target = statement.target
                        if isinstance(target, ast.Attribute) or (isinstance(target, ast.Name) and target.id in declared):
                            value, acc = statement.value, dotted(target)
                    if value is None or acc is None or acc in bound:
                        continue  # (a list bound in the handler lives no longer than it)
                    if not (
                        isinstance(value, ast.Attribute) and value.attr == "output"
                        and isinstance(value.value, ast.Attribute) and value.value.attr == "state"
                        and dotted(value.value.value) in engines
                    ):  # fmt: skip
                        continue
                    yield Finding(
                        self.code,
                        self.message.format(statement=source.code(statement), acc=acc),
                        statement,
                        fix=Fix(
                            [ReplaceNode(value, source.code(value) + ".detach()", statement, span=(source.start(value), source.end(value)))],
                            Safety.SAFE,
                        ),
                        related=(process,),
                    )


def _transforms_to_the_loss(transform: ast.Lambda) -> bool:
    """`output_transform=lambda x, y, y_pred, loss: loss` of Ignite's builders: the update hands
    it the loss it backpropagated (times the accumulation count), graph and all."""
    params = [a.arg for a in (*transform.args.posonlyargs, *transform.args.args)]
    return len(params) == 4 and isinstance(transform.body, ast.Name) and transform.body.id == params[3]


def _returns_its_backpropagated_loss(process: ast.AST) -> bool:
    """`def update(engine, batch): ...; loss.backward(); ...; return loss`: the only `return`
    is the last statement and gives the name backpropagated at the function's top level, not
    bound again after that."""
    body = process.body  # type: ignore[attr-defined]
    last = body[-1] if body else None
    if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name)):
        return False
    name = last.value.id
    if sum(1 for n in own_nodes(process) if isinstance(n, ast.Return)) != 1:
        return False
    backward = next(
        (
            i for i, stmt in enumerate(body)
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr == "backward" and isinstance(stmt.value.func.value, ast.Name) and stmt.value.func.value.id == name
        ),
        None,
    )  # fmt: skip
    if backward is None:
        return False
    return not any(
        isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
        for stmt in body[backward + 1 :] for n in ast_walk(stmt)
    )  # fmt: skip


class _CalledMethods:
    """The methods calls of a training iteration run: `self.name(...)` in a method of a class of
    the module (its own method, or a base class's, of the module or, through the project, of
    another module), `obj.name(...)` with `obj` bound only to objects of one class of the
    project (`trainer = Trainer(...)`). Looked up only for calls named like a loss."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.owners: dict[int, str | None] = {}  # id(loop node) -> the class whose method holds it
        self.found: dict[tuple[int, str], tuple[FunctionInfo, ModuleFacts] | None | bool] = {}

    def returns_no_tensor(self, call: ast.Call, at: ast.AST) -> bool:
        """The method `call` runs is found and returns no tensor: every `return` gives a plain
        number (`return self.total_loss.item()`), a literal tuple, list, dict or string, or
        sits under `no_grad`."""
        found = self.method(call, at)
        if not isinstance(found, tuple):
            return False
        info, facts = found
        return function_returns_numbers(info.node) or function_without_graph(info.node, facts.imports.qualify) or _returns_containers(info.node)

    def definition(self, call: ast.Call, at: ast.AST) -> ast.AST | None:
        """The definition the call runs: a method found as `method` finds it, or a function
        of the module called by name."""
        if isinstance(call.func, ast.Name):
            info = self.model.facts.module_functions.get(call.func.id)
            if info is None and call.func.id != "self":
                # `model(x)` with `model = Model()`, a module class of the project: its `forward`
                called = self._method(call.func.id, "__call__", at)
                found = self._method(call.func.id, "forward", at) if called is None else None
                return found[0].node if isinstance(found, tuple) else None
            return info.node if info is not None else None
        found = self.method(call, at)
        return found[0].node if isinstance(found, tuple) else None

    def unseen(self, ref: ast.expr, at: ast.AST) -> bool:
        """`ref` calls a method of `self` that gradfix cannot find in the class or its bases,
        nor as an attribute the module binds (`self.criterion = nn.MSELoss()`): what it returns,
        a number perhaps, is unknown."""
        return isinstance(ref, ast.Call) and self.method(ref, at) is False

    def method(self, call: ast.Call, at: ast.AST) -> tuple[FunctionInfo, ModuleFacts] | None | bool:
        """The method found (with its module's facts); False for a method of `self` neither
        found nor bound as an attribute; None otherwise (not a method call gradfix reads)."""
        func = call.func
        if not isinstance(func, ast.Attribute) or func.attr.startswith("__"):
            return None
        recv = dotted(func.value)
        if recv is None:
            return None
        key = (id(at), f"{recv}.{func.attr}")
        if key not in self.found:
            self.found[key] = self._method(recv, func.attr, at)
        return self.found[key]

    def _method(self, recv: str, name: str, at: ast.AST) -> tuple[FunctionInfo, ModuleFacts] | None | bool:
        model = self.model
        facts = model.facts
        if recv == "self":
            owner = self._owner(at)
            if owner is None:
                return None
            found = _method_of(facts, owner, name, 0)
            if found is None and (assigned_values(model, f"self.{name}") or _bound_by_a_base(facts, owner, name, 0)):
                return None  # `self.criterion = nn.MSELoss()`: an attribute holding a loss object
            return found if found is not None else False
        values = assigned_values(model, recv)
        names = {call_name(v) if isinstance(v, ast.Call) else None for v in values}
        if len(names) != 1 or None in names:
            return None
        class_name = names.pop()
        if class_name in facts.classes:
            return _method_of(facts, class_name, name, 0)
        qualified = facts.imports.qualify(class_name)
        project = facts.project
        if project is None or not qualified or qualified == class_name:
            return None
        located = _project_class(facts, qualified)
        return _method_of(located[0], located[1], name, 0) if located else None

    def _owner(self, at: ast.AST) -> str | None:
        """The class whose method (directly or in a function nested in it) holds `at`."""
        if id(at) not in self.owners:
            line = getattr(at, "lineno", 0)
            owner = None
            for class_name, methods in self.model.facts.methods.items():
                for info in methods.values():
                    if info.node.lineno <= line <= (info.node.end_lineno or 0):
                        owner = class_name
            self.owners[id(at)] = owner
        return self.owners[id(at)]


def _method_of(facts: ModuleFacts, class_name: str, name: str, depth: int) -> tuple[FunctionInfo, ModuleFacts] | None:
    """The method `name` of `class_name` or of a base class (of the module or, through the
    project, of another module), with the facts of the module defining it."""
    found = facts.methods.get(class_name, {}).get(name)
    if found is not None:
        return found, facts
    if depth > 3:
        return None
    for _, located in located_bases(facts, class_name):
        inherited = _method_of(located[0], located[1], name, depth + 1) if located is not None else None
        if inherited is not None:
            return inherited
    return None


def _bound_by_a_base(facts: ModuleFacts, class_name: str, name: str, depth: int) -> bool:
    """`class_name` binds `name` in its body (`criterion = nn.MSELoss()`), or a base class does,
    or a base class of another module of the project binds it in its module's text
    (`self.criterion = ...` in the base's `__init__`)."""
    node = facts.classes.get(class_name)
    if node is None or depth > 3:
        return False
    for stmt in node.body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True  # `criterion = nn.MSELoss()` in the class body
    for _, located in located_bases(facts, class_name):
        if located is None:
            continue
        base_facts, base_name = located
        if base_facts is not facts and re.search(
            rf"(?m)(?:\bself\.|^[ \t]*){re.escape(name)}[ \t]*(?::[^=\n]*)?=(?!=)", base_facts.source.text
        ):
            return True
        if _bound_by_a_base(base_facts, base_name, name, depth + 1):
            return True
    return False


def _project_class(facts: ModuleFacts, qualified: str) -> tuple[ModuleFacts, str] | None:
    """The facts of the module of the project defining the class `qualified` (in any module:
    a base class that only turns a loss into a number says nothing of gradients), and its name."""
    project = facts.project
    found = project.definition(qualified, facts.source.path or None) if project is not None else None
    if found is None or found[1] not in found[0].facts.classes:
        return None
    return found[0].facts, found[1]


def _returns_containers(function: ast.AST) -> bool:
    """Every `return` of `function` (not of a function nested in it) gives a literal tuple,
    list, dict or string (`return loss.item(), acc`), or nothing: never a tensor."""
    returns = [n for n in own_nodes(function) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        r.value is None or isinstance(r.value, (ast.Tuple, ast.List, ast.Dict, ast.JoinedStr))
        or (isinstance(r.value, ast.Constant) and not isinstance(r.value.value, (int, float)))
        for r in returns
    )


def _bound_to_numbers(loop: ast.AST) -> set[str]:
    """Names the loop binds to a number literal in an arm of an `if` (`if y.numel() == 0:
    loss = 0.0`), or to a conditional expression with a number for an arm (`aux = ... if w
    else 0`): they may still hold a plain number when accumulated. (A `loss = 0` that starts
    a sum of terms, unconditionally, is rebound to a tensor by the sum.)"""
    def number(expr: ast.AST | None) -> bool:
        return isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float)) and not isinstance(expr.value, bool)

    def names(node: ast.AST) -> list[str]:
        if isinstance(node, ast.Assign):
            return [t.id for t in node.targets if isinstance(t, ast.Name)]
        return [node.target.id] if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) else []

    found: set[str] = set()
    started: set[str] = set()  # `loss = 0.0`, then grown by `loss += term`
    for node in ast_walk(loop):
        value = getattr(node, "value", None) if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.IfExp) and (number(value.body) or number(value.orelse)):
            found.update(names(node))
        elif isinstance(node, ast.If):
            for statement in (*node.body, *node.orelse):
                if isinstance(statement, (ast.Assign, ast.AnnAssign)) and number(statement.value):
                    found.update(names(statement))
        elif value is not None and number(value):
            started.update(names(node))
    if started:
        # ... whose every `+=` may be skipped (`if on: loss += ...`): it may still be the number
        found |= {name for name in started if _grown_only_under_ifs(loop, name)}
    return found


def _grown_only_under_ifs(loop: ast.AST, name: str) -> bool:
    """Every `name += ...` in the loop sits under an `if` of the loop."""
    grown: list[bool] = []

    def visit(node: ast.AST, under_if: bool) -> None:
        for child in child_nodes(node):
            if isinstance(child, ast.AugAssign) and isinstance(child.target, ast.Name) and child.target.id == name:
                grown.append(under_if)
            visit(child, under_if or isinstance(child, ast.If))

    visit(loop, False)
    return bool(grown) and all(grown)


# what a file that imports only these cannot get a tensor from
_NO_TENSORS = frozenset({"numpy", "scipy", "pandas", "matplotlib", "sklearn", "seaborn", "tqdm", "IPython", "autograd"})


def _without_tensors(model: ModuleModel) -> bool:
    """The file imports, and only from the standard library and NumPy-world packages (a
    course's backpropagation written by hand in NumPy, whose `loss` is a float): no value
    has a `.detach()`. A file without imports (a snippet) or with a `*` import may have them."""
    aliases = model.facts.imports.aliases
    if not aliases or "import *" in model.source.text:
        return False
    allowed = _NO_TENSORS | stdlib_names()
    return all(not q.startswith(".") and q.split(".", 1)[0] in allowed for q in aliases.values())


def _keeping_object(model: ModuleModel, key: str, method_name: str) -> bool:
    """`key` is bound (only) to objects of one class of the project (this module's, or one it
    imports) whose `method_name(value, ...)` adds the value into an attribute of the object
    (`update` of an `AverageMeter`) or appends it to one (`on_batch_end` of a history)."""
    if method_name in _NOT_KEEPING:
        return False  # backward, step and collective calls: not a meter's
    facts = model.facts
    if facts.info(key) is not None:
        return False  # an optimizer, a scheduler, an engine (`accelerator.backward(loss)`)
    # a line binding the key to a call (`losses = AverageMeter(...)`) of a class of this module
    # or of a module of the project: read before the assignment index is
    callee = re.search(rf"(?m)^[ \t]*{re.escape(key)}[ \t]*=[ \t]*([A-Za-z_][\w.]*)\(", model.source.text)
    if callee is None:
        return False
    name = callee.group(1)
    if method_name == "update" and (facts.imports.qualify(name) or "") in _LIBRARY_METERS:
        # timm's `AverageMeter.update(val, n)`: `self.sum += val * n` keeps the tensor
        return all(call_name(v) == name for v in assigned_values(model, key) if isinstance(v, ast.Call))
    if name not in facts.classes:
        qualified = facts.imports.qualify(name)
        if facts.project is None or not qualified or qualified == name or qualified.split(".", 1)[0] in LIBRARY_ROOTS:
            return False
    values = assigned_values(model, key)
    names = {call_name(v) if isinstance(v, ast.Call) else None for v in values}
    if len(names) != 1 or None in names:
        return False
    name = names.pop()
    if name in facts.classes:
        method = facts.methods.get(name, {}).get(method_name)
    else:
        qualified = facts.imports.qualify(name)
        project = facts.project
        if project is None or not qualified or qualified == name:
            return False
        found = project.definition(qualified, facts.source.path or None)
        if found is None or found[1] not in found[0].facts.classes:
            return False
        method = found[0].facts.methods.get(found[1], {}).get(method_name)
    return method is not None and _adds_first_argument(method.node, method.source or model.source)


# meters of libraries whose `update(val, n)` adds `val` into a running sum as it is given
_LIBRARY_METERS = frozenset({"timm.utils.AverageMeter", "timm.utils.metrics.AverageMeter"})

_NOT_KEEPING = frozenset({
    "backward", "manual_backward", "step", "all_reduce", "reduce", "gather", "all_gather", "broadcast",
})  # fmt: skip  (a container's `add`, a logger's `log`: only an object of a project class counts, below)


def _adds_first_argument(function: ast.AST, source: Source) -> bool:
    """`self.sum += val * n`, `self.avg = m * self.avg + (1 - m) * val`,
    `self.losses.append(val)`: the first argument after `self` is added into (or appended to)
    an attribute, with nothing in the method turning it into a number or detaching it first."""
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]  # type: ignore[attr-defined]
    if len(params) < 2:
        return False
    value = params[1]
    text = source.segment(function) + "".join(source.segment(d) for d in function.decorator_list)  # type: ignore[attr-defined]
    if any(word in text for word in (".item(", "float(", ".detach(", "no_grad", "inference_mode", ".tolist(", ".cpu(", "isinstance(")):
        return False  # (`@torch.no_grad()` on the method: nothing it adds keeps a graph)
    for node in ast_walk(function):
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == value for t in node.targets)
            and not _reads_tensor(node.value, value)
        ):
            return False  # `v = v.data.sum()`: the argument rebound to a value without its graph
    for node in ast_walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append":
            holder = dotted(node.func.value)
            if node.args and _formatted(node.args[0]):
                continue  # `self.lines.append(f"loss={value:.4f}")`: a string
            if holder is not None and holder.startswith("self.") and node.args and _reads_tensor(node.args[0], value):
                if not isinstance(node.args[0], ast.Name) or node.args[0].id == value:
                    return True  # `self.losses.append(loss)`
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
            target = dotted(node.target)
            if target is not None and target.startswith("self.") and _reads_tensor(node.value, value):
                return True
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = dotted(node.targets[0])
            if target is not None and target.startswith("self.") and _reads_tensor(node.value, value):
                if any(dotted(n) == target for n in ast_walk(node.value)):
                    return True
    return False


def _formatted(expr: ast.AST) -> bool:
    """A string made from the value: an f-string, `"..." % value`, `"...".format(value)`, `str(value)`."""
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod) and isinstance(expr.left, ast.Constant) and isinstance(expr.left.value, str):
        return True
    if isinstance(expr, ast.Call):
        if isinstance(expr.func, ast.Attribute) and expr.func.attr == "format" and isinstance(expr.func.value, ast.Constant):
            return True
        return isinstance(expr.func, ast.Name) and expr.func.id in ("str", "repr", "format")
    return False


def _reads_tensor(expr: ast.AST, name: str) -> bool:
    """`_reads`, not counting `name.data` (`self.sum += v.data.sum()`: detached)."""
    through_data = {id(n.value) for n in ast_walk(expr) if isinstance(n, ast.Attribute) and n.attr == "data"}
    return any(isinstance(n, ast.Name) and n.id == name and id(n) not in through_data for n in ast_walk(expr))


def _reads(expr: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast_walk(expr))


def _detached(expr: ast.expr, source: Source) -> str:
    """`loss` -> `loss.detach()`, `criterion(a, b)` -> `criterion(a, b).detach()` (inside any
    parentheses the expression already has)."""
    text = source.segment(expr)
    if not isinstance(expr, (ast.Name, ast.Call, ast.Attribute, ast.Subscript)):
        text = f"({text})"
    return f"{text}.detach()"


def _project_numbers(model: ModuleModel, name: str) -> bool:
    """`name` (as called) stands for a function of another module of the project whose every
    `return` gives a plain number, or that computes what it returns without gradients
    (`from utils import gather_loss`, returning `loss.item() / world_size`)."""
    facts = model.facts
    project = facts.project
    qualified = facts.imports.qualify(name)
    if project is None or not qualified or qualified == name:
        return False
    found = project.definition(qualified, model.source.path or None)
    if found is None:
        return False
    module, defined = found
    if module.facts.source is model.source:
        return False
    methods = module.facts.methods.get(defined)
    if methods is not None:
        # a class: what calling its objects returns (`SmoothedLoss()(loss)`: a float for a log)
        called = [methods[m] for m in ("__call__", "forward") if m in methods]
        return bool(called) and all(class_call_gives_numbers(m.node, module.facts.source) for m in called)
    info = module.facts.module_functions.get(defined)
    if info is None:
        return False
    return function_returns_numbers(info.node) or function_without_graph(info.node, module.facts.imports.qualify)


def _unread_import(ref: ast.expr, model: ModuleModel) -> bool:
    """`ref` calls a name imported from a module that is neither torch's nor one of the project
    gradfix can read (`from latentsync.utils.util import gather_loss` with no such file found)."""
    if not isinstance(ref, ast.Call):
        return False
    name = call_name(ref) or ""
    qualified = model.facts.imports.qualify(name)
    if not qualified or qualified == name or qualified.startswith(("torch.", "torch")) or qualified.split(".", 1)[0] in ("F", "nn"):
        return False
    project = model.facts.project
    return project is None or project.definition(qualified, model.source.path or None) is None

