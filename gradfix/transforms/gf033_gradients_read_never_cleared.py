from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.accumulation import loop_invariant
from gradfix.analysis.assignments import assigned_values, assignment_statements
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import dotted, keyword, root_name
from gradfix.transforms._common import iteration_start, new_statement, owned_events, runs_once
from gradfix.transforms._rebuilt import member_key, quotings
from gradfix.transforms.base import Finding, Fix, LoopRule, Safety
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# events that mean the loop trains, clears, or does something with gradients gradfix does not
# follow: the rule stays silent (a step is GF001's page, a clear is what the rule asks for)
_SILENCING = (
    EventKind.STEP,
    EventKind.CLEAR,
    EventKind.AUTOGRAD_GRAD,
    EventKind.UNKNOWN,
    EventKind.UNSCALE,
    EventKind.CLIP,
)
_PARAMETER_METHODS = ("parameters", "named_parameters")
# a submodule's own parameters, read by attribute (`model[0].weight.grad`, `self.fc.bias.grad`)
_PARAMETER_ATTRIBUTES = ("weight", "bias")
# calls that keep a value beyond the iteration when their receiver outlives it
_KEEPING_METHODS = ("append", "extend", "insert", "appendleft", "add_")


class GradientsReadNeverCleared(LoopRule):
    """
    A loop reads its parameters' gradients after each backward but never clears them.

    ## What it does
    Finds a `for` or `while` loop that backpropagates on every iteration (`loss.backward()`;
    also under an `if` whose test holds, or not, for the whole loop: `if estimate:` on a name
    the loop never binds, `if torch.is_grad_enabled():` in a loop that never calls
    `set_grad_enabled`)
    and then reads the `.grad` of a module's parameters (a loop or comprehension over
    `model.parameters()` / `model.named_parameters()`, also `model.module.parameters()` or
    `self.model.named_parameters()`, or a name every assignment of the file binds to
    `list(model.parameters())`, `list(filter(lambda p: p.requires_grad, model.parameters()))`,
    `[p for p in model.parameters() if ...]` or `[p for n, p in model.named_parameters() if ...]`;
    or a submodule's `weight` or `bias` read by attribute, `model[0].weight.grad` or
    `net.head.bias.grad`, the module being the chain before the item or the parameter:
    `model`, `net.head`, run by the loop itself or inside a module it runs (an item computed
    from names and numbers, `net.layers[i].weight.grad`, is one of `net.layers`; so is the
    module of a name the loop binds only by `layer = net.layers[i]`);
    in a module's own method, `module.__getattr__(name).grad`
    or `getattr(module, name).grad` over a `for module, name in self.params:` list of pairs it
    keeps, when the loop calls `self(...)`) into something that outlives the iteration: an
    accumulation (`fisher[n] += p.grad ** 2`, `fisher[n].add_(p.grad.pow(2))`), a list
    (`grads.append(p.grad.clone())`, `norms.append(p.grad.norm())`, also a list of a dict the
    loop keeps reached through `setdefault`: `norms.setdefault(n, []).append(p.grad.norm())`), or a name of the
    iteration that flows into one (`g = {n: p.grad.clone() for n, p in ...}` then
    `per_sample.append(g)`; also one the iteration adds into, `total += p.grad.norm() ** 2` then
    `norms.append(total ** 0.5)`), while nothing in the loop clears those gradients and nothing
    steps an optimizer. The module may be a member of a list a loop around keeps (`for net,
    trace in zip(models, traces):` or `for net, trace in members:` inside `for x, y in loader:`,
    `models` handed to the function, or `for net in self.models:` in a method whose loops around
    neither store that field nor call a method of the object):
    each pass walks the same models again, so their reads add up. The read (and the backward) may sit in a helper of the file the loop
    calls: `accumulate(model, fisher)` after the backward, or a step function
    `self.observe(x, y)` that backpropagates and adds into `self.scores` (also the `__call__`
    of an object the loop calls, `stepper(x, y)`: then `stepper.model` is the module; the read
    there may be a submodule's `weight` or `bias` by attribute, `norms.append(net.fc.weight.grad.norm())`
    in `record(net, norms, x, y)`), when the helper is
    handed the module (or the module around the submodule it reads) (or its parameters: `record_norms(list(model.parameters()), history)`),
    or is a function defined in the loop's own function that runs the module by the name the
    loop knows it by (`def probe(batch): net(x)...backward()` then `for b in batches: probe(b)`,
    also run per item by a comprehension of the loop, `[probe(b) for b in batches]`), or a closure
    a module function returns, alone or in a tuple the loop's function unpacks (`probe, summary =
    build_probes(net, loss_fn)`): its free name for the module is the factory's parameter, read
    as the argument the factory's call hands it (`net`),
    and grows an accumulator the loop keeps (an argument or attribute the iteration does not
    make afresh); the helper may be a function of another file of the project the script
    imports (`from stats import accumulate`, `stats.add_norms(model, history)`). The module may be a string-keyed item of a dict of components
    (`parts["model"].named_parameters()`, cleared as `parts["model"].zero_grad()`; the loop
    storing that item again, or handing the dict to a call, is silent). These are the loops that estimate something per batch or per sample
    from gradients: an EWC Fisher diagonal, SNIP / GraSP pruning saliency, TracIn or influence
    scores, per-sample gradient norms, data valuation.

    ## Why is this bad?
    `backward()` adds into `.grad`; it does not overwrite it. Without a clear between
    iterations, the gradient read on the k-th iteration is the sum of the first k gradients,
    so every estimate after the first is silently wrong (an empirical Fisher summed this way
    grows with the square of the number of batches instead of linearly, and a per-sample
    gradient is the running sum of all samples so far). Training loops clear through their
    optimizer (GF001 reports those that do not); these loops have no optimizer, so nothing
    clears unless the code does it by hand.

    ## Example
    ```python
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2
    ```

    ## Use instead
    ```python
    fisher = {n: torch.zeros_like(p) for n, p in model.named_parameters()}
    for x, y in loader:
        model.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        for n, p in model.named_parameters():
            fisher[n] += p.grad.detach() ** 2
    ```

    ## Fix safety
    The fix inserts `model.zero_grad()` (the module whose parameters are read) as the first
    statement of the loop's body, before the forward pass: real torch then computes exactly
    the estimate of the loop cleared by hand (tests/behaviour). It is unsafe: a loop could
    mean to read running sums. It is offered only when one module's parameters are read,
    the backward passes are written in the loop itself or in helpers of the same file, the
    reads there or in helpers of the project (which the clear at the start of the iteration
    precedes), and the loop's body is
    an indented block (for a member of a list, the clear `net.zero_grad()` goes at the start of
    the member loop), and no backward or read runs in a helper called from a comprehension of
    the loop's body (`LOSSES.extend([step(i, b) for i, b in enumerate(loader)])` in an epoch
    loop runs many backward passes per iteration: a clear at its start would not come between
    them); otherwise the finding comes without a fix. For a module read by item (`net.layers[i].weight.grad`,
    `model[0].bias.grad`) the clear is the container's own `net.layers.zero_grad()` only when the file shows it
    is a module (every binding of it, or of an attribute of its name, an `nn.ModuleList`, `nn.Sequential` or
    `nn.ModuleDict`, every annotation of its name a module, `model: nn.Module` of a dataclass, or the file
    calls a module's method on it such as `net.layers.parameters()`); when every
    binding is a list or tuple it is a loop clearing each member (`for member in net.layers:
    member.zero_grad()`; over `.values()` for a dict), since a plain list has no `zero_grad()` and the fix
    would raise; when the file does not say, the finding comes without a fix. A read
    through `(module, name)` pairs comes without a fix too: those tensors need not be the
    module's parameters (SWAG's diagonal Laplace samples them into buffers), and
    `zero_grad()` clears parameters only.

    Not reported when anything in the loop clears gradients (`zero_grad()` on any module or
    optimizer, `p.grad = None`, `p.grad.zero_()`, any other write to a `.grad`), when it
    steps an optimizer or updates the parameters by hand (`p.data -= lr * p.grad`: a training
    loop, GF001's page), when a helper it calls does any of these, when a loop around it clears or steps, when something steps after it
    in its function (an accumulation window: the running sum is meant), when it computes gradients
    with `torch.autograd.grad` or clips them, when it calls code gradfix cannot see into
    (a helper that might clear), hands the module, the object holding it or its parameters to
    a call (`reset(model)`), calls a method of the module other than a forward
    (`model.reset_state()`) or a `self.` method the file does not define, when a backward runs only under a condition or passes
    `inputs=`, when a read comes before the iteration's first backward, when the loop binds
    the module again (a new module has no gradients; also a list of models built afresh on each
    pass of the loop around), when the read only overwrites a value
    (`total[n] = p.grad.clone()`: the last value is the sum on purpose), is printed, is only
    compared with `None`, or happens after the loop (accumulation on purpose), or when the
    loop always ends in `break` or `return`.
    """

    code = "GF033"
    name = "gradients-read-never-cleared"
    message = (
        "`{read}` reads `{module}`'s gradients after every backward of this loop, but nothing clears them:"
        " backward adds into `.grad`, so each read is the sum of all the gradients so far; clear them at the start"
        " of each iteration: `{module}.zero_grad()`"
    )
    pairs_message = (
        "`{read}` reads gradients of `{module}`'s tensors after every backward of this loop, but nothing clears them:"
        " backward adds into `.grad`, so each read is the sum of all the gradients so far; clear each one after its read"
        " (`.grad = None`; `zero_grad()` clears registered parameters only)"
    )
    items_message = (
        "`{read}` reads the gradients of `{module}`'s members after every backward of this loop, but nothing clears them:"
        " backward adds into `.grad`, so each read is the sum of all the gradients so far; clear each member's at the start"
        " of each iteration (`zero_grad()` on each; `{module}` need not be a module with a `zero_grad()` of its own)"
    )
    safety = Safety.UNSAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        text = model.source.text
        if (".grad" not in text or "backward" not in text) and not _reads_in_another_file(model):
            return
        yield from super().check(model)

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        node = loop.node
        if loop.is_step_function or runs_once(node):  # type: ignore[arg-type]
            return
        if any(e.kind in _SILENCING for e in loop.events):
            return
        if _around_clears_or_steps(loop, model) or _steps_afterwards(loop, model):
            return
        events = owned_events(loop, model)
        backwards = [e for e in events if e.kind is EventKind.BACKWARD]
        if not backwards or not any(e.kind is EventKind.GRAD_READ for e in events):
            return  # (no `.grad` read: nothing to report, whatever the backwards run under)
        for event in backwards:
            if event.engine or not _every_iteration(event, loop, model):
                return
            call = event.node
            if isinstance(call, ast.Call) and keyword(call, "inputs") is not None:
                return
        first = events.index(backwards[0])
        reads = [e for e in events if e.kind is EventKind.GRAD_READ]
        if any(events.index(e) < first for e in reads):
            return
        if _writes_gradients(node):
            return
        owners = _parameter_names(node, model)
        bound = _bound_in(node) - _members_kept_around(loop)
        kept: list[tuple[ast.AST, str, bool]] = []
        indexed: set[str] = set()  # modules read as containers, through an item (`net.layers[i].weight.grad`)
        followed = {id(e.via[0]) for e in events if e.via}
        read_elsewhere: set[int] = set()  # reads in a helper of another file, proven to grow what the loop keeps
        for event in reads:
            attribute = event.node
            if not isinstance(attribute, ast.Attribute) or not event.path:
                continue
            if event.via:  # a read in a helper the loop calls (or in its step function)
                module = _helper_read(event, model, bound)
                if module is not None:
                    kept.append((event.path[-1], module, True))
                    read_elsewhere.add(id(event))
                    if _through_item(attribute):
                        indexed.add(module)
                continue
            if isinstance(attribute.value, ast.Call):
                module = _owner_of(attribute, event.path, model)
            elif isinstance(attribute.value, ast.Name) and attribute.value.id in owners:
                module = _owner_of(attribute, event.path, model)
            elif isinstance(attribute.value, ast.Attribute) and attribute.value.attr in _PARAMETER_ATTRIBUTES:
                module = _weight_owner(attribute.value.value)
                item = _through_item(attribute)
                if module is not None and module in bound:
                    item = _picks_an_item(node, module)
                    module = _picked_in_the_loop(node, module)  # `layer = net.layers[i]` ... `layer.weight.grad`
                if item and module is not None:
                    indexed.add(module)
            else:
                module = None
            if module is None:
                continue
            if not _keeps(event.path[-1], attribute, node, bound, owners):
                continue
            kept.append((event.path[-1], module, not isinstance(attribute.value, ast.Call)))
        if not kept:
            return
        modules = sorted({module for _, module, _ in kept})
        for module in modules:
            if module.split(".")[0].split("[")[0] in bound or not (
                _forwards(node, module) or _handed_to_backward(events, module) or _closure_forwards(events, module, loop, model)
                or _factory_forwards(events, module, model)
            ):
                return
            if "[" in module and _stores_item(node, module):
                return  # `parts["model"] = ...` in the loop: a new module has no gradients
        if _updates_parameters(node, owners) or any(_hands_over(node, module, model, followed) for module in modules):
            return
        if _helpers_write_gradients(events, model):
            return
        statement, module, _ = kept[0]
        text = model.source.text
        module = next((written for written in quotings(module) if written in text), module)  # `parts['model']` as written
        fix = None
        clear: str | None = f"{module}.zero_grad()"
        if kept[0][1] in indexed:
            clear = _container_clear(module, model, loop.body[0])
        if (
            clear is not None
            and len(modules) == 1
            and all(of_parameters for _, _, of_parameters in kept)
            and not any(e.foreign for e in events if e.kind is EventKind.BACKWARD)
            and not any(e.foreign and id(e) not in read_elsewhere for e in reads)
            and not model.source.inline_block(node.body)
            and not _called_per_item(events, node)
        ):
            fix = Fix([iteration_start(loop, new_statement(clear, model))], safety=Safety.UNSAFE)
        message = self.message if clear == f"{module}.zero_grad()" else self.items_message
        yield Finding(
            self.code,
            (message if kept[0][2] else self.pairs_message).format(read=model.source.code(statement).split("\n")[0][:80], module=module),
            statement,
            fix,
            related=(node,),
        )


