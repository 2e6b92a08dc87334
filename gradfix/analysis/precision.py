"""fp16 autocast on CUDA with a backward and no loss scaling (GF022).

`torch.autocast("cuda")` (float16 unless told otherwise) and `torch.cuda.amp.autocast()`
run the forward in half precision; gradients of small losses then underflow to zero in
float16 unless the loss is scaled (`torch.amp.GradScaler`). bfloat16 has float32's range
and needs no scaler; CPU autocast defaults to bfloat16.

`unscaled_autocasts(model)` finds training loops whose own code holds such an autocast
block, or that run inside one written around them in their function (or at module level),
and whose file shows no loss scaling at all: no `GradScaler` (or sharded one), no
`scaler.scale(...)`, no Apex `amp.initialize`/`scale_loss`, no timm loss scaler, no engine
that manages precision (Accelerate, Fabric, DeepSpeed, Lightning).
"""

from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.assignments import assigned_values
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.model import EventKind, TrainingLoop
from gradfix.analysis.modules import strip_same_module
from gradfix.analysis.names import LIBRARY_ROOTS, call_name, dotted, is_false, keyword, only_returned_call, parameter_default, positional
from gradfix.patterns import lazily
from gradfix.records import dataclass
from gradfix.source import FUNCTIONS, WITHS
from gradfix.walk import ast_walk, own_nodes

_MANAGED = lazily(
    r"GradScaler|scale_loss|amp\.initialize|NativeScaler|ApexScaler|loss_scaler|\.scale\(|Accelerator|Fabric|"
    r"deepspeed|lightning|manual_backward|fp16_optimizer|FP16_Optimizer|master_params|dynamic_loss_scale|"
    r"static_loss_scale|loss_scale",
)
_HALF = {"torch.float16", "torch.half"}


def _managed(text: str, model: ModuleModel | None = None) -> bool:
    """Loss scaling, or a library that manages precision, is written in code (a comment
    saying `# TODO: add a GradScaler` is not, nor a string, `print("without GradScaler")`, nor
    a docstring's later line, `... unlike a GradScaler run ...`)."""
    disabled = _scalers_all_disabled(text, model)
    unused = "GradScaler(" in text and _scalers_all_unused(text)
    strings: list[tuple[int, int, int, int]] | None = None  # the strings spanning lines, found once
    line, counted = 1, 0  # the line number of `counted`, a line start (the matches come in order)
    for match in _MANAGED.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        if disabled and match.group() in ("GradScaler", ".scale("):
            continue  # `GradScaler(enabled=False)`: its `scale(loss)` hands the loss back as it is
        if unused and match.group() == "GradScaler":
            continue  # `scaler = GradScaler()` that nothing uses: it scales nothing
        before = text[line_start : match.start()]
        if "#" in before or before.count('"') % 2 or before.count("'") % 2:
            continue  # in a comment, or in a one-line string: `print("no GradScaler")`
        if model is not None:
            if strings is None:
                strings = _long_strings(model)
            line, counted = line + text.count("\n", counted, line_start), line_start
            if strings and _inside(strings, line, len(before.encode("utf-8"))):
                continue
        return True
    return False


def _long_strings(model: ModuleModel) -> list[tuple[int, int, int, int]]:
    """(first line, its column, last line, its end column) of each string of the module that
    spans lines (columns in bytes, as the tree counts them)."""
    return [
        (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset or 0)
        for node in model.source.of_type(ast.Constant)
        if node.end_lineno is not None and node.end_lineno > node.lineno and isinstance(node.value, str)
    ]


def _inside(strings: list[tuple[int, int, int, int]], line: int, column: int) -> bool:
    return any(
        first <= line <= last and (line > first or column >= start) and (line < last or column < end)
        for first, start, last, end in strings
    )


_SCALER_BUILT = lazily(r"^[ \t]*([A-Za-z_][\w.]*)[ \t]*=[ \t]*[\w.]*GradScaler\(", re.M)


def _scalers_all_unused(text: str) -> bool:
    """Every `GradScaler(...)` of the file is bound to a name (`scaler = torch.amp.GradScaler()`)
    that nothing uses afterwards (`_scaler_used`)."""
    built = [m for m in _SCALER_BUILT.finditer(text)]
    if len(built) != text.count("GradScaler("):
        return False
    return all(not _scaler_used(m.group(1), text) for m in built)


_ENABLED_NAME = lazily(r"enabled[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*(?:,|$)")


def _scalers_all_disabled(text: str, model: ModuleModel | None = None) -> bool:
    """Every `GradScaler(...)` of the file is built with `enabled=False` written out (or, with
    the module, `enabled=USE_SCALER` with `USE_SCALER = False` bound once at its top level)."""
    found = False
    at = text.find("GradScaler(")
    while at != -1:
        end = text.find(")", at)
        if end == -1:
            return False
        if "enabled=False" not in text[at:end].replace(" ", ""):
            named = _ENABLED_NAME.search(text[at:end].rstrip())
            value = module_constant(ast.Name(id=named.group(1)), model) if named is not None and model is not None else None
            if not (isinstance(value, ast.Constant) and value.value is False):
                return False
        found = True
        at = text.find("GradScaler(", at + 1)
    return found


@dataclass(eq=False)
class UnscaledAutocast:
    loop: TrainingLoop
    block: ast.With | ast.AsyncWith | None  # None: a decorator of the model's `forward` (no fix)
    call: ast.Call
    style: str  # "cuda.amp" (torch.cuda.amp.autocast) or "amp" (torch.autocast / torch.amp.autocast)
    # False: read through a `functools.partial` or a class attribute (`dtype=Cfg.amp_dtype`): reported without a fix
    fixable: bool = True


