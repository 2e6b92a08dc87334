"""What a step function reads out of the state dict its callers hand it: `opt = state["opt"]`
in a stage of a pipeline (`for fn in (train_batch, record): state = fn(state)`), the dict
built before the loop (`state = {"model": model, "opt": opt}`).

Exact or nothing: the entry is read as the caller's object only when every call of the step
function is a call of the module's loops handing in a name of the caller, that name's entry
written exactly once in the caller (a dict literal bound to it, `state["opt"] = ...` or
`state.update(opt=...)`), outside every loop around the call, and the module writes that key
nowhere else (no other literal, store, `update`, `pop`, `setdefault` or `del` of it): the
entry then holds one object at every call. Anything else is None (read as before: a new
object at each call).
"""

from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.names import method_name
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from gradfix.analysis.loops import ModuleModel

_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def read_entry(value: ast.AST) -> tuple[str, str] | None:
    """`state["opt"]`: ("state", "opt"); None for anything else."""
    if value.__class__ is not ast.Subscript:
        return None
    holder, key = value.value, value.slice  # type: ignore[attr-defined]
    if holder.__class__ is not ast.Name or key.__class__ is not ast.Constant or not isinstance(key.value, str):
        return None
    return holder.id, key.value


def lasting_entry(
    function: ast.AST, param: str, key: str, model: ModuleModel, per_pass: bool = False, sites: list[ast.Call] | None = None
) -> ast.expr | None:
    """The value written into the entry `key` of the dict every caller of the step function
    `function` hands it as `param`, when that entry holds one object at every call (see the
    module's docstring); with `per_pass`, one object over the passes of the innermost loop
    that calls it (written in an epoch loop around the batch loop: `state.update(losses=
    losses)`); `sites`: the calls to read instead of the step function's call sites (a stage of a
    pipeline the loop's walk followed); None otherwise."""
    if sites is None:
        found_sites = model.step_call_sites.get(id(function)) if model.step_call_sites else None
        sites = [call for call, _loop in found_sites] if found_sites else None
    if not sites or function.__class__ is not ast.FunctionDef:
        return None
    arguments = function.args  # type: ignore[attr-defined]
    params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if param not in params or any(
        n.__class__ is ast.Name and n.id == param and n.ctx.__class__ is not ast.Load for n in ast_walk(function)
    ):
        return None  # (a keyword-only or rebound parameter: not read)
    index = params.index(param)
    source = model.source
    found: tuple[ast.AST, ast.expr] | None = None
    for call in sites:
        given = call.args[index] if index < len(call.args) and not any(a.__class__ is ast.Starred for a in call.args[: index + 1]) else None
        if given is None:
            given = next((k.value for k in call.keywords if k.arg == param), None)
        if given is None or given.__class__ is not ast.Name:
            return None
        written = _written_once(given.id, key, call, source, per_pass)
        if written is None or (found is not None and found[0] is not written[0]):
            return None
        found = written
    if found is None or not _key_written_only_at(key, found[0], source):
        return None
    return found[1]


def caller_function(call: ast.AST, source) -> ast.AST | None:  # type: ignore[no-untyped-def]
    """The innermost function whose code holds `call`."""
    caller = None
    for function in (*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef)):
        if _holds(function, call) and (caller is None or _holds(caller, function)):
            caller = function
    return caller


def named_the_same(name: str, caller: ast.AST, before: ast.AST) -> bool:
    """`name` is bound in `caller` at most once, outside every loop and before `before` (or is
    its parameter, never bound): wherever the caller reads it after `before`, it names the
    object it named there."""
    stores = [n for n in ast_walk(caller) if n.__class__ is ast.Name and n.id == name and n.ctx.__class__ is not ast.Load]  # type: ignore[attr-defined]
    if any(n.__class__ in (ast.Global, ast.Nonlocal) and name in n.names for n in ast_walk(caller)):  # type: ignore[attr-defined]
        return False
    if not stores:
        arguments = caller.args  # type: ignore[attr-defined]
        return any(a.arg == name for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs))
    if len(stores) != 1 or (stores[0].lineno, stores[0].col_offset) >= (before.lineno, before.col_offset):  # type: ignore[attr-defined]
        return False
    return not any(n.__class__ in _LOOPS and _holds(n, stores[0]) for n in ast_walk(caller))