def _every_iteration(event: GradEvent, loop: TrainingLoop, model: ModuleModel) -> bool:
    """The backward runs on every iteration: under no `if`, or only under tests that hold, or
    not, for the whole loop (`if torch.is_grad_enabled():`, `if estimate_fisher:`)."""
    return all(
        branch.kind in ("if", "else") and isinstance(branch.node, ast.If) and loop_invariant(branch.node.test, loop, model.source)
        for branch in event.branches_within(loop.node)
    )


def _called_per_item(events: list[GradEvent], loop: ast.AST) -> bool:
    """A backward or read of the iteration runs in a helper called from a comprehension of the
    loop's body (`losses = [step(i, b) for i, b in enumerate(loader)]` in an epoch loop): it
    runs once per item, many times per iteration, so a clear at the iteration's start would
    not come between them."""
    comprehended: set[int] = set()
    for node in ast_walk(loop):
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            comprehended.update(id(n) for n in ast_walk(node) if isinstance(n, ast.Call))
    if not comprehended:
        return False
    return any(id(call) in comprehended for e in events for call in e.via)


def _reads_in_another_file(model: ModuleModel) -> bool:
    """A loop of the file reaches a `.grad` read in a helper of another file of the project
    (`accumulate(model, fisher)` imported from `stats.py`): the file's text need not say `.grad`."""
    if "import" not in model.source.text:
        return False
    return any(e.kind is EventKind.GRAD_READ and e.foreign for loop in model.loops for e in loop.events)


