"""The `__init__` a `@dataclass` writes, made explicit in the tree gradfix reads.

A trainer written as a dataclass (`@dataclass class Trainer: model: nn.Module; optimizer:
torch.optim.Optimizer`) binds its fields as a hand-written `__init__` would (`self.model =
model`), and its callers pass them the same way (`Trainer(model, opt)`). gradfix reads what a
class holds from its `__init__` (the optimizer a method steps, the scaler it scales with, the
accumulation count); for a dataclass without one, the tree gets the one `dataclasses` would
generate: `def __init__(self, <field>, ...)` with one `self.<field> = <field>` per field, the
method last in the class, every node of it placed on the empty range where the class ends (no
real statement starts there; statements found by position, `source._placed`, tell the
generated ones apart by identity). Only for a class
of the module's top level, decorated `@dataclass` (or `@dataclasses.dataclass`, called or
not, without `init=False`), deriving from nothing, defining no `__init__` or `__post_init__`
(which may rebind a field) and using no `field(init=False)`, `InitVar` or `ClassVar`
annotation gradfix would have to read. A field's default is kept when it is a literal (`accum:
int = 4`), else read as unknown (`None`). Nothing is reported or fixed on these statements:
no rule edits a `self.x = x` binding of `__init__`. Their targets are marked `synthetic`: a check
that an attribute is never written after it was set (GF016's setting kept on `self.cfg`) skips
them, as it skips the field's own `x: int = 4`.
"""

from __future__ import annotations

from gradfix import syntax as ast


def _is_dataclass_decorator(node: ast.expr) -> bool:
    if isinstance(node, ast.Call):
        if any(k.arg == "init" for k in node.keywords) or node.args:
            return False
        node = node.func
    if isinstance(node, ast.Name):
        return node.id == "dataclass"
    return isinstance(node, ast.Attribute) and node.attr == "dataclass" and isinstance(node.value, ast.Name) and node.value.id == "dataclasses"


def _located(node: ast.AST, at: ast.AST) -> ast.AST:
    """`node` placed where the class `at` ends (an empty range no real statement starts at)."""
    node.lineno, node.col_offset = at.end_lineno, at.end_col_offset  # type: ignore[attr-defined]
    node.end_lineno, node.end_col_offset = at.end_lineno, at.end_col_offset  # type: ignore[attr-defined]
    return node


def _init_for(cls: ast.ClassDef) -> ast.FunctionDef | None:
    if cls.bases or cls.keywords or not any(_is_dataclass_decorator(d) for d in cls.decorator_list):
        return None
    fields: list[ast.AnnAssign] = []
    for statement in cls.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name in ("__init__", "__post_init__"):
            return None
        if not isinstance(statement, ast.AnnAssign):
            continue
        if not isinstance(statement.target, ast.Name):
            return None
        for part in ast.walk(statement.annotation):
            word = part.id if isinstance(part, ast.Name) else part.attr if isinstance(part, ast.Attribute) else (
                part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "")
            if "ClassVar" in word or "InitVar" in word:
                return None
        value = statement.value
        if isinstance(value, ast.Call) and any(k.arg == "init" for k in value.keywords):
            return None
        fields.append(statement)
    if not fields:
        return None
    args = [_located(ast.arg(arg="self", annotation=None), cls)]
    defaults: list[ast.expr] = []
    body: list[ast.stmt] = []
    for f in fields:
        name = f.target.id  # type: ignore[union-attr]
        args.append(_located(ast.arg(arg=name, annotation=None), cls))
        if f.value is not None:
            default = ast.Constant(value=f.value.value) if isinstance(f.value, ast.Constant) else ast.Constant(value=None)
            defaults.append(_located(default, cls))  # type: ignore[arg-type]
        elif defaults:
            return None  # a field without a default after one with: not a valid dataclass
        target = _located(ast.Attribute(value=_located(ast.Name(id="self", ctx=ast.Load()), cls), attr=name, ctx=ast.Store()), cls)
        target.synthetic = True  # type: ignore[attr-defined]  (the field's first value: no rebinding)
        body.append(_located(ast.Assign(targets=[target], value=_located(ast.Name(id=name, ctx=ast.Load()), cls), type_comment=None), cls))  # type: ignore[arg-type]
    arguments = ast.arguments(posonlyargs=[], args=args, vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=defaults)
    init = ast.FunctionDef(name="__init__", args=arguments, body=body, decorator_list=[], returns=None, type_comment=None)
    if hasattr(ast.FunctionDef, "type_params") or "type_params" in getattr(ast.FunctionDef, "_fields", ()):
        init.type_params = []  # type: ignore[attr-defined]
    _located(init, cls)
    init.synthetic = True  # type: ignore[attr-defined]
    return init


def add_dataclass_inits(tree: ast.Module) -> None:
    """Give each top-level `@dataclass` class of `tree` (see the module's docstring) the
    `__init__` it gets at run time, as the last statement of the class."""
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef) and cls.decorator_list:
            init = _init_for(cls)
            if init is not None:
                cls.body.append(init)
