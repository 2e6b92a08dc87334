from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.graphs import (
    BackwardCall,
    IterationFlow,
    ScopeFlow,
    describe_autograd_backward,
    describe_backward,
    graph_free_text,
    is_forward_call,
    reads_of,
)
from gradfix.analysis.facts import direct_call, partial_aliases
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.assignments import assigned_values, assignments
from gradfix.analysis.names import call_name, dotted, method_name, only_grad_mode_decorators, receiver
from gradfix.analysis.shared_graphs import GraphFlow, GraphSlice
from gradfix.patterns import lazily
from gradfix.source import FOR_LOOPS, FUNCTIONS, SCOPES, Source
from gradfix.analysis.modules import imported_project_bytes
from gradfix.transforms._common import owned_events
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety
from gradfix.walk import ast_walk, child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class NeedlessRetainGraph(Rule):
    """
    `backward(retain_graph=True)` keeps a graph alive that nothing backpropagates again.

    ## What it does
    Finds `loss.backward(retain_graph=True)` (also the positional form
    `loss.backward(None, True)`, `scaler.scale(loss).backward(retain_graph=True)`,
    `accelerator.backward(loss, retain_graph=True)`, a DeepSpeed engine's
    `model_engine.backward(loss, retain_graph=True)` (`DeepSpeedEngine.backward(loss,
    retain_graph=False, scale_wrt_gas=True)` hands the flag on to `loss.backward`; its other
    keywords are kept) and `torch.autograd.backward(loss, retain_graph=True)` on one tensor, also
    written as a list of one, `torch.autograd.backward([loss], ...)`; the flag may be spread from a
    dict literal, `loss.backward(**{"retain_graph": True})`, whose `**` argument the fix removes;
    also on a name's loss reduced or cast where it is backpropagated by a method given no
    argument, `loss.mean().backward(retain_graph=True)`, `.sum()`, `.float()`, or on a loss a
    function of torch computes where it is backpropagated, `F.cross_entropy(net(x),
    y).backward(retain_graph=True)`, judged on what that call reads) in
    a training iteration when nothing
    after it backpropagates through that graph again: no later `backward()` or
    `torch.autograd.grad` in the iteration, in the loops around it or after them in the same
    function — except later backward calls that provably walk a graph of their own (a GAN
    whose discriminator loss reads the fake batch only through `fake.detach()`; a WGAN's
    `gen_loss.backward()` after its `n_critic` critic loop, in the loop around that loop or
    in the body of the step function that holds it, on a fake batch generated again after
    the loop; also when
    both losses read a batch picked from data the module makes once with torch, `a =
    dom_a[torch.randint(0, 128, (16,))]` with every binding of `dom_a` such as `torch.randn(128, 3)`,
    never made to require gradients, or a batch unpacked or indexed from the parameter through
    which a framework hands its step hook the loader's batch, `real, _ = batch` in a
    LightningModule's `training_step(self, batch, batch_idx)`, never rebound there (reported
    without a safe fix: the batch is a parameter); a saliency
    pass on the batch made a leaf, `x = x.clone().requires_grad_(True)`, also in one arm of an
    `if`, then a fresh forward of the batch mixed under `torch.no_grad()`: the leaf made from
    the loop's own batch holds no node of the graph; both losses may call a method of a
    module held on `self` (`self.actor.sample_normal(state)`, an SAC agent drawing its actions
    afresh) when its class, of the file or read in another module of the project, is built on
    `nn.Module` alone, none of its methods but `__init__` stores anything on the module, and
    the file sets nothing on it; a method of the agent called after them, like
    `self.update_targets()`, is read for what it stores on `self`; not one that
    reads an attribute or item of an object the retained graph's statements use, such as
    `net.aux_loss` that the forward stored, a container filled elsewhere, like a forward hook's
    `feats["h"]` or a list handed to a call, or that calls a lambda) — and the
    loss is computed afresh in every iteration (also when every arm of an `if` computes it; a
    batch pulled for the next iteration by a plain helper of the module from an iterator over a
    loader, `item, done = pull(feed)` with `def pull(it): item = next(it, None); return item,
    item is None` and `feed = iter(loader)`, is fresh data, and so is a list of a loader's
    batches read by index, `cached = list(loader)` ... `inputs, labels = cached[k]`; so are the
    batches of a loader chained over epochs, `itertools.chain.from_iterable(itertools.repeat(loader,
    EPOCHS))`).

    A backward in a helper the iteration calls (`def backprop(loss):
    loss.backward(retain_graph=True)` called as `backprop(loss)`, or a method called as
    `self.backprop(loss)`) is judged at the call, on the argument handed in, when the helper
    is a function of the module or a method of a class at its top level, undecorated, that
    backpropagates its parameter as given in a statement of its own body and reads it
    nowhere else, and nothing else calls it: the file names it only at that call, and no
    other file of the project that imports it (or its class) names it. The fix then edits the
    helper.

    ## Why is this bad?
    `retain_graph=True` keeps every intermediate tensor of the forward pass in memory after
    the backward pass. Nothing uses them, so they wait until the loss is reassigned in the
    next iteration; memory use roughly doubles, and a loop that also keeps the loss tensor
    around (a running sum of tensors) grows until it runs out of memory. It is needed only
    when the same graph is backpropagated again.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward(retain_graph=True)
        optimizer.step()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    The fix removes the `retain_graph` argument and keeps the others and their formatting.
    It is applied (safe) only when all of these hold:

    - the value is the literal `True` (or a name the module binds once, at its top level, to
      `True`, `RETAIN = True`, read nowhere else: a flag read by other calls too is reported
      without a fix) and `create_graph` is not given (or given as the literal `False`);
    - no other `backward()`, `torch.autograd.grad` or `torch.autograd.backward` in the same
      function (or module, for module-level loops) may run after it: not later in the iteration,
      not in the loops around it, not after them (a `backward()` in the body of a function
      defined inside that function, undecorated and not a method, whose name nothing reads
      again runs nowhere: a forwarder `def _bw(t, *a, **k): t.backward(*a, **k)` written in the
      batch loop is run, and read, at its calls). A later `backward()` written at the same loop
      level of the iteration does not count when its loss shares no statement that records
      autograd nodes with the retained graph: the values it reads are followed back through the
      iteration, not through `.detach()`, `.item()`, `.data`, sizes, indices, tensor
      constructors (`torch.ones(n, 1)`) or statements under `torch.no_grad()`; a value it reads
      that the iteration assigns only later (one of the previous iteration) keeps the rule
      silent, and so does a backward right after it in the same block (GF003's split). Nor
      does a later `backward()` of the loop right around the backward's own loop, written in
      its body after that loop (a WGAN's generator step after the `n_critic` critic steps),
      whose loss that iteration computes after the inner loop from values no statement of the
      inner loop binds (the last critic step's `fake` keeps the rule silent). Nor does a
      backward in another arm of an `if` that holds the loops around the backward (`if kind ==
      "windowed": for ...: loss.backward(retain_graph=True)` / `else: loss.backward()`), when
      that `if` is reached from the function's body through `if` and `with` statements only: one
      call runs one arm (an `if` inside a loop, a `try` whose handler backpropagates, or a
      second `if` after the first keep the rule silent);
    - the loss is not returned or yielded from the function (its value is: `return loss.item()`,
      `float(loss)`, `loss.detach()`, an element of a detached copy, `z.detach().numpy()[0]`,
      `int(...)`, `len(y)`, and a record built of such values,
      a class called with them, `return StepResult(loss.item(), float(norm))` of a named tuple
      or a dataclass, or `dict(loss=loss.item())`: a step closure handed to a loop of another
      module is judged so; so is the tensor returned by a step function or method of
      the file, undecorated (or under torch's grad-mode decorators), that no other file imports
      and the file only calls (also through `step = functools.partial(train_step, model, opt)`,
      a name bound once and only to that partial, itself only called, or a partial handed
      straight to a helper the module names only in that call, `fit(functools.partial(train_step,
      model, opt), loader)`, its parameter only called), each call a
      statement of its own or bound to a name (or unpacked from the tuple every `return` gives,
      `loss, logs = self.step(batch)`, the names at the places holding the graph) its scope
      reads only as a value, `loss.item()`,
      `float(loss)`, in an f-string (or a call read so at once, `history.append(float(self.step(x)))`), handed to a plain function of the module that reads it so
      (`report(net, last)` doing `float(loss)`), or returns from a function read so in turn: `loss =
      self.train_step(x, y)` then `total += loss.item()`; a method whose name the file defines
      again only as stubs of the classes it derives from, `raise NotImplementedError` or `pass`,
      is read through the base's calls, `loss = self.training_step(x, y)` in its loop), no later call in the iteration
      that gradfix cannot see into receives a tensor of its graph (`scheduler.step(val_loss)` of
      torch's `ReduceLROnPlateau` only reads the value as a number: not such a call; a name the iteration
      rebinds after the backward on every path, from values outside the graph, holds a new
      value: the generator step's `fake = G(z)`; one computed from the graph holds it too,
      unless computed under `torch.no_grad()`: `x_adv = torch.clamp(x + eps * torch.sign(x.grad),
      0, 1)` there holds no graph),
      and no statement of the
      iteration keeps a tensor of its graph where it outlives the iteration: stored on an
      object or into an item (`probe.last_loss = loss`, `state["loss"] = loss`) or handed to a
      container (`history.append(loss)`, `queue.put(loss)`), unless detached or turned into a
      number (items or attributes set to a literal, the terminal states' targets masked with
      `ahead[done] = 0.0`, keep none, whatever names the index reads; nor does MoCo's queue,
      `self.queue = torch.cat([k, self.queue])[:n]` with `k` bound in the method only under
      `with torch.no_grad():`, torch calls and the queue itself in the value, and every other
      binding of `self.queue` in the file a torch call without `requires_grad=`);
    - every tensor the loss depends on is computed in the iteration (from the batch, the model
      and constants): no name bound before the loop (outside `with torch.no_grad():`; a
      parameter of the function is its own, whatever the module binds to the same name: `def
      run(epoch)` reads no `epoch = load(...)` of the top level) by a forward pass, an accumulation or a
      computation on a tensor that requires gradients (`mix = torch.tanh(w @ w.T)` with `w`
      made with `requires_grad=True`, an `nn.Parameter`, a module's `.weight`), no name the
      loss reads as an earlier iteration left it while the iteration grows or rebinds it from
      a forward pass or its own values (`outs.append(enc(x))` then `sum(outs)`, `mem = mem +
      h`; not a state the iteration first cuts off its graph, truncated back-propagation's
      `h = h.detach()`, `hidden = tuple(t.detach() for t in hidden)` or `hidden =
      repackage_hidden(hidden)` through a function of the module that only detaches its
      argument or maps itself over its elements, as the first statement to read or bind it,
      run on every iteration, also under `if hidden is not None:`; a counter incremented by a number or a size, `start += bs`, `offset += xb.size(0)`, that
      slices the batch is none), no
      state kept on `self` across iterations (an RNN's hidden state), and, when the loss depends
      on the loop's own target, the loop iterates over data (a loader, `range(...)`, `itertools.count()`, a
      constructor's result, or pieces of tensors that carry no graph: `zip(obs[perm].chunk(n),
      torch.chunk(old_logp, n))` with `obs = torch.from_numpy(...)` and `old_logp = (...).data`;
      `chunk`, `split`, `tensor_split`, `unbind`; not of a tensor computed from a leaf that requires
      gradients; also bound to names first, `xs, ys = torch.chunk(x, n), torch.chunk(y, n)`; an
      array built by numpy, `torch.Tensor(np.stack(buffer.rewards))`, holds no graph, and
      neither does the result of a plain function of the module or method of the class,
      `adv, ret = self.advantages(rewards, values)`, that only does tensor arithmetic on its
      arguments and number attributes of its class, when the arguments carry none), not over
      tensors computed before the loop — a list or dict of
      losses, one forward's outputs, a call gradfix cannot see into — and a forward pass runs
      in the iteration (a loop over losses that only backpropagates them keeps its flag); a
      `while` loop that takes the loss one at a time from such a list or iterator (`l =
      pending.pop(0)`, `l = next(it)`) is such a loop too.

    It is unsafe (applied only with `--unsafe-fixes`) when the loss reads a function parameter
    as data, or the loop iterates over a parameter that is not named like a data source (also
    through names bound from it first: `s_all = torch.chunk(states, 4)`): the
    caller may pass a tensor whose graph it backpropagates again. When a call of that function
    (by its name) in the same module passes, for such a parameter, a value that may carry a
    graph (a forward's output, `fit_probe(probe, opt, encoder(x), y)`, or a name the caller
    bound from one or from an accumulation), the caller does hand it a graph and the rule is
    silent. In helpers or loops that call code gradfix cannot see, the rule stays silent (a
    `for cb in self._callbacks:` over a list the function binds to `[]` never runs, and calls
    nothing: a local name, or an attribute of a class with no base but `object` or `nn.Module`,
    named nowhere else in the file, nor in any other file of the project, but as what a `for`
    iterates; a call in it that is handed the loss is still read). The earlier calls of a split backward
    (GF003) are left alone: their `retain_graph=True` is needed until GF003 merges them, which
    leaves none.

    Silent as well when the file, or a module of its project that it imports, rebinds an
    attribute from its own value without detaching it (`self.mem = 0.9 * self.mem + 0.1 *
    h.mean(0)` in a model's `forward`; not a counter's `self.n = self.n + 1`, nor, in the file
    itself, a running Python number, `self.total = self.total + loss.item() * n` with `n =
    x.size(0)`, `float(loss)`, `len(batch)`, nor a module moved or cast, `self.net =
    self.net.to(device)`, nor a commented-out line): the module's state carries one
    iteration's graph into the next, whose backward needs it kept. Such a running number kept on `self` in the
    loop is no tensor of the graph outliving the iteration either; the loss tensor itself kept
    there (`self.total = self.total + loss * n`) is, and the rule is silent. Silent too when a
    method of a module the loss reads, none of torch's own (`train`, `to`, `apply`, ...), is
    called as a statement of its own outside the loop right around the backward, before it or
    in a loop around it: `merged.merge_weights()` before a loop over tasks (and again after each
    step) may keep on the module weights computed from trainable tensors, which every task's
    backward then runs through (the module run by the loss's statements: called, `merged(x)`, or
    handed by position to a call that is not torch's; not a random generator handed to
    `torch.rand(..., generator=source)` and seeded with `source.manual_seed(11)`). A method the
    file defines counts only when it stores a computed
    value on an attribute or an item (`self.merged = self.base + ...`); one that only sets flags
    and modes (`param.requires_grad = False`, `self.head.train()`) keeps the report.

    Also `loss.backward(retain_graph=True)` as the one backward of a LightningModule's
    `backward(self, loss)` override of the loss it is handed, under automatic optimization (a
    file naming neither `manual_backward` nor `automatic_optimization`, and no other backward
    or `autograd.grad` call in the file): Lightning calls the override once per batch and
    backpropagates that loss nowhere else. The fix drops `retain_graph`.
    """

    code = "GF004"
    name = "needless-retain-graph"
    message = "`retain_graph=True` keeps the graph of `{loss}` alive, but nothing backpropagates through it again"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        by_node = {id(lp.node): lp for lp in model.loops}
        scopes: dict[int, ScopeFlow] = {}
        for loop in model.loops:
            if loop.is_unknown:
                continue
            for event in owned_events(loop, model):
                if event.kind is not EventKind.BACKWARD or id(event.node) in seen:
                    continue
                if not event.direct:
                    if event.argument is not None:
                        yield from self._in_helper(event, loop, model, by_node, scopes, seen)
                    continue
                call = (
                    describe_backward(event)
                    or _reduced_backward(event)
                    or _torch_function_backward(event, model)
                    or describe_autograd_backward(event)
                )
                if call is None and event.engine and _deepspeed_engine(event, model):
                    # `model_engine.backward(loss, retain_graph=True)`: DeepSpeedEngine.backward(loss,
                    # retain_graph=False, scale_wrt_gas=True) hands retain_graph to loss.backward
                    call = describe_backward(event, engine=True)
                if call is None or call.creates_graph:
                    continue  # (`create_graph=False`, the default written out, creates none)
                flag = None if call.retains else _true_constant(call, loop, model)
                if not call.retains and flag is None:
                    continue
                seen.add(id(event.node))
                verdict = _judge(event, call, loop, model, by_node, scopes)
                if verdict == "silent":
                    continue
                fix = _fix(event, call, Safety.SAFE if verdict == "safe" else Safety.UNSAFE, model.source)
                if flag is not None and _read_elsewhere(flag, model):
                    fix = None  # the flag may be one the author sets for several calls
                yield Finding(
                    self.code,
                    self.message.format(loss=model.source.outer_segment(call.loss).strip()).replace(
                        "retain_graph=True", f"retain_graph={flag.id}" if flag is not None else "retain_graph=True", 1
                    ),
                    call.retain.value if call.retain is not None else event.node,
                    fix=fix,
                    related=(loop.node, event.node),
                )


        yield from self._backward_overrides(model)

    def _backward_overrides(self, model: ModuleModel) -> Iterator[Finding]:
        """A LightningModule's `backward(self, loss, ...)` override (automatic optimization, a
        file naming neither `manual_backward` nor `automatic_optimization`:
        `lightning_backward_overrides`) whose one backward is `loss.backward(retain_graph=True)`
        of the loss it is handed, in a file with no other backward or `autograd.grad` call:
        Lightning hands each batch's loss to the override once and backpropagates it nowhere
        else, so the kept graph is never used again (each batch's graph lives until the next
        batch) (tests/libraries/test_lightning.py::test_backward_override_is_each_batchs_one_backward).
        The fix drops `retain_graph` (safe)."""
        from gradfix.analysis.steps import lightning_backward_overrides

        for loop in lightning_backward_overrides(model):
            backwards = [e for e in loop.events if e.kind in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD)]
            if len(backwards) != 1 or not backwards[0].direct:
                continue
            event = backwards[0]
            call = describe_backward(event)
            node = loop.node
            params = [a.arg for a in node.args.args]  # type: ignore[attr-defined]
            if call is None or not call.retains or call.creates_graph or len(params) < 2:
                continue
            if not isinstance(call.loss, ast.Name) or call.loss.id != params[1] or call.retain is None:
                continue
            if any(isinstance(n, ast.Name) and n.id == params[1] and not isinstance(n.ctx, ast.Load) for n in ast_walk(node)):
                continue  # the handed loss rebound in the override
            if len(_backpropagating_calls(model.module, model)) != 1:
                continue  # another backward in the file could reach the kept graph
            yield Finding(
                self.code,
                self.message.format(loss=model.source.outer_segment(call.loss).strip()),
                call.retain.value,
                fix=_fix(event, call, Safety.SAFE, model.source),
                related=(node, event.node),
            )

    def _in_helper(
        self,
        event: GradEvent,
        loop: TrainingLoop,
        model: ModuleModel,
        by_node: dict[int, TrainingLoop],
        scopes: dict[int, ScopeFlow],
        seen: set[int],
    ) -> Iterator[Finding]:
        """`def backprop(loss): loss.backward(retain_graph=True)`, a function (or method) of
        this file called once, from this loop, and named by no other file of the project: the
        backward judged as if written at the call, on the argument it is handed; the fix edits
        the helper, which no other call runs."""
        call = describe_backward(event)
        if call is None or not call.retains or call.creates_graph or model.in_step_function(event):
            return
        found = _helper_backward(event, call, model)
        if found is None:
            return
        seen.add(id(event.node))
        at_call, statement = found
        verdict = _judge(event, at_call, loop, model, by_node, scopes)
        if verdict == "silent":
            return
        yield Finding(
            self.code,
            self.message.format(loss=model.source.outer_segment(at_call.loss).strip()),
            call.retain.value,  # type: ignore[union-attr]
            fix=_fix(event, call, Safety.SAFE if verdict == "safe" else Safety.UNSAFE, model.source, statement),
            related=(loop.node, event.via[0]),
        )


