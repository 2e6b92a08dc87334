"""What a loop binds each iteration: names assigned inside its body.

An optimizer built inside the loop is a new object every iteration. Its fix cannot go at the
top of the iteration (the name is not bound there yet), and when the tensors it trains are
themselves made inside the loop (`x = latents.detach().clone()`; `SGD([x])`, or a fresh
model per configuration) there is nothing to accumulate into: gradients start from `None`
every iteration.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from gradfix.analysis.facts import classify_constructor
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import Loop
from gradfix.analysis.names import call_name, dotted, key_of, keyword, positional
from gradfix.analysis.walk import fast_visit


@dataclass
class LoopBindings:
    """Keys bound inside a loop body, each with the top-level body statements that bind it."""

    loop: Loop
    statements: dict[str, list[cst.BaseStatement]] = field(default_factory=dict)
    values: dict[str, list[cst.BaseExpression | None]] = field(default_factory=dict)

    def binds(self, key: str) -> bool:
        """`key` (or an object it lives in: `opts` for `opts["g"]`) is bound in the loop."""
        return any(_within(key, bound) for bound in self.statements)

    def binding_statements(self, key: str) -> list[cst.BaseStatement]:
        found: list[cst.BaseStatement] = []
        for bound, statements in self.statements.items():
            if _within(key, bound):
                found.extend(s for s in statements if not any(s is f for f in found))
        return found

    def fresh_parameters(self, key: str, model: ModuleModel) -> bool | None:
        """For an optimizer bound in the loop: does it train tensors made in the loop too?

        True: fresh tensors or a fresh model every iteration. False: it is built over objects
        that live across iterations. None: we cannot tell (unknown constructor, several
        bindings, a binding that is not a constructor call).
        """
        values = [v for bound, vs in self.values.items() if _within(key, bound) for v in vs]
        if len(values) != 1 or not isinstance(values[0], cst.Call):
            return None
        call = values[0]
        if classify_constructor(model.facts.imports.qualify(call_name(call))) != "optimizer":
            return None
        args = positional(call)
        params = args[0].value if args else None
        if params is None:
            arg = keyword(call, "params")
            params = arg.value if arg is not None else None
        if params is None:
            return None
        return any(self.binds(name) for name in _referenced_keys(params))


def _within(key: str, bound: str) -> bool:
    return key == bound or key.startswith(bound + ".") or key.startswith(bound + "[")


def _referenced_keys(expr: cst.BaseExpression) -> set[str]:
    collector = _References()
    fast_visit(expr, collector)
    return collector.keys


class _References(cst.CSTVisitor):
    """Every dotted chain in an expression, and each of its prefixes."""

    def __init__(self) -> None:
        self.keys: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        chain = dotted(node)
        if chain is not None:
            parts = chain.split(".")
            self.keys.update(".".join(parts[: i + 1]) for i in range(len(parts)))

    def visit_Name(self, node: cst.Name) -> None:
        self.keys.add(node.value)


class _Binder(cst.CSTVisitor):
    def __init__(self, bindings: LoopBindings, top: cst.BaseStatement) -> None:
        self.bindings = bindings
        self.top = top

    def _bind(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value, None)
            return
        if isinstance(target, cst.StarredElement):
            self._bind(target.value, None)
            return
        key = key_of(target)
        statements = self.bindings.statements.setdefault(key, [])
        if not any(s is self.top for s in statements):
            statements.append(self.top)
        self.bindings.values.setdefault(key, []).append(value)

    # nested definitions run later (or never): their assignments are not the loop's
    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self._bind(node.name, None)
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self._bind(node.name, None)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._bind(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._bind(node.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._bind(node.target, None)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._bind(node.target, node.value)

    def visit_For(self, node: cst.For) -> None:
        self._bind(node.target, None)

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self._bind(node.asname.name, None)

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        if node.name is not None:
            self._bind(node.name.name, None)

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            name = alias.asname.name if alias.asname is not None else alias.name
            if isinstance(name, (cst.Name, cst.Attribute)):
                self._bind(cst.Name(key_of(name).split(".", 1)[0]), None)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar):
            return
        for alias in node.names:
            name = alias.asname.name if alias.asname is not None else alias.name
            if isinstance(name, cst.Name):
                self._bind(name, None)


def loop_bindings(loop: Loop) -> LoopBindings:
    """Everything one iteration binds: the body's assignments and the loop's own target
    (recorded against the loop statement, since it is bound before the body runs)."""
    bindings = LoopBindings(loop)
    if isinstance(loop, cst.For):
        _Binder(bindings, loop)._bind(loop.target, None)
    body = loop.body
    statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
    for stmt in statements:
        fast_visit(stmt, _Binder(bindings, stmt))  # type: ignore[arg-type]
    return bindings
