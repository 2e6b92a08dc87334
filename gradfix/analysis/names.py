"""Cheap helpers over `ast` expressions: dotted names, stable keys, import aliases."""

from __future__ import annotations

from gradfix import syntax as ast
import functools
from collections.abc import Callable

from gradfix.patterns import lazily
from gradfix.source import dotted
from gradfix.walk import MIXED_KINDS

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import TypeVar

__all__ = [
    "ImportMap", "call_name", "dotted", "is_false", "is_true", "keyword", "last_name", "method_name",
    "positional", "receiver", "root_name", "substitute_root", "walk_expression", "int_value", "LIBRARY_ROOTS",
]  # fmt: skip


_ROOT = lazily(r"[A-Za-z_][A-Za-z_0-9]*")


_ROOTS: dict[str, str] = {}  # key -> its root, while a file is analysed (`forget_nodes`)


def root_name(key: str) -> str:
    """`self` for `self.optimizer`, `opts` for `opts["g"]`. Kept per key (a dict lookup, no
    match) while a file is analysed: the analysis asks about the same keys again and again
    (11,419 questions over perf5's candidates, 2,745 keys)."""
    root = _ROOTS.get(key)
    if root is None:
        match = _ROOT.match(key)
        root = _ROOTS[key] = match.group(0) if match else key
    return root


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


def own_method(call: ast.Call) -> str | None:
    """The method of the caller's own object that `call` reaches, in a method: `step` for
    `self.step(x)`, `__call__` for `self(x)` (the object calling itself, which runs its
    class's `__call__`); else None. The call fills the method's parameters after `self`."""
    func = call.func
    if func.__class__ is ast.Name:
        return "__call__" if func.id == "self" else None  # type: ignore[attr-defined]
    if func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and func.value.id == "self":  # type: ignore[attr-defined]
        return func.attr  # type: ignore[attr-defined]
    return None


def forwarded_call(function: ast.AST, class_name: str, instance: str = "self") -> ast.Call | None:
    """The call a method only forwards to (`return Trainer.train_step(self.model, x, y)`, its
    one statement, a docstring aside): a static method of its own class called by the class's
    name, or another method called on its object (`instance`, `self`); else None."""
    call = only_returned_call(function)
    if call is None:
        return None
    func = call.func
    if func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and func.value.id in (instance, class_name):  # type: ignore[attr-defined]
        return call
    return None


def static_or_class(function: ast.AST) -> bool:
    """A `@staticmethod` or `@classmethod`: callable on the class with the arguments written."""
    return any(dotted(d) in ("staticmethod", "classmethod") for d in function.decorator_list)  # type: ignore[attr-defined]


def class_method(function: ast.AST) -> bool:
    """A `@classmethod` whose first parameter is `cls` (its `cls.` names the class's own)."""
    args = getattr(function, "args", None)
    return (
        args is not None and bool(args.args) and args.args[0].arg == "cls"
        and any(dotted(d) == "classmethod" for d in function.decorator_list)  # type: ignore[attr-defined]
    )  # fmt: skip


def keyword(call: ast.Call, name: str) -> ast.keyword | None:
    for kw in call.keywords:
        if kw.arg == name:
            return kw
    return None