def fp16_cuda_autocast(call: ast.Call, qualify, module: ModuleModel | None = None) -> str | None:  # type: ignore[no-untyped-def]
    """The autocast's style when it is CUDA float16 for sure, else None. With the module, a
    dtype or device given by a name is read from the module's assignments of it
    (`amp_dtype = torch.float16` at the top of a script)."""
    name = qualify(call_name(call)) or ""
    enabled = keyword(call, "enabled")
    if enabled is not None and is_false(module_constant(enabled.value, module) or enabled.value):
        return None  # `enabled=False`, or `enabled=USE_AMP` with `USE_AMP = False` bound once
    given = keyword(call, "dtype")
    dtype = given.value if given is not None else None
    if dtype is None and name in ("torch.autocast", "torch.amp.autocast", "torch.amp.autocast_mode.autocast"):
        args = positional(call)
        dtype = args[1] if len(args) > 1 else None  # `torch.autocast("cuda", torch.bfloat16)`: the second parameter
    dtype_value = module_constant(dtype, module) if dtype is not None else None
    if isinstance(dtype_value, ast.Attribute) and module is not None:
        dtype_value = class_constant(dtype_value, module) or dtype_value  # `dtype=Cfg.amp_dtype`
    if isinstance(dtype_value, ast.Name) and module is not None:
        values = assigned_values(module, dtype_value.id)
        if len(values) == 1 and isinstance(values[0], ast.IfExp):
            dtype_value = values[0]  # `dtype = torch.float16 if args.amp else torch.float32` in the function
    if isinstance(dtype_value, ast.Name) and module is not None:
        # `def train(..., amp_dtype=torch.float16)`, every call leaving it at its default
        dtype_value = _parameter_default(call, dtype_value.id, module) or dtype_value
    if isinstance(dtype_value, ast.Call):
        dtype_value = _torch_attribute(dtype_value, qualify, module) or dtype_value  # `getattr(torch, "float16")`
    if isinstance(dtype_value, ast.IfExp):
        taken = decided(dtype_value.test, module)
        if taken is not None:
            # `torch.float16 if PRECISION == "fp16" else torch.bfloat16` with `PRECISION = "bf16"`
            # bound once at the top: the arm it takes
            dtype_value = dtype_value.body if taken else dtype_value.orelse
    if isinstance(dtype_value, ast.IfExp):
        # one arm of float16 (`torch.float16 if args.fp16 else torch.float32`, `torch.bfloat16 if
        # bf16_ok else torch.float16`): it trains that way when it is chosen
        dtype_value = next((arm for arm in (dtype_value.body, dtype_value.orelse) if qualify(_dotted(arm)) in _HALF), dtype_value)
    dtype_name = qualify(_dotted(dtype_value)) if dtype_value is not None else None
    if isinstance(dtype_value, ast.Name) and module is not None and dtype_name != dtype_value.id:
        # `from config import AMP_DTYPE` with `AMP_DTYPE = torch.float16` there
        dtype_name = imported_constant(dtype_value, module) or dtype_name
    if dtype is not None and dtype_name not in _HALF:
        return None
    if name in ("torch.cuda.amp.autocast", "torch.cuda.amp.autocast_mode.autocast"):
        return "cuda.amp"
    if name in ("torch.autocast", "torch.amp.autocast", "torch.amp.autocast_mode.autocast"):
        args = positional(call)
        device = args[0] if args else (keyword(call, "device_type").value if keyword(call, "device_type") else None)
        if isinstance(device, ast.Attribute) and device.attr == "type" and isinstance(device.value, ast.Name):
            # `device_type=device.type` with `device = torch.device("cuda" if ... else "cpu")`
            built = module_constant(device.value, module)
            if isinstance(built, ast.Call) and (qualify(call_name(built)) or "") == "torch.device" and built.args:
                device = built.args[0]
        if isinstance(device, ast.Name) and module is not None:
            # `def train(..., device="cuda")`, every call leaving it at its default
            device = _parameter_default(call, device.id, module) or device
        device = module_constant(device, module) if device is not None else None
        if isinstance(device, ast.IfExp):
            # `device = "cuda" if torch.cuda.is_available() else "cpu"`: CUDA wherever a GPU is
            arms = [device.body, device.orelse]
            device = next((a for a in arms if isinstance(a, ast.Constant) and a.value == "cuda"), None)
        if isinstance(device, ast.Constant) and device.value == "cuda":
            return "amp"
    return None


def _torch_attribute(value: ast.Call, qualify, module: ModuleModel | None) -> ast.expr | None:  # type: ignore[no-untyped-def]
    """`torch.float16` for `getattr(torch, "float16")`: the attribute named by a string literal
    (or a module constant bound to one) of the module `torch` itself."""
    if call_name(value) != "getattr" or len(value.args) != 2 or value.keywords:
        return None
    owner, attribute = value.args
    attribute = module_constant(attribute, module)  # type: ignore[assignment]
    if qualify(_dotted(owner)) != "torch" or not isinstance(attribute, ast.Constant) or not isinstance(attribute.value, str):
        return None
    if not attribute.value.isidentifier():
        return None
    return ast.Attribute(value=owner, attr=attribute.value, ctx=ast.Load())


