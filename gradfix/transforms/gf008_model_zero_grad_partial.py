from __future__ import annotations

from typing import Iterator

import libcst as cst

from gradfix.analysis.facts import classify_constructor
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import ClearScope, EventKind, GradEvent, TrainingLoop
from gradfix.analysis.names import (
    call_name,
    code_of,
    dotted,
    key_of,
    keyword,
    method_name,
    positional,
    receiver,
)
from gradfix.analysis.walk import fast_visit
from gradfix.transforms._common import owned_events, single_call_statement
from gradfix.transforms.base import Finding, Fix, LoopRule, ReplaceNode, Safety


class ModelZeroGradPartial(LoopRule):
    """
    `model.zero_grad()` is the only clear, but the optimizer stepped does not own exactly
    that model's parameters.

    ## What it does
    Finds training loops whose only gradient clear is `model.zero_grad()` while an
    optimizer they step was built over something other than `model.parameters()` of
    that same model: a subset (`model.head.parameters()`), a list of parameter groups,
    another model, a concatenation of several models' parameters, or a name gradfix
    cannot resolve to that model.

    ## Why is this bad?
    `model.zero_grad()` clears exactly the parameters `model` owns; `optimizer.step()`
    applies the gradients of exactly the parameters the optimizer owns. When the two
    sets differ, parameters the optimizer owns outside `model` are never cleared and
    their gradients accumulate across steps (the effective learning rate grows), and
    parameters `model` owns outside the optimizer lose gradients another optimizer or an
    accumulation scheme may have been counting on. `optimizer.zero_grad()` always
    clears what the step applies.

    ## Example
    ```python
    optimizer = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()))
    for x, y in loader:
        encoder.zero_grad()
        loss = criterion(head(encoder(x)), y)
        loss.backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    optimizer = torch.optim.Adam(list(encoder.parameters()) + list(head.parameters()))
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(head(encoder(x)), y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    Unsafe: `model.zero_grad()` becomes `optimizer.zero_grad()` (same arguments), which
    stops clearing parameters the model owns outside the optimizer; code that relied on
    that (several optimizers over one model) must clear each optimizer. Offered only
    when the loop steps a single optimizer and clears in a single statement. The rule is
    silent when the optimizer was built over `model.parameters()` (also through
    `model.module`, or filtered by `requires_grad`), when the optimizer's construction is
    not visible, and when any other clear runs in the iteration.
    """

    code = "GF008"
    name = "model-zero-grad-partial"
    message = "`{clear}` is the only clear, but `{opt}` was built over `{params}`, not `{model}.parameters()`: clear with `{opt}.zero_grad()`"
    safety = Safety.UNSAFE

    def check_loop(self, loop: TrainingLoop, model: ModuleModel) -> Iterator[Finding]:
        events = owned_events(loop, model)
        # clears anywhere in the loop (nested training loops included) count
        clears = [e for e in loop.events if e.kind is EventKind.CLEAR]
        if not clears or any(c.scope is not ClearScope.MODEL or c.target is None for c in clears):
            return
        steps: dict[str, GradEvent] = {}
        for event in events:
            if event.kind is EventKind.STEP and event.target is not None and not event.engine:
                steps.setdefault(event.target, event)
        if not steps:
            return
        cleared_models = {c.target for c in clears if c.target is not None}
        for target, step in steps.items():
            info = model.facts.info(target)
            if info is None or info.kind != "optimizer" or not info.strong:
                continue  # we cannot see what it owns
            sites = _constructions(model, target, loop.function)
            built = [params for _, params in sites]
            if not built or any(p is None for p in built):
                continue
            aliases = _aliases(model)
            names = {n for m in cleared_models for n in {m, *aliases.get(m, ())}}
            if any(_owns_exactly(p, m) for p in built for m in names):  # type: ignore[arg-type]
                continue
            visitor = _visit(model)
            owners: list[str] = []
            for function, params in sites:
                found = _owners(params, visitor, function, 0)  # type: ignore[arg-type]
                if found is None:
                    owners = []
                    break
                owners += found
            if not owners:
                continue  # we cannot tell what it owns
            uncovered = [o for o in owners if not any(_within(o, m) for m in names)]
            single_clear = len({id(c.node) for c in clears}) == 1
            if not uncovered and not single_clear:
                continue  # several clears that together reach every parameter it owns
            clear = clears[0]
            yield Finding(
                self.code,
                self.message.format(
                    clear=code_of(clear.node), opt=target, params=code_of(built[0]), model=clear.target  # type: ignore[arg-type]
                ),
                clear.node,
                fix=self._fix(clear, clears, steps, target),
                related=(loop.node,),
            )

    def _fix(self, clear: GradEvent, clears: list[GradEvent], steps: dict[str, GradEvent], opt: str) -> Fix | None:
        if len(steps) != 1 or len({id(c.node) for c in clears}) != 1 or not clear.direct or opt.endswith("[*]"):
            return None
        call = clear.call
        if call is None or single_call_statement(clear) is None:
            return None
        new = call.with_changes(func=cst.parse_expression(f"{opt}.zero_grad"))
        return Fix([ReplaceNode(call, new, clear.statement)], Safety.UNSAFE)