def _helper_backward(event: GradEvent, call: BackwardCall, model: ModuleModel) -> tuple[BackwardCall, ast.stmt] | None:
    """The backward of a helper of this file as its one call sees it: the call's argument as
    the loss (the helper backpropagates its parameter as given, a statement of its own body,
    and reads the parameter nowhere else), with the helper's statement holding it. None
    unless the helper is a plain function or method (no decorator) of the module or of a
    class at its top level, defined once in the file, named there only by that call, and
    named by no other file of the project that imports it (or its class)."""
    if event.foreign or len(event.via) != 1 or len(event.helpers) != 1 or event.argument is None:
        return None
    helper = event.helpers[0]
    via = event.via[0]
    if not isinstance(helper, FUNCTIONS) or helper.decorator_list or not isinstance(call.loss, ast.Name):
        return None
    name = helper.name
    callee = via.func.id if isinstance(via.func, ast.Name) else via.func.attr if isinstance(via.func, ast.Attribute) else None
    if callee != name:
        return None
    statement = next((stmt for stmt in helper.body if isinstance(stmt, ast.Expr) and stmt.value is call.call), None)
    if statement is None:
        return None
    if sum(1 for n in ast_walk(helper) if isinstance(n, ast.Name) and n.id == call.loss.id) != 1:
        return None  # the loss also returned, stored or handed on by the helper
    source = model.source
    if sum(1 for n in source.of_type(ast.FunctionDef) if n.name == name) + sum(1 for n in source.of_type(ast.AsyncFunctionDef) if n.name == name) != 1:
        return None
    named = [n for n in source.of_type(ast.Name) if n.id == name] + [n for n in source.of_type(ast.Attribute) if n.attr == name]
    if len(named) != 1 or named[0] is not via.func:
        return None  # called elsewhere too, or handed on (a table of functions, a callback)
    owner = source.owner_of(helper)
    if not (owner is source.tree or (isinstance(owner, ast.ClassDef) and source.owner_of(owner) is source.tree)):
        return None  # a function inside a function, a class inside one: not followed
    project = model.facts.project
    if project is not None and source.path:
        from gradfix.analysis.steps import _importers
        from gradfix.project import absolute

        imported = owner.name if isinstance(owner, ast.ClassDef) else name
        if _importers(project, absolute(source.path), [imported], name):
            return None  # another file imports it (or its class) and names it: it may call it
    return BackwardCall(**{**call.__dict__, "loss": event.argument}), statement


def _reduced_backward(event: GradEvent) -> BackwardCall | None:
    """`loss.mean().backward(retain_graph=True)`: a name's tensor reduced (or cast) by a method
    of its own with no argument where it is backpropagated is judged as that name's loss; the
    reduction records one more node on the same graph."""
    call = event.call
    if call is None or event.engine or method_name(call) != "backward":
        return None
    recv = receiver(call)
    if not (
        isinstance(recv, ast.Call)
        and isinstance(recv.func, ast.Attribute)
        and recv.func.attr in _REDUCTIONS
        and isinstance(recv.func.value, ast.Name)
        and not recv.args
        and not recv.keywords
    ):
        return None
    return describe_backward(event, methods=True)


def _torch_function_backward(event: GradEvent, model: ModuleModel) -> BackwardCall | None:
    """`F.cross_entropy(net(x), y).backward(retain_graph=True)`: a loss computed by a function
    of torch where it is backpropagated (`torch.nn.functional.*`, `torch.*` through the file's
    imports), judged as that expression's loss: torch's functions hand back a new tensor, never
    one kept from an earlier call. (A loss module's call, `crit(out, y)`, is read already; a
    method of the project's, `self.compute_loss(...)`, may hand back a kept tensor: not read.)"""
    call = event.call
    if call is None or event.engine or method_name(call) != "backward":
        return None
    recv = receiver(call)
    if not isinstance(recv, ast.Call) or not isinstance(recv.func, ast.Attribute):
        return None
    name = model.facts.imports.qualify(dotted(recv.func)) or ""
    if not name.startswith("torch.") or name.startswith(_NOT_A_FUNCTION_OF_TORCH):
        return None
    return describe_backward(event, methods=True)


# `torch.autograd.*` and the like are not functions computing a new loss tensor
_NOT_A_FUNCTION_OF_TORCH = ("torch.autograd.", "torch.optim.", "torch.cuda.", "torch.distributed.", "torch.utils.")


# methods of a tensor that reduce or cast it, recording one node on its graph
_REDUCTIONS = frozenset({"mean", "sum", "float", "double", "squeeze"})


def _true_constant(call: BackwardCall, loop: TrainingLoop, model: ModuleModel) -> ast.Name | None:
    """`retain_graph=RETAIN` with a name the module binds once, at its top level, to `True`
    (`RETAIN = True`), no parameter of the function around the loop shadowing it: that name."""
    from gradfix.analysis.precision import module_constant

    value = call.retain.value if call.retain is not None else None
    if not isinstance(value, ast.Name):
        return None
    bound = module_constant(value, model)
    if not (isinstance(bound, ast.Constant) and bound.value is True):
        return None
    function = loop.function
    if function is not None and any(isinstance(a, ast.arg) and a.arg == value.id for a in ast.walk(function.args)):  # type: ignore[attr-defined]
        return None
    return value


def _read_elsewhere(flag: ast.Name, model: ModuleModel) -> bool:
    """The name is read anywhere else in the module (or bound otherwise than once)."""
    return any(
        node is not flag and node.id == flag.id and isinstance(node.ctx, ast.Load)  # type: ignore[attr-defined]
        for node in model.source.of_type(ast.Name)
    )


def _deepspeed_engine(event: GradEvent, model: ModuleModel) -> bool:
    """The event backpropagates through an engine `deepspeed.initialize` built."""
    if event.target is None or event.source is not None:
        return False
    info = model.facts.info(event.target)
    return info is not None and info.library == "deepspeed-engine"


def _deepspeed_engine_name(name: str, model: ModuleModel) -> bool:
    info = model.facts.info(name)
    return info is not None and info.library == "deepspeed-engine"


