"""What a loop binds each iteration: names assigned inside its body.

An optimizer built inside the loop is a new object every iteration. Its fix cannot go at the
top of the iteration (the name is not bound there yet), and when the tensors it trains are
themselves made inside the loop (`x = latents.detach().clone()`; `SGD([x])`, or a fresh
model per configuration) there is nothing to accumulate into: gradients start from `None`
every iteration.
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.facts import classify_constructor
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import Loop
from gradfix.analysis.state_entries import handed_entries
from gradfix.analysis.names import call_name, dotted, keyword, method_name, positional
from gradfix.records import dataclass, field
from gradfix.source import DEFINITIONS, FOR_LOOPS, Source
from gradfix.walk import ast_walk, child_nodes


@dataclass
class LoopBindings:
    """Keys bound inside a loop body, each with the top-level body statements that bind it."""

    loop: Loop
    statements: dict[str, list[ast.AST]] = field(default_factory=dict)
    values: dict[str, list[ast.expr | None]] = field(default_factory=dict)

    def binds(self, key: str) -> bool:
        """`key` (or an object it lives in: `opts` for `opts["g"]`) is bound in the loop."""
        return any(_within(key, bound) for bound in self.statements)

    def binding_statements(self, key: str) -> list[ast.AST]:
        found: list[ast.AST] = []
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
        if len(values) != 1:
            return None
        value = values[0]
        # `opt = state["opt"]` in a stage of a pipeline, the entry written once before the
        # caller's loop: one object at every call
        handed = handed_entries(self.loop, model) if self.loop.__class__ is ast.FunctionDef and model.step_call_sites else {}
        written = handed.get(key)
        if written is not None and written.__class__ is ast.Name and written.id == key:  # type: ignore[attr-defined]
            return False  # (the caller's object of that very name: its clears are read as this one's)
        if isinstance(value, ast.Subscript):
            value = value.value
        if isinstance(value, ast.Call) and method_name(value) == "optimizers":
            return False  # Lightning's `self.optimizers()`: the same optimizers every step
        if self._alias_of_lasting(value):
            return False  # `opt = self.opt_main`, `getattr(self, f"opt_{name}")`: an optimizer kept on the object
        if not isinstance(value, ast.Call):
            return None
        call = value
        if classify_constructor(model.facts.imports.qualify(call_name(call))) != "optimizer":
            return None
        args = positional(call)
        params = args[0] if args else None
        if params is None:
            arg = keyword(call, "params")
            params = arg.value if arg is not None else None
        if params is None:
            return None
        return any(self.binds(name) and name not in handed for name in _referenced_keys(params))


    def made_here(self, name: str) -> bool:
        """`name` is a plain name every binding of which in the loop is a call or arithmetic
        that builds no `Parameter` (`delta = torch.zeros_like(x, requires_grad=True)`, `x_adv =
        x.clone().detach()`, `x_adv = x + 0.001 * torch.randn_like(x)`): a tensor made each
        iteration (an attack's input), which no optimizer built outside the loop trains."""
        values = self.values.get(name) if name.isidentifier() else None
        if not values:
            return False
        for value in values:
            if not isinstance(value, (ast.Call, ast.BinOp, ast.UnaryOp)):
                return False
            if any(isinstance(n, ast.Call) and "Parameter" in (call_name(n) or "") for n in ast_walk(value)):
                return False
        return True

    def _alias_of_lasting(self, value: ast.expr) -> bool:
        """An attribute of `self` the loop never binds (or `getattr(self, name)`, or a choice
        between such attributes): an object that lives across iterations."""
        if isinstance(value, ast.IfExp):
            return self._alias_of_lasting(value.body) and self._alias_of_lasting(value.orelse)
        if isinstance(value, ast.Call) and call_name(value) == "getattr" and len(value.args) >= 2:
            target = value.args[0]
            return isinstance(target, ast.Name) and target.id == "self" and not value.keywords
        chain = dotted(value) if isinstance(value, ast.Attribute) else None
        return chain is not None and chain.startswith("self.") and not self.binds(chain)


def _within(key: str, bound: str) -> bool:
    return key == bound or key.startswith(bound + ".") or key.startswith(bound + "[")


def _referenced_keys(expr: ast.AST) -> set[str]:
    """Every dotted chain in an expression, and each of its prefixes."""
    keys: set[str] = set()
    for node in ast_walk(expr):
        if isinstance(node, ast.Attribute):
            chain = dotted(node)
            if chain is not None:
                parts = chain.split(".")
                keys.update(".".join(parts[: i + 1]) for i in range(len(parts)))
        elif isinstance(node, ast.Name):
            keys.add(node.id)
    return keys


class _Binder:
    def __init__(self, bindings: LoopBindings, top: ast.AST, source: Source) -> None:
        self.bindings = bindings
        self.top = top
        self.key = source.key

    def bind(self, target: ast.AST, value: ast.expr | None) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            keep = value if isinstance(value, ast.Call) and method_name(value) == "optimizers" else None
            for element in target.elts:
                self.bind(element, keep)
            return
        if isinstance(target, ast.Starred):
            self.bind(target.value, None)
            return
        key = self.key(target)
        statements = self.bindings.statements.setdefault(key, [])
        if not any(s is self.top for s in statements):
            statements.append(self.top)
        self.bindings.values.setdefault(key, []).append(value)

    def bind_name(self, name: str) -> None:
        statements = self.bindings.statements.setdefault(name, [])
        if not any(s is self.top for s in statements):
            statements.append(self.top)
        self.bindings.values.setdefault(name, []).append(None)

    def visit(self, node: ast.AST) -> None:
        # nested definitions run later (or never): their assignments are not the loop's
        if isinstance(node, DEFINITIONS):
            self.bind_name(node.name)
            return
        if isinstance(node, ast.Lambda):
            return
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self.bind(target, node.value)
        elif isinstance(node, ast.AnnAssign):
            if node.value is not None:
                self.bind(node.target, node.value)
        elif isinstance(node, ast.AugAssign):
            self.bind(node.target, None)
        elif isinstance(node, ast.NamedExpr):
            self.bind(node.target, node.value)
        elif isinstance(node, FOR_LOOPS):
            self.bind(node.target, None)
        elif isinstance(node, ast.withitem):
            if node.optional_vars is not None:
                self.bind(node.optional_vars, None)
        elif isinstance(node, ast.ExceptHandler):
            if node.name is not None:
                self.bind_name(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    continue
                local = alias.asname or alias.name
                self.bind_name(local.split(".", 1)[0])
        for child in child_nodes(node):
            self.visit(child)


def loop_bindings(loop: Loop, source: Source) -> LoopBindings:
    """Everything one iteration binds: the body's assignments and the loop's own target
    (recorded against the loop statement, since it is bound before the body runs)."""
    bindings = LoopBindings(loop)
    if isinstance(loop, FOR_LOOPS):
        _Binder(bindings, loop, source).bind(loop.target, None)
    for stmt in loop.body:
        _Binder(bindings, stmt, source).visit(stmt)
    return bindings