def only_returned_call(function: ast.AST) -> ast.Call | None:
    """The call a function returns when its one statement (a docstring aside) is `return
    <call>` (`def make_head(d, n): return nn.Linear(d, n)`); else None."""
    body = [stmt for stmt in getattr(function, "body", ()) if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or not isinstance(body[0].value, ast.Call):
        return None
    return body[0].value


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


def parameter_default(function: ast.AST, name: str) -> ast.expr | None:
    """The default value written for the parameter `name` of a function definition (None when
    it has none, or no such parameter)."""
    args = function.args  # type: ignore[attr-defined]
    positional = [*args.posonlyargs, *args.args]
    for arg, value in zip(positional[len(positional) - len(args.defaults):], args.defaults):
        if arg.arg == name:
            return value
    for arg, value in zip(args.kwonlyargs, args.kw_defaults):
        if arg.arg == name:
            return value
    return None


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


_AST = ast.AST
_NESTED_SCOPES = (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_SKIPPED_TYPES = frozenset(_NESTED_SCOPES)
# Nodes `_children` finds nothing under (a `Name`'s fields are its id and context, a
# `Constant`'s its value and kind): the walks below do not ask it about them. Most of an
# expression's nodes are these leaves.
_LEAVES = frozenset((ast.Name, ast.Constant))
_SKIPPED_OR_LEAVES = _SKIPPED_TYPES | _LEAVES
# Child fields of each node type, in source order, without the `ctx` markers (Load/Store).
_FIELDS: dict[type, tuple[str, ...]] = {}
_SOURCE_ORDER = {ast.IfExp: ("body", "test", "orelse")}


def _fields(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = _SOURCE_ORDER.get(kind) or tuple(f for f in kind._fields if f not in ("ctx", "type_comment"))  # type: ignore[attr-defined]
        _FIELDS[kind] = names
    return names


def _children(node: ast.AST) -> list[ast.AST]:
    kind = type(node)
    if kind is ast.Dict:
        out: list[ast.AST] = []
        for key, value in zip(node.keys, node.values):  # type: ignore[attr-defined]
            if key is not None:
                out.append(key)
            out.append(value)
        return out
    out = []
    names = _FIELDS.get(kind)  # `_fields(kind)`, without the call once known
    for name in names if names is not None else _fields(kind):
        value = getattr(node, name, None)
        if type(value) is list:
            # (a list of nodes added whole; `arguments`, `Global` ... may hold None or names)
            out += value if kind not in MIXED_KINDS else [item for item in value if isinstance(item, _AST)]
        elif isinstance(value, _AST):
            out.append(value)
    return out


# Answers about syntax-tree nodes, kept while a file is analysed: id(node) -> (node, answer).
# A side table, not an attribute of the node: an answer lists the node or its children, and a
# node holding it would be a reference cycle keeping its whole tree for the cycle collector.
# Holding the node keeps its id from being reused while the answer is kept.
_WALKED: dict[int, tuple[ast.AST, list[ast.AST]]] = {}
_CALLS: dict[int, tuple[ast.AST, tuple[list[ast.Call], list[ast.Attribute]]]] = {}
_MAX_ANSWERS = 100_000
if TYPE_CHECKING:
    T = TypeVar("T")


def _kept(table: dict[int, tuple[ast.AST, T]], node: ast.AST, compute: Callable[[], T]) -> T:
    """The answer `table` keeps for `node`, computed the first time it is asked."""
    known = table.get(id(node))
    if known is not None and known[0] is node:
        return known[1]
    if len(table) > _MAX_ANSWERS:
        table.clear()
    found = compute()
    table[id(node)] = (node, found)
    return found


def forget_nodes() -> None:
    """Let go of the answers about nodes (at the end of each file's analysis): their trees
    are freed by reference counts."""
    _WALKED.clear()
    _CALLS.clear()
    _ROOTS.clear()


def walk_expression(node: ast.AST, skip_scopes: bool = True) -> list[ast.AST]:
    """Every node under `node` (itself included), parents before children, in source order
    as far as the rules care; lambdas and nested definitions are skipped. Answered once per
    node while its file is analysed (`forget_nodes`): the rules walk the same expressions
    again and again. Callers only read the list."""
    if not skip_scopes:
        return _walk_expression(node, frozenset())
    return _kept(_WALKED, node, lambda: _walk_expression(node, _SKIPPED_TYPES))


def _walk_expression(node: ast.AST, skip: frozenset[type]) -> list[ast.AST]:
    out: list[ast.AST] = []
    stack = [node]
    while stack:
        current = stack.pop()
        out.append(current)
        if type(current) in _LEAVES:
            continue
        children = [c for c in _children(current) if type(c) not in skip]
        children.reverse()
        stack.extend(children)
    return out


def calls_and_grads(node: ast.AST) -> tuple[list[ast.Call], list[ast.Attribute]]:
    """In one walk: the calls an expression or simple statement makes, innermost first
    (evaluation order: `scaler.scale(loss).backward()` gives `scale` then `backward`), and its
    `.grad` attributes, outermost first. Answered once per node while its file is analysed
    (a helper's statements are walked once per call site); callers only read the lists."""
    return _kept(_CALLS, node, lambda: _calls_and_grads(node))


def _calls_and_grads(node: ast.AST) -> tuple[list[ast.Call], list[ast.Attribute]]:
    calls: list[ast.Call] = []
    grads: list[ast.Attribute] = []
    _visit_calls_and_grads(node, calls, grads)
    return calls, grads


def _visit_calls_and_grads(current: ast.AST, calls: list[ast.Call], grads: list[ast.Attribute]) -> None:
    # a module-level function, not a closure: a recursive closure is a reference cycle (the
    # function and its own cell) that only the cycle collector frees, one per call. The nodes
    # under `current` in `_children`'s order, read here without its list: only the fields that
    # may hold a node gone into (`_visit_fields`), and neither a leaf nor an operator (nothing
    # under either is a call or a `.grad`) visited
    kind = type(current)
    if kind is _ATTRIBUTE and current.attr == "grad":  # type: ignore[attr-defined]
        grads.append(current)  # type: ignore[arg-type]
    if kind is _DICT:
        for key, value in zip(current.keys, current.values):  # type: ignore[attr-defined]
            if key is not None and type(key) not in _NOT_VISITED:
                _visit_calls_and_grads(key, calls, grads)
            if type(value) not in _NOT_VISITED:
                _visit_calls_and_grads(value, calls, grads)
    else:
        names = _VISIT_FIELDS.get(kind)
        for name in names if names is not None else _visit_fields(kind):
            value = getattr(current, name, None)
            if type(value) is list:
                if kind in MIXED_KINDS:  # (items that may be None or a name)
                    for item in value:
                        if type(item) not in _NOT_VISITED and isinstance(item, _AST):
                            _visit_calls_and_grads(item, calls, grads)
                else:
                    for item in value:
                        if type(item) not in _NOT_VISITED:
                            _visit_calls_and_grads(item, calls, grads)
            elif type(value) not in _NOT_VISITED and isinstance(value, _AST):
                _visit_calls_and_grads(value, calls, grads)
    if kind is _CALL:
        calls.append(current)  # type: ignore[arg-type]


_ATTRIBUTE, _CALL, _DICT = ast.Attribute, ast.Call, ast.Dict
# what `_visit_calls_and_grads` does not go into: leaves, nested scopes, and operators and
# expression contexts (no field: nothing under them)
_NOT_VISITED = _SKIPPED_OR_LEAVES | frozenset(
    kind for base in (ast.operator, ast.boolop, ast.unaryop, ast.cmpop, ast.expr_context) for kind in base.__subclasses__()
)
# fields that hold no node `_visit_calls_and_grads` goes into: names, numbers and flags (a
# `Name` leaf at most: a 3.12 `TypeAlias`'s name) and operators
_NO_NODE_FIELDS = frozenset({
    "op", "ops", "id", "attr", "arg", "name", "module", "level", "kind", "type_comment", "is_async", "conversion",
    "simple", "tag",
})  # fmt: skip
_VISIT_FIELDS: dict[type, tuple[str, ...]] = {}


def _visit_fields(kind: type) -> tuple[str, ...]:
    """`_fields(kind)` (in `_children`'s order) less `_NO_NODE_FIELDS`."""
    fields = _VISIT_FIELDS[kind] = tuple(name for name in _fields(kind) if name not in _NO_NODE_FIELDS)
    return fields


def calls_in_order(node: ast.AST) -> list[ast.Call]:
    return calls_and_grads(node)[0]


class ImportMap:
    """Local names bound by imports, mapped to what they stand for."""

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}
        self.stars: list[str] = []  # the modules `from m import *` imports everything of
        self.submodules: list[str] = []  # `import pkg.steps` (bound as `pkg`): "pkg.steps"
        # a name imported in more than one arm of one `try`/`except` or `if`/`else`: what the
        # arms `aliases` does not hold bind it to (`try: from .fast import step` / `except
        # ImportError: from .slow import step`: "step" -> [".slow.step"]); either arm may run
        self.alternatives: dict[str, list[str]] = {}

    def add(self, node: ast.Import | ast.ImportFrom) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None:
                    self.aliases[alias.asname] = alias.name
                else:
                    top = alias.name.split(".", 1)[0]
                    self.aliases.setdefault(top, top)
                    if top != alias.name:
                        self.submodules.append(alias.name)
            return
        prefix = "." * node.level + (f"{node.module}." if node.module else "")
        for alias in node.names:
            if alias.name == "*":
                self.stars.append("." * node.level + (node.module or ""))
                continue
            local = alias.asname or alias.name
            self.aliases[local] = prefix + alias.name  # `.engine.train_one_epoch` for a relative import

    def qualify(self, name: str | None) -> str | None:
        if name is None:
            return None
        head, _, rest = name.partition(".")
        full = self.aliases.get(head)
        if full is None:
            return name
        return f"{full}.{rest}" if rest else full


# roots of imports that are libraries, never modules of a project gradfix reads
@functools.lru_cache(maxsize=1)
def stdlib_names() -> frozenset[str]:
    """The standard library's top-level modules (`sys.stdlib_module_names`, Python 3.10+;
    the common ones on 3.9)."""
    import sys

    names = getattr(sys, "stdlib_module_names", None)
    if names is not None:
        return frozenset(names)
    return frozenset({
        "abc", "argparse", "array", "ast", "asyncio", "base64", "bisect", "builtins", "collections", "contextlib",
        "copy", "csv", "dataclasses", "datetime", "decimal", "enum", "functools", "gc", "glob", "gzip", "hashlib",
        "heapq", "inspect", "io", "itertools", "json", "logging", "math", "multiprocessing", "operator", "os",
        "pathlib", "pickle", "platform", "pprint", "queue", "random", "re", "shutil", "signal", "socket",
        "statistics", "string", "struct", "subprocess", "sys", "tempfile", "threading", "time", "timeit",
        "traceback", "types", "typing", "unittest", "urllib", "uuid", "warnings", "weakref", "zipfile", "__future__",
    })  # fmt: skip


LIBRARY_ROOTS = frozenset({
    "torch", "numpy", "typing", "collections", "os", "sys", "math", "json", "logging", "time", "random", "re",
    "argparse", "pathlib", "shutil", "subprocess", "functools", "itertools", "copy", "pickle", "warnings",
    "tqdm", "wandb", "pandas", "PIL", "matplotlib", "scipy", "sklearn",
})  # fmt: skip


_GRAD_MODE_DECORATORS = frozenset({"torch.no_grad", "torch.enable_grad", "torch.inference_mode"})


def only_grad_mode_decorators(function: ast.AST, qualify) -> bool:  # type: ignore[no-untyped-def]
    """Every decorator of the function is one of torch's grad modes (`@torch.no_grad()`,
    `@torch.enable_grad()`, `@torch.inference_mode()`): called, it runs its body and returns
    what the body returns (`qualify` resolves an imported name to its qualified one)."""
    for decorator in getattr(function, "decorator_list", ()):
        expr = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = dotted(expr)
        if name is None or (qualify(name) or name) not in _GRAD_MODE_DECORATORS:
            return False
    return True