def _judge(
    event: GradEvent,
    call: BackwardCall,
    loop: TrainingLoop,
    model: ModuleModel,
    by_node: dict[int, TrainingLoop],
    scopes: dict[int, ScopeFlow],
) -> str:
    """'silent', 'safe' or 'unsafe'."""
    innermost = event.home_loops[-1]
    home = by_node.get(id(innermost))
    if home is None or home.is_unknown:
        return "silent"
    earlier = _earlier_in_iteration(event, home)
    graphs = GraphFlow(innermost, model.source, model.facts.imports.qualify)
    # 1. nothing else backpropagates through the graph: not later in the iteration (unless
    # provably on a graph of its own), not around or after the loop
    earlier |= _separate_later(event, call, home, graphs, model)
    if len(event.home_loops) > 1:
        earlier |= _separate_after_the_loop(event, call, by_node, graphs, model)
    after_in_function: set[int] = set()
    if len(event.home_loops) == 1 and loop.function is not None:
        after_in_function = _separate_after_the_loop_in_function(event, call, loop.function, graphs, model)
    for lp in event.home_loops:
        training = by_node.get(id(lp))
        if training is None:
            continue
        if training.is_unknown:
            return "silent"
        for other in training.events:
            if other is event or other.kind not in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD):
                continue
            if id(other) not in earlier:
                return "silent"
    scope_node: ast.AST = loop.function if loop.function is not None else model.module
    earlier_nodes = {id(e.node) for lp in event.home_loops for e in getattr(by_node.get(id(lp)), "events", ()) if id(e) in earlier}
    outermost = event.home_loops[0]
    direct: set[int] | None = None
    for node in _backpropagating_calls(scope_node, model):
        if node is not event.node and id(node) not in earlier_nodes:
            if (node.end_lineno, node.end_col_offset) < (outermost.lineno, outermost.col_offset):  # type: ignore[operator]
                if direct is None:
                    direct = _direct_calls(scope_node)
                if id(node) in direct:
                    continue  # written before the loops around the backward, in no function: done before they start
            if _other_branch(scope_node, outermost, node):
                continue  # `if a: <loop with the backward>` / `else: loss.backward()`: one runs per call
            if loop.function is not None and _in_a_def_never_run(scope_node, node):
                continue  # the body of a `def` the function never names again runs nowhere
            if id(node) in after_in_function:
                continue  # the generator's step after the critic loop, on a graph of its own
            return "silent"
    # 2. the loss is not handed out of the function
    flow = graphs.flow
    if flow.position(event.statement) is None:
        return "silent"
    piece = flow.slice(call.loss, event.statement)
    loss_names = reads_of([call.loss]).names
    if loop.function is not None and _returned(loop.function, loss_names | {n for u in piece.units for n in u.binds}):
        if not _result_only_read(loop.function, model, names=loss_names | {n for u in piece.units for n in u.binds}):
            return "silent"
    # 2b. no later call we cannot see into gets a tensor of the graph (`hvp(loss, params)`)
    graph_names = loss_names | {n for u in piece.units for n in u.binds}
    kept = graphs.slice(call.loss, event.statement)
    if kept is None:
        return "silent"
    # the values holding the graph: what statements recording autograd nodes assign (labels
    # made by `torch.ones(...)` and the batch moved to a device hold none)
    plain = {k for u in kept.units if not graphs.builds_nodes(u) for k in graphs.graph(u).binds}
    kept_keys = (graphs.flows_of(call.loss) - plain) | {
        k for u in kept.units if graphs.builds_nodes(u) for k in graphs.graph(u).binds
    }
    position = flow.position(event.statement)
    here = flow.units[position].ancestors  # type: ignore[index]
    for unit in flow.units[position + 1 :]:  # type: ignore[operator]
        reads_graph = not graph_free_text(unit.value_text) and graphs.reads_any(unit, kept_keys)
        if unit.forward and reads_graph and not _reads_a_number_only(unit.node, loop, model):
            return "silent"
        graph = graphs.graph(unit)
        # computed under `torch.no_grad()` (not a mere renaming): what it binds has no graph,
        # `mixed = torch.where(saliency > t, x, x[perm])` after a saliency backward
        fresh = graph.no_grad and not graph.flows
        if reads_graph and not fresh:
            kept_keys = kept_keys | graph.binds  # `h = fake * 2`: h holds the graph too
        elif unit.ancestors == here[: len(unit.ancestors)] and not graph.partial:
            # rebound on every path from here, from other values (`fake = G(z)` again for the
            # generator's step): later reads of the name see the new value
            kept_keys = kept_keys - graph.binds
    # 2c. no tensor of the graph is kept where it outlives the iteration (`probe.last = loss`,
    # `history.append(loss)`): whoever reads it later may backpropagate through it again
    for unit in flow.units:
        if unit.node is event.statement or not (unit.data & graph_names) or graph_free_text(unit.value_text):
            continue
        if unit.stores and loop.function is not None and _running_number(unit.node, loop.function):
            continue  # `self.total = self.total + float(loss) * n`: a number, not the tensor
        if unit.stores and _stores_a_literal(unit.node):
            continue  # `ahead[done] = 0.0`: the index may be a graph name, the value kept is a number
        if unit.stores and _no_grad_state(unit.node, model):
            continue  # `self.queue = torch.cat([k, self.queue])`: `k` computed under `torch.no_grad()`
        if unit.stores or _kept_in_container(unit.node, graph_names):
            return "silent"
    # 3. every tensor of the graph is computed in this iteration
    scope = scopes.get(id(scope_node))
    if scope is None:
        scope = scopes[id(scope_node)] = ScopeFlow(scope_node, model.source)
    free_data = piece.free_data - {"self"}
    # the loop's own target: a batch from a loader is fresh data, an element of a list of
    # losses (or of one forward's outputs) hangs on a graph shared by every iteration
    read_in_piece = reads_of([call.loss]).names.union(*(u.reads for u in piece.units))
    if isinstance(innermost, ast.While) and any(
        # the loss itself taken from the list (not an input it is computed from: `xb = xs.pop()`)
        isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in loss_names for t in n.targets)
        and _TAKEN_ONE_BY_ONE.search(model.source.segment(n.value))
        for n in ast_walk(innermost)
    ):
        # `while pending: l = pending.pop(0); l.backward(retain_graph=True)` (or `next(it)`):
        # a loop over losses of one forward, as `for l in pending:` is
        return "silent"
    targets = flow.loop_targets & read_in_piece
    if targets:
        forward_in_iteration = bool(reads_of([call.loss]).forward_calls) or any(u.forward for u in piece.units)
        if not forward_in_iteration:
            return "silent"  # the loss itself comes from what the loop iterates over
        iterable = innermost.iter if isinstance(innermost, FOR_LOOPS) else None
        reached: set[str] = set()
        if iterable is None or _iterable_carries_graph(iterable, scope, reached, model.source):
            return "silent"
        # a parameter iterated over that is not named like a data source: the caller decides
        # (a name the scope binds was followed above: `pbar = tqdm(loader)`), also when reached
        # through names bound first (`xs = torch.chunk(states, n)`, `states` a parameter)
        free_data |= {n for n in reads_of([iterable]).data if not _DATA_SOURCE.search(n) and not scope.binding(n)}
        if loop.function is not None:
            free_data |= {n for n in reached & _parameters(loop.function) if not _DATA_SOURCE.search(n) and not scope.binding(n)}
    # a DeepSpeed engine read as data (`x.to(model_engine.device)`): a module, not a tensor
    free_data = {n for n in free_data if not _deepspeed_engine_name(n, model)}
    # truncated back-propagation: `h = h.detach()` first thing in every iteration; whatever
    # the last iteration left in `h`, this one reads only a copy that holds no graph
    free_data -= _detached_first(free_data, flow, model.facts.module_functions)  # type: ignore[arg-type]
    if _carried_with_graphs(free_data, flow, scope, model.source):
        return "silent"  # `outs.append(enc(x))`, `mem = mem + h`: earlier iterations' graphs
    visited = set(free_data)
    for name in free_data:
        if _graph_from_elsewhere(name, scope, visited, model.source):
            return "silent"  # carried over from an earlier iteration, or computed before the loop
    # `self.h = self.rnn(x, self.h)`: state kept on an object across iterations
    texts = [model.source.outer_segment(call.loss).replace(" ", "")] + [u.value_text.replace(" ", "") for u in piece.units]
    for unit in flow.units:
        for key in unit.stores:
            if not graph_free_text(unit.value_text) and any(key in text for text in texts):
                if loop.function is not None and _running_number(unit.node, loop.function):
                    continue  # `self.total = self.total + float(loss) * n`: a Python number
                if _stores_a_literal(unit.node):
                    continue  # `ahead[done] = 0.0`: a number carries no graph to the next iteration
                if _no_grad_state(unit.node, model):
                    continue  # `self.queue = torch.cat([k, self.queue])`, `k` made under `torch.no_grad()`
                return "silent"
    if _module_state_recurs(model):
        return "silent"  # `self.mem = 0.9 * self.mem + h` in a forward: the graph outlives the iteration
    if _state_rebuilt_outside(event, scope_node, _modules_run(call.loss, piece, read_in_piece), model):
        return "silent"  # `merged.merge_weights()` before the task loop: every backward of it runs through one merge
    if loop.function is not None and free_data & _parameters(loop.function):
        if _callers_may_pass_graphs(loop.function, free_data & _parameters(loop.function), model):
            return "silent"  # `fit_probe(probe, opt, encoder(x), y)`: a caller hands it a graph
        return "unsafe"
    return "safe"


# torch's own methods of a module (and of a tensor) that leave no graph on it
_PLAIN_MODULE_METHODS = frozenset({
    "train", "eval", "to", "cuda", "cpu", "half", "float", "double", "bfloat16", "type", "zero_grad",
    "requires_grad_", "apply", "load_state_dict", "state_dict", "parameters", "named_parameters",
    "modules", "named_modules", "children", "named_children", "buffers", "named_buffers",
    "register_forward_hook", "register_forward_pre_hook", "register_full_backward_hook",
    "register_buffer", "register_parameter", "add_module", "share_memory", "detach_", "reset_parameters",
})  # fmt: skip


def _state_rebuilt_outside(event: GradEvent, scope: ast.AST, read: set[str], model: ModuleModel) -> bool:
    """A method of a module the loss reads, called as a statement of its own outside the loop
    right around the backward (before it, or in a loop around it), that is none of torch's own
    (`merged.merge_weights()`: weights rebuilt from trainable merge coefficients and kept on
    the module): whatever it stores may hold a graph that every backward of that loop runs
    through, as a test-time adaptation over several tasks does once per optimizer step. A
    method the file defines counts only when it stores a computed value on an attribute or an
    item (`self.merged = self.base + ...`), not one that only switches modes or flags
    (`param.requires_grad = False`; `self.head.train()`)."""
    innermost = event.home_loops[-1]
    outer = event.home_loops[:-1]
    inside = {id(node) for node in ast_walk(innermost)}
    for node in ast_walk(scope):
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)) or id(node) in inside:
            continue
        func = node.value.func
        if not isinstance(func, ast.Attribute) or func.attr in _PLAIN_MODULE_METHODS or func.attr.startswith("_"):
            continue
        key = dotted(func.value)
        if key is None or key == "self" or key not in read:
            continue
        if node.lineno < innermost.lineno or any(node.lineno > lp.lineno and node.end_lineno <= lp.end_lineno for lp in outer):  # type: ignore[operator]
            defined = [
                d for d in ast_walk(model.source.tree) if isinstance(d, FUNCTIONS) and d.name == func.attr
            ]  # fmt: skip
            if not defined or any(_stores_a_computed_value(d) for d in defined):
                return True
    return False


def _modules_run(loss: ast.expr, piece: GraphSlice, read: set[str]) -> set[str]:
    """The names of `read` the loss's statements run as a module: called (`merged(x)`), or
    handed by position to a call that is not torch's (`self.compute_logits(wrapped_model, x)`);
    not a random generator handed to `torch.rand(..., generator=source)`."""
    out: set[str] = set()
    for root in (loss, *(u.node for u in piece.units)):
        for node in ast_walk(root):
            if not isinstance(node, ast.Call):
                continue
            called = dotted(node.func)
            if called in read:
                out.add(called)
            if called is None or not called.startswith("torch."):
                out.update(key for arg in node.args if (key := dotted(arg)) in read)
    return out


def _stores_a_computed_value(function: ast.AST) -> bool:
    """The function assigns something other than a constant to an attribute or an item."""
    for node in ast_walk(function):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, (ast.Attribute, ast.Subscript)) for t in targets) and not isinstance(node.value, ast.Constant):
                return True
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            return True
    return False


def _reads_a_number_only(statement: ast.AST, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The statement is a call that only reads the value it is given as a number: the `step`
    of torch's `ReduceLROnPlateau` (`scheduler.step(val_loss)` does `float(metrics)`), which
    never backpropagates."""
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return False
    call = statement.value
    recv = receiver(call)
    key = dotted(recv) if recv is not None and method_name(call) == "step" else None
    if key is None or any(is_forward_call(c) for arg in (*call.args, *call.keywords) for c in ast_walk(arg) if isinstance(c, ast.Call)):
        return False  # (`scheduler.step(evaluate(model))`: the argument's own call may run anything)
    functions = (loop.function,) if loop.function is not None else ()
    info = model.facts.info_in(key, functions)
    return info is not None and info.kind == "scheduler" and info.constructor in _PLATEAU


_PLATEAU = frozenset({"torch.optim.lr_scheduler.ReduceLROnPlateau"})


# a value taken from a container or an iterator one at a time (`pending.pop(0)`, `next(it)`)
_TAKEN_ONE_BY_ONE = lazily(r"\.pop(?:left)?\(|(?<![\w.])next\(")


# an attribute of an object rebound from its own value, not detached (`self.mem = 0.9 *
# self.mem + 0.1 * h.mean(0)` in a model's forward): it chains each call's graph to the last
_STATE_RECURRENCE_BYTES = lazily(rb"self\.(\w+)[ \t]*=[^\n]*\bself\.\1\b(?![^\n]*(?:detach|\.data\b|\.item\())")


_COUNTER_STEP = lazily(rb"[ \t]*self\.\w+[ \t]*=[ \t]*self\.\w+[ \t]*[-+*/][ \t]*[\d.]+[ \t]*(?:#.*)?")
# `self.net = self.net.to(device)`: the same object moved (or cast), which chains no graph
_MOVED = lazily(rb"[ \t]*self\.(\w+)[ \t]*=[ \t]*self\.\1(?:\.(?:to|cuda|cpu|float|half|double|bfloat16)\([^()\n]*\))+[ \t]*(?:#.*)?\r?")


def _recurs(data: bytes, source: Source | None = None, model: ModuleModel | None = None) -> bool:
    """A line rebinds `self.x` from `self.x` (not detached), other than a counter's step; in
    the analysed file (`source`), other than a running number (`self.total = self.total +
    loss.item() * n`, `float(loss)`, `x.size(0)`)."""
    numbers: dict[int, list[ast.Assign]] | None = None
    for match in _STATE_RECURRENCE_BYTES.finditer(data):
        start = data.rfind(b"\n", 0, match.start()) + 1
        end = data.find(b"\n", match.end())
        text = data[start : end if end != -1 else len(data)]
        if _COUNTER_STEP.fullmatch(text) is not None or _MOVED.fullmatch(text) is not None:
            continue
        if b"#" in data[start : match.start()]:
            continue  # a comment (`# self.h = self.h.detach()`) runs nothing
        if source is None:
            return True
        if numbers is None:
            numbers = _running_numbers(source)
        line = data.count(b"\n", 0, start) + 1
        if not numbers.get(line) and not (model is not None and _no_grad_state_at(line, model)):
            return True
    return False


_NO_GRAD_QUALIFIED = frozenset({"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad"})


def _no_grad_state_at(line: int, model: ModuleModel) -> bool:
    """The statement at `line` of the analysed file is a `_no_grad_state` store."""
    return any(stmt.lineno == line and _no_grad_state(stmt, model) for stmt in model.source.of_type(ast.Assign))


def _no_grad_state(stmt: ast.AST, model: ModuleModel) -> bool:
    """`self.queue = torch.cat([k, self.queue])[: n]` (MoCo's queue of keys) in a method whose
    every other name the value reads is bound in that method only under `with torch.no_grad():`
    (or `torch.inference_mode()`), the value reading no other attribute of `self`, and every
    other binding of `self.queue` in the file a call of torch's (`torch.randn(k, dim)`, nested
    `F.normalize(...)` too) without `requires_grad=`: the state never holds a graph, from one
    iteration to the next."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute)):
        return False
    source = model.source
    key = source.key(stmt.targets[0])
    if not key.startswith("self.") or key.count(".") != 1:
        return False
    function = source.owner_of(stmt)  # type: ignore[arg-type]
    if not isinstance(function, ast.FunctionDef):
        return False
    qualify = model.facts.imports.qualify
    names: set[str] = set()
    for node in ast_walk(stmt.value):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" and node.attr != key[5:]:
            return False  # another attribute of the object: its own state, or a module's forward
        if isinstance(node, ast.Call) and not (qualify(dotted(node.func) or "") or "").startswith("torch."):
            if not (isinstance(node.func, ast.Attribute) and not isinstance(node.func.value, ast.Call) and node.func.attr in _TENSOR_METHODS):
                return False  # a call gradfix does not know: a forward
        if isinstance(node, ast.Name) and node.id != "self" and node.id not in model.facts.imports.aliases:
            names.add(node.id)
    if names:
        params = {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)}
        if names & params:
            return False
        guarded: set[int] = set()
        for node in ast_walk(function):
            if isinstance(node, ast.With) and any(
                isinstance(item.context_expr, ast.Call) and qualify(dotted(item.context_expr.func) or "") in _NO_GRAD_QUALIFIED for item in node.items
            ):
                guarded.update(id(n) for n in ast_walk(node))
        for node in ast_walk(function):
            if isinstance(node, ast.Name) and node.id in names and not isinstance(node.ctx, ast.Load) and id(node) not in guarded:
                return False  # bound outside `torch.no_grad()` (or deleted): may hold a graph
            if isinstance(node, (ast.FunctionDef, ast.Lambda, ast.ClassDef)) and node is not function:
                return False
        if any(not any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in ast_walk(function)) for name in names):
            return False  # read but never bound here: a global, a closure's name
    others = [v for v in assigned_values(model, key) if v is not stmt.value]
    if not others:
        return False
    for value in others:
        for node in ast_walk(value):
            if isinstance(node, ast.Call) and (
                not (qualify(dotted(node.func) or "") or "").startswith("torch.")
                or any(k.arg == "requires_grad" for k in node.keywords)
                or (qualify(dotted(node.func) or "") or "").startswith(("torch.nn.Parameter", "torch.nn.parameter"))
            ):
                return False
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                return False
    return True


_TENSOR_METHODS = frozenset({"t", "size", "clone", "detach", "contiguous", "view", "reshape", "flatten", "to", "float", "half"})


