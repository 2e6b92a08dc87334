from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.names import dotted
from gradfix.patterns import lazily
from gradfix.source import FUNCTIONS
from gradfix.transforms.base import Finding, Fix, InsertStatements, RemoveStatement, Rule, Safety, code_lines
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

    from gradfix.analysis.loops import ModuleModel

# statements that end the statements after them (the step after may not run)
_JUMPS = (ast.Return, ast.Break, ast.Continue, ast.Raise)
# compound statements whose bodies run at most once where they stand: the later step may sit
# in one of them (`if center_loss: scaler.step(optimizer_center)`)
_ONCE = (ast.If, ast.With, ast.AsyncWith)
_BLOCK_FIELDS = ("body", "orelse", "finalbody")
# a scaler's `update()` (`scaler.update()`, `self.grad_scaler.update()`, `scaler_g.update()`);
# starts with its literal, run only on texts holding the words already
_UPDATE = lazily(r"scaler\w*\.update\(\)")


class ScalerUpdateBetweenSteps(Rule):
    """
    `scaler.update()` runs between the `scaler.step()` calls of optimizers one scaled backward filled.

    ## What it does
    Finds a `GradScaler` whose `update()` is called right after it stepped one optimizer,
    while a later `scaler.step(other)` of the same scaler steps another optimizer on the
    gradients of the same scaled backward (`scaler.scale(loss).backward()` earlier in the
    function): no backward (and no call of a function of the file that backpropagates) runs
    between the `update()` and that later step. The later step may be written in the same
    block or under an `if` or `with` that follows (a center loss stepped only when it is
    configured: `if use_center: scaler.step(optimizer_center)`). The update may itself sit under
    an `if` or `with` with the later step after it: a guard that only holds the update (`if
    scaler.is_enabled(): scaler.update()`, which runs whenever the scaler works), or an `if`
    that steps one optimizer and updates (`if tune_prompts: scaler.step(prompt_opt);
    scaler.update()`) before the other optimizer's step. Also a loop over optimizers
    that steps each one and updates inside the loop (`for opt in optimizers: scaler.step(opt);
    scaler.update()`) after one scaled backward written before the loop. The step and the update
    may sit in a helper of the file called once per optimizer (`def _apply(self, opt):
    self.scaler.step(opt); self.scaler.update()` called as `self._apply(self.opt_body)` then
    `self._apply(self.opt_head)`, or a function handed the scaler, or such a call in a loop over
    the optimizers): the helper's body ends in the step and the update, with no backward and no
    jump.

    ## Why is this bad?
    `scaler.update()` ends the scaler's iteration: it changes the scale (halves it after a
    step found an inf or a NaN, doubles it after `growth_interval` clean steps) and forgets
    what it recorded for each optimizer. The second `scaler.step()` then unscales gradients
    that the backward made with the old scale by the new one: they are too large or too small
    by the growth or back-off factor. torch's AMP notes ask for one `update()` per iteration, after every optimizer of
    that backward has stepped.

    ## Example
    ```python
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    scaler.step(optimizer_center)
    scaler.update()
    ```

    ## Use instead
    ```python
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.step(optimizer_center)
    scaler.update()
    ```

    ## Fix safety
    The fix moves the `update()` after the last `scaler.step()` of that backward (removing it
    when an `update()` already follows that step in the same block; when the later step sits
    under an `if` whose block ends in its own `update()`, that one moves after the `if`, so
    the scaler updates once on either branch). Real torch then trains exactly as the loop
    fixed by hand (tests/behaviour). An update under an `if`/`with` with the later step after
    it is removed (the whole `if` when it only guarded the update and its test only reads
    names or calls `is_enabled()`) when an `update()` of the scaler follows the last step in
    the block around it; otherwise that finding comes without a fix (moving the update out of
    its `if` would make it run where it did not). It is safe; it is offered only when nothing between the
    old and the new place reads or uses the scaler (`scaler.get_scale()` logged) or jumps
    (`continue`, `return`), and the later step is written in the block or in one `if`/`with`
    that follows; otherwise the finding comes without a fix. For the loop over optimizers the
    fix moves the update after the loop and is unsafe: were the loop to run over no optimizer,
    the moved `update()` would raise (torch asks for a step before it). For a helper that steps
    and updates, the fix removes the helper's `update()` and writes one after the last call (or
    step) of the run, and is unsafe: it is offered only when every call of the helper in the
    file is in that run, but another module may call the helper too.

    Not reported when a backward runs between the `update()` and the later step (a GAN's
    discriminator stepped and updated, then the generator's own scaled backward: each has its
    iteration), when the two steps belong to different scalers, when the step before the
    `update()` and the later one step the same optimizer, when the later step is in a loop
    or in an exclusive branch (`if`/`else` each stepping and updating), when the `if` holding
    the update jumps (`continue`) or reads the scaler after it, when the later step sits under
    an `if` testing a name the `if` holding the update tests too (`if not use_aux:
    scaler.update()` then `if use_aux: scaler.step(aux_opt)`: they may exclude each other), or when a call between hands the scaler (or the object holding
    it, `self`) on, calls a function or method of the file that backpropagates, or calls a
    method of the object holding the scaler that the file does not define (a base class's
    `self.generator_step()` may run the generator's own scaled backward). A helper is not read
    when the file defines two functions of its name, when it backpropagates itself (each call
    its own iteration), or when a parameter or local of the caller shadows its name.
    """

    code = "GF034"
    name = "scaler-update-between-steps"
    message = (
        "`{update}` runs between `{first}` and `{second}`, which step on the gradients of the same scaled backward:"
        " the update changes the scale and forgets the first step's state, so the second step unscales by the wrong"
        " scale; call `{update}` once, after the last `{scaler}.step(...)`"
    )
    loop_message = (
        "`{update}` runs after each `{first}` of this loop over optimizers, between the steps of the same scaled"
        " backward: the update changes the scale and forgets the earlier steps' state, so the next step unscales by"
        " the wrong scale; call `{update}` once, after the loop"
    )
    helper_message = (
        "`{call}` steps and then runs `{update}`, between its step and `{second}`, which steps on the gradients of"
        " the same scaled backward: the update changes the scale and forgets the first step's state, so the second"
        " step unscales by the wrong scale; call `{scaler}.update()` once, after the last step"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        source = model.source
        text = source.text
        if "update(" not in text or "scaler" not in text or ".step(" not in text or not _UPDATE.search(text):
            return
        tree = source.tree
        backpropagating = None  # read only for a file with a scaler's update
        # where each statement stands (the statement owning its block, the block, its index):
        # a block is yielded after the block holding its statement, so outer places are known
        places: dict[int, tuple[ast.AST, list, int]] = {}  # type: ignore[type-arg]
        for owner, parent, block in _blocks(tree):
            for index, statement in enumerate(block):
                places[id(statement)] = (parent, block, index)
                key = _method_call(statement, "update")
                if key is None or "scaler" not in key.split(".")[-1].lower():
                    continue
                if backpropagating is None:
                    backpropagating = _backpropagating_functions(tree, source)
                finding = _judge(owner, block, index, key, source, backpropagating, self)
                if finding is None and isinstance(parent, (ast.For, ast.AsyncFor)) and block is parent.body:
                    finding = _judge_loop(owner, parent, index, key, source, backpropagating, self)
                if finding is None and isinstance(parent, _ONCE) and block is not getattr(parent, "finalbody", None):
                    finding = _judge_outward(owner, parent, block, index, key, source, backpropagating, places, self)
                if finding is not None:
                    yield finding
        if backpropagating is not None:
            yield from _judge_helpers(tree, source, backpropagating, self)


class _Helper:
    """A function of the file that steps the optimizer it is handed and then updates a scaler
    (`def _update(self, opt): self.scaler.step(opt); self.scaler.update()`)."""

    __slots__ = ("node", "key", "method", "step_index", "update")

    def __init__(self, node, key, method, step_index, update) -> None:  # noqa: ANN001
        self.node = node
        self.key = key  # the scaler as the helper names it (`self.scaler`, `scaler`)
        self.method = method  # a method (called as `self.name(...)`)
        self.step_index = step_index  # the position of the stepped optimizer among the call's arguments
        self.update = update  # the helper's `update()` statement

    def call_key(self, call: ast.Call) -> str | None:
        """The scaler as the caller names it."""
        params = [a.arg for a in self.node.args.args]
        if self.method:
            params = params[1:]
        root, _, rest = self.key.partition(".")
        if root == "self":
            return self.key if self.method else None
        if root in params:
            position = params.index(root)
            if position >= len(call.args):
                return None
            name = dotted(call.args[position])
            return None if name is None else name + ("." + rest if rest else "")
        return self.key  # a name of the module

    def optimizer(self, call: ast.Call) -> ast.AST | None:
        return call.args[self.step_index] if self.step_index < len(call.args) else None


def _stepping_helpers(tree: ast.AST, source) -> dict[str, _Helper]:  # noqa: ANN001
    """The functions of the file ending in `scaler.step(param)` ... `scaler.update()` (top level of
    their body), with no backward and no jump: each call steps and updates once."""
    helpers: dict[str, _Helper] = {}
    seen: set[str] = set()
    for owner in ast_walk(tree):
        if not isinstance(owner, FUNCTIONS):
            continue
        # (a name defined twice in the file, in two classes or a subclass, is not read: which one
        # `self.name()` runs depends on the object)
        if owner.name in seen:  # two functions of one name: which one a call runs is not read
            helpers.pop(owner.name, None)
            continue
        seen.add(owner.name)
        body = owner.body
        if not body or owner.decorator_list:
            continue
        key = _method_call(body[-1], "update")
        if key is None:
            continue
        step = _step_before(body, len(body) - 1, key)
        if step is None or step is _UPDATED:
            continue
        if "backward" in source.segment(owner) or any(_jumps(statement) for statement in body):
            continue
        params = [a.arg for a in owner.args.args]
        method = bool(params) and params[0] == "self"
        argument = step.value.args[0]  # type: ignore[attr-defined]
        if not isinstance(argument, ast.Name) or argument.id not in params:
            continue
        index = params.index(argument.id) - (1 if method else 0)
        if owner.args.vararg or owner.args.kwonlyargs or owner.args.defaults or owner.args.posonlyargs:
            continue
        helpers[owner.name] = _Helper(owner, key, method, index, body[-1])
    return helpers


def _helper_call(statement: ast.AST, helpers: dict[str, _Helper]):  # type: ignore[no-untyped-def]  # noqa: ANN202
    """The helper and its call when the statement is `self.helper(...)` / `helper(...)`."""
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return None
    call = statement.value
    func = call.func
    if call.keywords or any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        helper = helpers.get(func.attr)
        return (helper, call) if helper is not None and helper.method else None
    if isinstance(func, ast.Name):
        helper = helpers.get(func.id)
        return (helper, call) if helper is not None and not helper.method else None
    return None


def _judge_helpers(tree, source, backpropagating, rule) -> Iterator[Finding]:  # noqa: ANN001
    """A helper that steps and updates called for one optimizer, then another step of the same
    scaled backward (the helper called again for another optimizer, or `scaler.step(other)`)."""
    if not any(".update()" in source.segment(node) for node in ast_walk(tree) if isinstance(node, FUNCTIONS)):
        return
    helpers = _stepping_helpers(tree, source)
    if not helpers:
        return
    calls = [node for node in ast_walk(tree) if isinstance(node, ast.Call) and _helper_call(ast.Expr(value=node), helpers)]
    for owner, parent, block in _blocks(tree):
        for index, statement in enumerate(block):
            found = _helper_call(statement, helpers)
            if found is None:
                continue
            helper, call = found
            if owner is helper.node or (not helper.method and _binds(owner, helper.node.name)):
                continue  # (a parameter or a local of that name shadows the module's function)
            key = helper.call_key(call)
            first_optimizer = helper.optimizer(call)
            if key is None or first_optimizer is None or "scaler" not in (key + helper.key).lower():
                continue
            if key == helper.key and isinstance(owner, FUNCTIONS) and not key.startswith("self."):
                if _binds(owner, key.split(".")[0]):
                    continue  # (the helper's scaler is the module's; the caller's own of that name is another)
            if not _scaled_backward_before(owner, key, statement):
                continue
            finding = _judge_after_helper(block, index, key, helper, first_optimizer, source, backpropagating,
                                          calls, rule)
            if finding is None and isinstance(parent, (ast.For, ast.AsyncFor)) and block is parent.body:
                finding = _judge_helper_loop(owner, parent, index, key, helper, first_optimizer, source,
                                             backpropagating, calls, rule)
            if finding is not None:
                yield finding


def _binds(owner: ast.AST, name: str) -> bool:
    if isinstance(owner, FUNCTIONS):
        arguments = owner.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
        if any(a is not None and a.arg == name for a in every):
            return True
    return any(isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
               for node in ast_walk(owner))


def _judge_helper_loop(owner, loop, index, key, helper, first_optimizer, source, backpropagating, calls,  # noqa: ANN001
                       rule) -> Finding | None:
    """`for opt in optimizers: self._update(opt)` after one scaled backward written before the loop."""
    block = loop.body
    statement = block[index]
    if not _names(first_optimizer) & _names(loop.target):
        return None  # the loop does not step what it iterates over
    if any(_stops(other, key, backpropagating) for other in block if other is not statement) or _mentions(loop.iter, key):
        return None
    if any(_mentions(other, key) for other in block[index + 1 :]) or not _scaled_backward_before(owner, key, loop):
        return None
    finding = Finding(
        rule.code,
        rule.loop_message.format(update=source.code(helper.update), first=source.code(statement), scaler=key),
        statement,
    )
    if loop.orelse or len(calls) != 1 or calls[0] is not statement.value:  # type: ignore[attr-defined]
        return finding
    edits: list = [RemoveStatement(helper.update, keep_comments=False)]  # type: ignore[type-arg]
    if not _follows_update(owner, loop, key):
        edits.append(InsertStatements(loop, "after", code_lines(key + ".update()")))
    # unsafe: a loop over no optimizer would call `update()` with no step (it raises), and
    # another module may call the helper
    finding.fix = Fix(edits, safety=Safety.UNSAFE)
    return finding


def _judge_after_helper(block, index, key, helper, first_optimizer, source, backpropagating, calls,  # noqa: ANN001
                        rule) -> Finding | None:
    statement = block[index]
    for position in range(index + 1, len(block)):
        later = block[position]
        if _method_call(later, "update") == key:
            return None
        found = _helper_call(later, {helper.node.name: helper})
        if found is not None and found[0].call_key(found[1]) == key:
            second_optimizer = found[0].optimizer(found[1])
            if second_optimizer is None or source.code(second_optimizer) == source.code(first_optimizer):
                return None
            second = later
        else:
            if _stops(later, key, backpropagating):
                return None
            second = _step_within(later, key)
            if second is None:
                if _mentions(later, key):
                    return None
                continue
            if _argument_text(second, source) == source.code(first_optimizer):
                return None
        finding = Finding(
            rule.code,
            rule.helper_message.format(call=source.code(statement), update=source.code(helper.update),
                                       second=source.code(second), scaler=key),
            statement,
        )
        finding.fix = _helper_fix(block, index, key, helper, calls, source)
        return finding
    return None


def _helper_fix(block, index, key, helper, calls, source) -> Fix | None:  # noqa: ANN001
    """Drop the helper's update and update once after the run of its calls, when every call of
    the helper in the file is in that run (unsafe: another module may call the helper)."""
    run = []  # the helper's calls in the run
    after = index
    for statement in block[index:]:
        found = _helper_call(statement, {helper.node.name: helper})
        if found is not None and found[0].call_key(found[1]) == key:
            run.append(found[1])
        elif _method_call(statement, "step") != key:
            break
        after += 1
    if after - index < 2 or len(calls) != len(run) or any(not any(call is mine for mine in run) for call in calls):
        return None
    edits = [RemoveStatement(helper.update, keep_comments=False)]
    if not (after < len(block) and _method_call(block[after], "update") == key):
        edits.append(InsertStatements(block[after - 1], "after", code_lines(key + ".update()")))
    return Fix(edits, safety=Safety.UNSAFE)


# `_step_before`'s answer when an update of the scaler comes first
_UPDATED = ast.Pass()


def _step_before(block: list, index: int, key: str):  # type: ignore[no-untyped-def]  # noqa: ANN202
    """The last `scaler.step(...)` statement before `block[index]`, `_UPDATED` when an update of
    the same scaler stands between them, None when there is none."""
    for earlier in reversed(block[:index]):
        if _method_call(earlier, "update") == key:
            return _UPDATED
        if _method_call(earlier, "step") == key:
            return earlier
    return None


def _judge(owner, block, index, key, source, backpropagating, rule) -> Finding | None:  # noqa: ANN001
    update = block[index]
    first = _step_before(block, index, key)
    if first is None or first is _UPDATED or not _scaled_backward_before(owner, key, first):
        return None
    # the later step: in a following statement of the block, or under an `if`/`with` after it
    for position in range(index + 1, len(block)):
        later = block[position]
        if _method_call(later, "update") == key:
            return None
        if _stops(later, key, backpropagating):
            return None
        second = _step_within(later, key)
        if second is None:
            continue
        if source.code(second.value.args[0] if second.value.args else second) == source.code(  # type: ignore[attr-defined]
            first.value.args[0] if first.value.args else first  # type: ignore[attr-defined]
        ):
            return None
        finding = Finding(
            rule.code,
            rule.message.format(update=source.code(update), first=source.code(first), second=source.code(second),
                                scaler=key),
            update,
        )
        finding.fix = _fix(block, index, position, second, key, source)
        return finding
    return None


def _judge_outward(owner, parent, block, index, key, source, backpropagating, places, rule) -> Finding | None:  # noqa: ANN001
    """The update (or a step and the update) inside an `if`/`with`, and the other step after it:
    `if scaler.is_enabled(): scaler.update()` between the steps, or `if use_center:
    scaler.step(optimizer_center); scaler.update()` followed by `scaler.step(optimizer)`."""
    update = block[index]
    rest = block[index + 1 :]
    if any(_mentions(statement, key) or _stops(statement, key, backpropagating) for statement in rest):
        return None  # what closes the update's block: judged where the update stands (`_judge`)
    # the first step: before the update in its block, else before the `if`/`with` holding it
    first = None
    level_parent, level_block, level_index = parent, block, index
    first_outside = False
    while first is None:
        first = _step_before(level_block, level_index, key)
        if first is _UPDATED:
            return None
        if first is not None:
            break
        if not isinstance(level_parent, _ONCE) or id(level_parent) not in places:
            return None
        level_parent, level_block, level_index = places[id(level_parent)]
        first_outside = True
    if not _scaled_backward_before(owner, key, first):
        return None
    # the later step: after the `if`/`with` holding the update (walked out through `if`/`with` only)
    level_parent = parent
    levels = 0
    guards: set[str] = set()  # the names the tests of the `if`s holding the update read
    while True:
        if not isinstance(level_parent, _ONCE) or id(level_parent) not in places:
            return None
        holder = level_parent
        if isinstance(holder, ast.If):
            guards |= _names(holder.test)
        level_parent, level_block, level_index = places[id(holder)]
        levels += 1
        for position in range(level_index + 1, len(level_block)):
            later = level_block[position]
            if _method_call(later, "update") == key or _stops(later, key, backpropagating):
                return None
            second = _step_within(later, key)
            if second is None:
                continue
            if _argument_text(second, source) == _argument_text(first, source):
                return None
            if later is not second and guards & _tested_names(later, second):
                return None  # (`if not use_aux: scaler.update()` then `if use_aux: scaler.step(aux_opt)`: may exclude each other)
            finding = Finding(
                rule.code,
                rule.message.format(update=source.code(update), first=source.code(first),
                                    second=source.code(second), scaler=key),
                update,
            )
            if levels == 1:  # (a fix only for the block right around the update's `if`/`with`)
                finding.fix = _outward_fix(parent, block, update, first_outside, level_block, level_index, position,
                                           second, key)
            return finding


def _tested_names(statement: ast.AST, target: ast.stmt) -> set[str]:
    """The names read by the tests of the `if`s of `statement` that hold `target`."""
    names: set[str] = set()
    for node in ast_walk(statement):
        if isinstance(node, ast.If) and any(child is target for child in ast_walk(node)):
            names |= _names(node.test)
    return names


def _argument_text(step: ast.stmt, source) -> str:  # noqa: ANN001
    call = step.value  # type: ignore[attr-defined]
    return source.code(call.args[0] if call.args else step)


def _outward_fix(parent, block, update, first_outside, outer, at, position, second, key) -> Fix | None:  # noqa: ANN001
    """Remove the update inside the `if`/`with` (the whole `if` when it only guards the update)
    when the later step is a statement of the outer block followed, after the last step of the
    backward, by an update of the same scaler that always runs there."""
    if outer[position] is not second:
        return None
    for between in outer[at + 1 : position]:
        if _mentions(between, key) or _jumps(between):
            return None
    closing = None
    for after in outer[position + 1 :]:
        if _method_call(after, "step") == key:
            continue
        if _method_call(after, "update") == key:
            closing = after
        break
    if closing is None:
        return None  # moving the update out of the `if` would make it run where it did not
    unit = update
    if len(block) == 1:
        # the `if`/`with` only held the update: it goes as a whole when its test or items only
        # read names (`if scaler.is_enabled():`, `if use_amp:`), else no fix
        if not first_outside or not _removable_guard(parent):
            return None
        unit = parent
    return Fix([RemoveStatement(unit)])


def _removable_guard(statement: ast.stmt) -> bool:
    """An `if` without `else` whose test has no effect beyond `x.is_enabled()` (a guard that can go)."""
    if not isinstance(statement, ast.If) or statement.orelse:
        return False
    for node in ast_walk(statement.test):
        if isinstance(node, ast.Call):
            if not (isinstance(node.func, ast.Attribute) and node.func.attr == "is_enabled" and not node.args):
                return False
        elif isinstance(node, (ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom)):
            return False
    return True


def _judge_loop(owner, loop, index, key, source, backpropagating, rule) -> Finding | None:  # noqa: ANN001
    """`for opt in optimizers: scaler.step(opt); scaler.update()` after one scaled backward:
    the update runs between the steps of two iterations."""
    block = loop.body
    update = block[index]
    first = None
    for earlier in reversed(block[:index]):
        if _method_call(earlier, "step") == key:
            first = earlier
            break
    if first is None or not _names(first.value.args[0]) & _names(loop.target):  # type: ignore[attr-defined]
        return None  # the loop does not step what it iterates over
    if any(_stops(statement, key, backpropagating) for statement in block) or _mentions(loop.iter, key):
        return None  # a backward per iteration (each optimizer its own), or a jump
    if not _scaled_backward_before(owner, key, loop):
        return None
    finding = Finding(
        rule.code,
        rule.loop_message.format(update=source.code(update), first=source.code(first), scaler=key),
        update,
    )
    if loop.orelse or any(_mentions(statement, key) for statement in block[index + 1 :]):
        return finding
    edits: list = [RemoveStatement(update, keep_comments=False)]  # type: ignore[type-arg]
    if not _follows_update(owner, loop, key):
        edits.append(InsertStatements(loop, "after", code_lines(source.code(update))))
    # unsafe: a loop over no optimizer at all would now call `update()` with no step, which raises
    finding.fix = Fix(edits, safety=Safety.UNSAFE)
    return finding


def _follows_update(owner: ast.AST, loop: ast.stmt, key: str) -> bool:
    for _, _, block in _blocks(owner):
        for position, statement in enumerate(block):
            if statement is loop:
                return position + 1 < len(block) and _method_call(block[position + 1], "update") == key
    return False


def _names(node: ast.AST) -> set[str]:
    return {child.id for child in ast_walk(node) if isinstance(child, ast.Name)}


def _fix(block, index, position, second, key, source) -> Fix | None:  # noqa: ANN001
    update = block[index]
    text = source.code(update)
    later = block[position]
    for between in block[index + 1 : position]:
        if _mentions(between, key) or _jumps(between):
            return None
    if later is second:
        # more steps of the same backward after it, then maybe the update that closes them
        last = position
        for after in range(position + 1, len(block)):
            statement = block[after]
            if _method_call(statement, "update") == key:
                return Fix([RemoveStatement(update)])
            if _method_call(statement, "step") == key:
                last = after
                continue
            if _mentions(statement, key) or _jumps(statement):
                break
        return Fix([RemoveStatement(update, keep_comments=False),
                    InsertStatements(block[last], "after", code_lines(text))])
    if not isinstance(later, _ONCE) or _jumps(later):
        return None
    # the later step under an `if`/`with`: its block may end in the update that closes it
    inner = _holding_block(later, second)
    if inner is None:
        return None
    closing = None
    for statement in inner[inner.index(second) + 1 :]:
        if _method_call(statement, "update") == key:
            if closing is not None:
                return None
            closing = statement
        elif _method_call(statement, "step") == key:
            if closing is not None:
                return None
        elif _mentions(statement, key):
            return None
    others = [
        node for node in ast_walk(later)
        if isinstance(node, ast.stmt) and node is not second and node is not closing and _method_call(node, "step") != key
        and _mentions_directly(node, key)
    ]
    if others:
        return None
    if position + 1 < len(block) and _method_call(block[position + 1], "update") == key:
        return None  # an update already follows the `if`: it would run twice
    edits = [RemoveStatement(update, keep_comments=False)]
    if closing is not None:
        edits.append(RemoveStatement(closing))
    edits.append(InsertStatements(later, "after", code_lines(text)))
    return Fix(edits)


def _blocks(tree: ast.AST) -> Iterator[tuple[ast.AST, ast.AST, list]]:  # type: ignore[type-arg]
    """Every statement list with the function (or module) that owns it and its statement."""
    todo: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]
    while todo:
        node, owner = todo.pop()
        if isinstance(node, FUNCTIONS):
            owner = node
        for field in _BLOCK_FIELDS:
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield owner, node, block
                todo.extend((child, owner) for child in block)
        for handler in getattr(node, "handlers", ()) or ():
            yield owner, handler, handler.body
            todo.extend((child, owner) for child in handler.body)
        for case in getattr(node, "cases", ()) or ():
            yield owner, case, case.body
            todo.extend((child, owner) for child in case.body)


