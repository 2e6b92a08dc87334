from __future__ import annotations

from typing import Iterator

import libcst as cst

from gradfix.analysis.accumulators import find_accumulations
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import code_of
from gradfix.transforms._common import training_loop_ids
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety


class LossTensorAccumulated(Rule):
    """
    A loss tensor is accumulated across iterations, keeping every step's autograd graph alive.

    ## What it does
    Finds statements in a training loop that add the loss *tensor* (not its value) into
    something that lives across iterations: `running_loss += loss`,
    `total = total + loss`, `epoch_loss += loss / len(loader)`, `losses.append(loss)`,
    where the accumulator is bound outside the iteration and not reset in it.

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
    Safe. The fix accumulates `loss.detach()`: the same value and type (a later
    `running_loss.item()` or `float(running_loss)` still works), without the graph. Not
    reported: `loss.item()`, `loss.detach()`, `float(loss)`, `loss.cpu().item()`,
    accumulation under `torch.no_grad()`/`torch.inference_mode()`, an accumulator
    reset in every iteration (a loss built up from terms and then backpropagated), and an
    accumulator that is itself backpropagated later.
    """

    code = "GF009"
    name = "loss-tensor-accumulated"
    message = "`{statement}` accumulates the loss tensor into `{acc}`: every step's graph stays alive; accumulate `.detach()`"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        training = training_loop_ids(model)
        seen: set[int] = set()
        for loop in model.loops:
            for found in find_accumulations(loop, training, model.facts.imports.qualify, model.module):
                if id(found.node) in seen:
                    continue
                seen.add(id(found.node))
                edits = [ReplaceNode(ref, _detached(ref), found.statement) for ref in found.refs]
                yield Finding(
                    self.code,
                    self.message.format(statement=code_of(found.node), acc=found.accumulator),
                    found.node,
                    fix=Fix(list(edits), Safety.SAFE),
                    related=(loop.node,),
                )


def _detached(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`loss` -> `loss.detach()`, `criterion(a, b)` -> `criterion(a, b).detach()`."""
    inner = expr.with_changes(lpar=[], rpar=[]) if getattr(expr, "lpar", None) else expr
    call = cst.Call(func=cst.Attribute(value=_wrap(inner), attr=cst.Name("detach")))
    if getattr(expr, "lpar", None):
        call = call.with_changes(lpar=expr.lpar, rpar=expr.rpar)  # type: ignore[attr-defined]
    return call


def _wrap(expr: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(expr, (cst.Name, cst.Call, cst.Attribute, cst.Subscript)):
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