def _running_number(stmt: ast.AST, function: ast.AST) -> bool:
    """`self.x = <a Python number>` (`self.x + loss.item() * n`, `float(loss)`)."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Attribute)):
        return False
    target = stmt.targets[0]
    return isinstance(target.value, ast.Name) and target.value.id == "self" and _number(stmt.value, function, "self." + target.attr, 0)


def _running_numbers(source: Source) -> dict[int, list[ast.Assign]]:
    """`self.x = self.x + <number>` statements of the file, by line, whose added value is
    certainly a Python number (`loss.item() * n` with `n = x.size(0)`, `float(loss)`,
    `len(batch)`): they keep no graph."""
    found: dict[int, list[ast.Assign]] = {}
    for function in source.nodes:
        if not isinstance(function, FUNCTIONS):
            continue
        for node in ast_walk(function):
            if _running_number(node, function):
                found.setdefault(node.lineno, []).append(node)  # type: ignore[arg-type]
    return found


_NUMBER_CALLS = {"float", "int", "len", "round", "bool", "abs", "max", "min"}
_NUMBER_METHODS = {"item", "size", "numel", "dim", "nelement"}
_GRAPHLESS_METHODS = {"eq", "ne", "lt", "le", "gt", "ge", "argmax", "argmin"}
_REDUCTIONS = {"sum", "mean", "float", "double", "long", "int", "count_nonzero", "all", "any"}


def _number(expr: ast.expr, function: ast.AST, own: str, depth: int) -> bool:
    """The expression certainly evaluates to a Python number, or to a value that holds no
    autograd graph: literals, `own` (the attribute being rebound), `.item()`, `float(...)`,
    `len(...)`, `x.size(0)`, `x.shape[0]`, comparisons (`pred == y`, `pred.eq(y)`), indices
    (`x.argmax(1)`) and their reductions (`(pred == y).sum()`), arithmetic on those, and local names every binding of which is one."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, (int, float)) and not isinstance(expr.value, bool)
    if isinstance(expr, ast.BinOp):
        return _number(expr.left, function, own, depth) and _number(expr.right, function, own, depth)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        return _number(expr.operand, function, own, depth)
    if isinstance(expr, ast.Attribute):
        return isinstance(expr.value, ast.Name) and f"{expr.value.id}.{expr.attr}" == own
    if isinstance(expr, ast.Subscript):
        # `x.shape[0]`
        return isinstance(expr.value, ast.Attribute) and expr.value.attr == "shape" and isinstance(expr.slice, ast.Constant)
    if isinstance(expr, ast.Compare):
        return True  # a bool, or a tensor of bools: no autograd graph either way
    if isinstance(expr, ast.Call):
        if isinstance(expr.func, ast.Name) and expr.func.id in _NUMBER_CALLS:
            if expr.func.id in ("float", "int", "len", "bool", "round"):
                return True
            return bool(expr.args) and all(_number(a, function, own, depth) for a in expr.args) and not expr.keywords
        if isinstance(expr.func, ast.Attribute) and expr.func.attr in _NUMBER_METHODS:
            return expr.func.attr != "size" or len(expr.args) == 1  # `x.size()` is a torch.Size
        if isinstance(expr.func, ast.Attribute) and expr.func.attr in _GRAPHLESS_METHODS:
            return True  # `pred.eq(y)`, `logits.argmax(1)`: bools and indices have no graph
        if isinstance(expr.func, ast.Attribute) and expr.func.attr in _REDUCTIONS and not expr.args and not expr.keywords:
            # `(pred == y).sum()`, `correct.float().mean()`: a reduction of what holds no graph holds none
            return _number(expr.func.value, function, own, depth)
        return False
    if isinstance(expr, ast.Name) and depth < 3:
        values = []
        for node in ast_walk(function):
            if isinstance(node, (ast.Global, ast.Nonlocal)) and expr.id in node.names:
                return False
            if isinstance(node, ast.Name) and node.id == expr.id and not isinstance(node.ctx, ast.Load):
                owner = _assigned_value(function, node)
                if owner is None:
                    return False  # a loop target, `with ... as`, a parameter's rebinding in an unpacking...
                values.append(owner)
        return bool(values) and all(_number(v, function, own, depth + 1) for v in values)
    return False


def _assigned_value(function: ast.AST, name: ast.Name) -> ast.expr | None:
    """The value of `name = value` (a plain single-target assignment) that binds `name`."""
    for node in ast_walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and node.targets[0] is name:
            return node.value
        if isinstance(node, ast.AnnAssign) and node.target is name and node.value is not None:
            return node.value
    return None


def _module_state_recurs(model: ModuleModel) -> bool:
    """This module, or a module of the project it imports (its model classes), rebinds an
    attribute from its own value without detaching it: a module's state may carry the graph
    of one iteration into the next, where `retain_graph=True` keeps the backward working."""
    cached = getattr(model, "_state_recurs", None)
    if cached is None:
        source = model.source
        cached = _recurs(source.text.encode("utf-8", "replace"), source, model) or any(_recurs(data) for data in imported_project_bytes(model))
        model._state_recurs = cached  # type: ignore[attr-defined]
    return cached


def _callers_may_pass_graphs(function: ast.AST, params: set[str], model: ModuleModel) -> bool:
    """A call of the function in this module passes, for one of `params`, a value that may
    carry an autograd graph: a forward's output, or a name bound (in the caller's scope) from
    one or from an accumulation."""
    name = getattr(function, "name", "")
    ordered = _positional_parameters(function)
    # a method (`def d_step(self, real, fake)`) is called on an object, `self.d_step(real,
    # fake)`, with its first parameter bound by the call: any call of that method name counts
    method = bool(ordered) and any(info.node is function for methods in model.facts.methods.values() for info in methods.values())
    if method and not any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in function.decorator_list):  # type: ignore[attr-defined]
        ordered = ordered[1:]
    source = model.source
    scopes: dict[int, ScopeFlow] = {}
    for scope_node in [model.module, *(n for n in model.source.nodes if isinstance(n, FUNCTIONS))]:
        for node in _own_calls(scope_node):
            if method:
                if not (isinstance(node.func, ast.Attribute) and node.func.attr == name):
                    continue
            elif not isinstance(node.func, ast.Name):
                continue
            elif node.func.id != name:
                # `step(x, y)` of `step = partial(train_step, model, opt)`: the call it makes
                node = direct_call(node, model.facts)  # type: ignore[assignment]
                if node is None or node.func.id != name:  # type: ignore[attr-defined]
                    continue
            for param in params:
                value = next((kw.value for kw in node.keywords if kw.arg == param), None)
                if value is None and param in ordered:
                    index = ordered.index(param)
                    if index < len(node.args) and not any(isinstance(a, ast.Starred) for a in node.args[: index + 1]):
                        value = node.args[index]
                if value is None or graph_free_text(source.segment(value)):
                    continue
                reads = reads_of([value])
                if reads.forward_calls:
                    return True
                scope = scopes.get(id(scope_node))
                if scope is None:
                    scope = scopes[id(scope_node)] = ScopeFlow(scope_node, source)
                if any(_graph_from_elsewhere(n, scope, {n}, source) for n in reads.data):
                    return True
    return False


def _own_calls(scope: ast.AST) -> Iterator[ast.Call]:
    """Calls in a module's or function's own statements (not in nested definitions)."""
    stack = list(child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, ast.Call):
            yield node
        stack.extend(child_nodes(node))


def _positional_parameters(function: ast.AST) -> list[str]:
    args = function.args  # type: ignore[attr-defined]
    return [a.arg for a in (*args.posonlyargs, *args.args)]


_KEEPING_METHODS = {"append", "extend", "insert", "appendleft", "add", "put", "put_nowait", "setdefault", "update"}


def _stores_a_literal(statement: ast.AST) -> bool:
    """`ahead[done] = 0.0`, `mask[i] = -1`, `self.last = None`: a plain assignment of a
    literal to items or attributes; whatever names the targets read (an index such as `done`
    unpacked beside the batch), nothing of a graph is kept."""
    if statement.__class__ is not ast.Assign:
        return False
    value = statement.value  # type: ignore[attr-defined]
    if value.__class__ is ast.UnaryOp and value.op.__class__ in (ast.USub, ast.UAdd):  # type: ignore[attr-defined]
        value = value.operand  # type: ignore[attr-defined]
    return value.__class__ is ast.Constant


def _kept_in_container(statement: ast.AST, names: set[str]) -> bool:
    """`losses.append(loss)`, `queue.put(loss)`: a tensor of the graph handed to a container."""
    for node in ast_walk(statement):
        if isinstance(node, ast.Call) and method_name(node) in _KEEPING_METHODS:
            arguments = [*node.args, *[kw.value for kw in node.keywords]]
            if reads_of(arguments).data & names:
                return True
    return False


_MUTATORS = frozenset({"append", "extend", "insert", "add", "update", "appendleft", "put", "copy_", "add_"})


def _detached_first(names: set[str], flow: IterationFlow, functions: dict[str, object]) -> set[str]:
    """The names the iteration rebinds to a detached copy of themselves before anything else
    reads or binds them, in a statement that runs on every iteration (not under an `if`, a
    `try` or a loop of its own): `h = h.detach()`, `hidden = tuple(t.detach() for t in
    hidden)`, `h, c = h.detach(), c.detach()` (each element the copy of its own name) -- the
    state a truncated back-propagation carries from chunk to chunk, cut at the top of each
    one. What the earlier iteration left in them, no read of this one sees."""
    found: set[str] = set()
    pending = set(names)
    for unit in flow.units:
        if not pending:
            break
        touched = pending & (unit.reads | unit.binds)
        if not touched:
            continue
        pending -= touched
        node = unit.node
        if unit.ancestors:
            continue
        if node.__class__ is ast.If and not node.orelse and len(node.body) == 1 and _is_not_none(node.test):  # type: ignore[attr-defined]
            # `if hidden is not None: hidden = repackage_hidden(hidden)`: else it holds None
            name = node.test.left.id  # type: ignore[attr-defined]
            node = node.body[0]  # type: ignore[attr-defined]
            if name not in touched or node.__class__ is not ast.Assign or len(node.targets) != 1:  # type: ignore[attr-defined]
                continue
            touched = {name}
        if node.__class__ is not ast.Assign or len(node.targets) != 1:  # type: ignore[attr-defined]
            continue
        target, value = node.targets[0], node.value  # type: ignore[attr-defined]
        if target.__class__ is ast.Name:
            pairs = [(target, value)]
        elif target.__class__ is ast.Tuple and value.__class__ is ast.Tuple and len(target.elts) == len(value.elts):
            pairs = list(zip(target.elts, value.elts))
        else:
            continue
        for name, copy in pairs:
            if name.__class__ is ast.Name and name.id in touched and (
                _detached_copy(copy, name.id) or _repackaged(copy, name.id, functions)
            ):
                found.add(name.id)
    return found


def _is_not_none(test: ast.expr) -> bool:
    """`name is not None`."""
    return (
        test.__class__ is ast.Compare and test.left.__class__ is ast.Name and len(test.ops) == 1  # type: ignore[attr-defined]
        and test.ops[0].__class__ is ast.IsNot and test.comparators[0].__class__ is ast.Constant  # type: ignore[attr-defined]
        and test.comparators[0].value is None  # type: ignore[attr-defined]
    )  # fmt: skip


def _repackaged(value: ast.expr, name: str, functions: dict[str, object]) -> bool:
    """`repackage_hidden(name)`: a function of the module (one parameter, undecorated) whose
    every `return` gives its parameter detached (`h.detach()`, as `_detached_copy` reads it) or
    a tuple or list of itself applied to each element (`tuple(repackage_hidden(v) for v in
    h)`), and which does nothing else but test it (`if isinstance(h, torch.Tensor):`)."""
    if not (value.__class__ is ast.Call and value.func.__class__ is ast.Name and len(value.args) == 1 and not value.keywords):  # type: ignore[attr-defined]
        return False
    arg = value.args[0]  # type: ignore[attr-defined]
    info = functions.get(value.func.id)  # type: ignore[attr-defined]
    function = getattr(info, "node", None)
    if not (arg.__class__ is ast.Name and arg.id == name and function.__class__ is ast.FunctionDef):
        return False
    params = function.args  # type: ignore[union-attr]
    if function.decorator_list or len(params.args) != 1 or params.vararg or params.kwarg or params.kwonlyargs or params.posonlyargs:  # type: ignore[union-attr]
        return False
    own, param = function.name, params.args[0].arg  # type: ignore[union-attr]
    returns = 0
    for stmt in ast_walk(function):
        if stmt.__class__ is ast.Return:
            returned = stmt.value  # type: ignore[attr-defined]
            if returned is None or not (_detached_copy(returned, param) or _maps_itself(returned, param, own)):
                return False
            returns += 1
        elif isinstance(stmt, ast.stmt) and stmt is not function and stmt.__class__ not in (ast.If, ast.Return, ast.Expr):
            return False  # (an assignment, a loop: more than a test of the value's kind)
        elif stmt.__class__ is ast.Expr and not (stmt.value.__class__ is ast.Constant):  # type: ignore[attr-defined]
            return False  # (a call for its effect; a docstring is fine)
    return returns > 0


def _maps_itself(value: ast.expr, param: str, own: str) -> bool:
    """`tuple(own(v) for v in param)` (or `list(...)`, `[own(v) for v in param]`)."""
    each = _each_element(value, param)
    if each is None:
        return False
    elt, target = each
    return (
        elt.__class__ is ast.Call and elt.func.__class__ is ast.Name and elt.func.id == own and len(elt.args) == 1  # type: ignore[attr-defined]
        and not elt.keywords and elt.args[0].__class__ is ast.Name and elt.args[0].id == target  # type: ignore[attr-defined]
    )  # fmt: skip


def _detached_copy(value: ast.expr, name: str) -> bool:
    """`name.detach()`, a tuple or list of `name[i].detach()`, or `tuple(t.detach() for t in
    name)` (also `list(...)`, `[t.detach() for t in name]`): a copy of `name` without its graph."""
    def detached(expr: ast.expr, of: str) -> bool:
        if not (expr.__class__ is ast.Call and method_name(expr) == "detach" and not expr.args and not expr.keywords):  # type: ignore[attr-defined]
            return False
        inner = expr.func.value  # type: ignore[attr-defined]
        while inner.__class__ is ast.Subscript and inner.slice.__class__ is ast.Constant:  # type: ignore[attr-defined]
            inner = inner.value  # type: ignore[attr-defined]
        return inner.__class__ is ast.Name and inner.id == of  # type: ignore[attr-defined]

    if value.__class__ in (ast.Tuple, ast.List):
        return bool(value.elts) and all(detached(e, name) for e in value.elts)  # type: ignore[attr-defined]
    each = _each_element(value, name)
    if each is not None:
        return detached(*each)
    return detached(value, name)


def _each_element(value: ast.expr, name: str) -> tuple[ast.expr, str] | None:
    """`tuple(<elt> for t in name)`, `list(...)` or `[<elt> for t in name]` (one plain `for`
    over the name, no `if`): the element expression and the name `t`; else None."""
    if value.__class__ is ast.Call and value.func.__class__ is ast.Name and value.func.id in ("tuple", "list"):  # type: ignore[attr-defined]
        if len(value.args) != 1 or value.keywords:  # type: ignore[attr-defined]
            return None
        value = value.args[0]  # type: ignore[attr-defined]
    if value.__class__ not in (ast.GeneratorExp, ast.ListComp):
        return None
    gens = value.generators  # type: ignore[attr-defined]
    if len(gens) != 1 or gens[0].ifs or gens[0].is_async or gens[0].target.__class__ is not ast.Name:
        return None
    if not (gens[0].iter.__class__ is ast.Name and gens[0].iter.id == name):
        return None
    return value.elt, gens[0].target.id  # type: ignore[attr-defined]


