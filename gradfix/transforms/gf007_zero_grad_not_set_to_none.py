from __future__ import annotations

from typing import Iterator

import libcst as cst

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind
from gradfix.analysis.names import code_of, is_false, is_true, keyword, positional
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety


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
    only makes the intent explicit (and portable to older versions).

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
    Safe for the bare `zero_grad()`: it is what torch >= 2.0 does anyway. Unsafe for an
    explicit `set_to_none=False`, which may be deliberate (code that reads `.grad`
    expecting a tensor). Only clears of a recognised optimizer are reported; a
    `zero_grad(set_to_none=flag)` with a variable is left alone.
    """

    code = "GF007"
    name = "zero-grad-not-set-to-none"
    message = "`{clear}` keeps zero tensors; pass `set_to_none=True` to free the gradients"
    safety = Safety.SAFE
    default_enabled = False

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        seen: set[int] = set()
        for loop in model.loops:
            for event in loop.events:
                if event.kind is not EventKind.CLEAR or event.scope is not ClearScope.OPTIMIZER or not event.direct:
                    continue
                call = event.call
                if call is None or id(call) in seen:
                    continue
                seen.add(id(call))
                finding = self._check_call(call, event.statement)
                if finding is not None:
                    yield finding

    def _check_call(self, call: cst.Call, statement: cst.CSTNode) -> Finding | None:
        explicit = keyword(call, "set_to_none")
        args = positional(call)
        if any(arg.star for arg in call.args):
            return None
        if explicit is None and args:
            explicit = args[0]
        if explicit is None:
            if call.args:
                return None  # some other keyword: not a torch optimizer signature we know
            new = call.with_changes(args=[_set_to_none_true()])
            fix = Fix([ReplaceNode(call, new, statement)], Safety.SAFE)
        elif is_false(explicit.value):
            new_arg = explicit.with_changes(value=cst.Name("True"))
            new = call.with_changes(args=[new_arg if a is explicit else a for a in call.args])
            fix = Fix([ReplaceNode(call, new, statement)], Safety.UNSAFE)
        else:
            return None  # True, or a value we cannot read
        if is_true(explicit.value if explicit is not None else None):
            return None
        return Finding(self.code, self.message.format(clear=code_of(call)), call, fix=fix)


def _set_to_none_true() -> cst.Arg:
    return cst.Arg(
        keyword=cst.Name("set_to_none"),
        value=cst.Name("True"),
        equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")),
    )