def _parameter_default(call: ast.Call, name: str, module: ModuleModel) -> ast.expr | None:
    """The default of the parameter `name` of the module-level function the autocast `call` is
    written in (`def train(model, amp_dtype=torch.float16)`), when the function never rebinds
    it, the module calls the function at least once and every call leaves the parameter at
    its default (no keyword for it, fewer positional arguments, no `*args` or `**kwargs`), the
    module uses the function's name for nothing else, and no other file of the project names
    it. None otherwise."""
    from gradfix.analysis.shared_graphs import _enclosing_function

    function = _enclosing_function(call, module.source)
    if not isinstance(function, FUNCTIONS) or module.facts.module_functions.get(function.name) is None:
        return None
    if module.facts.module_functions[function.name].node is not function:
        return None  # a method, a nested function, or a name bound to two definitions
    default = parameter_default(function, name)
    if default is None:
        return None
    positional_params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    index = positional_params.index(name) if name in positional_params else None
    if any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load) for n in own_nodes(function)):
        return None  # rebound in the body
    calls = 0
    called = set()
    for node in module.source.nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == function.name:
            called.add(id(node.func))
            if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg in (None, name) for k in node.keywords):
                return None
            if index is not None and len(node.args) > index:
                return None
            calls += 1
    if not calls:
        return None
    if any(isinstance(n, ast.Name) and n.id == function.name and id(n) not in called for n in module.source.nodes):
        return None  # handed on (`fire.Fire(train)`, a table of functions): called with what gradfix does not see
    project = module.facts.project
    if project is not None:
        word = re.compile(rb"(?<![\w.])" + re.escape(function.name.encode()) + rb"(?!\w)")
        from gradfix.project import absolute

        here = absolute(module.source.path) if module.source.path else None
        for path, data in project.contents():
            if path != here and data is not None and word.search(data):
                return None  # another file may import and call it with another dtype
    return default


def module_constant(expr: ast.expr, model: ModuleModel | None) -> ast.expr | None:
    """A name the module binds once, at its top level, to a literal or a dotted name
    (`AMP_DTYPE = torch.float16`): that value; anything else as it is."""
    if not isinstance(expr, ast.Name) or model is None:
        return expr
    values = assigned_values(model, expr.id)
    top = [stmt.value for stmt in model.module.body if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == expr.id for t in stmt.targets)]
    if len(values) == 1 and len(top) == 1 and values[0] is top[0] and isinstance(top[0], (ast.Attribute, ast.Constant, ast.IfExp, ast.Call)):
        return top[0]
    return expr


def imported_constant(expr: ast.Name, model: ModuleModel) -> str | None:
    """A name the module imports by name from another module of the project (`from config
    import AMP_DTYPE`) that binds it once, at its top level, and nowhere else, to a dotted name
    (`AMP_DTYPE = torch.float16`): that name, qualified with that module's imports."""
    facts = model.facts
    qualified = facts.imports.aliases.get(expr.id)
    if facts.project is None or not qualified or "." not in qualified.lstrip(".") or qualified.lstrip(".").split(".", 1)[0] in LIBRARY_ROOTS:
        return None
    module_name, _, attribute = qualified.rpartition(".")
    path = facts.project.module_file(module_name, model.source.path or None)
    module = facts.project.module(path, any_bytes=True) if path is not None else None
    if module is None or attribute.encode() not in module.source.data:
        return None
    top = [stmt.value for stmt in module.source.tree.body if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == attribute for t in stmt.targets)]
    stores = sum(1 for n in ast_walk(module.source.tree) if isinstance(n, ast.Name) and n.id == attribute and not isinstance(n.ctx, ast.Load))
    if len(top) != 1 or stores != 1 or not isinstance(top[0], ast.Attribute):
        return None
    return module.facts.imports.qualify(_dotted(top[0]))


def class_constant(expr: ast.Attribute, model: ModuleModel) -> ast.expr | None:
    """`Cfg.amp_dtype` with `class Cfg: amp_dtype = torch.float16` at the module's top (an
    undecorated class, bound once): the value its body binds once to a literal or a dotted
    name, when nothing in the file binds an attribute of that name otherwise (`Cfg.amp_dtype =
    ...`, `self.amp_dtype = ...`, `setattr`) nor a class built on it binds it; else None."""
    owner, attribute = expr.value, expr.attr
    if not isinstance(owner, ast.Name):
        return None
    source = model.source
    classes = [c for c in model.module.body if isinstance(c, ast.ClassDef) and c.name == owner.id]
    if len(classes) != 1 or classes[0].decorator_list or assigned_values(model, owner.id) or "setattr(" in source.text:
        return None
    found: list[ast.expr] = []
    for stmt in classes[0].body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == attribute for t in stmt.targets):
            found.append(stmt.value)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == attribute and stmt.value is not None:
            found.append(stmt.value)
        elif any(isinstance(n, ast.Name) and n.id == attribute and not isinstance(n.ctx, ast.Load) for n in ast_walk(stmt)):
            return None  # bound otherwise in the body (also a local of a method: left alone)
    if len(found) != 1 or not isinstance(found[0], (ast.Attribute, ast.Constant)):
        return None
    for node in source.of_type(ast.Attribute):
        if node.attr == attribute and not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
            return None  # `Cfg.amp_dtype = torch.bfloat16`, `self.amp_dtype = ...`
    for node in source.of_type(ast.ClassDef):
        if node is not classes[0] and any(isinstance(b, ast.Name) and b.id == owner.id for b in node.bases):  # type: ignore[attr-defined]
            if any(isinstance(n, ast.Name) and n.id == attribute and not isinstance(n.ctx, ast.Load) for n in ast_walk(node)):
                return None  # a subclass that overrides it
    return found[0]


def partial_call(call: ast.Call, model: ModuleModel) -> ast.Call | None:
    """`amp()` with `amp = functools.partial(torch.autocast, "cuda", dtype=torch.float16)` bound
    once: the call it makes, `torch.autocast("cuda", dtype=torch.float16)` (placed where the
    partial is written, where its names are read); None otherwise."""
    if not isinstance(call.func, ast.Name):
        return None
    values = assigned_values(model, call.func.id)
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    built = values[0]
    if model.facts.imports.qualify(call_name(built)) != "functools.partial" or not built.args:
        return None
    if any(isinstance(a, ast.Starred) for a in (*built.args, *call.args)) or any(k.arg is None for k in (*built.keywords, *call.keywords)):
        return None
    made = ast.Call(func=built.args[0], args=[*built.args[1:], *call.args], keywords=[*call.keywords, *built.keywords])
    return ast.copy_location(made, built)