def _owns_exactly(params: cst.BaseExpression, model_key: str) -> bool:
    """`params` is `model.parameters()` (or `model.module.parameters()`, or that filtered by
    `requires_grad`): the optimizer owns what `model` owns."""
    if isinstance(params, cst.Call) and method_name(params) == "parameters" and not positional(params):
        owner = dotted(receiver(params))  # type: ignore[arg-type]
        return owner is not None and owner in (model_key, f"{model_key}.module") or (
            owner is not None and model_key == f"{owner}.module"
        )
    if isinstance(params, cst.Call) and call_name(params) == "filter" and len(params.args) == 2:
        return "requires_grad" in code_of(params.args[0].value) and _owns_exactly(params.args[1].value, model_key)
    if isinstance(params, cst.ListComp):
        # [p for p in model.parameters() if p.requires_grad]
        comp = params.for_in
        if comp.inner_for_in is None and isinstance(params.elt, cst.Name) and isinstance(comp.target, cst.Name):
            if params.elt.value == comp.target.value and all("requires_grad" in code_of(c.test) for c in comp.ifs):
                return _owns_exactly(comp.iter, model_key)
    return False


class _Constructions(cst.CSTVisitor):
    """Every `key = <optimizer constructor>(params, ...)`, with the function it is in."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.functions: list[cst.FunctionDef | None] = [None]
        self.found: dict[str, list[tuple[cst.FunctionDef | None, cst.BaseExpression | None]]] = {}
        self.aliases: dict[str, set[str]] = {}
        # (id(function), name) -> values assigned (`=` and `+=`) to a local name
        self.locals: dict[tuple[int, str], list[cst.BaseExpression]] = {}

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.target, cst.Name) and isinstance(node.operator, cst.AddAssign):
            self.locals.setdefault((id(self.functions[-1]), node.target.value), []).append(node.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.functions.pop()

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) and not isinstance(node.value, cst.Call):
            self.locals.setdefault((id(self.functions[-1]), node.targets[0].target.value), []).append(node.value)
        if len(node.targets) == 1 and isinstance(node.value, (cst.Name, cst.Attribute)):
            # `self.model = model`: both names stand for the same module
            left, right = key_of(node.targets[0].target), key_of(node.value)
            self.aliases.setdefault(left, set()).add(right)
            self.aliases.setdefault(right, set()).add(left)
        if len(node.targets) != 1 or not isinstance(node.value, cst.Call):
            return
        target = node.targets[0].target
        if not isinstance(target, (cst.Name, cst.Attribute, cst.Subscript)):
            return
        key = key_of(target)
        facts = self.model.facts
        constructor = call_name(node.value) or ""
        if isinstance(target, cst.Name):
            self.locals.setdefault((id(self.functions[-1]), target.value), []).append(node.value)
        if classify_constructor(facts.imports.qualify(constructor)) != "optimizer" or not constructor.rsplit(
            ".", 1
        )[-1][:1].isupper():
            # a factory (`model.configure_optimizers(cfg)`): its first argument says nothing
            self.found.setdefault(key, []).append((self.functions[-1], None))  # rebound to something else
            return
        args = positional(node.value)
        params = args[0].value if args else None
        if params is None:
            kw = keyword(node.value, "params")
            params = kw.value if kw else None
        self.found.setdefault(key, []).append((self.functions[-1], params))


def _visit(model: ModuleModel) -> _Constructions:
    visitor = getattr(model, "_gf008_constructions", None)
    if visitor is None:
        visitor = _Constructions(model)
        fast_visit(model.module, visitor)
        model._gf008_constructions = visitor  # type: ignore[attr-defined]
    return visitor


def _aliases(model: ModuleModel) -> dict[str, set[str]]:
    return _visit(model).aliases


def _constructions(
    model: ModuleModel, key: str, function: cst.FunctionDef | None
) -> list[tuple[cst.FunctionDef | None, cst.BaseExpression | None]]:
    """What `key` was built over, as seen from `function`: its own constructions, or for
    `self.x` attributes, every construction in the module. Empty when we cannot tell."""
    table = _visit(model).found
    entries = table.get(key, [])
    local = [(fn, params) for fn, params in entries if fn is function]
    if local:
        return local
    if key.startswith("self."):
        return list(entries)
    return []


def _within(owner: str, model_key: str) -> bool:
    """Parameters of `owner` are among those `model_key.zero_grad()` clears."""
    owner = owner.replace(".module.", ".")
    if owner.endswith(".module"):
        owner = owner[: -len(".module")]
    return owner == model_key or owner.startswith(model_key + ".") or owner.startswith(model_key + "[")


_PASS_THROUGH = {"list", "tuple", "filter", "chain", "itertools.chain", "chain.from_iterable"}


def _owners(
    expr: cst.BaseExpression, visitor: _Constructions, function: cst.FunctionDef | None, depth: int
) -> list[str] | None:
    """The modules whose parameters `expr` holds, or None when we cannot tell."""
    if depth > 4:
        return None
    if isinstance(expr, cst.Call):
        method = method_name(expr)
        recv = receiver(expr)
        if method == "parameters" and not positional(expr) and isinstance(recv, (cst.Name, cst.Attribute, cst.Subscript)):
            return [key_of(recv)]
        name = call_name(expr)
        if name in _PASS_THROUGH:
            args = [a.value for a in expr.args if a.keyword is None]
            if name == "filter":
                args = args[1:]
            return _union(args, visitor, function, depth)
        return None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return _union([expr.left, expr.right], visitor, function, depth)
    if isinstance(expr, (cst.List, cst.Tuple)):
        parts: list[cst.BaseExpression] = []
        for element in expr.elements:
            value = element.value
            if isinstance(element, cst.StarredElement):
                parts.append(value)
            elif isinstance(value, cst.Dict):
                group = [e.value for e in value.elements if isinstance(e, cst.DictElement) and code_of(e.key) in ('"params"', "'params'")]
                if len(group) != 1:
                    return None
                parts.append(group[0])
            elif isinstance(value, cst.Attribute):
                owner = dotted(value.value)  # [model.embed.weight]
                if owner is None:
                    return None
                parts.append(cst.parse_expression(f"{owner}.parameters()"))
            else:
                parts.append(value)
        return _union(parts, visitor, function, depth)
    if isinstance(expr, cst.ListComp) and expr.for_in.inner_for_in is None:
        return _owners(expr.for_in.iter, visitor, function, depth + 1)
    if isinstance(expr, cst.Name):
        values = visitor.locals.get((id(function), expr.value))
        if not values:
            return None
        return _union(values, visitor, function, depth)
    return None


def _union(
    parts: list[cst.BaseExpression], visitor: _Constructions, function: cst.FunctionDef | None, depth: int
) -> list[str] | None:
    owners: list[str] = []
    for part in parts:
        found = _owners(part, visitor, function, depth + 1)
        if found is None:
            return None
        owners += found
    return owners
