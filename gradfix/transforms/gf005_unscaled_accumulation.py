from __future__ import annotations

import re

import libcst as cst

from gradfix.analysis.accumulation import Accumulation
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import GradEvent
from gradfix.analysis.names import call_name, code_of, last_name, method_name
from gradfix.analysis.walk import fast_visit
from gradfix.transforms._accumulation import AccumulationRule
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Safety

_EMPTY = cst.Module(body=[])
_MAX_DEPTH = 6
_LOSS_HELPER = re.compile(
    r"compute_?loss|get_?loss|calc(ulate)?_?loss|loss_?step|(^|_)(train(ing)?|forward|model|micro)_?step$|accum", re.I
)


class UnscaledAccumulation(AccumulationRule):
    """
    An accumulation loop backpropagates the full loss of every micro-batch.

    ## What it does
    Finds gradient-accumulation loops (the optimizer steps only under a periodic
    condition such as `if (i + 1) % accum_steps == 0:` while `backward()` runs on every
    micro-batch) where the loss handed to `backward()` is never divided by the number of
    accumulated micro-batches.

    ## Why is this bad?
    `backward()` adds into `.grad`, so after N micro-batches the gradient is the *sum* of
    N batch gradients, N times the gradient of the large batch the loop means to emulate.
    The effective learning rate is N times larger than configured; with SGD the loop may
    diverge, and changing `accum_steps` silently changes the learning rate.

    ## Example
    ```python
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Use instead
    ```python
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        (loss / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    ```

    ## Fix safety
    Safe. The division is made at the backward call (`(loss / N).backward()`,
    `scaler.scale(loss / N)`), so logged loss values stay what they were. The rule stays
    silent when the loss is divided or multiplied by anything that is not a literal on its
    way to `backward()`, when N is used elsewhere in the iteration, when the loss comes
    from a helper that mentions N or divides, for `accelerator.backward()` and DeepSpeed
    engines (which scale by themselves), inside `accelerator.accumulate()`, and when the
    loop runs more than one `backward()`.
    """

    code = "GF005"
    name = "unscaled-accumulation"
    message = "`{loss}` is backpropagated unscaled while gradients accumulate over `{n}` micro-batches: divide it by `{n}`"
    safety = Safety.SAFE

    def check_accumulation(self, acc: Accumulation, model: ModuleModel) -> Finding | None:
        if len(acc.backwards) != 1:
            return None
        backward = acc.backwards[0]
        if not backward.direct or backward.loss is None or backward.target is not None or backward.engine:
            return None
        call = backward.call
        if call is None or method_name(call) == "manual_backward":
            return None
        n = acc.periodic.n
        n_text = code_of(n)
        if _mentions_n_elsewhere(acc, n_text):
            return None
        if _scaled(backward.loss, acc, model, n_text):
            return None
        return Finding(
            self.code,
            self.message.format(loss=code_of(backward.loss), n=n_text),
            call,
            fix=_fix(backward, n_text),
            related=(acc.loop.node,),
        )


def _fix(backward: GradEvent, n_text: str) -> Fix | None:
    loss = backward.loss
    call = backward.call
    assert loss is not None and call is not None
    text = _EMPTY.code_for_node(loss)
    if not _atomic(loss):
        text = f"({text})"
    receiver = isinstance(call.func, cst.Attribute) and call.func.value is loss
    new_text = f"({text} / {n_text})" if receiver else f"{text} / {n_text}"
    try:
        new = cst.parse_expression(new_text)
    except cst.ParserSyntaxError:
        return None
    return Fix([ReplaceNode(loss, new, backward.statement)], Safety.SAFE)


def _atomic(expr: cst.BaseExpression) -> bool:
    if getattr(expr, "lpar", None):
        return True
    return isinstance(expr, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer, cst.Float))