def decided(test: ast.expr, model: ModuleModel | None) -> bool | None:
    """The value of a condition that compares literals or names the module binds once at its top
    level to a literal (`PRECISION == "fp16"` with `PRECISION = "bf16"`), or is such a name bound
    to a bool; None when it cannot be told."""
    if model is None:
        return None
    if isinstance(test, ast.Name):
        value = module_constant(test, model)
        return value.value if isinstance(value, ast.Constant) and isinstance(value.value, bool) else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq))):
        return None
    sides = [module_constant(test.left, model), module_constant(test.comparators[0], model)]
    if not all(isinstance(side, ast.Constant) and isinstance(side.value, (str, int, bool, type(None))) for side in sides):
        return None
    if not any(isinstance(side, ast.Name) for side in (test.left, test.comparators[0])):
        return None  # (two literals: written so on purpose, not a setting)
    equal = sides[0].value == sides[1].value and type(sides[0].value) is type(sides[1].value)  # type: ignore[union-attr]
    return equal if isinstance(test.ops[0], ast.Eq) else not equal


def _dotted(expr: ast.AST) -> str | None:
    from gradfix.analysis.names import dotted

    return dotted(expr)


def _steps_around(loop: TrainingLoop, model: ModuleModel) -> bool:
    """A loop around this one steps (micro-batches backpropagated in an inner loop, stepped
    after it)."""
    return any(
        lp.node is outer and any(e.kind in (EventKind.STEP, EventKind.UNKNOWN) for e in lp.events)
        for outer in loop.enclosing_loops
        for lp in model.loops
    )


def unscaled_autocasts(model: ModuleModel) -> list[UnscaledAutocast]:
    text = model.source.text
    if "autocast" not in text or not any(e.kind is EventKind.BACKWARD and not e.engine for loop in model.loops for e in loop.events):
        # a finding is made only for a loop with a backward of its own (the `for` below): no
        # such loop (most modules that say `autocast`), no need to read the text for a scaler
        return []
    if _managed(text, model):
        return []
    disabled = "GradScaler" in text and _scalers_all_disabled(text, model)  # (a scaler that scales nothing)
    if any(
        info.kind in ("engine", "lightning") or (info.kind == "scaler" and not disabled and _scaler_used(info.key, text))
        for info in model.facts.objects.values()
    ) or model.facts.engines:
        return []
    qualify = model.facts.imports.qualify
    out: list[UnscaledAutocast] = []
    seen: set[int] = set()
    for loop in sorted(model.loops, key=lambda lp: -len(lp.enclosing_loops)):  # innermost first
        if not any(e.kind is EventKind.BACKWARD and not e.engine for e in loop.events):
            continue
        if not any(e.kind in (EventKind.STEP, EventKind.UNKNOWN) for e in loop.events) and not _steps_around(loop, model):
            continue  # nothing is stepped (a forward-and-backward timing benchmark): nothing trains
        if _scaled_elsewhere(loop, model) or _scaled_by_hand(loop, model):
            continue
        for node in [*ast_walk(loop.node), *_enclosing_withs(loop, model), *_helper_withs(loop, model)]:
            if not isinstance(node, WITHS) or id(node) in seen:
                continue
            for item in node.items:
                expr = item.context_expr
                if (
                    isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self"
                ):
                    # `self.amp_ctx = torch.autocast("cuda", dtype=torch.float16)` in `__init__`; `with self.amp_ctx:`
                    values = assigned_values(model, f"self.{expr.attr}")
                    if len(values) == 1 and isinstance(values[0], (ast.Call, ast.IfExp)):
                        expr = values[0]
                if isinstance(expr, ast.Name):
                    # `ctx = torch.autocast(...) if amp else nullcontext()`; `with ctx:`
                    values = assigned_values(model, expr.id)
                    if len(values) == 1:
                        expr = values[0]
                    else:
                        # bound in the arms of an `if` or a `match` (`case "fp16": ctx = torch.autocast(...)`):
                        # one arm that autocasts to CUDA float16 trains that way when it is chosen
                        expr = next((v for v in values if isinstance(v, ast.Call) and fp16_cuda_autocast(v, qualify, model)), expr)
                if isinstance(expr, ast.Subscript):
                    # `with {"bf16": torch.autocast(...), "fp16": torch.autocast(..., dtype=torch.float16)}[precision]:`
                    # (or the dict bound to a name first): the float16 entry when it is chosen
                    table = expr.value
                    if isinstance(table, ast.Name):
                        bound = assigned_values(model, table.id)
                        table = bound[0] if len(bound) == 1 else table
                    if isinstance(table, ast.Dict):
                        expr = next(
                            (v for v in table.values if isinstance(v, ast.Call) and fp16_cuda_autocast(v, qualify, model)), expr
                        )
                if isinstance(expr, ast.IfExp):
                    # `with torch.autocast("cuda", dtype=torch.float16) if amp else nullcontext():`
                    expr = next((e for e in (expr.body, expr.orelse) if isinstance(e, ast.Call) and fp16_cuda_autocast(e, qualify, model)), expr)
                entered = _entered_autocast(expr, item, node, qualify, model) if expr.__class__ is ast.Call else None
                if entered is not None:
                    expr = entered  # `with ExitStack() as stack: stack.enter_context(torch.autocast(...))`
                returned = _returned_by_method(expr, model) if isinstance(expr, ast.Call) else None
                if returned is not None:
                    expr = returned  # `with self.autocast():`, a method that returns `torch.autocast(...)`
                elif expr.__class__ is ast.Call and expr.func.__class__ is ast.Name:  # type: ignore[attr-defined]
                    returned = _generator_autocast(expr, qualify, model)  # type: ignore[arg-type]
                    if returned is not None:
                        expr = returned  # `with mixed():`, a `@contextmanager` yielding under `torch.autocast(...)`
                if isinstance(expr, ast.Call):
                    made = partial_call(expr, model) if "partial" in text else None  # `amp = functools.partial(torch.autocast, ...)`
                    style = fp16_cuda_autocast(made or expr, qualify, model)
                    if style is not None:
                        seen.add(id(node))
                        if (
                            not _records_no_graph(node, model) and not _feeds_only_input_gradients(node, loop, model)
                            and not _binds_only_numbers(node, loop) and not _calls_only_no_grad_helpers(node, model)
                        ):
                            fixable = made is None and returned is None and entered is None and not _dtype_from_class(expr, model)
                            out.append(UnscaledAutocast(loop, node, expr, style, fixable))
                        break
        if not any(found.loop is loop for found in out) and "@" in text:
            decorated = _decorated_forwards(model)
            if decorated:
                called = _decorated_model_called(loop, decorated, model)
                if called is not None and id(called) not in seen:
                    seen.add(id(called))
                    out.append(UnscaledAutocast(loop, None, called, fp16_cuda_autocast(called, qualify, model) or "amp", False))
    return out