def _carried_with_graphs(names: set[str], flow: IterationFlow, scope: ScopeFlow, source: Source) -> bool:
    """A name the loss reads as it was before this iteration (`outs` in `sum(outs)`, `mem` in
    `mem = mem + h`) that the iteration grows or rebinds from a forward pass or from values it
    computes: the loss then walks the graphs of earlier iterations again, which
    `retain_graph=True` keeps. (A counter, `step += 1`, computes from nothing of the iteration.)"""
    bound = {n for unit in flow.units for n in unit.binds}
    for unit in flow.units:
        node = unit.node
        grown: set[str] = set(unit.binds) & names
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and method_name(node.value) in _MUTATORS:
            recv = receiver(node.value)
            if isinstance(recv, ast.Name) and recv.id in names:
                grown.add(recv.id)
        if not grown or graph_free_text(unit.value_text):
            continue
        if isinstance(node, ast.AugAssign) and not isinstance(node.value, ast.Name) and _counted(node.value, flow):  # type: ignore[arg-type]
            continue  # `offset += xb.size(0)`: a count of samples, no graph
        if unit.forward and isinstance(node, ast.Assign) and _plain_helper_result(node.value, scope, set(), source):
            # `batch, done = fetch(it)` for the next iteration: a plain helper of the module
            # handing on what its arguments give (`next(it, None)` of `iter(loader)`), no forward
            forward = False
        else:
            forward = unit.forward
        if forward or (unit.data - grown) & bound:
            return True
    return False


_NO_GRAD_CONTEXTS = ("no_grad", "inference_mode")


def _without_grad(node: ast.AST, scope: ScopeFlow) -> bool:
    """The statement runs inside a `with torch.no_grad():` (or `torch.inference_mode()`) block
    of the scope: what it computes holds no graph."""
    ranges = getattr(scope, "_no_grad_ranges", None)
    if ranges is None:
        ranges = []
        for holder in (scope.scope, scope.source.tree) if scope.scope is not scope.source.tree else (scope.scope,):
            for sub in ast_walk(holder):
                if isinstance(sub, (ast.With, ast.AsyncWith)) and any(
                    isinstance(item.context_expr, ast.Call)
                    and (call_name(item.context_expr) or "").rsplit(".", 1)[-1] in _NO_GRAD_CONTEXTS
                    for item in sub.items
                ):
                    ranges.append((sub.lineno, sub.end_lineno or sub.lineno))
        scope._no_grad_ranges = ranges  # type: ignore[attr-defined]
    line = getattr(node, "lineno", None)
    return line is not None and any(first < line <= last for first, last in ranges)


def _counted(value: ast.expr | None, scope: ScopeFlow) -> bool:
    """A number, or a name the scope binds only to numbers (or a parameter of its function
    that defaults to one, bound nowhere else): what a counter is incremented by."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, (int, float)) and not isinstance(value.value, bool)
    if isinstance(value, ast.Call) and (
        (isinstance(value.func, ast.Name) and value.func.id == "len")
        or (isinstance(value.func, ast.Attribute) and value.func.attr in ("size", "numel") and value.args)
    ):
        return True  # `offset += len(xb)`, `offset += xb.size(0)`: a size, an int
    if (
        isinstance(value, ast.Subscript) and isinstance(value.value, ast.Attribute) and value.value.attr == "shape"
    ):
        return True  # `offset += xb.shape[0]`
    if not isinstance(value, ast.Name):
        return False
    units = list(scope.binding(value.id))
    if units:
        return all(isinstance(u.node, ast.Assign) and _counted(u.node.value, scope) and not isinstance(u.node.value, ast.Name) for u in units)
    function = scope.scope
    if not isinstance(function, FUNCTIONS):
        return False
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = dict(zip([a.arg for a in positional[len(positional) - len(arguments.defaults) :]], arguments.defaults))
    defaults.update({a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None})
    default = defaults.get(value.id)
    return default is not None and _counted(default, scope) and not isinstance(default, ast.Name)


def _graph_from_elsewhere(name: str, scope: ScopeFlow, visited: set[str], source: Source, computed: bool = False) -> bool:
    """`name` may hold a tensor with a graph built outside this iteration: a forward's output,
    an accumulation, an element of something that carries one (followed through plain
    assignments and loop targets), or a computation on a tensor that requires gradients (a
    leaf made with `requires_grad=True`, an `nn.Parameter`, a module's `.weight`):
    `mix = torch.tanh(w @ w.T)` before the loop is one graph every iteration walks again.
    `computed`: a computation (not a plain renaming) reads the name."""
    for unit in scope.binding(name):
        if isinstance(unit.node, FOR_LOOPS):
            if _iterable_carries_graph(unit.node.iter, scope, visited, source):
                return True
            continue
        if graph_free_text(unit.value_text) or _without_grad(unit.node, scope):
            continue  # detached, a number, or computed under `with torch.no_grad():`
        value = getattr(unit.node, "value", None)
        if _random_generator(value):
            continue  # `rng = torch.Generator().manual_seed(7)`: a random source, no tensor
        if isinstance(unit.node, ast.Assign) and isinstance(value, ast.Call) and (call_name(value) or "") in _PASS_THROUGH:
            # `it = iter(loader)`, `batches = list(loader)`: an iterator, or a list of the items,
            # hands out the items of what it is built on
            if _iterable_carries_graph(value, scope, visited, source):
                return True
            continue
        if unit.augmented and (not unit.forward or isinstance(value, (ast.Call, ast.Subscript))) and _counted(value, scope):
            continue  # `step += 1`, `start += bs` (bs = 8): a counter; its other bindings decide
        if unit.forward and not unit.augmented and not _plain_helper_result(value, scope, visited, source):
            return True
        if unit.augmented:
            return True
        plain = isinstance(value, (ast.Name, ast.Attribute, ast.Tuple, ast.List, ast.Starred))
        if _LEAF.search(unit.value_text):
            if computed:
                return True  # a leaf that requires gradients, computed on by the reader
            continue  # the leaf itself, read as it is: no graph yet
        if (computed or not plain) and _PARAMETER.search(unit.value_text):
            return True  # computed on a module's parameters (`w / w.norm()` of `enc.weight`)
        for other in _data_outside_numpy(value, unit.data) - visited:  # `hidden = new_hidden`, `losses = [a, b]`: follow
            visited.add(other)
            if _graph_from_elsewhere(other, scope, visited, source, computed or not plain):
                return True
    return False


def _random_generator(value: ast.expr | None) -> bool:
    """`torch.Generator()`, also seeded in the same expression (`torch.Generator().manual_seed(7)`,
    `torch.Generator(device="cpu")`)."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "manual_seed":
        value = value.func.value
    return isinstance(value, ast.Call) and call_name(value) == "torch.Generator"


def _data_outside_numpy(value: ast.expr | None, data: set[str]) -> set[str]:
    """The names `data` a value reads other than inside a call that builds a numpy array
    (`torch.Tensor(np.stack(batch.reward))`: an array holds no graph, whatever it is made of)."""
    if value is None or not any(isinstance(n, ast.Call) and _numpy_array_call(n) for n in ast_walk(value)):
        return data
    outside: set[str] = set()
    pending: list[ast.AST] = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Call) and _numpy_array_call(node):
            continue
        if isinstance(node, ast.Name):
            outside.add(node.id)
        pending.extend(child_nodes(node))
    return data & outside


def _numpy_array_call(call: ast.Call) -> bool:
    name = call_name(call) or ""
    root, _, last = name.rpartition(".")
    return (root in ("np", "numpy") and last in _NUMPY_ARRAYS) or name in ("torch.from_numpy", "from_numpy")


# numpy functions that build an array (a tensor that requires gradients cannot become one)
_NUMPY_ARRAYS = {"array", "asarray", "stack", "vstack", "hstack", "concatenate", "zeros", "ones", "full"}


def _plain_helper_result(value: ast.expr | None, scope: ScopeFlow, visited: set[str], source: Source) -> bool:
    """`adv, target = self.estimate_advantages(rewards, values, masks)`: the value is one call
    of a plain function of the module (or a method of the scope's class) that only does tensor
    arithmetic on its arguments (no call that may run a forward, no parameter, no leaf that
    requires gradients, no name from outside but imports and number attributes of its class),
    given arguments that carry no graph: what it returns carries none."""
    if not isinstance(value, ast.Call) or any(isinstance(a, ast.Starred) for a in value.args):
        return False
    arguments = [*value.args, *(k.value for k in value.keywords)]
    if any(k.arg is None for k in value.keywords) or reads_of(arguments).forward_calls:
        return False
    helper, owner = _helper_of(value, scope, source)
    if helper is None or helper.decorator_list or not _plain_body(helper, owner, source):
        return False
    for name in {n for a in arguments for n in _data_outside_numpy(a, reads_of([a]).data)}:
        if name in visited:
            continue
        visited.add(name)
        if _graph_from_elsewhere(name, scope, visited, source, computed=True):
            return False
    return True


def _helper_of(call: ast.Call, scope: ScopeFlow, source: Source) -> tuple[ast.FunctionDef | None, ast.ClassDef | None]:
    """The function of the module a call runs: `helper(...)` at the top level, `self.m(...)`
    in a method of the scope's class (written once)."""
    func = call.func
    if isinstance(func, ast.Name):
        body, name, owner = source.tree.body, func.id, None
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        function = scope.scope
        owner = source.owner_of(function) if isinstance(function, FUNCTIONS) else None  # type: ignore[arg-type]
        if not isinstance(owner, ast.ClassDef):
            return None, None
        body, name = owner.body, func.attr
    else:
        return None, None
    found = [s for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and s.name == name]
    if len(found) != 1 or not isinstance(found[0], ast.FunctionDef):
        return None, None
    return found[0], owner


def _plain_body(helper: ast.FunctionDef, owner: ast.ClassDef | None, source: Source) -> bool:
    """Tensor arithmetic on the arguments only (see `_plain_helper_result`)."""
    if _LEAF.search(source.segment(helper)) or _PARAMETER.search(source.segment(helper)):
        return False
    bound = {a.arg for a in ast_walk(helper.args) if isinstance(a, ast.arg)}
    reads: list[ast.Name] = []
    attributes: set[str] = set()
    for node in ast_walk(helper):
        if node is not helper and isinstance(node, (*SCOPES, ast.Lambda, ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom)):
            return False
        if isinstance(node, ast.Call) and is_forward_call(node):
            return False
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                reads.append(node)
            else:
                bound.add(node.id)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            attributes.add(node.attr)
    imported = {
        (alias.asname or alias.name).split(".")[0]
        for s in source.tree.body
        if isinstance(s, (ast.Import, ast.ImportFrom))
        for alias in s.names
    }
    for name in reads:
        if name.id not in bound and name.id not in imported and name.id not in _BUILTIN_NAMES and name.id != "self":
            return False
    return not attributes or (owner is not None and all(_number_attribute(owner, a) for a in attributes))


def _number_attribute(owner: ast.ClassDef, attribute: str) -> bool:
    """Every binding of the attribute in the class is a number (`gamma = 0.99` in its body,
    `self.gamma = 0.99`)."""
    values = [
        s.value
        for s in owner.body
        if isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == attribute for t in s.targets)
    ]
    for node in ast_walk(owner):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            for sub in ast_walk(target):
                if isinstance(sub, ast.Attribute) and sub.attr == attribute and isinstance(sub.ctx, ast.Store):
                    if not isinstance(node, ast.Assign):
                        return False
                    values.append(node.value)
    return bool(values) and all(isinstance(v, ast.Constant) and isinstance(v.value, (int, float)) and not isinstance(v.value, bool) for v in values)


_BUILTIN_NAMES = frozenset({"len", "range", "reversed", "enumerate", "zip", "min", "max", "abs", "float", "int", "sum", "round", "True", "False", "None",
    # the next item of an iterator handed in (`batch = next(it, None)`): what the caller's
    # argument hands out, judged at the call
    "next", "iter"})

# a tensor made to require gradients; a module's parameters
_LEAF = lazily(r"requires_grad\s*=\s*True|requires_grad_\(|Parameter\(")
_PARAMETER = lazily(r"\.weight\b|\.bias\b|parameters\(\)")


# Calls that hand out what they are given (a loader's batches stay batches).
_PASS_THROUGH = {
    "enumerate", "zip", "iter", "list", "tuple", "sorted", "reversed", "islice", "chain", "cycle", "from_iterable",
    "tqdm", "trange", "track", "progress_bar", "ProgressBar",
}  # fmt: skip
# Calls that cut a tensor into pieces (each piece carries the tensor's graph, if any).
_PIECES = {"chunk", "split", "tensor_split", "unbind"}
_DATA_SOURCE = lazily(r"loader|batches|dataset|(^|_)data($|_)|sampler|prefetch|data_?iter|^dl$|_dl$|stream", re.I)