def _members_kept_around(loop: TrainingLoop) -> set[str]:
    """Names the loop's target binds to the members of a collection a loop around it keeps
    (`m`, `fisher` of `for m, fisher in zip(models, fishers):` inside `for x, y in loader:`,
    `models` a parameter of the function): each pass of the loop around walks the same modules
    and accumulators again, so what the loop reads and grows outlives its own iteration."""
    node = loop.node
    around = [lp for lp in loop.enclosing_loops if not runs_once(lp)]  # type: ignore[arg-type]
    if not around or not isinstance(node, (ast.For, ast.AsyncFor)) or not isinstance(node.iter, (ast.Call, ast.Name, ast.Attribute)):
        return set()
    if isinstance(node.iter, (ast.Name, ast.Attribute)) and isinstance(node.target, ast.Tuple):
        pairs = [(element, node.iter) for element in node.target.elts]  # `for model, opt in members:` (tuples kept)
    elif isinstance(node.iter, (ast.Name, ast.Attribute)):
        pairs = [(node.target, node.iter)]
    elif (
        isinstance(node.iter.func, ast.Name)
        and node.iter.func.id == "enumerate"
        and len(node.iter.args) == 1
        and not node.iter.keywords
        and isinstance(node.target, ast.Tuple)
        and len(node.target.elts) == 2
    ):
        pairs = [(node.target.elts[1], node.iter.args[0])]  # `i, net` of `enumerate(models)`
    elif isinstance(node.iter.func, ast.Name) and node.iter.func.id == "zip" and not node.iter.keywords:
        if not isinstance(node.target, ast.Tuple) or len(node.target.elts) != len(node.iter.args):
            return set()
        pairs = list(zip(node.target.elts, node.iter.args))
    else:
        return set()
    kept_around: set[str] = set()
    for outer in around:
        kept_around |= _bound_in(outer)
    members: set[str] = set()
    for target, collection in pairs:
        if not isinstance(target, ast.Name):
            return set()
        if isinstance(collection, ast.Attribute):
            # `for m in self.models:` in a method: the object's own list, unless a loop around
            # (or the member loop) stores that attribute or anything else into `self`'s fields
            key = dotted(collection)
            if key is None or not key.startswith("self.") or key.count(".") != 1:
                return set()
            if any(_stores_attribute(outer, key) for outer in (*around, node)):
                return set()
            name = key
        elif isinstance(collection, ast.Name):
            name = collection.id
            if name in kept_around:
                return set()  # (the loop around binds the collection afresh: new modules each pass)
        else:
            return set()
        if target.id == name:
            return set()
        members.add(target.id)
    if members & {n.id for statement in node.body for n in ast_walk(statement) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}:
        return set()  # (a member rebound in the body)
    return members


def _stores_attribute(loop: ast.AST, key: str) -> bool:
    """The loop assigns `key` (`self.models = ...`) or calls a method of `self` (which may)."""
    for node in ast_walk(loop):
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load) and dotted(node) == key:
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and dotted(node.func.value) == "self":
            return True
    return False


def _around_clears_or_steps(loop: TrainingLoop, model: ModuleModel) -> bool:
    """A training loop around this one steps or clears: the reads sit in its schedule."""
    around = {id(lp) for lp in loop.enclosing_loops}
    if not around:
        return False
    for other in model.loops:
        if id(other.node) in around and any(e.kind in _SILENCING for e in other.events):
            return True
    return False


def _steps_afterwards(loop: TrainingLoop, model: ModuleModel) -> bool:
    """Something steps after the loop in its function (or module): the loop is an accumulation
    window, and its reads see the running sum on purpose."""
    source = model.source
    scope = loop.function
    end = source.end(scope) if scope is not None else len(source.text)
    after = source.text[source.end(loop.node) : end]
    return ".step(" in after