def _entered_autocast(expr: ast.Call, item: ast.withitem, node: ast.AST, qualify, model: ModuleModel) -> ast.Call | None:  # type: ignore[no-untyped-def]
    """`with contextlib.ExitStack() as stack:` whose body enters a float16 CUDA autocast as a
    statement of its own, first thing it does (`stack.enter_context(torch.autocast("cuda",
    dtype=torch.float16))`, statements before it binding names only): that autocast call, in
    force for the rest of the block."""
    written = dotted(expr.func)
    if written is None or not written.endswith("ExitStack") or qualify(written) != "contextlib.ExitStack":
        return None
    if item.optional_vars.__class__ is not ast.Name:
        return None
    stack = item.optional_vars.id  # type: ignore[union-attr]
    for stmt in node.body:  # type: ignore[attr-defined]
        call = stmt.value if stmt.__class__ is ast.Expr else None  # type: ignore[attr-defined]
        if (
            call.__class__ is ast.Call and call.func.__class__ is ast.Attribute and call.func.attr == "enter_context"  # type: ignore[union-attr]
            and call.func.value.__class__ is ast.Name and call.func.value.id == stack and len(call.args) == 1  # type: ignore[union-attr]
        ):  # fmt: skip
            entered = call.args[0]  # type: ignore[union-attr]
            if entered.__class__ is ast.Call and fp16_cuda_autocast(entered, qualify, model):
                return entered  # type: ignore[return-value]
            continue  # (another context entered first)
        if stmt.__class__ is not ast.Assign:
            return None  # (the forward may run before the autocast is entered)
    return None


def _decorated_forwards(model: ModuleModel) -> dict[str, ast.Call]:
    """The classes of the file whose `forward` is decorated with a CUDA float16 autocast
    (`@torch.autocast(device_type="cuda", dtype=torch.float16)`, `@torch.cuda.amp.autocast()`),
    and that no class of the file derives from: class name -> the decorator."""
    found: dict[str, ast.Call] = model.__dict__.get("_decorated_forwards")  # type: ignore[assignment]
    if found is not None:
        return found
    found = {}
    qualify = model.facts.imports.qualify
    for name, node in model.facts.classes.items():
        for item in node.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == "forward":
                for decorator in item.decorator_list:
                    if isinstance(decorator, ast.Call) and fp16_cuda_autocast(decorator, qualify, model) is not None:
                        found[name] = decorator
    derived = {dotted(base) for node in model.facts.classes.values() for base in node.bases}
    found = {name: call for name, call in found.items() if name not in derived}
    model.__dict__["_decorated_forwards"] = found
    return found


def _decorated_model_called(loop: TrainingLoop, decorated: dict[str, ast.Call], model: ModuleModel) -> ast.Call | None:
    """The decorator of the model the loop calls (`model(x)`), when that name (a plain name or
    `self.attribute`) is bound once in the file, to a construction of such a class (also moved,
    `Net().to(device)`)."""
    keys = {
        dotted(node.func) for node in ast_walk(loop.node)
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)) and dotted(node.func) is not None
    }
    function = loop.function
    params = {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)} if function is not None else set()
    for key in sorted(k for k in keys if k):
        if "." in key and not (key.startswith("self.") and key.count(".") == 1):
            continue
        if key in params:
            continue  # (a parameter: any model may be handed in)
        values = assigned_values(model, key)
        if len(values) != 1 or not isinstance(values[0], ast.Call):
            continue
        built = strip_same_module(values[0])
        if isinstance(built, ast.Call) and isinstance(built.func, ast.Name) and built.func.id in decorated:
            return decorated[built.func.id]
    return None