def _iterable_carries_graph(expr: ast.AST, scope: ScopeFlow, visited: set[str], source: Source) -> bool:
    """What a `for` loop iterates over may hand out tensors that carry autograd graphs built
    before the loop: a list of losses, a dict of them, one forward's outputs. A data loader,
    `range(...)` and constants do not. Unknown calls may be a forward: they carry one."""
    if isinstance(expr, ast.Constant):
        return False
    if isinstance(expr, (ast.List, ast.Tuple, ast.Set)):
        return any(_iterable_carries_graph(e, scope, visited, source) for e in expr.elts)
    if isinstance(expr, ast.Starred):
        return _iterable_carries_graph(expr.value, scope, visited, source)
    if isinstance(expr, ast.Subscript):
        return _iterable_carries_graph(expr.value, scope, visited, source)
    if isinstance(expr, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        if reads_of([expr.elt]).forward_calls:
            return True
        return any(_iterable_carries_graph(g.iter, scope, visited, source) for g in expr.generators)
    if isinstance(expr, ast.Call):
        name = call_name(expr) or ""
        last = name.rsplit(".", 1)[-1]
        method = method_name(expr)
        if last in ("range", "trange", "arange") or _DATA_SOURCE.search(last):
            return False
        if name == "itertools.count":
            return False  # `zip(itertools.count(), loader)`: numbers
        if last in _PASS_THROUGH:
            return any(_iterable_carries_graph(a, scope, visited, source) for a in expr.args)
        if name in ("itertools.repeat", "repeat") and expr.args:
            # `itertools.repeat(loader, EPOCHS)` (chained: every epoch's batches): the object, n times
            return _iterable_carries_graph(expr.args[0], scope, visited, source)
        if (last in _PIECES or method in _PIECES) and (expr.args or method in _PIECES):
            # `torch.chunk(states, n)`, `states[perm].split(64)`: pieces of the tensor cut up
            # (a leaf that requires gradients cut up records the cut: a graph every piece shares)
            by_torch = method is None or dotted(expr.func.value) == "torch"  # type: ignore[attr-defined]
            if by_torch and not expr.args:
                return True
            cut = expr.args[0] if by_torch else expr.func.value  # type: ignore[attr-defined]
            while isinstance(cut, ast.Subscript):
                cut = cut.value
            if not isinstance(cut, ast.Name) or cut.id in visited:
                return True
            visited.add(cut.id)
            return _graph_from_elsewhere(cut.id, scope, visited, source, computed=True)
        if method in ("values", "items", "keys") and isinstance(expr.func, ast.Attribute):
            return _iterable_carries_graph(expr.func.value, scope, visited, source)
        if last[:1].isupper():
            return False  # `DataLoader(...)`: a constructor, not a forward
        return True
    if isinstance(expr, ast.Name):
        if _DATA_SOURCE.search(expr.id):
            return False
        if expr.id in visited:
            return False
        visited.add(expr.id)
        bindings = scope.binding(expr.id)
        if bindings and all(
            isinstance(u.node, ast.Assign) and isinstance(u.node.value, ast.Call) and not _iterable_carries_graph(u.node.value, scope, visited, source)
            for u in bindings
        ):
            return False  # `pbar = tqdm(loader)`: bound only to what hands out batches
        return _graph_from_elsewhere(expr.id, scope, visited, source)
    if isinstance(expr, ast.Attribute):
        return not _DATA_SOURCE.search(expr.attr)
    return True


def _separate_later(event: GradEvent, call: BackwardCall, home: TrainingLoop, graphs: GraphFlow, model: ModuleModel) -> set[int]:
    """Later backward calls of the iteration that provably walk a graph of their own: written
    at the same loop level, their loss computed in this iteration from values that share no
    statement recording autograd nodes with the retained graph (a GAN's discriminator loss
    from `fake.detach()` and the real batch, after the generator's backward)."""
    later = [
        e
        for e in home.events[home.events.index(event) + 1 :]
        if e.kind in (EventKind.BACKWARD, EventKind.AUTOGRAD_GRAD)
    ]
    if not later:
        return set()
    following = home.events[home.events.index(event) + 1]
    if following.kind is EventKind.BACKWARD and following.loops == event.loops and following.blocks[-1] is event.blocks[-1]:
        return set()  # a split backward (GF003): its retain_graph is GF003's to remove
    kept = graphs.slice(call.loss, event.statement)
    if kept is None:
        return set()
    recorded = {id(u) for u in kept.units if graphs.builds_nodes(u)}
    batch = _framework_batch(home, model)
    separate: set[int] = set()
    for other in later:
        if other.kind is not EventKind.BACKWARD or not other.direct or other.loops != event.loops:
            continue
        described = describe_backward(other)
        if described is None:
            continue
        walked = graphs.slice(described.loss, other.statement)
        if walked is None or (walked.carried and not _carried_by_own_methods_alone(walked.carried, home, graphs, model)):
            continue  # a value of an earlier iteration may hold this iteration's retained graph
        shared = [u for u in walked.units if id(u) in recorded]
        if shared and not all(_picks_plain_data(u, graphs, model) or _unpacks(u, batch) for u in shared):
            continue
        if _reaches_hidden_state(described.loss, walked, kept, model, batch):
            continue  # it may read the retained graph through state gradfix does not follow
        both = [k for k in kept.free if k.startswith("self") and graphs.reads_any_key(k, walked.free)]
        if both and not all(_module_handle(k, kept, walked, home, model) for k in both):
            continue  # state on `self` both read may hold a graph built before the loop
        separate.add(id(other))
    return separate


def _carried_by_own_methods_alone(carried: set[str], home: TrainingLoop, graphs: GraphFlow, model: ModuleModel) -> bool:
    """The keys on `self` a later loss reads count as carried only because statements of the
    iteration step or clear an optimizer (`self.actor.optimizer.step()`: parameters and
    gradients, no graph) or call a method of the file's classes on `self`
    (`self.update_targets()`, read as updating all of `self`) that provably stores none of
    them: what it assigns or updates on `self` is read from its body (and the bodies of the
    methods it calls on `self`), and none of it is, or holds, a key read."""
    if not all(k.startswith("self.") for k in carried):
        return False
    updates = {id(e.statement) for e in home.events if e.kind in (EventKind.STEP, EventKind.CLEAR) and e.direct}
    for unit in graphs.flow.units:
        binds = graphs.graph(unit).binds
        if not any(_keys_related(k, b) for k in carried for b in binds):
            continue
        node = unit.node
        if id(node) in updates and isinstance(node, ast.Expr):
            continue
        call = node.value if isinstance(node, ast.Expr) else None
        if not (
            isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name) and call.func.value.id == "self" and binds == {"self"}
        ):  # fmt: skip
            return False
        stores = _method_stores(call.func.attr, model.facts, None, 0)
        if stores is None or any(_keys_related(k, s) for k in carried for s in stores):
            return False
    return True


def _keys_related(a: str, b: str) -> bool:
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def _method_stores(name: str, facts, owner: str | None, depth: int) -> set[str] | None:  # type: ignore[no-untyped-def]
    """The `self.<attr>` keys the methods `name` of the module's classes (of `owner` alone, when
    given) assign or update (`self.h = ...`, `self.target.load_state_dict(...)`), with those of the
    methods they call on `self`; None when one cannot be read (no such method, a method of a
    base, `self` handed to a call, too deep)."""
    if depth > 3:
        return None
    found = [
        (cls, methods[name].node) for cls, methods in facts.methods.items()
        if (owner is None or cls == owner) and name in methods
    ]  # fmt: skip
    if not found:
        return None
    stores: set[str] = set()
    for cls, function in found:
        for node in ast_walk(function):
            kind = node.__class__
            targets: list[ast.AST] = []
            if kind is ast.Assign:
                targets = list(node.targets)
            elif kind is ast.AugAssign or kind is ast.AnnAssign:
                targets = [node.target]
            elif kind is ast.Delete:
                targets = list(node.targets)
            elif kind is ast.Call:
                if any(isinstance(a, ast.Name) and a.id == "self" for a in (*node.args, *(k.value for k in node.keywords))):
                    return None  # `setattr(self, ...)`, `helper(self)`: not read
                func = node.func
                if isinstance(func, ast.Attribute):
                    head = _self_attribute(func.value)
                    if isinstance(func.value, ast.Name) and func.value.id == "self":
                        if func.attr in facts.methods.get(cls, {}):
                            if func.attr != name:
                                more = _method_stores(func.attr, facts, cls, depth + 1)
                                if more is None:
                                    return None
                                stores |= more
                        elif func.attr in _MODULE_READS or f"self.{func.attr}" in _held(facts, cls):
                            pass  # (`load_state_dict`: parameters from data; `self.fc(x)`: a module it holds)
                        else:
                            return None  # a method of a base class
                    elif head is not None:
                        stores.add(head)  # `self.target.load_state_dict(...)`: may update it
            for target in targets:
                for part in ast_walk(target):
                    head = _self_attribute(part)
                    if head is not None:
                        stores.add(head)
                    elif isinstance(part, ast.Name) and part.id == "self" and part is target:
                        return None
    return stores


def _held(facts, cls: str) -> set[str]:  # type: ignore[no-untyped-def]
    """The `self.<attr>` keys the methods of class `cls` assign as a whole (`self.fc = nn.Linear(...)`)."""
    held: set[str] = set()
    for info in facts.methods.get(cls, {}).values():
        for node in ast_walk(info.node):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                        held.add(f"self.{target.attr}")
    return held


def _self_attribute(expr: ast.AST) -> str | None:
    """`self.<attr>` of an expression rooted at it (`self.h`, `self.buf[i]`, `self.net.fc`)."""
    while isinstance(expr, (ast.Attribute, ast.Subscript)):
        inner = expr.value
        if isinstance(expr, ast.Attribute) and isinstance(inner, ast.Name) and inner.id == "self":
            return f"self.{expr.attr}"
        expr = inner
    return None


# methods of `torch.nn.Module` that read a module's state without storing on it
_MODULE_READS = frozenset({
    "parameters", "named_parameters", "modules", "children", "state_dict", "load_state_dict", "train", "eval", "to",
    "cuda", "cpu", "forward",
})  # fmt: skip


def _module_handle(key: str, kept: GraphSlice, walked: GraphSlice, home: TrainingLoop, model: ModuleModel) -> bool:
    """`self.actor` read by both graphs only to call a method of its module
    (`self.actor.sample_normal(state)`): bound once, to a class of the project (this file, or
    another read through the project index) built on `nn.Module` alone, whose methods store
    nothing on the module outside `__init__`, whose `__init__` stores no output of the module's
    own calls, and on whose instance this file sets nothing. Such a call computes on its
    arguments and the module's parameters, as `self.actor(state)` does: no graph built before
    the loop can reach the later loss through it."""
    if key.count(".") != 1 or any(k != key and _keys_related(k, key) for k in (*kept.free, *walked.free)):
        return False
    attr = key[len("self.") :]
    called: set[str] = set()
    for unit in (*kept.units, *walked.units):
        receivers: set[int] = set()
        for node in ast_walk(unit.node):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                receivers.add(id(node.func.value))
                if _self_attribute(node.func.value) == key and isinstance(node.func.value, ast.Attribute):
                    called.add(node.func.attr)
        for node in ast_walk(unit.node):
            if isinstance(node, ast.Attribute) and node.attr == attr and isinstance(node.value, ast.Name) and node.value.id == "self":
                if id(node) not in receivers:
                    return False  # read as a value, not only called
    if not called:
        return False
    facts = model.facts
    index = assignments(model)
    if any(k.startswith(key + ".") or k.startswith(key + "[") for k in index.by_key):
        return False  # this file sets state on the module (`self.actor.h = ...`)
    scope = home.function
    if scope is None:
        return False
    bindings = index.bindings(key, scope)
    if len(bindings) != 1 or not isinstance(bindings[0].value, ast.Call):
        return False
    constructor = dotted(bindings[0].value.func)
    if constructor is None or not constructor.rsplit(".", 1)[-1][:1].isupper():
        return False
    there, name = facts, constructor
    if constructor not in facts.classes:
        project = facts.project
        if project is None:
            return False
        qualified = facts.imports.qualify(constructor) or constructor
        located = project.class_named(qualified, model.source.path or None, any_bytes=True)
        if located is None:
            return False
        there, name = located[0].facts, located[1]
    node = there.classes.get(name)
    methods = there.methods.get(name, {})
    if node is None or not node.bases:
        return False
    for base in node.bases:
        base_name = dotted(base) or ""
        if (there.imports.qualify(base_name) or base_name) not in ("torch.nn.Module", "torch.nn.modules.module.Module"):
            return False  # a base's methods are not read
    if any(m not in methods and m not in _MODULE_READS for m in called):
        return False
    for method, info in methods.items():
        if method == "__init__":
            if not _init_stores_no_output(info.node):
                return False
            continue
        stores = _method_stores(method, there, name, 0)
        if stores is None or stores:
            return False
    return True


def _init_stores_no_output(init: ast.AST) -> bool:
    """A module's `__init__` stores on `self` no value computed by calling a module of its own
    or a method of `self` (`self.h0 = self.encoder(x)`), but for reading its parameters."""
    for node in ast_walk(init):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if not any(_self_attribute(t) is not None for t in targets):
                continue
            for sub in ast_walk(node.value):
                if isinstance(sub, ast.Call) and _self_attribute(sub.func) not in (None, "self.parameters", "self.named_parameters"):
                    return False
    return True


def _separate_after_the_loop(
    event: GradEvent, call: BackwardCall, by_node: dict[int, TrainingLoop], graphs: GraphFlow, model: ModuleModel
) -> set[int]:
    """Backward calls of the loop around the backward's own loop, written in its body after
    that loop (a WGAN's generator step after the `n_critic` critic steps), that provably walk
    a graph of their own: their loss computed in the outer iteration, after the inner loop,
    from values no statement of the inner loop binds, none kept from an earlier iteration,
    and no state the data flow does not follow (as `_separate_later` reads a later backward
    of the same loop)."""
    inner, outer_node = event.home_loops[-1], event.home_loops[-2]
    outer = by_node.get(id(outer_node))
    if outer is None or outer.is_unknown or not any(stmt is inner for stmt in outer_node.body):  # type: ignore[attr-defined]
        return set()
    after = outer_node.body.index(inner)  # type: ignore[attr-defined]
    later = [
        e for e in outer.events
        if e.kind is EventKind.BACKWARD and e.direct and e.loops == event.loops[:-1]
        and any(stmt is e.statement for stmt in outer_node.body[after + 1 :])  # type: ignore[attr-defined]
    ]  # fmt: skip
    if not later:
        return set()
    kept = graphs.slice(call.loss, event.statement)
    if kept is None:
        return set()
    around = GraphFlow(outer_node, model.source, model.facts.imports.qualify)
    start, end = (inner.lineno, inner.col_offset), (inner.end_lineno, inner.end_col_offset)  # type: ignore[attr-defined]
    separate: set[int] = set()
    for other in later:
        described = describe_backward(other)
        if described is None:
            continue
        walked = around.slice(described.loss, other.statement)
        if walked is None or walked.carried:
            continue  # a value of an earlier iteration may hold the retained graph
        if any(start <= (u.node.lineno, u.node.col_offset) <= end for u in walked.units):  # type: ignore[attr-defined, operator]
            continue  # a value the inner loop computed (`fake` of its last step)
        if _reaches_hidden_state(described.loss, walked, kept, model):
            continue
        if any(k.startswith("self") and around.reads_any_key(k, walked.free) for k in kept.free):
            continue
        separate.add(id(other))
    return separate


def _separate_after_the_loop_in_function(
    event: GradEvent, call: BackwardCall, function: ast.AST, graphs: GraphFlow, model: ModuleModel
) -> set[int]:
    """The backward calls written after the backward's loop in the function whose body holds
    that loop (a WGAN step function's generator update after its `n_critic` critic steps),
    each `loss.backward()` alone in a statement of the function's own body, that provably
    walk a graph of their own: the loss computed after the loop from values no statement of
    the loop binds, none read before the function binds it, and no state the data flow does not
    follow (as `_separate_after_the_loop` reads the body of an outer loop). Returns the ids of
    those calls."""
    inner = event.home_loops[0]
    body = function.body  # type: ignore[attr-defined]
    if not any(stmt is inner for stmt in body):
        return set()
    later = []
    for stmt in body[body.index(inner) + 1 :]:
        value = stmt.value if stmt.__class__ is ast.Expr else None  # type: ignore[attr-defined]
        if (
            value.__class__ is ast.Call and method_name(value) == "backward" and not value.args  # type: ignore[union-attr]
            and not value.keywords and receiver(value).__class__ is ast.Name  # type: ignore[union-attr, arg-type]
        ):
            later.append((stmt, value))
    if not later:
        return set()
    kept = graphs.slice(call.loss, event.statement)
    if kept is None:
        return set()
    around = GraphFlow(function, model.source, model.facts.imports.qualify)  # type: ignore[arg-type]
    start, end = (inner.lineno, inner.col_offset), (inner.end_lineno, inner.end_col_offset)  # type: ignore[attr-defined]
    separate: set[int] = set()
    for stmt, backward in later:
        loss = receiver(backward)
        walked = around.slice(loss, stmt)  # type: ignore[arg-type]
        if walked is None or walked.carried:
            continue
        if any(start <= (u.node.lineno, u.node.col_offset) <= end for u in walked.units):  # type: ignore[attr-defined, operator]
            continue  # a value the loop computed (`fake` of its last step)
        if _reaches_hidden_state(loss, walked, kept, model):  # type: ignore[arg-type]
            continue
        if any(k.startswith("self") and around.reads_any_key(k, walked.free) for k in kept.free):
            continue
        separate.add(id(backward))
    return separate


# torch's functions that make a tensor of data (no gradient unless told `requires_grad=True`)
_DATA_MAKERS = frozenset({
    "torch.randn", "torch.rand", "torch.randint", "torch.zeros", "torch.ones", "torch.full",
    "torch.empty", "torch.arange", "torch.linspace", "torch.tensor", "torch.eye", "torch.randperm",
})


