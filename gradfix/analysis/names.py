"""Cheap helpers over `ast` expressions: dotted names, stable keys, import aliases."""

from __future__ import annotations

import ast
import re
from typing import Iterator

from gradfix.source import dotted

__all__ = [
    "ImportMap", "call_name", "dotted", "is_false", "is_true", "keyword", "last_name", "method_name",
    "positional", "receiver", "root_name", "substitute_root", "walk_expression", "int_value",
]  # fmt: skip


def root_name(key: str) -> str:
    """`self` for `self.optimizer`, `opts` for `opts["g"]`."""
    match = re.match(r"[A-Za-z_][A-Za-z_0-9]*", key)
    return match.group(0) if match else key


def last_name(key: str) -> str:
    """`optimizer` for `self.optimizer`, `opts` for `opts["g"]`."""
    base = key.split("[", 1)[0]
    return base.rsplit(".", 1)[-1]


def substitute_root(key: str, mapping: dict[str, str]) -> str:
    """Rename the root of a key through a parameter -> argument mapping."""
    root = root_name(key)
    if root in mapping:
        return mapping[root] + key[len(root) :]
    return key


def call_name(call: ast.Call) -> str | None:
    """Dotted name of the called function, if it has one."""
    return dotted(call.func)


def method_name(call: ast.Call) -> str | None:
    """`step` for `anything.step(...)`."""
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else None


def receiver(call: ast.Call) -> ast.expr | None:
    """`opt` for `opt.step()`."""
    func = call.func
    return func.value if isinstance(func, ast.Attribute) else None


def keyword(call: ast.Call, name: str) -> ast.keyword | None:
    for kw in call.keywords:
        if kw.arg == name:
            return kw
    return None


def positional(call: ast.Call) -> list[ast.expr]:
    """Positional arguments before any `*args`."""
    out: list[ast.expr] = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            break
        out.append(arg)
    return out


def has_star(call: ast.Call) -> bool:
    return any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords)


def is_true(expr: ast.AST | None) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is True


def is_false(expr: ast.AST | None) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is False


def int_value(expr: ast.AST | None) -> int | None:
    """The value of an integer literal (not a bool)."""
    if isinstance(expr, ast.Constant) and type(expr.value) is int:
        return expr.value
    return None


def is_number(expr: ast.AST | None) -> bool:
    return isinstance(expr, ast.Constant) and type(expr.value) in (int, float, complex)


_NESTED_SCOPES = (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def walk_expression(node: ast.AST, skip_scopes: bool = True) -> Iterator[ast.AST]:
    """Every node under `node` (itself included), parents before children, in source order
    as far as the rules care; lambdas and nested definitions are skipped."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        children = list(_children(current))
        if skip_scopes:
            children = [c for c in children if not isinstance(c, _NESTED_SCOPES)]
        children.reverse()
        stack.extend(children)


def _children(node: ast.AST) -> Iterator[ast.AST]:
    if isinstance(node, ast.Call):
        yield node.func
        items: list[ast.AST] = [*node.args, *node.keywords]
        if node.keywords and node.args:
            items.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        yield from items
        return
    if isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values):
            if key is not None:
                yield key
            yield value
        return
    if isinstance(node, ast.IfExp):
        yield node.body
        yield node.test
        yield node.orelse
        return
    yield from ast.iter_child_nodes(node)


def calls_in_order(node: ast.AST) -> list[ast.Call]:
    """The calls an expression or simple statement makes, innermost first (evaluation order:
    `scaler.scale(loss).backward()` gives `scale` then `backward`)."""
    out: list[ast.Call] = []

    def visit(current: ast.AST) -> None:
        for child in _children(current):
            if isinstance(child, _NESTED_SCOPES):
                continue
            visit(child)
        if isinstance(current, ast.Call):
            out.append(current)

    visit(node)
    return out


class ImportMap:
    """Local names bound by imports, mapped to what they stand for."""

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}

    def add(self, node: ast.Import | ast.ImportFrom) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None:
                    self.aliases[alias.asname] = alias.name
                else:
                    top = alias.name.split(".", 1)[0]
                    self.aliases.setdefault(top, top)
            return
        if node.level or node.module is None:
            return
        for alias in node.names:
            if alias.name == "*":
                continue
            local = alias.asname or alias.name
            self.aliases[local] = f"{node.module}.{alias.name}"

    def qualify(self, name: str | None) -> str | None:
        if name is None:
            return None
        head, _, rest = name.partition(".")
        full = self.aliases.get(head)
        if full is None:
            return name
        return f"{full}.{rest}" if rest else full