def _generator_autocast(call: ast.Call, qualify, model: ModuleModel) -> ast.Call | None:  # type: ignore[no-untyped-def]
    """`with mixed():` over a generator function of the module decorated with
    `contextlib.contextmanager` whose one `yield` is the whole body of a `with` statement of
    its own body entering a float16 CUDA autocast (`with torch.autocast("cuda",
    dtype=torch.float16): yield`): that autocast call, in force for the `with mixed():` block."""
    helper = model.facts.module_functions.get(call.func.id)  # type: ignore[attr-defined]
    if helper is None or not helper.node.decorator_list:
        return None
    if not any(qualify(dotted(d)) == "contextlib.contextmanager" for d in helper.node.decorator_list):
        return None
    if sum(1 for n in ast_walk(helper.node) if n.__class__ in (ast.Yield, ast.YieldFrom)) != 1:
        return None
    for stmt in helper.node.body:
        if stmt.__class__ in WITHS and len(stmt.body) == 1 and stmt.body[0].__class__ is ast.Expr and stmt.body[0].value.__class__ is ast.Yield:  # type: ignore[attr-defined]
            for item in stmt.items:  # type: ignore[attr-defined]
                if item.context_expr.__class__ is ast.Call and fp16_cuda_autocast(item.context_expr, qualify, model):
                    return item.context_expr  # type: ignore[no-any-return]
    return None


def _returned_by_method(call: ast.Call, model: ModuleModel) -> ast.Call | None:
    """`self.autocast()` (no arguments), with one class of the module defining `autocast` as
    one statement, `return <call>`: that call."""
    func = call.func
    if call.args or call.keywords or not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"):
        return None
    defined = [methods[func.attr] for methods in model.facts.methods.values() if func.attr in methods]
    if len(defined) != 1:
        return None
    return only_returned_call(defined[0].node)


def _dtype_from_class(call: ast.Call, model: ModuleModel) -> bool:
    """The autocast's dtype is a class attribute read by `class_constant` (`dtype=Cfg.amp_dtype`)."""
    given = keyword(call, "dtype")
    args = positional(call)
    dtype = given.value if given is not None else (args[1] if len(args) > 1 else None)
    return isinstance(dtype, ast.Attribute) and isinstance(dtype.value, ast.Name) and class_constant(dtype, model) is not None


def _scaler_used(key: str, text: str) -> bool:
    """The scaler is used: a method of it called (`scaler.scale(loss)`, `scaler.step(opt)`), or
    it is handed on (an argument, a keyword, a value stored or returned). One built and never
    touched again scales nothing."""
    if f"{key}." in text.replace(f"{key} = ", "").replace(f"{key}=", ""):
        return True
    return re.search(rf"(?:[(,=:\[]|\breturn)\s*{re.escape(key)}\s*(?:[,)\]}}]|$)", text, re.M) is not None


def _helper_withs(loop: TrainingLoop, model: ModuleModel) -> list[ast.AST]:
    """The `with` statements of the functions of this module whose result the loop
    backpropagates (`loss = compute_loss(batch)` ... `loss.backward()`, the forward under
    autocast in `compute_loss`), or that backpropagate themselves."""
    functions = model.facts.module_functions
    if not any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in functions for n in ast_walk(loop.node)):
        return []
    backwards = [e for e in loop.events if e.kind is EventKind.BACKWARD and not e.engine and e.source is None]
    read = {n.id for e in backwards for n in ast_walk(e.statement) if isinstance(n, ast.Name)}
    feeding: list[ast.Call] = [c for e in backwards for c in ast_walk(e.statement) if isinstance(c, ast.Call)]
    feeding += [c for e in backwards for c in e.via]  # a helper that backpropagates
    for stmt in ast_walk(loop.node):
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id in read for target in stmt.targets for t in ast_walk(target)):
            feeding += [c for c in ast_walk(stmt.value) if isinstance(c, ast.Call)]
    found: list[ast.AST] = []
    names = dict.fromkeys(c.func.id for c in feeding if isinstance(c.func, ast.Name) and c.func.id in functions)
    for name in names:
        helper = functions[name]
        if helper.node is not loop.node and (helper.source is None or helper.source is model.source):
            found += [n for n in ast_walk(helper.node) if isinstance(n, WITHS)]
    return found


def _scaled_elsewhere(loop: TrainingLoop, model: ModuleModel) -> bool:
    """The loss may be scaled where gradfix does not read it: an object is handed the loss
    (`stepper.backward(loss)`, an optimizer wrapper such as Apex's FP16_Optimizer, or a class
    of the project gradfix cannot see), or a backward or a step of the iteration runs in a
    helper (of this file or another) whose text says it scales the loss
    (`self.scaler.scale(loss).backward()`)."""
    for event in loop.events:
        if event.kind is EventKind.BACKWARD and event.target is not None:
            return True
        if event.kind not in (EventKind.BACKWARD, EventKind.STEP) or not event.via:
            continue
        source = event.source or model.source
        for helper in event.helpers:
            if _MANAGED.search(source.segment(helper)):
                return True
    return False


def _scaled_by_hand(loop: TrainingLoop, model: ModuleModel) -> bool:
    """The loop scales its loss by hand: it backpropagates the loss multiplied by a factor
    (`(loss * 1024.0).backward()`, `scaled = loss * S; scaled.backward()`, `loss.mul(S)`) that
    the file divides back out of the gradients (`p.grad.div_(S)`, `g /= S` over the gradients
    or parameters, `torch._foreach_div_(grads, S)`) or out of a learning rate (`lr=0.1 / S`),
    or it backpropagates what a method of a class of the file hands back when that class also
    unscales (a method named `unscale...`, or `update` beside a `scale...` method): a
    hand-written dynamic scaler. A loss multiplied by a weight that nothing divides back out
    is not scaling."""
    backwards = [e for e in loop.events if e.kind is EventKind.BACKWARD and not e.engine and e.source is None and e.loss is not None]
    if not backwards:
        return False
    methods = _unscaling_methods(model)
    for event in backwards:
        losses = [event.loss]
        if isinstance(event.loss, ast.Name):
            losses += assigned_values(model, event.loss.id)
        for loss in losses:
            if isinstance(loss, ast.BinOp) and isinstance(loss.op, ast.Mult):
                if _divided_back(loss.left, model) or _divided_back(loss.right, model):
                    return True
            elif isinstance(loss, ast.Call) and isinstance(loss.func, ast.Attribute):
                if loss.func.attr in methods:
                    return True
                if loss.func.attr in ("mul", "mul_") and len(loss.args) == 1 and _divided_back(loss.args[0], model):
                    return True
    return False