def _method_call(statement: ast.AST, method: str) -> str | None:
    """The receiver's key when the statement is `receiver.method(...)`."""
    if not isinstance(statement, ast.Expr):
        return None
    call = statement.value
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute) or call.func.attr != method:
        return None
    if method == "update" and (call.args or call.keywords):
        return None
    if method == "step" and len(call.args) != 1:
        return None
    return dotted(call.func.value)


def _scaled_backward_before(owner: ast.AST, key: str, first: ast.stmt) -> bool:
    scaled = backward = False
    for node in ast_walk(owner):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.lineno >= first.lineno:  # type: ignore[attr-defined]
            continue
        if node.func.attr == "scale" and dotted(node.func.value) == key:
            scaled = True
        elif node.func.attr == "backward":
            backward = True
    return scaled and backward


def _backpropagating_functions(tree: ast.AST, source) -> tuple[set[str], set[str]]:  # noqa: ANN001
    """The functions of the file that backpropagate (by name), and every function's name."""
    names, defined = set(), set()
    for node in ast_walk(tree):
        if isinstance(node, FUNCTIONS):
            defined.add(node.name)
            if "backward" in source.segment(node):
                names.add(node.name)
    return names, defined


def _stops(statement: ast.AST, key: str, known: tuple[set[str], set[str]]) -> bool:
    """A backward, a jump, or a call that may backpropagate or take the scaler (or the object
    holding it)."""
    backpropagating, defined = known
    holder = key.rsplit(".", 1)[0] if "." in key else None
    for node in ast_walk(statement):
        if isinstance(node, _JUMPS):
            return True
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)) and _step_anywhere(node, key):
            return True
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and dotted(func.value) == key:
            continue  # the scaler's own `step`/`unscale_`, not a function of the file named so
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        if name in ("backward", "grad") or name in backpropagating:
            return True
        handed = [dotted(arg) for arg in node.args] + [dotted(k.value) for k in node.keywords]
        if key in handed or (holder is not None and holder in handed):
            return True
        if holder is not None and isinstance(func, ast.Attribute) and dotted(func.value) == holder and name not in defined:
            return True  # `self.train_generator()` of a base class gradfix does not read: it may backpropagate
    return False