def _writes_gradients(loop: ast.AST) -> bool:
    """Anything in the loop that writes, deletes or changes a `.grad` in place."""
    for node in ast_walk(loop):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                for part in ast_walk(target):
                    if isinstance(part, ast.Attribute) and part.attr in ("grad", "_grad"):
                        return True
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.endswith("_"):
            inner = node.func.value
            while isinstance(inner, ast.Attribute) and inner.attr in ("data", "grad", "_grad"):
                if inner.attr in ("grad", "_grad"):
                    return True
                inner = inner.value
        elif isinstance(node, ast.Attribute) and node.attr in ("zero_grad", "requires_grad_", "set_to_none", "_grad"):
            if node.attr == "requires_grad_" and isinstance(node.value, ast.Call):
                continue  # `x.clone().requires_grad_(True)`: a fresh tensor of the iteration, no parameter
            return True
    return False


def _parameter_source(expr: ast.AST, model: ModuleModel | None = None, handed: dict[str, str] | None = None) -> str | None:
    """`model` of `model.parameters()` / `model.named_parameters()` (a dotted receiver), or of
    a name every assignment of the module binds to `list(model.parameters())` or `[p for p in
    model.parameters() if ...]`."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in _PARAMETER_METHODS:
        if expr.args or expr.keywords:
            return None
        return _module_key(expr.func.value)
    inner = _filtered(expr)
    if inner is not None:
        return _parameter_source(inner)
    if isinstance(expr, ast.Name) and handed and expr.id in handed:
        return handed[expr.id]  # a helper's parameter its call hands a parameter list
    if isinstance(expr, ast.Name) and model is not None:
        values = assigned_values(model, expr.id)
        found = {_parameter_list(value) for value in values}
        if len(found) == 1:
            return found.pop()
    return None


def _filtered(expr: ast.AST) -> ast.Call | None:
    """`model.parameters()` of `filter(lambda p: p.requires_grad, model.parameters())` (a
    selection of the module's parameters, one at a time)."""
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id == "filter"
        and len(expr.args) == 2
        and not expr.keywords
        and isinstance(expr.args[1], ast.Call)
        and isinstance(expr.args[1].func, ast.Attribute)
        and expr.args[1].func.attr == "parameters"
    ):
        return expr.args[1]
    return None


def _yields_pairs(source: ast.AST) -> bool:
    """`named_parameters()` (pairs) rather than `parameters()` or a list of parameters."""
    return isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute) and source.func.attr == "named_parameters"


def _parameter_list(value: ast.AST) -> str | None:
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("list", "tuple") and len(value.args) == 1:
        inner = value.args[0]
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr == "parameters":
            return _parameter_source(inner)
        if _filtered(inner) is not None:
            return _parameter_source(inner)
    if isinstance(value, ast.ListComp) and len(value.generators) == 1:
        generator = value.generators[0]
        if (
            isinstance(value.elt, ast.Name)
            and isinstance(generator.iter, ast.Call)
            and isinstance(generator.iter.func, ast.Attribute)
            and generator.iter.func.attr in _PARAMETER_METHODS
        ):
            target = generator.target
            if generator.iter.func.attr == "named_parameters":  # `[p for n, p in model.named_parameters() if ...]`
                if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[1], ast.Name)):
                    return None
                target = target.elts[1]
            if isinstance(target, ast.Name) and value.elt.id == target.id:
                return _parameter_source(generator.iter)
    return None


def _parameter_names(loop: ast.AST, model: ModuleModel | None, handed: dict[str, str] | None = None) -> set[str]:
    """Names the loop binds to a module's parameters: `p` of `for n, p in
    model.named_parameters()` or of a comprehension, `p` of `zip(fisher, model.parameters())`."""
    names: set[str] = set()
    for node in ast_walk(loop):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and node is not loop:
            names.update(name for name, _ in _bound_parameters(node.target, node.iter, model, handed))
    return names


def _owner_of(attribute: ast.Attribute, path: tuple[ast.stmt, ...], model: ModuleModel | None, handed: dict[str, str] | None = None) -> str | None:
    """The module whose parameter `attribute` (`p.grad`) reads: the innermost comprehension of
    its statement, or loop of its path, that binds `p`."""
    if isinstance(attribute.value, ast.Call):
        return _owner_by_name(attribute.value, path)
    name = attribute.value.id  # type: ignore[attr-defined]
    statement = path[-1]
    for node in ast_walk(statement):
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            if any(part is attribute for part in ast_walk(node)):
                for generator in node.generators:
                    for bound, module in _bound_parameters(generator.target, generator.iter, model, handed):
                        if bound == name:
                            return module
    for node in reversed(path):
        if isinstance(node, (ast.For, ast.AsyncFor)):
            for bound, module in _bound_parameters(node.target, node.iter, model, handed):
                if bound == name:
                    return module
            if name in {n.id for n in ast_walk(node.target) if isinstance(n, ast.Name)}:
                return None
    return None


def _weight_owner(holder: ast.expr) -> str | None:
    """The module whose parameter a read by attribute reaches: `model` of `model[0].weight`
    (the chain up to its first item), `self.net` of `self.net[0].bias`, `model.fc` of
    `model.fc.weight`, `model.layers` of `model.layers[i].weight` (an item computed from names
    and numbers only: whichever it is, it is one of that container's). None for anything else
    (a call, an item computed by a call)."""
    while isinstance(holder, ast.Subscript):
        if not isinstance(holder.slice, ast.Constant) and not _plain_index(holder.slice):
            return None
        holder = holder.value
    key = dotted(holder)
    if key is None or not isinstance(holder, (ast.Name, ast.Attribute)):
        return None
    return key


def _picked_in_the_loop(loop: ast.AST, name: str) -> str | None:
    """The container a name the loop binds picks its module from, when every binding of the
    name in the loop is a plain `=` of an item or an attribute of the same chain (`layer =
    net.layers[i]`: `net.layers`; `block = self.net.blocks[k - 1]`): whichever module it is, it
    is one of that container's. None for any other binding (a `for` target, an unpacking,
    `+=`, `with ... as`, `:=`) or value (a call)."""
    owners: set[str | None] = set()
    stores = 0
    for node in ast_walk(loop):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name:
            value = node.value
            owners.add(_weight_owner(value) if isinstance(value, (ast.Subscript, ast.Attribute)) else None)
    assigned = sum(
        1 for node in ast_walk(loop)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name
    )
    if len(owners) != 1 or stores != assigned:
        return None
    (owner,) = owners
    if owner is None or owner.split(".")[0].split("[")[0] == name:
        return None
    return owner


def _through_item(attribute: ast.Attribute) -> bool:
    """A read by attribute reaching its module through an item (`net.layers[i].weight.grad`,
    `model[0].bias.grad`): `_weight_owner` then names the container, not the module."""
    holder = attribute.value
    return holder.__class__ is ast.Attribute and holder.attr in _PARAMETER_ATTRIBUTES and holder.value.__class__ is ast.Subscript  # type: ignore[attr-defined]