def _holds(outer: ast.AST, inner: ast.AST) -> bool:
    """`inner` is written within `outer` (by position)."""
    return (outer.lineno, outer.col_offset) <= (inner.lineno, inner.col_offset) and (  # type: ignore[attr-defined]
        (inner.end_lineno, inner.end_col_offset) <= (outer.end_lineno, outer.end_col_offset)  # type: ignore[attr-defined]
    )


def _written_once(name: str, key: str, call: ast.Call, source, per_pass: bool) -> tuple[ast.AST, ast.expr] | None:  # type: ignore[no-untyped-def]
    """The one write of `name[key]` in the function around `call` (the node that writes it and
    the value), outside every loop around the call (`per_pass`: outside the innermost one that
    repeats the call, the variable of a `for` over stages aside), `name` rebound only by that
    write or by a call handing `name` itself on (`state = fn(state)`)."""
    caller = caller_function(call, source)
    if caller is None:
        return None
    loops = [n for n in ast_walk(caller) if n.__class__ in _LOOPS and _holds(n, call)]
    if per_pass:
        # (`ast_walk` is breadth first: the innermost loop last; `for fn in (a, b): fn(state)`
        # runs each stage once a pass of the loop around it)
        stages = call.func.id if call.func.__class__ is ast.Name else None  # type: ignore[attr-defined]
        repeating = [n for n in loops if not (n.__class__ is ast.For and n.target.__class__ is ast.Name and n.target.id == stages)]  # type: ignore[attr-defined]
        loops = repeating[-1:]
    writes: list[tuple[ast.AST, ast.expr]] = []
    for node in ast_walk(caller):
        shape = node.__class__
        if shape in (ast.Assign, ast.AnnAssign, ast.AugAssign):
            targets = node.targets if shape is ast.Assign else [node.target]  # type: ignore[attr-defined]
            for target in targets:
                if target.__class__ is ast.Name and target.id == name:
                    value = node.value  # type: ignore[attr-defined]
                    if shape is not ast.Assign or len(targets) != 1:
                        return None
                    if value.__class__ is ast.Dict:
                        if None in value.keys:  # type: ignore[attr-defined]
                            return None  # `{**other, ...}`
                        for k, v in zip(value.keys, value.values):  # type: ignore[attr-defined]
                            if k.__class__ is ast.Constant and k.value == key:
                                writes.append((node, v))
                    elif value.__class__ is ast.Call and value.func.__class__ is ast.Name and value.func.id == "dict" and not value.args:  # type: ignore[attr-defined]
                        for keyword in value.keywords:  # type: ignore[attr-defined]
                            if keyword.arg is None:
                                return None  # `dict(**other)`
                            if keyword.arg == key:
                                writes.append((node, keyword.value))
                    elif not (
                        value.__class__ is ast.Call
                        and any(a.__class__ is ast.Name and a.id == name for a in value.args)
                    ):
                        return None  # bound to something else: another dict may hold another entry
                elif target.__class__ is ast.Subscript and read_entry(target) == (name, key):
                    if shape is not ast.Assign:
                        return None
                    writes.append((node, node.value))  # type: ignore[attr-defined]
                elif target.__class__ is ast.Tuple and all(
                    element.__class__ is not ast.Name and (read_entry(element) is None or read_entry(element)[1] != key)  # type: ignore[index]
                    for element in target.elts  # type: ignore[attr-defined]
                    if any(n.__class__ is ast.Name and n.id == name for n in ast_walk(element))
                ) and all(
                    read_entry(element) is not None
                    for element in target.elts  # type: ignore[attr-defined]
                    if any(n.__class__ is ast.Name and n.id == name for n in ast_walk(element))
                ):
                    continue  # `state["x"], state["y"] = x, y`: other entries
                elif any(n.__class__ is ast.Name and n.id == name for n in ast_walk(target)):
                    return None  # `state[k] = ...`, `state, x = ...`: not read
        elif shape is ast.Call and method_name(node) in ("update", "setdefault", "pop", "clear", "popitem"):
            holder = node.func.value  # type: ignore[attr-defined]
            if holder.__class__ is not ast.Name or holder.id != name:
                continue
            if method_name(node) != "update" or node.args:  # type: ignore[attr-defined]
                return None
            for keyword in node.keywords:  # type: ignore[attr-defined]
                if keyword.arg is None:
                    return None  # `state.update(**other)`
                if keyword.arg == key:
                    writes.append((node, keyword.value))
        elif shape is ast.Delete or shape in (ast.NamedExpr, ast.Global, ast.Nonlocal):
            if any(n.__class__ is ast.Name and n.id == name for n in ast_walk(node)):
                return None
        elif shape in _FUNCTIONS and node is not caller:
            if any(n.__class__ is ast.Name and n.id == name for n in ast_walk(node)):
                return None  # a nested function reading or writing it
    if len(writes) != 1:
        return None
    write = writes[0]
    statement = write[0]
    if any(_holds(loop, statement) for loop in loops):
        return None  # written again on every pass of a loop around the call
    if (statement.lineno, statement.col_offset) >= (call.lineno, call.col_offset):  # type: ignore[attr-defined]
        return None
    return write