def _picks_plain_data(unit, graphs: GraphFlow, model: ModuleModel) -> bool:  # type: ignore[no-untyped-def]
    """A statement both graphs share that only picks a batch out of data made once
    (`a = dom_a[torch.randint(0, 128, (16,))]` with `dom_a = torch.randn(128, 3) * 2 + 1`, every
    binding of it in the module such a tensor, never made to require gradients): it records no
    node either graph could reach the other through."""
    graph = graphs.graph(unit)
    if graph.forwards or graph.leaf or graph.partial or not graph.flows or not isinstance(unit.node, ast.Assign):
        return False
    for node in ast_walk(unit.node.value):
        if isinstance(node, ast.Call) and call_name(node) not in _DATA_MAKERS:
            return False
    return all(_plain_data_name(key, model) for key in graph.flows)


def _framework_batch(home: TrainingLoop, model: ModuleModel) -> str | None:
    """The parameter through which a framework hands its step hook the batch its loader yields
    (`batch` of a LightningModule's `training_step(self, batch, batch_idx)`: gradfix/libraries
    `FrameworkClass.batch_arguments`), when the hook never rebinds it: the loader's data, which
    holds no autograd graph (as the target of `for real, _ in loader:` does not)."""
    function = home.node
    if not isinstance(function, FUNCTIONS) or not model.facts.classes:
        return None
    for class_name, methods in model.facts.methods.items():
        info = methods.get(function.name)
        if info is None or info.node is not function:
            continue
        owner = model.facts.classes.get(class_name)
        if owner is None:
            return None
        from gradfix.analysis.frameworks import framework_of

        entry = framework_of(owner, model.facts.imports.qualify)
        positional = [*function.args.posonlyargs, *function.args.args]
        names = [positional[index].arg for hook, index in (entry.batch_arguments if entry else ()) if hook == function.name and index < len(positional)]
        if not names or any(
            isinstance(n, ast.Name) and n.id == names[0] and not isinstance(n.ctx, ast.Load)
            for stmt in function.body for n in ast_walk(stmt)
        ):
            return None
        return names[0]
    return None


def _unpacks(unit, name: str | None) -> bool:  # type: ignore[no-untyped-def]
    """A statement that only unpacks or indexes `name` (`real, _ = batch`, `real = batch[0]`)."""
    node = unit.node
    if name is None or not isinstance(node, ast.Assign):
        return False
    value = node.value
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant):
        value = value.value
    return isinstance(value, ast.Name) and value.id == name


def _plain_data_name(key: str, model: ModuleModel) -> bool:
    """A name every binding of which in the module is data made by torch (`_data_made`), never
    made to require gradients."""
    if not key.isidentifier() or f"{key}.requires_grad" in model.source.text:
        return False
    values = assigned_values(model, key)
    return bool(values) and all(_data_made(v) for v in values)


def _data_made(value: ast.expr) -> bool:
    """`torch.randn(128, 3) * 2 + 1`: torch's data makers (no `requires_grad`), numbers and
    arithmetic of them."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, (int, float))
    if isinstance(value, ast.BinOp):
        return _data_made(value.left) and _data_made(value.right)
    if isinstance(value, ast.UnaryOp):
        return _data_made(value.operand)
    if isinstance(value, ast.Call):
        return call_name(value) in _DATA_MAKERS and not any(k.arg in (None, "requires_grad") for k in value.keywords) and all(
            not isinstance(a, ast.Starred) and _plain_argument(a) for a in value.args
        )
    return False


def _plain_argument(value: ast.expr) -> bool:
    """A size or a literal: numbers, names, tuples of them (no call that could hand a graph)."""
    return not any(isinstance(n, ast.Call) for n in ast_walk(value))


def _reaches_hidden_state(loss: ast.expr, walked: GraphSlice, kept: GraphSlice, model: ModuleModel, batch: str | None = None) -> bool:
    """The later loss may hold the retained graph through state the data flow does not follow:
    it reads as data an object the retained graph's statements also use (`net.aux_loss` that
    `net`'s forward stored, `cell.last_h`), a container the module fills elsewhere (a forward
    hook's `feats["h"]`), a container the retained graph's statements hand to a call
    (`forward_with_aux(model, x, aux)`, then `aux[0]`), or calls a lambda (which may read any
    name of the loop). `batch`: the batch a framework hands the step hook (`_framework_batch`),
    data like a loader's."""
    nodes = [loss, *(unit.node for unit in walked.units)]
    data = _data_roots(nodes) & walked.free  # free names whose attributes or items are read as values
    data.discard(batch)  # type: ignore[arg-type]
    if any(not _plain_data_name(name, model) for name in data & kept.free):
        return True  # (not data made once by torch, `dom_a = torch.randn(...)`, a batch picked from)
    values = {name: assigned_values(model, name) for name in walked.free}
    if any(isinstance(value, ast.Lambda) for found in values.values() for value in found):
        return True
    if any(_container(found) for name, found in values.items() if name in data):
        return True
    handed = {
        arg.id
        for unit in kept.units
        for node in ast_walk(unit.node)
        if isinstance(node, ast.Call)
        for arg in (*node.args, *(k.value for k in node.keywords))
        if isinstance(arg, ast.Name)
    }
    if not handed:
        return False
    read = {n.id for unit in walked.units for n in ast_walk(unit.node) if isinstance(n, ast.Name)}
    read |= {n.id for n in ast_walk(loss) if isinstance(n, ast.Name)}
    return any(_container(assigned_values(model, name)) for name in handed & read)


def _data_roots(nodes: list[ast.AST]) -> set[str]:
    """Names whose attribute or item is read as a value (`net.aux_loss`, `feats["h"]`), not
    called (`net(x)`, `net.parameters()`)."""
    called: set[int] = set()
    reads: list[ast.AST] = []
    for top in nodes:
        for node in ast_walk(top):
            if isinstance(node, ast.Call):
                called.add(id(node.func))
            elif isinstance(node, (ast.Attribute, ast.Subscript)):
                reads.append(node)
    roots: set[str] = set()
    for node in reads:
        if id(node) in called:
            continue
        base = node.value  # type: ignore[attr-defined]
        while isinstance(base, (ast.Attribute, ast.Subscript)):
            base = base.value
        if isinstance(base, ast.Name):
            roots.add(base.id)
    return roots


def _container(values: list[ast.expr]) -> bool:
    """A name bound to a list, dict or set (a call may fill it with anything)."""
    return any(
        isinstance(value, (ast.Dict, ast.List, ast.Set))
        or (isinstance(value, ast.Call) and (call_name(value) or "").rsplit(".", 1)[-1] in ("dict", "list", "defaultdict", "OrderedDict"))
        for value in values
    )


def _earlier_in_iteration(event: GradEvent, home: TrainingLoop) -> set[int]:
    """Events before `event` in the same iteration, at the same loop level."""
    out: set[int] = set()
    for other in home.events:
        if other is event:
            break
        if other.loops == event.loops:
            out.add(id(other))
    return out


def _direct_calls(scope: ast.AST) -> set[int]:
    """The calls written in the scope itself, not in a function or class it defines (those run
    whenever they are called)."""
    found: set[int] = set()
    stack = list(child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, (*SCOPES, ast.Lambda)):
            continue
        if isinstance(node, ast.Call):
            found.add(id(node))
        stack.extend(child_nodes(node))
    return found


def _other_branch(scope: ast.AST, loop: ast.AST, call: ast.AST) -> bool:
    """True when `loop` and `call` sit in different arms of one `if` of the scope (`if "a" in
    name: for ...: loss.backward(retain_graph=True)` / `else: loss.backward()`), reached
    from the scope's body through `if` and `with` statements only: no loop of the scope runs
    that `if` again, so one call of the function runs one arm and the other arm's backward never
    follows the retained one. A `try` (its handlers run after part of its body) and a loop
    answer False."""
    block: list[ast.stmt] = list(getattr(scope, "body", ()))
    while block:
        holder = next((stmt for stmt in block if _holds(stmt, loop)), None)
        if holder is None or holder is loop or not _holds(holder, call):
            return False
        if isinstance(holder, ast.If):
            loop_in_body = any(_holds(stmt, loop) for stmt in holder.body)
            if loop_in_body != any(_holds(stmt, call) for stmt in holder.body):
                return _holds_in(holder.orelse if loop_in_body else holder.body, call)
            block = holder.body if loop_in_body else holder.orelse
        elif isinstance(holder, (ast.With, ast.AsyncWith)):
            block = holder.body
        else:
            return False
    return False


def _in_a_def_never_run(function: ast.AST, node: ast.AST) -> bool:
    """`node` lies in a function defined inside `function` (not in a class) that nothing can
    run: undecorated, its name never read in `function` (nor declared `global`/`nonlocal`, nor
    `locals()`, `vars()`, `eval`, `exec` read): a def's body runs where it is called, not where
    it is written (`def _bw(t, *a, **k): t.backward(*a, **k)` in the batch loop, whose calls
    call_forms already reads as the `.backward` they run)."""
    holders: list[ast.AST] = []
    stack: list[tuple[ast.AST, bool]] = [(child, False) for child in child_nodes(function)]
    while stack:
        current, in_class = stack.pop()
        cls = current.__class__
        if (cls is ast.FunctionDef or cls is ast.AsyncFunctionDef) and not in_class and _holds(current, node):
            holders.append(current)
        stack.extend((child, cls is ast.ClassDef) for child in child_nodes(current))
    if not holders:
        return False
    names = {holder.name for holder in holders if not holder.decorator_list}  # type: ignore[attr-defined]
    for inner in ast_walk(function):
        cls = inner.__class__
        if cls is ast.Name and inner.ctx.__class__ is ast.Load:  # type: ignore[attr-defined]
            if inner.id in _REACHES_ANY_NAME:  # type: ignore[attr-defined]
                return False
            names.discard(inner.id)  # type: ignore[attr-defined]
        elif cls is ast.Global or cls is ast.Nonlocal:
            names.difference_update(inner.names)  # type: ignore[attr-defined]
    return bool(names)


_REACHES_ANY_NAME = frozenset({"locals", "vars", "eval", "exec"})


def _holds(stmt: ast.AST, node: ast.AST) -> bool:
    return any(inner is node for inner in ast_walk(stmt))


def _holds_in(block: list[ast.stmt], node: ast.AST) -> bool:
    return any(_holds(stmt, node) for stmt in block)


def _backpropagating_calls(scope: ast.AST, model: ModuleModel) -> list[ast.Call]:
    calls: list[ast.Call] = []
    for node in ast_walk(scope):
        if not isinstance(node, ast.Call):
            continue
        if method_name(node) in ("backward", "manual_backward"):
            calls.append(node)
            continue
        name = model.facts.imports.qualify(call_name(node)) or ""
        if name.endswith(("autograd.grad", "autograd.backward")):
            calls.append(node)
    return calls


def _returned(function: ast.AST, names: set[str]) -> bool:
    found: set[str] = set()
    stack = list(child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, ast.Return) and node.value is not None:
            found |= reads_of(_graph_values(node.value)).data
        elif isinstance(node, (ast.Yield, ast.YieldFrom)) and node.value is not None:
            found |= reads_of(_graph_values(node.value)).data
        stack.extend(child_nodes(node))
    return bool(found & names)


_READ_AS_A_VALUE = frozenset({"item", "tolist", "detach", "numpy"})


def _result_only_read(function: ast.AST, model: ModuleModel, depth: int = 0, names: set[str] | None = None) -> bool:
    """What the function returns is only read as a value by the code that calls it: a plain
    function or method (no decorator) of the module or of a class at its top level, defined
    once in the file, named there only by calls, none from another file of the project, each
    call a statement of its own (`train_step(x, y)`) or bound to a name (`loss =
    self.train_step(x, y)`) that its scope reads only as a value (`loss.item()`, `float(loss)`,
    in an f-string) or returns from a function whose result is read so in turn (up to four
    calls deep). No backward can then reach the returned graph. A tuple the function returns
    from each `return` (`return loss, logs`) may be unpacked into names (`loss, logs =
    self.step(batch)`): those at the places of the graph's `names` are read so."""
    if depth > 3 or not isinstance(function, FUNCTIONS):
        return False
    source = model.source
    registered = None
    if not only_grad_mode_decorators(function, model.facts.imports.qualify):
        # `@register_step("plain")` storing the function itself in `STEPS = {}`: its calls
        # through the dict (`STEPS[self.kind](self, batch)`) return what its body returns
        registered = _registry_calls(function, model)
        if registered is None:
            return False  # (`@torch.enable_grad()` returns what the body returns; another decorator may not)
    name = function.name
    if name.startswith("__"):
        return False
    owner = source.owner_of(function)
    if not (owner is source.tree or (isinstance(owner, ast.ClassDef) and source.owner_of(owner) is source.tree)):
        return False
    others = [n for n in (*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef)) if n.name == name and n is not function]
    chain: list[ast.ClassDef] = []
    if others and not _overrides_stubs(function, owner, others, model):
        chain = _override_chain(owner, others, model)
        if not chain:
            return False
    asking = model.__dict__.setdefault("_gf004_asking", set())
    if id(function) in asking:
        return True  # (`loss = super().train_step(...)` returned by an override: its calls are being read)
    asking.add(id(function))
    try:
        return _calls_only_read(function, owner, chain, model, depth, names, registered)
    finally:
        asking.discard(id(function))


def _override_chain(owner: ast.AST, others: list[ast.AST], model: ModuleModel) -> list[ast.ClassDef]:
    """Every other definition of the method's name is a stub of a base class (`_overrides_stubs`)
    or a method of a class at the file's top level (one class of its name) that derives from
    the method's class or from which it derives (`Trainer.train_step` calling
    `super().train_step(...)`): a call of the name reaches one of them, and every call of the
    name in the file is read. Those classes (the method's first); [] otherwise."""
    from gradfix.analysis.loops import _derives, _stub

    facts = model.facts
    source = model.source
    if not isinstance(owner, ast.ClassDef) or facts.classes.get(owner.name) is not owner:
        return []
    chain = [owner]
    for other in others:
        base = source.owner_of(other)
        if not (isinstance(base, ast.ClassDef) and facts.classes.get(base.name) is base and source.owner_of(base) is source.tree):
            return []
        if base.name == owner.name or not (_derives(facts, owner.name, base.name) or _derives(facts, base.name, owner.name)):
            return []
        if not _stub(other) and other.decorator_list:  # type: ignore[attr-defined]
            return []  # (a decorator may change what the override returns)
        chain.append(base)
    return chain