def _step_anywhere(node: ast.AST, key: str) -> bool:
    return any(_method_call(child, "step") == key for child in ast_walk(node))


def _step_within(statement: ast.stmt, key: str) -> ast.stmt | None:
    """`statement` itself when it is `scaler.step(x)`, or such a step in the blocks of an
    `if`/`with` (not in a loop or a function) that follows."""
    if _method_call(statement, "step") == key:
        return statement
    if not isinstance(statement, _ONCE):
        return None
    for field in _BLOCK_FIELDS:
        for child in getattr(statement, field, ()) or ():
            found = _step_within(child, key)
            if found is not None:
                return found
    return None


def _holding_block(statement: ast.AST, target: ast.stmt) -> list | None:  # type: ignore[type-arg]
    for field in _BLOCK_FIELDS:
        block = getattr(statement, field, None)
        if not isinstance(block, list):
            continue
        for child in block:
            if child is target:
                return block
            if isinstance(child, _ONCE):
                found = _holding_block(child, target)
                if found is not None:
                    return found
    return None


def _mentions(statement: ast.AST, key: str) -> bool:
    return any(dotted(node) == key for node in ast_walk(statement) if isinstance(node, (ast.Name, ast.Attribute)))


def _mentions_directly(statement: ast.stmt, key: str) -> bool:
    """A simple statement naming the scaler (compound statements are judged by their parts)."""
    if isinstance(statement, (ast.If, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While, ast.Try)):
        tests = [getattr(statement, "test", None), *[item.context_expr for item in getattr(statement, "items", ())]]
        return any(test is not None and _mentions(test, key) for test in tests)
    return _mentions(statement, key)


def _jumps(statement: ast.AST) -> bool:
    return any(isinstance(node, _JUMPS) for node in ast_walk(statement) if not isinstance(node, FUNCTIONS))