def _picks_an_item(loop: ast.AST, name: str) -> bool:
    """The loop binds `name` to an item of a container (`layer = net.layers[i]`)."""
    return any(
        isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == name and isinstance(node.value, ast.Subscript)
        for node in ast_walk(loop)
    )


# containers that are modules themselves (their `zero_grad()` clears every member)
_MODULE_CONTAINERS = ("ModuleList", "Sequential", "ModuleDict")
# methods only a module has: the file calling one on the container proves it is a module
_MODULE_METHODS = ("parameters", "named_parameters", "zero_grad", "modules", "children", "state_dict", "train", "eval")


def _container_clear(container: str, model: ModuleModel, first: ast.stmt) -> str | None:
    """The clear of every module of a container the loop reads by item (`net.layers` of
    `net.layers[i].weight.grad`): `net.layers.zero_grad()` when the container is provably a
    module (every binding of it in the file an `nn.ModuleList`, `nn.Sequential` or
    `nn.ModuleDict`, or the file calls a module's method on it), a loop over its members when
    it is provably a list or tuple (over its values for a dict), None when the file does not
    say (a plain list has no `zero_grad`: the fix would raise)."""
    kinds = {_container_kind(value) for value in _container_values(container, model)}
    if kinds & {"list", "dict"}:
        if len(kinds) != 1:
            return None
        (kind,) = kinds
    elif kinds == {"module"} or _annotated_a_module(container, model) or any(f"{container}.{method}(" in model.source.text for method in _MODULE_METHODS):
        return f"{container}.zero_grad()"  # (a list has none of these methods: the file's own call would raise)
    else:
        return None
    name = next((n for n in ("member", "submodule", "part") if not _named_in(n, model)), None)
    if name is None:
        return None
    members = f"{container}.values()" if kind == "dict" else container
    return f"for {name} in {members}:\n{model.source.unit_at(first)}{name}.zero_grad()"


def _annotated_a_module(container: str, model: ModuleModel) -> bool:
    """The file annotates the container's name as a module and as nothing else (`model:
    nn.Module` of a dataclass for `self.model`, `def probe(net: nn.Sequential, ...)` for `net`)."""
    name = container.rpartition(".")[2]
    kinds = set()
    for node in model.source.of_type(ast.AnnAssign):
        target = node.target  # type: ignore[attr-defined]
        if (target.attr if target.__class__ is ast.Attribute else getattr(target, "id", None)) == name:
            kinds.add(dotted(node.annotation))  # type: ignore[attr-defined]
    if "." not in container:
        kinds.update(dotted(a.annotation) for a in model.source.of_type(ast.arg) if a.arg == name and a.annotation is not None)  # type: ignore[attr-defined]
    return bool(kinds) and all(kind is not None and kind.rsplit(".", 1)[-1] in ("Module", *_MODULE_CONTAINERS) for kind in kinds)


def _named_in(name: str, model: ModuleModel) -> bool:
    """`name` is a name or parameter anywhere in the file (a loop variable of the fix would clobber it)."""
    return name.encode() in model.source.data and any(
        isinstance(node, ast.Name) and node.id == name or isinstance(node, ast.arg) and node.arg == name for node in ast_walk(model.source.tree)
    )


def _container_values(container: str, model: ModuleModel) -> list[ast.expr]:
    """Every value the file binds `container` to (`layers = [...]`), or for an attribute
    (`net.layers`) every value it binds an attribute of that name to (`self.layers = ...`)."""
    _, dot, attr = container.rpartition(".")
    if not dot:
        return assigned_values(model, container)
    values: list[ast.expr] = []
    for statement in assignment_statements(model):
        targets = statement.targets if statement.__class__ is ast.Assign else [statement.target]  # type: ignore[attr-defined]
        if any(target.__class__ is ast.Attribute and target.attr == attr for target in targets):  # type: ignore[attr-defined]
            values.append(statement.value)  # type: ignore[attr-defined]
    return values


def _container_kind(value: ast.expr) -> str:
    """"module", "list" (a list or tuple), "dict" or "other" for a value bound to a container."""
    if isinstance(value, (ast.List, ast.ListComp, ast.Tuple)):
        return "list"
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return "dict"
    if isinstance(value, ast.Call):
        called = dotted(value.func) or ""
        last = called.rsplit(".", 1)[-1]
        if last in _MODULE_CONTAINERS:
            return "module"
        if called in ("list", "tuple"):
            return "list"
        if called == "dict":
            return "dict"
    return "other"


def _plain_index(index: ast.expr) -> bool:
    """An index of names, attributes, numbers and arithmetic (`i`, `k - 1`, `self.depth`): no call."""
    return all(isinstance(node, (ast.Name, ast.Attribute, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Load, ast.operator, ast.unaryop)) for node in ast_walk(index))


def _owner_by_name(call: ast.Call, path: tuple[ast.stmt, ...]) -> str | None:
    """`self` for `module.__getattr__(name).grad` or `getattr(module, name).grad` in a `for
    module, name in self.params:` of a method: a module that keeps its own list of
    (submodule, parameter name) pairs (SWAG's diagonal Laplace)."""
    if isinstance(call.func, ast.Attribute) and call.func.attr == "__getattr__" and len(call.args) == 1:
        holder, key = call.func.value, call.args[0]
    elif isinstance(call.func, ast.Name) and call.func.id == "getattr" and len(call.args) == 2:
        holder, key = call.args
    else:
        return None
    if not isinstance(holder, ast.Name) or not isinstance(key, ast.Name) or call.keywords:
        return None
    for node in reversed(path):
        if isinstance(node, (ast.For, ast.AsyncFor)) and isinstance(node.target, ast.Tuple):
            names = [n.id if isinstance(n, ast.Name) else None for n in node.target.elts]
            if names == [holder.id, key.id] and dotted(node.iter) is not None and dotted(node.iter).startswith("self."):  # type: ignore[union-attr]
                return "self"
    return None


def _bound_parameters(target: ast.AST, source: ast.AST, model: ModuleModel | None, handed: dict[str, str] | None = None) -> list[tuple[str, str]]:
    module = _parameter_source(source, model, handed)
    if module is not None:
        if not _yields_pairs(source):
            return [(target.id, module)] if isinstance(target, ast.Name) else []
        if isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[1], ast.Name):
            return [(target.elts[1].id, module)]  # `n, p` of `named_parameters()`
        return []
    if (
        isinstance(source, ast.Call)
        and isinstance(source.func, ast.Name)
        and source.func.id == "enumerate"
        and len(source.args) == 1
        and isinstance(target, ast.Tuple)
        and len(target.elts) == 2
    ):
        return _bound_parameters(target.elts[1], source.args[0], model, handed)
    if (
        isinstance(source, ast.Call)
        and isinstance(source.func, ast.Name)
        and source.func.id == "zip"
        and isinstance(target, ast.Tuple)
        and len(target.elts) == len(source.args)
    ):
        found = []
        for element, argument in zip(target.elts, source.args):
            if isinstance(element, ast.Name) and (
                isinstance(argument, ast.Name)
                or (isinstance(argument, ast.Call) and getattr(argument.func, "attr", None) == "parameters")
                or _filtered(argument) is not None
            ):
                owner = _parameter_source(argument, model, handed)
                if owner is not None:
                    found.append((element.id, owner))
        return found
    return []