def _calls_only_read(
    function: ast.AST, owner: ast.AST, chain: list[ast.ClassDef], model: ModuleModel, depth: int, names: set[str] | None,
    registered: list[ast.Call] | None = None,
) -> bool:
    """`registered`: the calls of a function a decorator stores in a registry dict, made through
    that dict (`_registry_calls`), which stand for its calls by name."""
    source = model.source
    name = function.name  # type: ignore[attr-defined]
    named = [n for n in source.of_type(ast.Name) if n.id == name] + [n for n in source.of_type(ast.Attribute) if n.attr == name]
    if owner is source.tree and partial_aliases(model.facts):
        # `step = partial(train_step, model, opt)`, the name bound once and only called: its
        # calls, `loss = step(x, y)`, are the function's
        for alias, partial in partial_aliases(model.facts).items():
            if partial.args[0].id == name:  # type: ignore[attr-defined]
                named = [n for n in named if n is not partial.args[0]]
                named += [n for n in source.of_type(ast.Name) if n.id == alias and isinstance(n.ctx, ast.Load)]  # type: ignore[attr-defined]
    calls = [c for c in source.of_type(ast.Call) if any(c.func is n for n in named)]
    if len(calls) != len(named) and "}[" in source.text:
        calls += _dispatch_calls(source, named, calls)
    if registered is not None:
        if named:
            return False  # also named by itself (called past its decorator, or handed on)
        calls = registered
    if not calls or (registered is None and len(calls) != len(named)):
        return False  # handed on (a callback, a table of functions), or never called here
    project = model.facts.project
    if project is not None and source.path:
        from gradfix.analysis.steps import _importers
        from gradfix.project import absolute

        imported = [c.name for c in chain] if chain else [owner.name if isinstance(owner, ast.ClassDef) else name]
        if _importers(project, absolute(source.path), imported, name):
            return False  # another file imports it (or its class): it may backpropagate the result
    functions = [*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef), *source.of_type(ast.Lambda)]
    for call in calls:
        scope = _innermost_scope(call, functions, source)
        parents = _parents(scope)
        holder = parents.get(id(call))
        if isinstance(holder, ast.Expr):
            continue
        if holder.__class__ is ast.Attribute and holder.attr in ("detach", "item", "tolist"):  # type: ignore[attr-defined]
            method = parents.get(id(holder))
            if method.__class__ is ast.Call and method.func is holder and not method.args and not method.keywords:  # type: ignore[attr-defined]
                continue  # `losses.append(step(x, y).detach())`: a value without the graph
        if holder.__class__ is ast.Call and holder.func.__class__ is ast.Name and holder.func.id in ("float", "int") and holder.args == [call] and not holder.keywords:  # type: ignore[attr-defined]
            continue  # `history.append(float(self.update(views)))`: a Python number
        if names is not None and isinstance(holder, ast.Assign) and len(holder.targets) == 1 and isinstance(holder.targets[0], ast.Tuple):
            # `loss, logs = self.step(x, y)`: the names at the places the graph is returned
            targets = holder.targets[0].elts
            places = _tuple_places(function, len(targets), names)
            if places is None or isinstance(scope, ast.Lambda) or not all(isinstance(t, ast.Name) for t in targets):
                return False
            if not all(_only_read_as_a_value(targets[k].id, scope, parents, model, depth) for k in places):  # type: ignore[attr-defined]
                return False
            continue
        if not (isinstance(holder, ast.Assign) and len(holder.targets) == 1 and isinstance(holder.targets[0], ast.Name)):
            return False
        if isinstance(scope, ast.Lambda) or not _only_read_as_a_value(holder.targets[0].id, scope, parents, model, depth):
            return False
    return True


def _dispatch_calls(source: Source, named: list[ast.AST], calls: list[ast.Call]) -> list[ast.Call]:
    """Calls through a dispatch dict of one function (`{"plain": step}[mode](x, y, i)`,
    `call_forms.dispatch_target`), one per name of the dict's values among `named`, so that the
    count of calls meets the count of names: the call's `func` is the dict's subscript still, or
    the name the loop model put in its place (at the position of the dict's first value)."""
    from gradfix.call_forms import dispatch_target

    ids = {id(n) for n in named}
    plain = {id(c.func) for c in calls}
    tables = [d for d in source.of_type(ast.Dict) if d.values and all(id(v) in ids and id(v) not in plain for v in d.values)]  # type: ignore[attr-defined]
    if not tables:
        return []
    at = {(d.values[0].lineno, d.values[0].col_offset): d for d in tables}  # type: ignore[attr-defined]
    found: list[ast.Call] = []
    for c in source.of_type(ast.Call):
        func = c.func  # type: ignore[attr-defined]
        if func.__class__ is ast.Subscript and func.value.__class__ is ast.Dict and func.value in tables:
            table = func.value if dispatch_target(func) is not None else None
        elif func.__class__ is ast.Name and id(func) not in ids:
            table = at.get((func.lineno, func.col_offset))
            table = table if table is not None and func.id == table.values[0].id else None  # type: ignore[attr-defined]
        else:
            continue
        if table is not None:
            found += [c] * len(table.values)  # type: ignore[attr-defined]
    return found


def _registry_calls(function: ast.AST, model: ModuleModel) -> list[ast.Call] | None:
    """The calls of a module function whose one decorator stores it into a dict of the module
    (see `decorator_registries`), made through that dict (`STEPS[self.kind](self, batch)`),
    when every read of the dict is such a call resolving to it or to another entry; None
    otherwise (the dict handed on, an entry bound to a name)."""
    from gradfix.analysis.loops import decorated_entry, decorator_registries

    decorators = getattr(function, "decorator_list", ())
    if len(decorators) != 1 or model.source.owner_of(function) is not model.source.tree:  # type: ignore[arg-type]
        return None
    name = function.name  # type: ignore[attr-defined]
    tables = [table for table, entries in decorator_registries(model.facts).items() if any(n == name for _, n in entries)]
    if len(tables) != 1:
        return None
    table = tables[0]
    subscripts = {
        id(c.func.value): c for c in model.source.of_type(ast.Call)
        if isinstance(c.func, ast.Subscript) and isinstance(c.func.value, ast.Name) and c.func.value.id == table
    }  # fmt: skip
    # (`STEPS[name] = fn` in the decorator: the one write `decorator_registries` allows)
    stored = {id(s.value) for s in model.source.of_type(ast.Subscript) if isinstance(s.ctx, ast.Store)}
    calls = []
    for node in model.source.of_type(ast.Name):
        if node.id != table or not isinstance(node.ctx, ast.Load) or id(node) in stored:
            continue
        call = subscripts.get(id(node))
        if call is None:
            return None  # read otherwise: an entry may run elsewhere
        entry = decorated_entry(call.func, model.facts)
        if entry is None:
            return None  # (a key read at run time, several functions registered: any may run)
        if entry == name:
            calls.append(call)
    return calls


def _overrides_stubs(function: ast.AST, owner: ast.AST, others: list[ast.AST], model: ModuleModel) -> bool:
    """Every other definition of the method's name is a stub (`raise NotImplementedError`,
    `pass`) of a class of the file the method's class derives from: a call of the name
    (`self.training_step(...)` in the base's loop) returns what this method returns, or nothing."""
    from gradfix.analysis.loops import _derives, _stub  # (only for a name defined twice)

    if not isinstance(owner, ast.ClassDef):
        return False
    facts = model.facts
    for other in others:
        base = model.source.owner_of(other)
        if not (isinstance(base, ast.ClassDef) and facts.classes.get(base.name) is base and _stub(other)):
            return False
        if base.name == owner.name or not _derives(facts, owner.name, base.name):
            return False
    return facts.classes.get(owner.name) is owner


def _tuple_places(function: ast.AST, size: int, names: set[str]) -> set[int] | None:
    """The places of the tuple every `return` of the function gives (a tuple of `size`
    elements, none starred; None otherwise, or when it yields) whose element reads one of `names`."""
    places: set[int] = set()
    stack = list(child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return None
        if isinstance(node, ast.Return):
            value = node.value
            if not isinstance(value, ast.Tuple) or len(value.elts) != size or any(isinstance(e, ast.Starred) for e in value.elts):
                return None
            places |= {k for k, e in enumerate(value.elts) if reads_of(_graph_values(e)).data & names}
        stack.extend(child_nodes(node))
    return places


def _innermost_scope(node: ast.AST, functions: list[ast.AST], source: Source) -> ast.AST:
    at = (node.lineno, node.col_offset)  # type: ignore[attr-defined]
    around = [
        f for f in functions
        if (f.lineno, f.col_offset) <= at <= (f.end_lineno, f.end_col_offset)  # type: ignore[attr-defined,operator]
    ]
    return max(around, key=lambda f: (f.lineno, f.col_offset)) if around else source.tree  # type: ignore[attr-defined]


def _parents(scope: ast.AST) -> dict[int, ast.AST]:
    """Each node's parent within the scope's own code (not inside nested functions or classes)."""
    parents: dict[int, ast.AST] = {}
    stack = [scope]
    while stack:
        node = stack.pop()
        for child in child_nodes(node):
            parents[id(child)] = node
            if not isinstance(child, SCOPES):
                stack.append(child)
    return parents


def _only_read_as_a_value(name: str, scope: ast.AST, parents: dict[int, ast.AST], model: ModuleModel, depth: int) -> bool:
    for node in ast_walk(scope):
        if not (isinstance(node, ast.Name) and node.id == name and id(node) in parents):
            continue
        if isinstance(node.ctx, ast.Store):
            continue
        if not isinstance(node.ctx, ast.Load):
            return False
        parent = parents[id(node)]
        if isinstance(parent, ast.FormattedValue):
            continue
        if isinstance(parent, ast.Attribute) and parent.attr in _READ_AS_A_VALUE:
            call = parents.get(id(parent))
            if isinstance(call, ast.Call) and call.func is parent:
                continue
            return False
        if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id in ("float", "int", "round") and parent.args[:1] == [node]:
            continue
        if isinstance(parent, ast.Return) and scope is not model.source.tree:
            if _result_only_read(scope, model, depth + 1):
                continue
        if isinstance(parent, ast.Call) and node in parent.args and _argument_only_read(parent, parent.args.index(node), model, depth):
            continue  # `save(model, loss)` with `def save(model, loss): ... float(loss)`
        return False
    return True


def _argument_only_read(call: ast.Call, index: int, model: ModuleModel, depth: int) -> bool:
    """The call is of a plain function of the module (defined once at its top level, no
    decorator) whose parameter at `index` (positional, no `*args` before it) the function only
    reads as a value and never binds again."""
    if depth > 3 or not isinstance(call.func, ast.Name) or any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
        return False
    source = model.source
    name = call.func.id
    defs = [n for n in (*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef)) if n.name == name]
    if len(defs) != 1 or defs[0].decorator_list or source.owner_of(defs[0]) is not source.tree:
        return False
    function = defs[0]
    positional = [*function.args.posonlyargs, *function.args.args]
    if index >= len(positional):
        return False
    parameter = positional[index].arg
    parents = _parents(function)
    if any(isinstance(n, ast.Name) and n.id == parameter and isinstance(n.ctx, ast.Store) and id(n) in parents for n in ast_walk(function)):
        return False
    return _only_read_as_a_value(parameter, function, parents, model, depth + 1)


def _graph_values(value: ast.expr) -> list[ast.expr]:
    """The parts of a returned value that may hold a tensor with its graph: not `loss.item()`,
    `float(loss)`, `loss.detach()`, `z.detach().numpy()[0]`, a literal (the elements of a tuple
    or list one by one)."""
    if isinstance(value, (ast.Tuple, ast.List)):
        return [part for element in value.elts for part in _graph_values(element)]
    if isinstance(value, ast.Dict):  # `return {"loss": loss.item(), "acc": acc}`
        return [part for element in value.values for part in _graph_values(element)]
    if isinstance(value, ast.Constant):
        return []
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Call):
        called = value.value
        if method_name(called) in ("tolist", "numpy", "detach") and not called.args:
            return []  # `z.detach().numpy()[0]`: an element of a value cut from the graph
    if isinstance(value, ast.Call):
        if method_name(value) in ("item", "tolist", "numpy", "detach") and not value.args:
            return []
        if call_name(value) in ("float", "int", "round") and len(value.args) >= 1 and isinstance(value.args[0], ast.Name):
            return []
        if call_name(value) in ("float", "int", "bool", "len") and len(value.args) == 1 and not value.keywords:
            return []  # `int((logits.argmax(1) == y).sum())`, `len(y)`: a Python number
        name = (call_name(value) or "").rpartition(".")[2]
        if (name[:1].isupper() or name in ("dict", "tuple", "list")) and not any(isinstance(a, ast.Starred) for a in value.args):
            # `return StepResult(loss.item(), float(norm))`, `dict(loss=loss.item())`: a record
            # (a class: a named tuple, a dataclass) holds what it is handed, and nothing else
            # of the function's
            return [part for arg in (*value.args, *(k.value for k in value.keywords)) for part in _graph_values(arg)]
    return [value]


def _parameters(function: ast.AST) -> set[str]:
    args = function.args  # type: ignore[attr-defined]
    return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}


def _fix(event: GradEvent, call: BackwardCall, safety: Safety, source: Source, statement: ast.stmt | None = None) -> Fix | None:
    """Remove the `retain_graph` argument, keeping the others and their formatting (in
    `statement`: the helper's, for a backward in a helper)."""
    assert call.retain is not None
    if statement is not None:
        event = _AtStatement(statement)  # type: ignore[assignment]
    node = call.call
    arguments: list[ast.AST] = sorted([*node.args, *node.keywords], key=lambda a: (a.lineno, a.col_offset))  # type: ignore[attr-defined]
    index = next((i for i, a in enumerate(arguments) if a is call.retain.node), None)
    if index is None:
        return None  # an entry among others of a `**{...}` dict: not an argument of its own
    if call.retain_positional and any(not isinstance(a, ast.keyword) for a in arguments[index + 1 :]):
        return None  # create_graph passed by position after it: dropping would shift it
    text = source.text
    start = _argument_start(source, arguments[index])
    end = source.end(arguments[index])
    # a forwarder's call, `_bw(loss, retain_graph=True)` read as `loss.backward(...)`
    # (call_forms): its receiver is written inside the parentheses, before the arguments
    receiver = node.func.value if node.func.__class__ is ast.Attribute and source.start(node.func) > source.start(node) else None  # type: ignore[attr-defined]
    if len(arguments) == 1 and receiver is None:
        # `backward(\n    retain_graph=True,\n)` becomes `backward()`
        open_paren = text.rindex("(", 0, start)
        close_paren = _closing_paren(text, end)
        return Fix([ReplaceNode(node, "", event.statement, span=(open_paren + 1, close_paren))], safety)
    if index == len(arguments) - 1:
        # the last argument: from the end of the previous one (and its comma) ...
        previous_end = source.end(arguments[index - 1] if index else receiver)  # type: ignore[arg-type]
        after = _skip_space(text, end)
        if after < len(text) and text[after] == ",":
            # `f(a, retain_graph=True,)`: the trailing comma and what follows it stay
            comma = text.index(",", previous_end)
            return Fix([ReplaceNode(node, "", event.statement, span=(comma, after))], safety)
        return Fix([ReplaceNode(node, "", event.statement, span=(previous_end, end))], safety)
    # a middle or first argument: remove it with its comma and the space after that comma
    following = _argument_start(source, arguments[index + 1])
    return Fix([ReplaceNode(node, "", event.statement, span=(start, following))], safety)


class _AtStatement:
    """What `_fix` reads of an event: the statement holding the backward."""

    def __init__(self, statement: ast.stmt) -> None:
        self.statement = statement


def _argument_start(source: Source, argument: ast.AST) -> int:
    start = source.start(argument)
    if isinstance(argument, ast.keyword) and argument.arg is not None:
        return start  # keyword nodes start at the keyword's name (Python 3.9+)
    return source.outer_span(argument)[0]


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n\\":
        index += 1
    return index


def _closing_paren(text: str, index: int) -> int:
    depth = 0
    while index < len(text):
        char = text[index]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                return index
            depth -= 1
        elif char == "#":
            while index < len(text) and text[index] not in "\r\n":
                index += 1
            continue
        index += 1
    return index