def _key_written_only_at(key: str, write: ast.AST, source) -> bool:  # type: ignore[no-untyped-def]
    """The module names `key` as a string only to read it (`x["opt"]`) or in `write`; and as a
    keyword of `update(...)`/`dict(...)` only in `write`."""
    inside = {id(n) for n in ast_walk(write)}
    for node in source.of_type(ast.Subscript):
        if node.ctx.__class__ is ast.Load:  # type: ignore[attr-defined]
            inside.add(id(node.slice))  # type: ignore[attr-defined]
    for node in source.of_type(ast.Call):
        if method_name(node) == "get" and node.args:  # type: ignore[attr-defined]
            inside.add(id(node.args[0]))  # type: ignore[attr-defined]
        elif method_name(node) == "update" or (node.func.__class__ is ast.Name and node.func.id == "dict"):  # type: ignore[attr-defined]
            if any(k.arg == key and id(k) not in inside for k in node.keywords):  # type: ignore[attr-defined]
                return False
    return not any(node.value == key and id(node) not in inside for node in source.of_type(ast.Constant))  # type: ignore[attr-defined]


def handed_entries(function: ast.AST, model: ModuleModel) -> dict[str, ast.expr]:
    """Names the step function binds once, at the top of its body, to an entry of a dict its
    callers hand it that holds one object over the passes of the loop calling it
    (`epoch_losses = state["epoch_losses"]`), each with the value written into the entry:
    they outlive each call, as a parameter does."""
    if model.step_call_sites is None or id(function) not in model.step_call_sites:
        return {}
    found: dict[str, ast.expr] = {}
    for stmt in function.body:  # type: ignore[attr-defined]
        if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or stmt.targets[0].__class__ is not ast.Name:  # type: ignore[attr-defined]
            continue
        entry = read_entry(stmt.value)  # type: ignore[attr-defined]
        if entry is None:
            continue
        local = stmt.targets[0].id  # type: ignore[attr-defined]
        if sum(1 for n in ast_walk(function) if n.__class__ is ast.Name and n.id == local and n.ctx.__class__ is not ast.Load) != 1:
            continue
        value = lasting_entry(function, entry[0], entry[1], model, per_pass=True)
        if value is not None:
            found[local] = value
    return found