class _Refs(cst.CSTVisitor):
    """Names read by an expression, calls made in it, and whether it divides or scales."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.calls: list[cst.Call] = []
        self.scales = False

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        fast_visit(node.value, self)
        return False  # `.loss` is not a variable

    def visit_Call(self, node: cst.Call) -> None:
        self.calls.append(node)
        method = method_name(node) or ""
        name = call_name(node) or ""
        if method in ("div", "div_", "divide", "true_divide", "mul", "mul_", "multiply") or name.endswith(
            (".div", ".divide", ".true_divide", ".mul")
        ):
            self.scales = True

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if isinstance(node.operator, (cst.Divide, cst.FloorDivide)):
            self.scales = True
        elif isinstance(node.operator, cst.Multiply):
            literal = (cst.Integer, cst.Float)
            if not (isinstance(node.left, literal) or isinstance(node.right, literal)):
                self.scales = True

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _refs(expr: cst.CSTNode) -> _Refs:
    refs = _Refs()
    fast_visit(expr, refs)
    return refs


class _Assignments(cst.CSTVisitor):
    """Every binding of a name in a block: `x = ...`, `x += ...`, `a, x = ...`, `with ... as x`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.values: list[cst.BaseExpression | None] = []  # None: bound by something we do not read
        self.scaled = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def _binds(self, target: cst.BaseExpression) -> bool:
        if isinstance(target, (cst.Tuple, cst.List)):
            return any(self._binds(e.value) for e in target.elements)
        if isinstance(target, cst.StarredElement):
            return self._binds(target.value)
        return isinstance(target, cst.Name) and target.value == self.name

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if self._binds(target.target):
                self.values.append(node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if self._binds(node.target):
            self.values.append(node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if self._binds(node.target):
            if isinstance(node.operator, (cst.DivideAssign, cst.MultiplyAssign, cst.FloorDivideAssign)):
                self.scaled = True
            self.values.append(node.value)

    def visit_For(self, node: cst.For) -> None:
        if self._binds(node.target):
            self.values.append(None)

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None and self._binds(node.asname.name):
            self.values.append(None)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        if self._binds(node.target):
            self.values.append(node.value)


def _scaled(loss: cst.BaseExpression, acc: Accumulation, model: ModuleModel, n_text: str) -> bool:
    """The loss may be scaled on its way to backward(): True unless we can see it is not."""
    body = acc.loop.node.body
    visited: set[str] = set()
    pending: list[tuple[cst.CSTNode, int]] = [(loss, 0)]
    while pending:
        expr, depth = pending.pop()
        if depth > _MAX_DEPTH:
            return True
        refs = _refs(expr)
        if refs.scales:
            return True
        for call in refs.calls:
            if _helper_may_scale(call, model, n_text):
                return True
            if any(code_of(a.value) == n_text for a in call.args):
                return True
        for name in refs.names - visited:
            visited.add(name)
            finder = _Assignments(name)
            fast_visit(body, finder)
            if finder.scaled:
                return True
            for value in finder.values:
                if value is None:
                    continue
                pending.append((value, depth + 1))
    return False


def _helper_may_scale(call: cst.Call, model: ModuleModel, n_text: str) -> bool:
    """A function of this module computes the loss: does it divide, or mention N?"""
    facts = model.facts
    func = call.func
    helper = None
    if isinstance(func, cst.Name):
        helper = facts.module_functions.get(func.value)
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
        for methods in facts.methods.values():
            if func.attr.value in methods:
                helper = methods[func.attr.value]
                break
    if helper is None:
        # an imported or inherited loss helper may divide by N itself
        name = call_name(call) or ""
        return bool(_LOSS_HELPER.search(name.rsplit(".", 1)[-1]))
    text = _EMPTY.code_for_node(helper.node)
    return "/" in text or last_name(n_text) in text or "accum" in text


def _mentions_n_elsewhere(acc: Accumulation, n_text: str) -> bool:
    """N is read in the iteration outside the periodic condition: something uses it, stay silent."""
    body = acc.loop.node.body
    word = last_name(n_text) if not n_text.isdigit() else None
    if word is None:
        return False
    finder = _NameUses(word, acc.periodic.holder)
    fast_visit(body, finder)
    return finder.found


class _NameUses(cst.CSTVisitor):
    def __init__(self, word: str, skip: cst.CSTNode) -> None:
        self.word = word
        self.skip = skip
        self.found = False

    def visit_If(self, node: cst.If) -> bool:
        if node is self.skip or _is_tail_guard(node):
            # the condition itself (and a flush's guard) may mention N; the body may not
            fast_visit(node.body, self)
            if node.orelse is not None:
                fast_visit(node.orelse, self)
            return False
        return True

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> bool | None:
        if node is self.skip:
            return False
        return True

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.word:
            self.found = True

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == self.word:
            self.found = True


def _is_tail_guard(node: cst.If) -> bool:
    text = code_of(node.test)
    return "%" in text