def _bound_in(loop: ast.AST) -> set[str]:
    """Names each iteration binds afresh: assigned in the loop without reading themselves
    (`g = ...`, not `total = total + g`), the loop's own targets, `with ... as` names."""
    names: set[str] = set()
    for node in ast_walk(loop):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            used = _names_in(node.value) if node.value is not None else set()
            for target in targets:
                if isinstance(target, ast.Name):
                    if target.id not in used:
                        names.add(target.id)
                elif isinstance(target, (ast.Tuple, ast.List)):
                    names.update(n.id for n in ast_walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    names.update(n.id for n in ast_walk(item.optional_vars) if isinstance(n, ast.Name))
    if isinstance(loop, (ast.For, ast.AsyncFor)):
        names.update(n.id for n in ast_walk(loop.target) if isinstance(n, ast.Name))
    return names


def _root(expr: ast.AST) -> str | None:
    while isinstance(expr, (ast.Attribute, ast.Subscript)):
        expr = expr.value
    return expr.id if isinstance(expr, ast.Name) else None


def _names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast_walk(node) if isinstance(n, ast.Name)}


def _value_read(statement: ast.AST, attribute: ast.Attribute) -> bool:
    """The `.grad` is read for its value, not only compared with `None`."""
    for node in ast_walk(statement):
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            if any(part is attribute for part in [node.left, *node.comparators]):
                return False
    return True


def _outlives(target: ast.AST, bound: set[str], owners: set[str]) -> bool:
    """A receiver or target whose value outlives the iteration: bound before the loop (or a
    loop variable over something else than parameters, `f` of `zip(fisher, ...)`)."""
    root = _root(target)
    if root is None or root in owners:
        return False
    return root not in bound


def _stored(node: ast.AST) -> ast.AST:
    """The container a `setdefault` call returns an item of (`out.setdefault(i, [])` keeps its
    item in `out`, as `out[i]` does)."""
    while (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "setdefault"
        and len(node.args) == 2 and not node.keywords
    ):  # fmt: skip
        node = node.func.value
    return node


def _keeping(statement: ast.AST, bound: set[str], owners: set[str]) -> bool:
    """The statement keeps what it computes beyond the iteration."""
    if isinstance(statement, ast.AugAssign):
        return _outlives(statement.target, bound, owners)
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        func = statement.value.func
        if isinstance(func, ast.Attribute) and func.attr in _KEEPING_METHODS:
            return _outlives(_stored(func.value), bound, owners)
        return False
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        root = _root(target)
        if root is None or root in owners:
            return False
        # `scores = [s + c for s, c in zip(scores, current)]`, `acc[n] = acc[n] + g`: a running value
        return root not in bound and root in _names_in(statement.value)
    return False


def _keeps(statement: ast.AST, attribute: ast.Attribute, loop: ast.AST, bound: set[str], owners: set[str]) -> bool:
    """The value read from `attribute` in `statement` outlives the iteration: the statement
    keeps it, or it binds (or adds into, `total += ...`) a name of the iteration that a later
    statement keeps."""
    if not _value_read(statement, attribute):
        return False
    if _keeping(statement, bound, owners):
        return True
    target = statement.targets[0] if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else None
    if isinstance(statement, ast.AugAssign):  # `total += p.grad.norm() ** 2` into a name of the iteration
        target = statement.target
    if isinstance(target, ast.Name):
        name = target.id
        for other in ast_walk(loop):
            if other is statement or not isinstance(other, (ast.Expr, ast.Assign, ast.AugAssign)):
                continue
            if name in _names_in(other) and _keeping(other, bound, owners):
                if isinstance(other, ast.Assign) and _root(other.targets[0]) == name:
                    continue
                return True
    return False


def _forwards(loop: ast.AST, module: str) -> bool:
    """The loop calls the module (or a module around it, or one of its submodules) itself."""
    for node in ast_walk(loop):
        if isinstance(node, ast.Call):
            name = _module_key(node.func)
            if name is None or name.endswith((".parameters", ".named_parameters")):
                continue
            if name == module or module.startswith(name + ".") or (module != "self" and name.startswith(module + ".")):
                return True
    return False


def _module_key(expr: ast.AST) -> str | None:
    """`dotted(expr)`, or for a string-keyed item of a dict of components (`parts["model"]`)
    its `member_key`."""
    return member_key(expr) if expr.__class__ is ast.Subscript else dotted(expr)


def _stores_item(loop: ast.AST, module: str) -> bool:
    """The loop stores the string-keyed item `module` (`parts["model"] = ...`, also in a tuple)."""
    for node in ast_walk(loop):
        if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load) and member_key(node) == module:
            return True
    return False


