"""Cheap helpers over expressions: dotted names, stable keys, import aliases.

QualifiedNameProvider costs ~400 µs a line; a dict of import aliases answers the only
question we ask of it (what does `optim.Adam` stand for) in microseconds.
"""

from __future__ import annotations

import re

import libcst as cst

_EMPTY = cst.Module(body=[])


def dotted(expr: cst.BaseExpression) -> str | None:
    """`torch.optim.Adam` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while isinstance(expr, cst.Attribute):
        parts.append(expr.attr.value)
        expr = expr.value
    if isinstance(expr, cst.Name):
        parts.append(expr.value)
        return ".".join(reversed(parts))
    return None


_SPACE = re.compile(r"\s+")


def code_of(node: cst.CSTNode) -> str:
    """Source text of a node, with whitespace squeezed (a comparison key)."""
    text = _EMPTY.code_for_node(node)
    return _SPACE.sub(" ", text).strip()


def key_of(expr: cst.BaseExpression) -> str:
    """A key naming the object an expression denotes: `optimizer`, `self.opt`, `opts["g"]`."""
    simple = dotted(expr)
    if simple is not None:
        return simple
    return _SPACE.sub("", _EMPTY.code_for_node(expr))


def root_name(key: str) -> str:
    """`self` for `self.optimizer`, `opts` for `opts["g"]`."""
    match = re.match(r"[A-Za-z_][A-Za-z_0-9]*", key)
    return match.group(0) if match else key


def last_name(key: str) -> str:
    """`optimizer` for `self.optimizer`, `opts` for `opts["g"]`, `g` would be too clever."""
    base = key.split("[", 1)[0]
    return base.rsplit(".", 1)[-1]


def substitute_root(key: str, mapping: dict[str, str]) -> str:
    """Rename the root of a key through a parameter -> argument mapping."""
    root = root_name(key)
    if root in mapping:
        return mapping[root] + key[len(root) :]
    return key


def call_name(call: cst.Call) -> str | None:
    """Dotted name of the called function, if it has one."""
    return dotted(call.func)


def method_name(call: cst.Call) -> str | None:
    """`step` for `anything.step(...)`."""
    if isinstance(call.func, cst.Attribute):
        return call.func.attr.value
    return None


def receiver(call: cst.Call) -> cst.BaseExpression | None:
    """`opt` for `opt.step()`."""
    if isinstance(call.func, cst.Attribute):
        return call.func.value
    return None


def keyword(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def positional(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None and not a.star]


def is_true(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"


def is_false(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "False"


class ImportMap:
    """Local names bound by imports, mapped to what they stand for."""

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}

    def add(self, node: cst.Import | cst.ImportFrom) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                full = dotted(alias.name) or ""
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    self.aliases[alias.asname.name.value] = full
                else:
                    top = full.split(".", 1)[0]
                    self.aliases.setdefault(top, top)
            return
        if node.relative or node.module is None or isinstance(node.names, cst.ImportStar):
            return
        module = dotted(node.module) or ""
        for alias in node.names:
            name = dotted(alias.name) or ""
            local = name
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            self.aliases[local] = f"{module}.{name}"

    def qualify(self, name: str | None) -> str | None:
        if name is None:
            return None
        head, _, rest = name.partition(".")
        full = self.aliases.get(head)
        if full is None:
            return name
        return f"{full}.{rest}" if rest else full