def _unscaling_methods(model: ModuleModel) -> set[str]:
    """The methods of the classes of the file that look like a hand-written loss scaler's: the
    class has a method whose name says it unscales, or an `update` beside a `scale...` one."""
    out: set[str] = set()
    for cls in model.source.of_type(ast.ClassDef):
        names = {f.name for f in cls.body if isinstance(f, FUNCTIONS)}  # type: ignore[attr-defined]
        if any("unscale" in n for n in names) or "update" in names and any(n.startswith("scale") for n in names):
            out |= {n for n in names if not n.startswith("__")}
    return out


_DIVIDING = ("div", "div_", "_foreach_div_", "mul", "mul_", "_foreach_mul_")


def _divided_back(factor: ast.expr, model: ModuleModel) -> bool:
    """The file divides gradients (or a learning rate) by `factor` (the same number, or the
    same name or attribute)."""
    if isinstance(factor, ast.Constant):
        if not isinstance(factor.value, (int, float)) or isinstance(factor.value, bool) or factor.value in (0, 1):
            return False
        same = lambda e: isinstance(e, ast.Constant) and e.value == factor.value  # noqa: E731
    elif isinstance(factor, (ast.Name, ast.Attribute)) or isinstance(factor, ast.BinOp) and isinstance(factor.op, ast.Pow):
        key = ast.dump(factor)
        same = lambda e: ast.dump(e) == key  # noqa: E731
    else:
        return False
    source = model.source

    def divisor(expr: ast.expr) -> bool:  # `S`, or `1 / S` (handed to a `mul_`)
        return same(expr) or isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div) and same(expr.right)

    def gradients(expr: ast.AST) -> bool:
        return "grad" in source.segment(expr)

    for node in source.of_type(ast.AugAssign):  # `p.grad /= S`, or `g /= S` in a loop over gradients
        if isinstance(node.op, ast.Div) and same(node.value) and (gradients(node.target) or _in_gradient_loop(node, source)):
            return True
    for node in source.of_type(ast.Call):
        func = node.func
        if not isinstance(func, ast.Attribute) or func.attr not in _DIVIDING or not node.args:
            continue
        if func.attr.startswith("_foreach"):  # `torch._foreach_div_(grads, S)`
            if len(node.args) == 2 and (same(node.args[1]) if "div" in func.attr else divisor(node.args[1])) and gradients(node.args[0]):
                return True
            continue
        given = node.args[0]
        if (same(given) if "div" in func.attr else divisor(given) and not same(given)) and (
            gradients(func.value) or _in_gradient_loop(node, source)
        ):
            return True
    for node in source.of_type(ast.keyword):  # `SGD(params, lr=0.1 / S)`
        if node.arg == "lr" and any(isinstance(b, ast.BinOp) and isinstance(b.op, ast.Div) and same(b.right) for b in ast_walk(node.value)):
            return True
    for node in source.of_type(ast.Assign):  # `p.grad = p.grad / S`
        value = node.value
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div) and same(value.right) and any(gradients(t) for t in node.targets):
            return True
    return False


def _in_gradient_loop(node: ast.AST, source) -> bool:  # type: ignore[no-untyped-def]
    """`node` is in a `for` whose iterable names gradients or parameters (`for g in grads:`,
    `for p in model.parameters():`)."""
    for loop in source.of_type(ast.For):
        text = source.segment(loop.iter)
        if ("grad" in text or "param" in text) and any(n is node for stmt in loop.body for n in ast_walk(stmt)):
            return True
    return False


_NO_GRAD = ("torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad", "torch.autograd.grad_mode.no_grad")


def _records_no_graph(node: ast.stmt, model: ModuleModel) -> bool:
    """The autocast block runs under `torch.no_grad()` or `torch.inference_mode()` (in the same
    `with` or one around it, in its function): a frozen feature extractor run in float16,
    whose outputs no backward reaches, so there is nothing for a scaler to scale."""
    qualify = model.facts.imports.qualify
    current: ast.AST | None = node
    while current is not None and not isinstance(current, (*FUNCTIONS, ast.ClassDef, ast.Module)):
        if isinstance(current, WITHS):
            for item in current.items:
                expr = item.context_expr
                called = expr.func if isinstance(expr, ast.Call) else expr
                name = qualify(_dotted(called)) or ""
                if name in _NO_GRAD:
                    return True
        current = model.source.owner_of(current)  # type: ignore[arg-type]
    if isinstance(current, FUNCTIONS):
        for decorator in current.decorator_list:
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            if (qualify(_dotted(called)) or "") in _NO_GRAD:
                return True
    return False


def _calls_only_no_grad_helpers(node: ast.stmt, model: ModuleModel) -> bool:
    """Every statement of the autocast block calls a function of the module decorated with
    `@torch.no_grad()` (or `@torch.inference_mode()`) and does nothing else with what it
    computes (`with torch.cuda.amp.autocast(): result = evaluate(model, loader)` between two
    epochs of training): the forward it runs in float16 records no graph, so no gradient is
    computed in float16."""
    qualify = model.facts.imports.qualify
    body = getattr(node, "body", [])
    for stmt in body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            value = stmt.value
        elif isinstance(stmt, ast.Expr):
            value = stmt.value
        else:
            return False
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            return False
        info = model.facts.module_functions.get(value.func.id)
        if info is None or info.class_name is not None:
            return False
        decorators = [d.func if isinstance(d, ast.Call) else d for d in info.node.decorator_list]
        if not any((qualify(_dotted(d)) or "") in _NO_GRAD for d in decorators):
            return False
    return bool(body)