def _updates_parameters(loop: ast.AST, owners: set[str]) -> bool:
    """The loop writes the parameters it reads (`p.data -= lr * p.grad`, `p.sub_(...)`): an
    update by hand, so a training loop (GF001's page)."""
    for node in ast_walk(loop):
        if isinstance(node, (ast.AugAssign, ast.Assign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_root(t) in owners for t in targets if not isinstance(t, ast.Name)):
                return True
            if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id in owners:
                return True
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.endswith("_"):
            receiver = node.func.value
            if _root(receiver) in owners and not any(isinstance(n, ast.Attribute) and n.attr == "grad" for n in ast_walk(receiver)):
                return True
    return False


_HARMLESS_CALLS = (
    "len", "print", "isinstance", "getattr", "hasattr", "id", "type", "str", "repr",
    "enumerate", "zip", "list", "tuple", "sum", "iter", "sorted", "dict", "any", "all", "filter",
)  # fmt: skip
_MODULE_METHODS = ("forward", "eval", "train", "parameters", "named_parameters", "to", "cpu", "cuda", "modules", "named_modules", "children")


def _hands_over(loop: ast.AST, module: str, model: ModuleModel, followed: set[int] = frozenset()) -> bool:  # type: ignore[assignment]
    """A call of the loop that might clear the module's gradients: one handed the module (or
    the object holding it) or its parameters (`reset(model)`, `self.clear_grads()`), or a
    method of the module's that is not a forward (`model.reset()`)."""
    text = model.source.text
    root = module.split(".")[0]
    holders = {module, root, root.split("[")[0]}  # (`parts` holds `parts["model"]`)
    parts = module.split(".")
    holders.update(".".join(parts[:i]) for i in range(1, len(parts)))
    for node in ast_walk(loop):
        if not isinstance(node, ast.Call) or id(node) in followed:
            continue  # (a helper the analysis followed: its clears are events, its writes are read below)
        name = dotted(node.func) or ""
        if name in _HARMLESS_CALLS or name == module or module.startswith(name + "."):
            continue  # a builtin, or the forward of the module or of the one around it
        for argument in [*node.args, *(k.value for k in node.keywords)]:
            given = _module_key(argument)
            if given is None and isinstance(argument, ast.Call) and isinstance(argument.func, ast.Attribute):
                if argument.func.attr in _PARAMETER_METHODS:
                    given = _module_key(argument.func.value)
            if given is not None and given in holders:
                return True
            if isinstance(argument, ast.Name) and _parameter_source(argument, model) is not None:
                return True  # `params = list(model.parameters())` handed to a helper
        if isinstance(node.func, ast.Attribute):
            owner = _module_key(node.func.value)
            if owner is not None and owner in holders and owner != root or owner == module:
                if node.func.attr not in _MODULE_METHODS:
                    return True
            elif owner == "self" and f"def {node.func.attr}(" not in text and f"self.{node.func.attr} =" not in text:
                return True  # a method of the object's, written elsewhere (a base class of another file)
    return False


def _statement_path(body: list[ast.stmt], node: ast.AST) -> list[ast.stmt] | None:
    """The statements from `body` down to the simple statement holding `node`."""
    for statement in body:
        if not any(part is node for part in ast_walk(statement)):
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                deeper = _statement_path(inner, node)
                if deeper is not None:
                    return [statement, *deeper]
        for handler in getattr(statement, "handlers", ()):
            deeper = _statement_path(handler.body, node)
            if deeper is not None:
                return [statement, *deeper]
        return [statement]
    return None


def _translate(name: str, event: GradEvent) -> str | None:
    """`name` (a dotted name of the innermost helper of `event`) as the analysed loop writes it:
    each helper's parameter replaced by the argument its call hands it (`model` of `def
    accumulate(model, fisher)` called `accumulate(self.net, f)` is `self.net`)."""
    for call, definition in reversed(list(zip(event.via, event.helpers))):
        if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        root, _, rest = name.partition(".")
        arguments = definition.args
        positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
        given: ast.AST | None = None
        if root in positional or root in {a.arg for a in arguments.kwonlyargs}:
            index = positional.index(root) if root in positional else None
            if isinstance(call.func, ast.Attribute) and positional and positional[0] == "self":
                if index == 0:
                    given = call.func.value
                elif index is not None:
                    index -= 1
            elif definition.name == "__call__" and isinstance(call.func, ast.Name) and positional and positional[0] == "self":
                if index == 0:
                    given = call.func  # `stepper(i, x, y)` runs `Stepper.__call__` with `self` the object
                elif index is not None:
                    index -= 1
            elif positional and positional[0] == "self":
                return None
            if given is None:
                if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
                    return None
                if index is not None and index < len(call.args):
                    given = call.args[index]
                else:
                    given = next((k.value for k in call.keywords if k.arg == root), None)
            handed = dotted(given) if given is not None else None
            if handed is None:
                return None
            name = handed + ("." + rest if rest else "")
        elif root == "self" or arguments.vararg is not None and root == arguments.vararg.arg:
            return None
    return name


def _kept_root(statement: ast.AST) -> str | None:
    """The name whose value a keeping statement (`fisher[n] += ...`, `grads.append(...)`) grows."""
    if isinstance(statement, ast.AugAssign):
        target = statement.target
    elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) and isinstance(statement.value.func, ast.Attribute):
        target = _stored(statement.value.func.value)
    elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
    else:
        return None
    while isinstance(target, ast.Subscript):
        target = target.value
    return dotted(target)


def _helper_read(event: GradEvent, model: ModuleModel, bound: set[str]) -> str | None:
    """The module (as the loop names it) whose parameters' gradients a helper of the loop reads
    into something that outlives the loop's iteration (`accumulate(model, fisher)` doing
    `fisher[n] += p.grad ** 2` over `model.named_parameters()`), or None."""
    if not event.helpers or len(event.helpers) != len(event.via):
        return None
    local = None if event.foreign else model  # (names bound in a helper of another file are not looked up here)
    definition = event.helpers[-1]
    attribute = event.node
    if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) or not isinstance(attribute, ast.Attribute):
        return None
    if not isinstance(attribute.value, ast.Name):
        if attribute.value.__class__ is ast.Attribute and attribute.value.attr in _PARAMETER_ATTRIBUTES:  # type: ignore[attr-defined]
            return _helper_weight_read(event, definition, attribute, bound)
        return None
    path = _statement_path(definition.body, attribute)
    if not path:
        return None
    handed = _handed_lists(event, model)
    owners = _parameter_names(definition, local, handed)
    if attribute.value.id not in owners:
        return None
    module = _owner_of(attribute, tuple(path), local, handed)
    if module is None:
        return None
    statement = path[-1]
    if not _value_read(statement, attribute) or not _keeping(statement, _bound_in(definition), owners):
        return None
    kept = _kept_root(statement)
    if kept is None:
        return None
    kept = _translate(kept, event)
    if module not in handed.values():  # (a handed list's module is named as the loop names it)
        module = _translate(module, event)
        if module is not None and len(event.via) == 1 and root_name(module) not in _parameters(definition):
            module = _through_factory(module, event, model)
    if kept is None or module is None or kept.split(".")[0] in bound:
        return None  # (grown in something each iteration makes afresh: not judged)
    return module


def _parameters(definition: ast.AST) -> set[str]:
    return {a.arg for a in ast_walk(definition.args) if isinstance(a, ast.arg)}  # type: ignore[attr-defined]


def _factory_of(event: GradEvent, model: ModuleModel) -> tuple[ast.Call, list[str]] | None:
    """The factory call and parameters of the closure the loop calls by name in `event` (`batch,
    end = make_hooks(model, loader)` ... `batch(x, y)`), when the event sits in that closure."""
    call = event.via[0] if len(event.via) == 1 and not event.foreign else None
    if call is None or call.func.__class__ is not ast.Name:
        return None
    from gradfix.analysis.loops import module_closure  # (only for a read in a closure)

    function = model.source.owner_of(event.path[0]) if event.path else None
    while isinstance(function, ast.stmt) and not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        function = model.source.owner_of(function)
    found = module_closure(model.facts, call.func, (function,) if function is not None else ())  # type: ignore[arg-type]
    if found is None or found[0].node is not event.helpers[0]:
        return None
    return found[1]


