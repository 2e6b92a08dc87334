from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.by_hand import unseen_gradient_handling
from gradfix.analysis.clear_signature import bare_clear_keeps_zeros, rejects_set_to_none, unread_beside_other_clears
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, TrainingLoop
from gradfix.analysis.names import has_star, is_false, is_true, keyword, positional
from gradfix.patterns import lazily
from gradfix.source import Source
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class ZeroGradNotSetToNone(Rule):
    """
    An optimizer clears its gradients to zero tensors instead of to `None`.

    ## What it does
    Finds `optimizer.zero_grad()` calls in training loops that do not pass
    `set_to_none=True`: the bare `zero_grad()` (zero tensors before torch 2.0) and an
    explicit `zero_grad(set_to_none=False)`. Off by default; enable it with
    `--select GF007` or in `[tool.gradfix]`.

    ## Why is this bad?
    Zero tensors keep one gradient-sized buffer per parameter alive between steps and
    cost a memset each step; `None` frees them, and the next `backward()` allocates fresh
    ones. `None` also makes a missed clear or a parameter that received no gradient show
    up as `None` instead of silently adding into stale zeros. Since torch 2.0 the bare
    `zero_grad()` already defaults to `set_to_none=True`, so on a recent torch this rule
    only makes the intent explicit. (The argument exists since torch 1.7; on torch 1.7-1.13
    the bare call kept zeros, so there the rewrite changes training as the explicit `False`
    rewrite below does, and before 1.7 it raises a `TypeError`: the fix is safe for torch
    >= 2.0, which gradfix assumes.)

    Keeping zeros is wanted when code reads `p.grad` after the clear expecting a tensor
    (for instance `p.grad.add_(...)` before the next backward, or custom optimizers
    that treat a `None` gradient as "skip this parameter"): keep `set_to_none=False`
    there and suppress the finding with `# gradfix: ignore[GF007]`.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    Only direct clears of an optimizer in a training loop are looked at: `opt.zero_grad(...)`
    written in the loop itself, on a name gradfix takes for an optimizer (built by an optimizer
    constructor, passed in, or named like one), not `model.zero_grad()`.

    - The bare `opt.zero_grad()` becomes `opt.zero_grad(set_to_none=True)`: safe, it is what
      torch >= 2.0 does anyway. Unsafe instead when the optimizer may be an instance of a
      class of the project whose `zero_grad(self, set_to_none=False)` defaults to anything but
      `True`: its bare call keeps zeros, as an explicit `False` does.
    - An explicit `set_to_none=False` (or `zero_grad(False)`) becomes `True`: unsafe (applied
      only with `--unsafe-fixes`). Zeros and `None` train differently for parameters that get no
      gradient in some iteration (an optimizer skips a `None` gradient, but applies momentum and
      weight decay with a zero one), and code may read `.grad` after the clear.

    The rule is silent for `set_to_none=True`, a value it cannot read (`set_to_none=flag`),
    `*args`/`**kwargs`, or any other argument; for an optimizer that may be an instance of a
    class whose `zero_grad` takes no `set_to_none` (nor `**kwargs`), where the argument would
    raise a `TypeError`: a class of the project that defines such a `zero_grad` or inherits one
    from a base of the project (package re-exports followed), or a library optimizer known for
    it (Apex's fused optimizers, `FP16_Optimizer` and the `LARC` wrapper, an optimizer Apex's
    `amp.initialize` hands back with master weights: "O2", a level it cannot read, or
    `master_weights=True`, also when a call of the module passes it to the function holding
    the clear; DeepSpeed's `FusedAdam` and `FusedLion`),
    read from the bindings of the optimizer's name that the clear's code sees (see GF001's fix
    safety), not from the file's last one. An optimizer whose class gradfix cannot read keeps
    torch's contract and is fixed, unless the loops use it as no torch optimizer can be used:
    handed the loss (`stepper.backward(loss)`) or stepped with arguments `step(closure=None)`
    does not take (`optimizer.step(1.0)`): then it is left alone; and unless the module
    defines an optimizer class whose `zero_grad` does not clear as torch's does (no
    `set_to_none`, or another default), or gives an object a `zero_grad` of its own that takes
    no `set_to_none` (a stand-in: `setattr(shim, "zero_grad", lambda: None)`, `shim.zero_grad =
    ...`, `SimpleNamespace(zero_grad=...)`, which is itself such a class): an optimizer whose
    class gradfix cannot read may be that one (handed to a trainer, picked from a table or by
    `getattr`, taken from a list), and is left alone. A module that makes one parameter's
    gradient the very tensor of another's (`shared_param._grad = local_param.grad`, A3C's
    workers), or a view into a buffer (`p.grad = flat[o:o + n].view_as(p)`, a flat gradient
    buffer that is clipped or reduced as one tensor), gets no finding: which tensor a clear
    empties is there the whole question. For an explicit `False`, it is also silent when the iteration
    reads or writes `.grad` itself (`p.grad.add_(noise)` before the backward) or hands the
    gradients, the parameters or the model to code gradfix did not look into: the zero tensors
    are what that code works on.
    """

    code = "GF007"
    name = "zero-grad-not-set-to-none"
    message = "`{clear}` keeps zero tensors; pass `set_to_none=True` to free the gradients"
    safety = Safety.SAFE
    default_enabled = False

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        if "grad" in model.source.text and (_SHARED_GRADIENTS.search(model.source.text) or _GRADIENT_VIEWS.search(model.source.text)):
            # `shared._grad = local.grad` (A3C), `p.grad = flat[o:o + n].view_as(p)` (gradients as
            # views into one buffer): which tensor a clear empties is the point
            return
        seen: set[int] = set()
        for loop in model.loops:
            by_hand: bool | None = None
            for event in loop.events:
                if event.kind is not EventKind.CLEAR or event.scope is not ClearScope.OPTIMIZER or not event.direct:
                    continue
                call = event.call
                if call is None or id(call) in seen:
                    continue
                seen.add(id(call))
                finding = self._check_call(call, event.statement, model.source)
                if finding is None:
                    continue
                if rejects_set_to_none(event.target or "", event.statement, model):
                    continue  # a class whose `zero_grad()` takes no `set_to_none`: a TypeError
                if unread_beside_other_clears(event.target or "", event.statement, model):
                    continue  # it may be the module's own optimizer class, whose clear is not torch's
                if (
                    finding.fix is not None
                    and finding.fix.safety is Safety.SAFE
                    and bare_clear_keeps_zeros(event.target or "", event.statement, model)
                ):
                    # `def zero_grad(self, set_to_none=False)`: the bare call keeps zeros, and
                    # `True` trains differently, as for an explicit `False`
                    finding = Finding(finding.code, finding.message, finding.node, fix=Fix(finding.fix.edits, Safety.UNSAFE))
                if finding.fix is not None and finding.fix.safety is Safety.UNSAFE:
                    # an explicit `set_to_none=False` in an iteration that handles gradients by
                    # hand: the zero tensors are what that code reads or adds into
                    if by_hand is None:
                        by_hand = _handles_gradients_by_hand(loop, model)
                    if by_hand:
                        continue
                yield finding

    def _check_call(self, call: ast.Call, statement: ast.AST, source: Source) -> Finding | None:
        explicit = keyword(call, "set_to_none")
        args = positional(call)
        if has_star(call) or getattr(call.func, "made", False):
            return None  # (`CLEAR(opt)` of an `operator.methodcaller`: no text of its own to edit)
        value: ast.expr | None = explicit.value if explicit is not None else (args[0] if args else None)
        if value is None:
            if call.args or call.keywords:
                return None  # some other keyword: not a torch optimizer signature we know
            open_paren = source.text.index("(", source.end(call.func))
            fix = Fix([ReplaceNode(call, "set_to_none=True", statement, span=(open_paren + 1, open_paren + 1))], Safety.SAFE)
        elif is_false(value):
            fix = Fix([ReplaceNode(value, "True", statement, span=(source.start(value), source.end(value)))], Safety.UNSAFE)
        else:
            return None  # True, or a value we cannot read
        if is_true(value):
            return None
        return Finding(self.code, self.message.format(clear=source.code(call)), call, fix=fix)


# a parameter's gradient made the very tensor of another's: `global_param._grad = local_param.grad`
_SHARED_GRADIENTS = lazily(r"\._?grad\s*=\s*[\w.\[\]]+\.grad\b(?!\s*\.)")
_GRADIENT_VIEWS = lazily(r"\._?grad\s*=\s*[\w.]+\[[^\]\n]*\][^\n]*\.view(?:_as)?\(")


def _handles_gradients_by_hand(loop: TrainingLoop, model: ModuleModel) -> bool:
    """The iteration reads or writes `.grad` itself, or hands gradients, parameters or the model
    to code gradfix cannot see into."""
    for event in loop.events:
        if event.kind is EventKind.GRAD_READ or (event.kind is EventKind.CLEAR and event.scope is ClearScope.PARAMETERS):
            return True
    return unseen_gradient_handling(loop.body, loop, model, whole=True) is not None