_PARAMETERS = lazily(r"param|weight|\.parameters\(", re.I)
_TO_NUMBER = {"item", "detach", "tolist", "cpu", "numpy"}


def _feeds_only_input_gradients(node: ast.stmt, loop: TrainingLoop, model: ModuleModel) -> bool:
    """What the autocast block computes is read only by `torch.autograd.grad(...)` (an
    adversarial attack's forward in float16, its loss differentiated with respect to the input):
    no backward of the iteration runs in it or reaches what it binds, so no parameter gradient
    is computed in float16."""
    first, last = node.lineno, node.end_lineno or node.lineno
    if any(e.kind is EventKind.BACKWARD and first <= e.statement.lineno <= last for e in loop.events):
        return False
    bound = {
        n.id
        for sub in ast_walk(node)
        if isinstance(sub, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.NamedExpr))
        for n in ast_walk(sub.targets[0] if isinstance(sub, ast.Assign) and len(sub.targets) == 1 else getattr(sub, "target", sub))
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    if not bound or any(isinstance(sub, ast.Assign) and len(sub.targets) != 1 for sub in ast_walk(node)):
        return False
    qualify = model.facts.imports.qualify
    inside = {id(n) for n in ast_walk(node)}
    differentiated: set[int] = set()  # names read by `torch.autograd.grad(...)` for an input's gradient
    for sub in ast_walk(loop.node):
        if isinstance(sub, ast.Call) and (qualify(_dotted(sub.func)) or "") in ("torch.autograd.grad", "autograd.grad"):
            inputs = sub.args[1] if len(sub.args) > 1 else keyword(sub, "inputs").value if keyword(sub, "inputs") else None
            created = keyword(sub, "create_graph")
            text = model.source.code(inputs) if inputs is not None else ""
            if inputs is None or _PARAMETERS.search(text) or (created is not None and not is_false(created.value)):
                return False  # parameter gradients (a MAML inner step): computed in float16
            differentiated.update(id(n) for n in ast_walk(sub))
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in _TO_NUMBER:
            differentiated.add(id(sub.func.value))  # `adv_loss.item()`: logged, no gradient
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "float" and sub.args:
            differentiated.add(id(sub.args[0]))
    if not differentiated:
        return False
    reads = [
        sub for sub in ast_walk(loop.node)
        if isinstance(sub, ast.Name) and sub.id in bound and isinstance(sub.ctx, ast.Load) and id(sub) not in inside
    ]  # fmt: skip
    return bool(reads) and all(id(sub) in differentiated for sub in reads)


def _binds_only_numbers(node: ast.stmt, loop: TrainingLoop) -> bool:
    """The autocast block runs no backward and binds nothing but plain numbers (`acc = (...).
    float().mean().item()` for a log) or detached tensors (a frozen teacher's targets,
    `t = teacher(x).detach().float()`): no graph leaves it, so no gradient is computed in
    float16."""
    first, last = node.lineno, node.end_lineno or node.lineno
    if any(e.kind is EventKind.BACKWARD and first <= e.statement.lineno <= last for e in loop.events):
        return False
    body = getattr(node, "body", [])
    bound = False
    for stmt in body:
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            if not _a_number(stmt.value) and not _detached(stmt.value):
                return False
            bound = True
        elif not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "print"):
            return False
    return bound


_KEEPS_DETACHED = {"float", "half", "double", "to", "view", "reshape", "contiguous", "clone", "cpu", "cuda", "squeeze", "unsqueeze", "flatten"}


def _detached(value: ast.expr | None) -> bool:
    """`x.detach()`, also followed by casts and reshapes (`teacher(x).detach().float()`)."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        if value.func.attr == "detach" and not value.args and not value.keywords:
            return True
        if value.func.attr not in _KEEPS_DETACHED:
            return False
        value = value.func.value
    return False


def _a_number(value: ast.expr | None) -> bool:
    """`x.item()`, `x.tolist()`, `float(x)`, `int(x)`; an index tensor (`out.argmax(1)`, also
    moved or cast: `.cpu()`), which holds no graph; a comprehension of those (`[... .item() for x,
    y in val_loader]`) and `sum`, `max`, `min` or `len` of one."""
    if isinstance(value, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        return _a_number(value.elt)
    if not isinstance(value, ast.Call):
        return False
    if isinstance(value.func, ast.Attribute):
        if value.func.attr in ("item", "tolist") and not value.args:
            return True
        while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _KEEPS_DETACHED:
            value = value.func.value
        return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in ("argmax", "argmin", "argsort")
    if not isinstance(value.func, ast.Name) or len(value.args) != 1:
        return False
    if value.func.id in ("float", "int"):
        return True
    return value.func.id in ("sum", "max", "min", "len") and (value.func.id == "len" or _a_number(value.args[0]))


def _enclosing_withs(loop: TrainingLoop, model: ModuleModel) -> list[ast.stmt]:
    """The `with` statements around the loop in its own function (or at module level):
    `with torch.cuda.amp.autocast():` written once around the whole epoch loop runs every
    forward of it in float16 as well."""
    found: list[ast.stmt] = []
    node: ast.AST | None = loop.node
    while node is not None and not isinstance(node, (*FUNCTIONS, ast.ClassDef, ast.Module)):
        node = model.source.owner_of(node)  # type: ignore[arg-type]
        if isinstance(node, WITHS):
            found.append(node)
    return found