def _through_factory(name: str, event: GradEvent, model: ModuleModel) -> str | None:
    """`name`, a free name of a closure a factory returned (`model` of `def batch(x, y)` in `def
    make_hooks(model, ...)`), as the loop names it: the argument the factory's call hands that
    parameter (`make_hooks(net, ...)`: `net`); unchanged when it is no parameter of the factory,
    None when the argument is not a plain (dotted) name or the factory binds the name again."""
    factory = _factory_of(event, model)
    if factory is None:
        return name
    call, params = factory
    root, dot, rest = name.partition(".")
    if root not in params:
        return name
    index = params.index(root)
    given = call.args[index] if index < len(call.args) else next((k.value for k in call.keywords if k.arg == root), None)
    if given is None or any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
        return None
    handed = dotted(given)
    return handed + dot + rest if handed is not None else None


def _factory_forwards(events: list[GradEvent], module: str, model: ModuleModel) -> bool:
    """A closure a factory returned (`batch, end = make_hooks(net, loader)`), called by the loop,
    backpropagates and calls the module by the factory's parameter the module is handed to."""
    for event in events:
        if event.kind is not EventKind.BACKWARD or len(event.via) != 1 or len(event.helpers) != 1:
            continue
        definition = event.helpers[0]
        if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        factory = _factory_of(event, model)
        if factory is None:
            continue
        call, params = factory
        for index, param in enumerate(params):
            given = call.args[index] if index < len(call.args) else next((k.value for k in call.keywords if k.arg == param), None)
            if given is not None and dotted(given) == module and param not in _parameters(definition) and _forwards(definition, param):
                return True
    return False


def _helper_weight_read(event: GradEvent, definition: ast.AST, attribute: ast.Attribute, bound: set[str]) -> str | None:
    """`norms.append(model[0].weight.grad.norm().item())` in the helper (a submodule's `weight`
    or `bias` read by attribute, `_weight_owner`), kept in something that outlives the loop's
    iteration: the module as the loop names it (`self.model` of `self.batch(...)`), or None."""
    owner = _weight_owner(attribute.value.value)  # type: ignore[attr-defined]
    path = _statement_path(definition.body, attribute)  # type: ignore[attr-defined]
    if owner is None or not path:
        return None
    statement = path[-1]
    if not _value_read(statement, attribute) or not _keeping(statement, _bound_in(definition), set()):
        return None
    kept = _kept_root(statement)
    kept = _translate(kept, event) if kept is not None else None
    module = _translate(owner, event)
    if kept is None or module is None or kept.split(".")[0] in bound:
        return None  # (grown in something each iteration makes afresh: not judged)
    return module


def _handed_to_backward(events: list[GradEvent], module: str) -> bool:
    """A helper of the loop that backpropagates is handed the module, or is a method of the
    object holding it (a step function: `estimate(model, x, y, fisher)`, `self.observe(x, y)`
    run the forward and the backward themselves)."""
    for event in events:
        if event.kind is EventKind.BACKWARD and event.via and not event.foreign:
            call = event.via[0]
            for argument in [*call.args, *(k.value for k in call.keywords)]:
                handed = dotted(argument)
                if handed is not None and (handed == module or module.startswith(handed + ".")):
                    return True  # (also a submodule of the module handed: `net.fc` of `record(net, ...)`)
            receiver = dotted(call.func.value) if isinstance(call.func, ast.Attribute) else None
            if receiver is not None and module.startswith(receiver + "."):
                return True  # `self.observe(x, y)` running `self.backbone`
    return False


def _closure_forwards(events: list[GradEvent], module: str, loop: TrainingLoop, model: ModuleModel) -> bool:
    """A function defined in the loop's own function (or, for a loop of the module's code, at
    module level) that backpropagates calls the module by the free name the loop names it with
    (`def visit(batch): loss = F.cross_entropy(model(x), y); loss.backward(); ...` in the epoch
    loop, run per batch by `[visit(b) for b in loader]`): it runs the forward of the loop's module."""
    root = module.split(".")[0]
    if not root.isidentifier() or root == "self":
        return False
    scope = loop.function
    for event in events:
        if event.kind is not EventKind.BACKWARD or not event.via or event.foreign or len(event.helpers) != 1:
            continue
        definition = event.helpers[0]
        if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) or not _forwards(definition, module):
            continue
        if scope is None:
            around = (loop.node, *loop.enclosing_loops)
            if not any(definition is top for top in model.source.tree.body) and not any(definition is n for lp in around for n in ast_walk(lp)):
                continue
        elif not any(definition is n for n in ast_walk(scope)):
            continue
        if root in {a.arg for a in ast_walk(definition.args) if isinstance(a, ast.arg)}:
            continue
        if any(isinstance(n, ast.Name) and n.id == root and not isinstance(n.ctx, ast.Load) for n in ast_walk(definition)):
            continue  # (bound in the function: its own object)
        if any(isinstance(n, (ast.Global, ast.Nonlocal)) and root in n.names for n in ast_walk(definition)):
            continue
        return True
    return False


def _helpers_write_gradients(events: list[GradEvent], model: ModuleModel) -> bool:
    """A helper the loop calls writes a `.grad` or updates parameters by hand."""
    seen: set[int] = set()
    for event in events:
        for definition in event.helpers:
            if id(definition) in seen:
                continue
            seen.add(id(definition))
            if _writes_gradients(definition) or _updates_parameters(definition, _parameter_names(definition, None if event.foreign else model)):
                return True
    return False


def _handed_lists(event: GradEvent, model: ModuleModel) -> dict[str, str]:
    """Parameters of a helper the loop calls directly that its call hands a module's parameters
    (`add_squares(list(model.parameters()), fisher)`, `add(filter(..., model.parameters()), f)`,
    or a name of the file bound to such a list): parameter name -> the module as the loop names it."""
    if len(event.via) != 1 or len(event.helpers) != 1:
        return {}
    call, definition = event.via[0], event.helpers[0]
    if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) or isinstance(call.func, ast.Attribute):
        return {}  # (a method's `self` shifts its arguments: not read)
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return {}
    positional = [a.arg for a in (*definition.args.posonlyargs, *definition.args.args)]
    pairs = list(zip(positional, call.args)) + [(k.arg, k.value) for k in call.keywords if k.arg in positional]
    handed: dict[str, str] = {}
    for name, argument in pairs:
        if _yields_pairs(argument):
            continue
        module = _parameter_source(argument, model) if not isinstance(argument, ast.Call) or _filtered(argument) or getattr(argument.func, "attr", None) == "parameters" else _parameter_list(argument)
        if module is not None:
            handed[name] = module
    return handed
