"""Ways of writing a known call or object, made plain in the tree gradfix reads.

- **A dispatch dict whose entries are all one function**: `{"plain": step}[mode](x, y, i)` (or
  `{"a": step, "b": step}[key](...)`) calls `step` or raises (`KeyError`): it is read as
  `step(x, y, i)`. Only a dict literal written right there, every key given (no `**`), every
  value the same plain name; the subscript not a slice. The name gets the position of the
  dict's first entry (so its text is the name), the call keeps its own. A dict of different
  functions is left as written (which one runs is not known).
- **`**extras` in a `functools.partial(f, ...)` whose keys are known**: the name `extras`
  bound once in the scope around the partial (its function, or the module's top level) to
  - a dict literal of string keys whose values are constants, or names the scope binds at
    most once (a parameter, or one assignment written before the dict's), none of them
    written explicitly in the partial too: read as those keywords (`partial(f, model=m,
    **extras)` with `extras = {"scheduler": sched}` is `partial(f, model=m,
    scheduler=sched)`);
  - `{k: v for k, v in locals().items() if k in ("scheduler", "scaler")}` where the scope
    never names any of those names (no variable of it, a parameter, a definition, an import,
    a `global`/`nonlocal`, or a name it reads from an enclosing scope, which `locals()` would
    also hold): the dict is empty, and `**extras` hands nothing.
  Anything else is left as written (an unknown `**` may bind any parameter: the analysis stays
  cautious there).

- **A function that only hands its arguments on to `.backward`**: `def _backward(t, *args,
  **kwargs): t.backward(*args, **kwargs)` (its one statement, a docstring aside; also `return
  ...`, and with only one of the two spreads), the module's only binding of its name (nothing
  else defines, assigns, imports or takes it as a parameter), not a method, no decorator, its one
  plain parameter the receiver: a call `_backward(loss, retain_graph=True)` (no `*` or `**` of
  its own) runs `loss.backward(retain_graph=True)` and is read so (`_forwarded_backward`). The
  attribute made gets the position of the receiver's text and is marked `forwarded` (a fix
  that parenthesizes a receiver, `(loss / N).backward()`, edits an argument there); the call
  keeps its own position and its arguments.

- **A module-level dict used as a namespace of globals** (`STATE = {}`, `STATE["opt"] =
  SGD(...)` written once at the top level, read as `STATE["opt"]`): each entry is read as a
  global bound once, a name whose text is the subscript's (`_namespace_dicts`).

- **`obj += value` on an object whose class's `__iadd__` hands back `self`**: a class of the
  module's top level (no base but `object`, no class of the module deriving from it) whose
  `__iadd__(self, value)` ends every path in `return self` (every `return` of its own body says
  `return self`, and its last statement is one): `trainer += (epoch, i, x, y)` calls
  `trainer.__iadd__((epoch, i, x, y))` and binds `trainer` to the same object again, so the
  statement is read as that call (`_inplace_add_calls`), when `trainer` is bound in the module
  only by one plain `trainer = Trainer(...)` of that class and by such `+=` statements. The
  call gets the statement's position, its receiver the target's.

- **A call statement of a `functools.singledispatch` function**: `@singledispatch def
  handle(ev, st)` of the module's top level (bound nowhere else), each implementation a
  top-level `@handle.register` def whose first parameter is annotated with a class of the
  module's top level (or `@handle.register(Cls)`), those classes with no base but `object`
  and derived by no class of the module, nothing else naming `handle.register`: the statement
  `handle(ev, st)` (its first argument a name, no `*`/`**`) runs the one implementation whose
  class `ev` is an instance of, else `handle` itself, and is read as `if isinstance(ev,
  Begin): handle__Begin(ev, st) elif ...: ... else: handle(ev, st)`, each implementation
  renamed `<dispatcher>__<Class>` (the registered defs are often all named `_`;
  `_dispatched_calls`). The tree records the dispatcher's implementations
  (`_gradfix_dispatchers`) so that a loop calling the dispatcher calls what they call. The
  nodes made get the statement's position.

- **A call of an `operator.methodcaller` bound once at the top level**: `CLEAR =
  operator.methodcaller("zero_grad", set_to_none=True)` (or `methodcaller(...)` after `from
  operator import methodcaller`), its method name a string literal, its other arguments
  literals, the name bound nowhere else in the module: `CLEAR(opt)` (one plain argument, no
  keyword) calls `opt.zero_grad(set_to_none=True)` and is read so (`_method_callers`). The call
  node keeps its position; the attribute made gets the receiver's and is marked `made` (a fix
  that edits the call's own text, GF007's `set_to_none=True`, leaves it alone); the tree
  records the methods so called (`_gradfix_method_callers`: a text test for `step(` asks it).

- **A method called on an entry of a module dict of instances**: `PHASES = {"fit": Fit(),
  "probe": Probe()}` at the top level (two entries or more, string keys, each value a call of a
  class of the module's top level) is read as `PHASES__0 = Fit()`, `PHASES__1 = Probe()`,
  `PHASES = {"fit": PHASES__0, "probe": PHASES__1}` (the same objects, built in the same
  order), and a call statement `phase.batch(ctx, x)` in a function, `phase` a name some
  statement binds to `PHASES[...]` (also annotated), as `if phase is PHASES__0:
  PHASES__0.batch(ctx, x) elif phase is PHASES__1: PHASES__1.batch(ctx, x) else:
  phase.batch(ctx, x)` (`_chosen_instance_calls`): each arm calls the method of one object of a
  known class; the last arm is the call as written. The names made are new to the module; the
  nodes made get the entry's (or the statement's) position.

All are exact rewrites of what the code does when it runs. Nothing is reported or fixed on the
nodes made here: they keep the positions of text that says the same.
"""

from __future__ import annotations

from gradfix import syntax as ast
from gradfix.patterns import lazily
from gradfix.walk import ast_walk

def _place(node: ast.AST, at: ast.AST) -> None:
    """`node` given the position of `at` (`ast.copy_location` without importing `ast`)."""
    node.lineno, node.col_offset = at.lineno, at.col_offset  # type: ignore[attr-defined]
    node.end_lineno, node.end_col_offset = at.end_lineno, at.end_col_offset  # type: ignore[attr-defined]


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def plain_call_forms(tree: ast.Module, text: str) -> None:
    """Rewrite the forms read when the tree is built (in place): a partial's `**` and a
    module's namespace dicts, each looked for cheaply first (the word `partial`, then a
    pattern, before any walk; the module's top-level statements before the text). A dispatch
    dict is read by the loop model where it meets a call of one (`dispatch_target`)."""
    if "partial" in text and "**" in text and _spread_of_a_dict(text):
        _scope(tree, False, True)
    for statement in tree.body:
        if statement.__class__ is ast.Assign and _empty_dict(statement.value):  # type: ignore[attr-defined]
            _namespace_dicts(tree, text)
            break
    if ".backward(*" in text and any(m.group(1) != "self" and m.group(1) + ".backward(*" in text for m in _FORWARDER.finditer(text)):
        _forwarded_backward(tree)
    adders = _self_returning_iadd(tree)
    if adders:
        _inplace_add_calls(tree, adders)
    dispatchers = [s for s in tree.body if s.__class__ is ast.FunctionDef and s.decorator_list and _single_dispatch(s)]  # type: ignore[attr-defined]
    if dispatchers:
        _dispatched_calls(tree, dispatchers)  # type: ignore[arg-type]
    if "methodcaller(" in text:
        _method_callers(tree)
    instance_dicts = _instance_dicts(tree)
    if instance_dicts:
        _chosen_instance_calls(tree, instance_dicts)


# `def _backward(t, *args, **kwargs):` / `def bw(loss, **kw):`: one plain parameter, then a spread
# (group 1 the parameter; the text must also say `t.backward(*`)
_FORWARDER = lazily(r"def\s+\w+\(\s*(\w+)\s*,\s*\*")


def _backward_forwarder(node: ast.FunctionDef) -> bool:
    """`def f(t, *args, **kwargs): t.backward(*args, **kwargs)` (see the module's docstring)."""
    args = node.args
    if node.decorator_list or args.posonlyargs or args.kwonlyargs or args.defaults or len(args.args) != 1:
        return False
    if args.vararg is None and args.kwarg is None:
        return False
    body = [stmt for stmt in node.body if not (stmt.__class__ is ast.Expr and stmt.value.__class__ is ast.Constant)]  # type: ignore[attr-defined]
    if len(body) != 1 or body[0].__class__ not in (ast.Expr, ast.Return):
        return False
    call = body[0].value  # type: ignore[attr-defined]
    if call.__class__ is not ast.Call or call.func.__class__ is not ast.Attribute or call.func.attr != "backward":
        return False
    recv = call.func.value
    if recv.__class__ is not ast.Name or recv.id != args.args[0].arg:
        return False
    spread = [a.value.id if a.__class__ is ast.Starred and a.value.__class__ is ast.Name else None for a in call.args]
    keywords = [k.value.id if k.arg is None and k.value.__class__ is ast.Name else None for k in call.keywords]
    return spread == ([args.vararg.arg] if args.vararg else []) and keywords == ([args.kwarg.arg] if args.kwarg else [])


def _forwarded_backward(tree: ast.Module) -> None:
    """Read `f(loss, ...)` as `loss.backward(...)` for a forwarder `f` (module docstring)."""
    forwarders: dict[str, int] = {}
    bindings: dict[str, int] = {}
    methods: set[int] = set()
    nodes = list(ast_walk(tree))
    for node in nodes:
        cls = node.__class__
        if cls is ast.ClassDef:
            methods.update(id(stmt) for stmt in node.body)  # type: ignore[attr-defined]
            bindings[node.name] = bindings.get(node.name, 0) + 1  # type: ignore[attr-defined]
        elif cls is ast.FunctionDef or cls is ast.AsyncFunctionDef:
            bindings[node.name] = bindings.get(node.name, 0) + 1  # type: ignore[attr-defined]
            if cls is ast.FunctionDef and _backward_forwarder(node):  # type: ignore[arg-type]
                forwarders[node.name] = id(node)  # type: ignore[attr-defined]
    if not forwarders:
        return
    for node in nodes:
        cls = node.__class__
        if cls is ast.Name and node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
            bindings[node.id] = bindings.get(node.id, 0) + 1  # type: ignore[attr-defined]
        elif cls in _OTHER_BINDINGS and not _counted_binding(node, cls, bindings):
            return  # (a star import may bind any name)
    names = {name for name, at in forwarders.items() if bindings.get(name) == 1 and at not in methods}
    if not names:
        return
    for node in nodes:
        if node.__class__ is not ast.Call or node.func.__class__ is not ast.Name or node.func.id not in names:  # type: ignore[attr-defined]
            continue
        args = node.args  # type: ignore[attr-defined]
        if not args or any(a.__class__ is ast.Starred for a in args) or any(k.arg is None for k in node.keywords):  # type: ignore[attr-defined]
            continue
        recv = args[0]
        func = ast.Attribute(value=recv, attr="backward", ctx=ast.Load())
        _place(func, recv)
        func.forwarded = True  # type: ignore[attr-defined]  (a fix edits the receiver as an argument)
        node.func = func  # type: ignore[attr-defined]
        node.args = args[1:]  # type: ignore[attr-defined]


def _empty_dict(value: ast.expr) -> bool:
    """`{}` or `dict()`."""
    if value.__class__ is ast.Dict:
        return not value.keys  # type: ignore[attr-defined]
    return (
        value.__class__ is ast.Call and value.func.__class__ is ast.Name and value.func.id == "dict"  # type: ignore[attr-defined]
        and not value.args and not value.keywords  # type: ignore[attr-defined]
    )  # fmt: skip


# `partial(train_step, model=model, **extras)`: a `**` in a partial's parentheses (none nested
# before it); group 1 the function, group 2 the name spread
_SPREAD = lazily(r"partial\(\s*([A-Za-z_]\w*)\s*,[^()]*\*\*\s*([A-Za-z_]\w*)")


def _spread_of_a_dict(text: str) -> bool:
    """Some partial of a function the text defines spreads a name that a line of the text
    binds to a dict literal or comprehension (`extras = {...}`)."""
    for match in _SPREAD.finditer(text):
        if "def " + match.group(1) + "(" not in text:
            continue  # (a class, a parameter: no function of the module, no step function)
        name = match.group(2)
        at = text.find("\n")
        while at != -1:
            at = text.find(name, at)
            if at == -1:
                break
            rest = text[at + len(name) : at + len(name) + 12].lstrip(" \t")
            before = text[text.rfind("\n", 0, at) + 1 : at]
            if not before.strip() and rest.startswith("=") and rest[1:].lstrip(" \t").startswith("{"):
                if not rest[1:].lstrip(" \t")[1:].lstrip(" \t").startswith("}"):
                    return True  # (not `extras = {}`: an empty dict spread is filled later, if at all)
            at += len(name)
    return False


def _namespace_dicts(tree: ast.Module, text: str) -> None:
    """A module-level dict used as a namespace of globals: `STATE = {}` bound once at the
    module's top level, its entries written only by top-level statements `STATE["opt"] =
    value`, each string key once, and the name used nowhere else but as `STATE["key"]` of a
    key so written (never passed, updated, deleted from, rebound, shadowed by a parameter or a
    local). Each `STATE["key"]` is then a module global bound once: it is read as a name whose
    text is the subscript's (`STATE["opt"]`, a valid expression where a fix writes it)."""
    candidates: dict[str, ast.Assign] = {}
    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
            and (
                isinstance(statement.value, ast.Dict) and not statement.value.keys
                or isinstance(statement.value, ast.Call) and isinstance(statement.value.func, ast.Name)
                and statement.value.func.id == "dict" and not statement.value.args and not statement.value.keywords
            )
        ):  # fmt: skip
            name = statement.targets[0].id
            if ("\n" + name + '["' in text or "\n" + name + "['" in text):
                candidates[name] = statement  # (an entry written at the start of a line: the module's top level)
    if not candidates:
        return
    writes: dict[str, dict[str, int]] = {name: {} for name in candidates}
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            key = _constant_entry(target, candidates)
            if key is not None:
                entries = writes[target.value.id]  # type: ignore[attr-defined]
                entries[key] = entries.get(key, 0) + 1
    subscripts: dict[str, list[ast.Subscript]] = {name: [] for name in candidates}
    uses: dict[str, int] = {name: 0 for name in candidates}
    for node in ast_walk(tree):
        kind = node.__class__
        if kind is ast.Subscript:
            value = node.value  # type: ignore[attr-defined]
            if value.__class__ is ast.Name and value.id in candidates:
                subscripts[value.id].append(node)  # type: ignore[arg-type]
        elif kind is ast.Name:
            if node.id in uses:  # type: ignore[attr-defined]
                uses[node.id] += 1  # type: ignore[attr-defined]
        elif kind is ast.arg:
            if node.arg in uses:  # type: ignore[attr-defined]
                uses[node.arg] += 1_000  # type: ignore[attr-defined]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name in uses:
                uses[node.name] += 1_000
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                if bound in uses:
                    uses[bound] += 1_000
    top_writes = {
        id(statement.targets[0]) for statement in tree.body
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and _constant_entry(statement.targets[0], candidates) is not None
    }  # fmt: skip
    for name, found in subscripts.items():
        entries = writes[name]
        # every use of the name: the binding, or the value of one of these subscripts
        if uses[name] != 1 + len(found) or not entries or any(count != 1 for count in entries.values()):
            continue
        keys: list[str] = []
        for sub in found:
            key = _constant_entry(sub, candidates)
            if key is None or key not in entries or (not isinstance(sub.ctx, ast.Load) and id(sub) not in top_writes):
                break
            if sub.lineno != sub.end_lineno:  # type: ignore[attr-defined]
                break
            keys.append(key)
        else:
            lines = _LINES.split(text)
            for sub in found:
                _as_name(sub, lines)


_LINES = lazily(r"\r\n|\r|\n")


def _constant_entry(node: ast.AST, candidates: dict[str, ast.Assign]) -> str | None:
    """`NAME["key"]` of a candidate dict: "key"."""
    if node.__class__ is not ast.Subscript:
        return None
    value, index = node.value, node.slice  # type: ignore[attr-defined]
    if value.__class__ is ast.Name and value.id in candidates and index.__class__ is ast.Constant and isinstance(index.value, str):
        return index.value  # type: ignore[no-any-return]
    return None


def _as_name(sub: ast.Subscript, lines: list[str]) -> None:
    """Turn the subscript node (on one line) into a name, in place (its parent keeps the same
    object): the name's text is the subscript's, as written, without spaces."""
    line = lines[sub.lineno - 1].encode()  # type: ignore[attr-defined]
    segment = line[sub.col_offset : sub.end_col_offset].decode().replace(" ", "")  # type: ignore[attr-defined]
    ctx = sub.ctx
    for field in sub._fields:
        if hasattr(sub, field):
            delattr(sub, field)
    sub.__class__ = ast.Name
    sub.id = segment  # type: ignore[attr-defined]
    sub.ctx = ctx


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of `scope` outside its nested functions, lambdas and classes (their
    definitions' names, decorators and defaults included; a nested scope's body left out)."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        found.append(node)
        if isinstance(node, _SCOPES):
            for part in (*getattr(node, "decorator_list", ()), *getattr(node, "bases", ())):
                todo.append(part)
            arguments = getattr(node, "args", None)
            if isinstance(arguments, ast.arguments):
                todo.extend(d for d in (*arguments.defaults, *arguments.kw_defaults) if d is not None)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def _scope(scope: ast.AST, dispatch: bool, spread: bool) -> None:
    nodes = _own_nodes(scope)
    partials: list[ast.Call] = []
    for node in nodes:
        if isinstance(node, ast.Call):
            if dispatch and isinstance(node.func, ast.Subscript):
                _dispatch(node)
            if spread and _spread_partial(node):
                partials.append(node)
    if partials:
        _expand(scope, nodes, partials)
    for node in nodes:
        if isinstance(node, _SCOPES):
            _scope(node, dispatch, spread)


def _dispatch(call: ast.Call) -> None:
    target = dispatch_target(call.func)  # type: ignore[arg-type]
    if target is not None:
        call.func = target


def dispatch_target(sub: ast.Subscript) -> ast.Name | None:
    """`{"plain": step}[mode]`: a dict literal every entry of which is the same plain name,
    looked up by any key (not a slice), every key given (no `**`): that name, placed at the
    dict's first entry. (The loop model reads a dispatch call so when it meets one.)"""
    table = sub.value
    if not isinstance(table, ast.Dict) or not table.values or isinstance(sub.slice, ast.Slice):
        return None
    if any(key is None for key in table.keys) or not all(isinstance(v, ast.Name) for v in table.values):
        return None
    names = {v.id for v in table.values}  # type: ignore[attr-defined]
    if len(names) != 1:
        return None
    first = table.values[0]
    func = ast.Name(first.id, ast.Load())  # type: ignore[attr-defined]
    _place(func, first)
    return func


def _spread_partial(call: ast.Call) -> bool:
    """`partial(f, ...)` / `functools.partial(f, ...)` with one `**name` and no starred argument."""
    func = call.func
    named = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    if named != "partial" or not call.args or not isinstance(call.args[0], ast.Name):
        return False
    if any(isinstance(a, ast.Starred) for a in call.args):
        return False
    spread = [kw for kw in call.keywords if kw.arg is None]
    return len(spread) == 1 and isinstance(spread[0].value, ast.Name)


def _expand(scope: ast.AST, nodes: list[ast.AST], partials: list[ast.Call]) -> None:
    stores: dict[str, int] = {}
    first_store: dict[str, int] = {}
    named: set[str] = set()
    values: dict[str, list[ast.Assign]] = {}
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        arguments = scope.args
        for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg):
            if arg is not None:
                stores[arg.arg] = stores.get(arg.arg, 0) + 1
                first_store.setdefault(arg.arg, 0)
                named.add(arg.arg)
    for node in nodes:
        if isinstance(node, ast.Name):
            named.add(node.id)
            if not isinstance(node.ctx, ast.Load):
                stores[node.id] = stores.get(node.id, 0) + 1
                first_store.setdefault(node.id, node.lineno)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            named.add(node.name)
            stores[node.name] = stores.get(node.name, 0) + 2
        elif isinstance(node, (ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bound = alias if isinstance(alias, str) else (alias.asname or alias.name.split(".")[0])
                named.add(bound)
                stores[bound] = stores.get(bound, 0) + 2
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values.setdefault(node.targets[0].id, []).append(node)
    # names a plain assignment of the function's own top level binds: its line, its end
    top: dict[str, int] = {}
    top_end: dict[str, int] = {}
    for statement in getattr(scope, "body", ()) if not isinstance(scope, ast.Lambda) else ():
        if isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if len(targets) == 1 and isinstance(targets[0], ast.Name) and statement.value is not None:
                top[targets[0].id] = targets[0].lineno
                top_end[targets[0].id] = statement.end_lineno  # type: ignore[assignment]
    for call in partials:
        spread = next(kw for kw in call.keywords if kw.arg is None)
        name = spread.value.id  # type: ignore[attr-defined]
        assigned = values.get(name)
        if stores.get(name) != 1 or not assigned or len(assigned) != 1:
            continue
        if not _only_spread(scope, name):
            continue  # (written into, handed on, read otherwise: its keys may change)
        given = {kw.arg for kw in call.keywords if kw.arg is not None}
        if isinstance(assigned[0].value, ast.DictComp) and assigned[0] not in getattr(scope, "body", ()):
            # `extras = {k: v ... locals() ...}` in a loop's body: the names plain assignments
            # written before it in that same block bind, each iteration, before the dict is built
            top, top_end = _bound_before_in_block(assigned[0], nodes, top, top_end)
        made = _keywords(assigned[0], given, stores, first_store, named, isinstance(scope, ast.Module), top, top_end)
        if made is None:
            continue
        at = call.keywords.index(spread)
        call.keywords[at : at + 1] = made


def _bound_before_in_block(
    assign: ast.Assign, nodes: list[ast.AST], top: dict[str, int], top_end: dict[str, int]
) -> tuple[dict[str, int], dict[str, int]]:
    """`top` and `top_end` with the names a plain one-name assignment binds before `assign` in
    the block (a statement's `body`, `orelse` or `finalbody`) that holds `assign`."""
    for node in nodes:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if block.__class__ is list and assign in block:
                top, top_end = dict(top), dict(top_end)
                for statement in block[: block.index(assign)]:
                    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
                        top[statement.targets[0].id] = statement.targets[0].lineno
                        top_end[statement.targets[0].id] = statement.end_lineno  # type: ignore[assignment]
                return top, top_end
    return top, top_end


def _only_spread(scope: ast.AST, name: str) -> bool:
    """Every use of `name` in the scope (nested ones included) is its one binding or a `**name`
    handed to a call: the dict is never written into after it is built."""
    spread: set[int] = set()
    found: list[ast.Name] = []
    for node in ast_walk(scope):
        kind = node.__class__
        if kind is ast.keyword and node.arg is None:  # type: ignore[attr-defined]
            spread.add(id(node.value))  # type: ignore[attr-defined]
        elif kind is ast.Name and node.id == name:  # type: ignore[attr-defined]
            found.append(node)  # type: ignore[arg-type]
    return all(not isinstance(n.ctx, ast.Load) or id(n) in spread for n in found)


def _keywords(
    assign: ast.Assign, given: set[str], stores: dict[str, int], first_store: dict[str, int], named: set[str], module: bool,
    top: dict[str, int], top_end: dict[str, int],
) -> list[ast.keyword] | None:
    value = assign.value
    if isinstance(value, ast.Dict):
        made: list[ast.keyword] = []
        for key, item in zip(value.keys, value.values):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.isidentifier()):
                return None
            if key.value in given or any(kw.arg == key.value for kw in made):
                return None
            if isinstance(item, ast.Name):
                if stores.get(item.id, 0) > 1 or first_store.get(item.id, assign.lineno) >= assign.lineno:
                    return None  # bound again, or only after the dict: another value at the partial
                copy = ast.Name(item.id, ast.Load())
            elif isinstance(item, ast.Constant):
                copy = ast.Constant(item.value)
            else:
                return None
            _place(copy, item)
            keyword = ast.keyword(key.value, copy)
            _place(keyword, key)
            keyword.end_lineno, keyword.end_col_offset = item.end_lineno, item.end_col_offset
            made.append(keyword)
        return made
    if isinstance(value, ast.DictComp) and not module:
        wanted = _locals_filter(value)
        if wanted is None or stores.get("locals"):
            return None
        made = []
        for name in sorted(wanted & named, key=lambda n: (first_store.get(n, 0), n)):
            # a parameter, or a name one statement of the function's own top level binds
            # before (the only binding of it): in `locals()` there, with that value
            if name in given or stores.get(name) != 1 or first_store.get(name) not in (0, top.get(name)):
                return None
            if first_store[name] and top_end[name] >= assign.lineno:
                return None
            keyword = ast.keyword(name, ast.Name(name, ast.Load()))
            _place(keyword, value)
            _place(keyword.value, value)
            made.append(keyword)
        return made
    return None


def _locals_filter(comp: ast.DictComp) -> set[str] | None:
    """`{k: v for k, v in locals().items() if k in ("a", "b")}`: {"a", "b"}."""
    if len(comp.generators) != 1:
        return None
    loop = comp.generators[0]
    target = loop.target
    if not (
        isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(isinstance(e, ast.Name) for e in target.elts)
        and isinstance(comp.key, ast.Name) and comp.key.id == target.elts[0].id  # type: ignore[attr-defined]
        and isinstance(comp.value, ast.Name) and comp.value.id == target.elts[1].id  # type: ignore[attr-defined]
        and not loop.is_async and len(loop.ifs) == 1
    ):  # fmt: skip
        return None
    it = loop.iter
    if not (
        isinstance(it, ast.Call) and not it.args and not it.keywords and isinstance(it.func, ast.Attribute)
        and it.func.attr == "items" and isinstance(it.func.value, ast.Call) and isinstance(it.func.value.func, ast.Name)
        and it.func.value.func.id == "locals" and not it.func.value.args and not it.func.value.keywords
    ):  # fmt: skip
        return None
    test = loop.ifs[0]
    if not (
        isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In)
        and isinstance(test.left, ast.Name) and test.left.id == comp.key.id
        and isinstance(test.comparators[0], (ast.Tuple, ast.List, ast.Set))
    ):  # fmt: skip
        return None
    found: set[str] = set()
    for element in test.comparators[0].elts:  # type: ignore[attr-defined]
        if not (isinstance(element, ast.Constant) and isinstance(element.value, str)):
            return None
        found.add(element.value)
    return found


def _self_returning_iadd(tree: ast.Module) -> set[str]:
    """The classes of the module's top level whose `__iadd__` hands back `self` (module
    docstring); read from the top-level statements and the class bodies only."""
    found: set[str] = set()
    bases: set[str] = set()
    for statement in tree.body:
        if statement.__class__ is not ast.ClassDef:
            continue
        for base in statement.bases:  # type: ignore[attr-defined]
            if base.__class__ is ast.Name:
                bases.add(base.id)  # type: ignore[attr-defined]
        if statement.keywords or statement.decorator_list or any(  # type: ignore[attr-defined]
            base.__class__ is not ast.Name or base.id != "object" for base in statement.bases  # type: ignore[attr-defined]
        ):
            continue
        methods = [s for s in statement.body if s.__class__ is ast.FunctionDef and s.name == "__iadd__"]  # type: ignore[attr-defined]
        if len(methods) == 1 and _returns_self(methods[0]):  # type: ignore[arg-type]
            found.add(statement.name)  # type: ignore[attr-defined]
    return found - bases


def _returns_self(node: ast.FunctionDef) -> bool:
    """`def __iadd__(self, value):` whose last statement and every `return` of its own body
    (not of a nested function) is `return self`; no decorator, two plain parameters."""
    args = node.args
    if node.decorator_list or args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg or len(args.args) != 2:
        return False
    me = args.args[0].arg
    last = node.body[-1]
    if last.__class__ is not ast.Return or last.value.__class__ is not ast.Name or last.value.id != me:  # type: ignore[attr-defined]
        return False
    stack = list(node.body)
    while stack:
        sub = stack.pop()
        cls = sub.__class__
        if cls is ast.FunctionDef or cls is ast.AsyncFunctionDef or cls is ast.Lambda or cls is ast.ClassDef:
            continue
        if cls is ast.Return and (sub.value.__class__ is not ast.Name or sub.value.id != me):  # type: ignore[attr-defined]
            return False
        if cls is ast.Yield or cls is ast.YieldFrom or cls is ast.Await:
            return False
        stack.extend(ast.iter_child_nodes(sub))
    return True


def _inplace_add_calls(tree: ast.Module, classes: set[str]) -> None:
    """Read `obj += value` as `obj.__iadd__(value)` (module docstring)."""
    built: dict[str, int] = {}  # name -> its `name = Cls(...)` bindings of a class in `classes`
    added: dict[str, int] = {}  # name -> its `name += ...` statements
    other: set[str] = set()  # names bound any other way
    holders: list[tuple[ast.AST, str]] = []
    counted: set[int] = set()  # the targets of those two forms (walked after their statements)
    for node in ast_walk(tree):
        cls = node.__class__
        if cls is ast.Assign:
            value = node.value  # type: ignore[attr-defined]
            targets = node.targets  # type: ignore[attr-defined]
            if (
                len(targets) == 1 and targets[0].__class__ is ast.Name and value.__class__ is ast.Call
                and value.func.__class__ is ast.Name and value.func.id in classes
            ):  # fmt: skip
                built[targets[0].id] = built.get(targets[0].id, 0) + 1
                counted.add(id(targets[0]))
        elif cls is ast.AugAssign:
            target = node.target  # type: ignore[attr-defined]
            if target.__class__ is ast.Name and node.op.__class__ is ast.Add:  # type: ignore[attr-defined]
                added[target.id] = added.get(target.id, 0) + 1
                counted.add(id(target))
        elif cls is ast.Name and node.ctx.__class__ is not ast.Load and id(node) not in counted:  # type: ignore[attr-defined]
            other.add(node.id)  # type: ignore[attr-defined]
        elif cls is ast.arg:
            other.add(node.arg)  # type: ignore[attr-defined]
        elif cls is ast.Global or cls is ast.Nonlocal:
            other.update(node.names)  # type: ignore[attr-defined]
        elif cls is ast.alias:
            other.add(node.asname or node.name.split(".")[0])  # type: ignore[attr-defined]
        elif cls is ast.FunctionDef or cls is ast.AsyncFunctionDef or cls is ast.ClassDef:
            other.add(node.name)  # type: ignore[attr-defined]
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if block.__class__ is list:
                holders.append((node, field))
    names = {name for name, n in built.items() if n == 1 and name in added and name not in other}
    if not names:
        return
    for node, field in holders:
        block = getattr(node, field)
        for k, statement in enumerate(block):
            if statement.__class__ is not ast.AugAssign or statement.target.__class__ is not ast.Name:  # type: ignore[attr-defined]
                continue
            if statement.target.id not in names or statement.op.__class__ is not ast.Add:  # type: ignore[attr-defined]
                continue
            recv = ast.Name(id=statement.target.id, ctx=ast.Load())  # type: ignore[attr-defined]
            _place(recv, statement.target)  # type: ignore[attr-defined]
            func = ast.Attribute(value=recv, attr="__iadd__", ctx=ast.Load())
            _place(func, statement.target)  # type: ignore[attr-defined]
            call = ast.Call(func=func, args=[statement.value], keywords=[])  # type: ignore[attr-defined]
            _place(call, statement)
            expr = ast.Expr(value=call)
            _place(expr, statement)
            block[k] = expr


def _single_dispatch(node: ast.FunctionDef) -> bool:
    """`@functools.singledispatch` or `@singledispatch` alone on the def."""
    if len(node.decorator_list) != 1:
        return False
    deco = node.decorator_list[0]
    if deco.__class__ is ast.Name:
        return deco.id == "singledispatch"  # type: ignore[attr-defined]
    return (
        deco.__class__ is ast.Attribute and deco.attr == "singledispatch"  # type: ignore[attr-defined]
        and deco.value.__class__ is ast.Name and deco.value.id == "functools"  # type: ignore[attr-defined]
    )  # fmt: skip


def _registered_class(node: ast.AST, dispatcher: str) -> str | None:
    """The class a top-level def registers on `dispatcher` (`@handle.register` with its first
    parameter annotated by a plain name, or `@handle.register(Cls)`); None otherwise."""
    if node.__class__ is not ast.FunctionDef or len(node.decorator_list) != 1:  # type: ignore[attr-defined]
        return None
    deco = node.decorator_list[0]  # type: ignore[attr-defined]
    given = None
    if deco.__class__ is ast.Call and len(deco.args) == 1 and not deco.keywords:  # type: ignore[attr-defined]
        given, deco = deco.args[0], deco.func  # type: ignore[attr-defined]
    if not (
        deco.__class__ is ast.Attribute and deco.attr == "register"  # type: ignore[attr-defined]
        and deco.value.__class__ is ast.Name and deco.value.id == dispatcher  # type: ignore[attr-defined]
    ):  # fmt: skip
        return None
    args = node.args  # type: ignore[attr-defined]
    if given is None:
        first = (args.posonlyargs + args.args)[:1]
        given = first[0].annotation if first else None
    return given.id if given.__class__ is ast.Name else None  # type: ignore[attr-defined]


def _dispatched_calls(tree: ast.Module, dispatchers: list[ast.FunctionDef]) -> None:
    """Read a call statement of a singledispatch function as the chain of its implementations
    (module docstring)."""
    classes = {s.name: s for s in tree.body if s.__class__ is ast.ClassDef}  # type: ignore[attr-defined]
    derived = {b.id for c in classes.values() for b in c.bases if b.__class__ is ast.Name}  # type: ignore[attr-defined]
    top_names: dict[str, int] = {}
    for statement in tree.body:
        if statement.__class__ in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            top_names[statement.name] = top_names.get(statement.name, 0) + 1  # type: ignore[attr-defined]
    recorded: dict[str, list[str]] = {}
    plans: dict[str, list[tuple[str, str]]] = {}
    for dispatcher in dispatchers:
        name = dispatcher.name
        if top_names.get(name) != 1 or not (dispatcher.args.posonlyargs + dispatcher.args.args):
            continue
        impls: list[tuple[ast.FunctionDef, str]] = []
        exact = True
        for statement in tree.body:
            if statement is dispatcher:
                continue
            cls = _registered_class(statement, name)
            if cls is not None:
                impls.append((statement, cls))  # type: ignore[arg-type]
                continue
            for sub in ast_walk(statement):
                if sub.__class__ is ast.Attribute and sub.attr == "register" and sub.value.__class__ is ast.Name and sub.value.id == name:  # type: ignore[attr-defined]
                    exact = False  # `handle.register(Cls, fn)` or a register elsewhere: not read
                elif sub.__class__ is ast.Name and sub.id == name and sub.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
                    exact = False  # rebound
        kinds = [cls for _, cls in impls]
        if (
            not exact or not impls or len(set(kinds)) != len(kinds)
            or any(cls not in classes or cls in derived for cls in kinds)
            or any(b.__class__ is not ast.Name or b.id != "object" for cls in kinds for b in classes[cls].bases)  # type: ignore[attr-defined]
        ):  # fmt: skip
            continue
        plan = []
        for node, cls in impls:
            new = f"{name}__{cls}"
            if new in top_names:
                break
            plan.append((new, cls))
        else:
            for (node, _), (new, _) in zip(impls, plan):
                node.name = new  # type: ignore[attr-defined]
            plans[name] = plan
            recorded[name] = [new for new, _ in plan]
    if not plans:
        return
    tree.__dict__["_gradfix_dispatchers"] = recorded
    for block, k, statement, call in _call_statements(tree):
        if call.func.__class__ is not ast.Name or call.func.id not in plans:  # type: ignore[attr-defined]
            continue
        args = call.args  # type: ignore[attr-defined]
        if not args or args[0].__class__ is not ast.Name or any(a.__class__ is ast.Starred for a in args):
            continue
        if any(kw.arg is None for kw in call.keywords):  # type: ignore[attr-defined]
            continue
        chain: list[ast.stmt] = [statement]
        for new, cls in reversed(plans[call.func.id]):  # type: ignore[attr-defined]
            func = ast.Name(id=new, ctx=ast.Load())
            _place(func, call.func)  # type: ignore[attr-defined]
            made = ast.Call(func=func, args=list(args), keywords=list(call.keywords))  # type: ignore[attr-defined]
            _place(made, call)
            run = ast.Expr(value=made)
            _place(run, statement)
            test = ast.Call(
                func=ast.Name(id="isinstance", ctx=ast.Load()),
                args=[ast.Name(id=args[0].id, ctx=ast.Load()), ast.Name(id=cls, ctx=ast.Load())],  # type: ignore[attr-defined]
                keywords=[],
            )
            for part in (test, test.func, *test.args):  # type: ignore[attr-defined]
                _place(part, call)
            branch = ast.If(test=test, body=[run], orelse=chain)
            _place(branch, statement)
            chain = [branch]
        block[k] = chain[0]


def _methodcaller_value(value: ast.AST, imported: bool) -> tuple[str, list, list] | None:
    """`operator.methodcaller("name", *literals, **literals)` (or `methodcaller(...)` when the
    module imports it from `operator`): the method's name, the arguments and the keywords."""
    if value.__class__ is not ast.Call:
        return None
    func = value.func  # type: ignore[attr-defined]
    if func.__class__ is ast.Attribute:
        if func.attr != "methodcaller" or func.value.__class__ is not ast.Name or func.value.id != "operator":  # type: ignore[attr-defined]
            return None
    elif not (imported and func.__class__ is ast.Name and func.id == "methodcaller"):  # type: ignore[attr-defined]
        return None
    args = value.args  # type: ignore[attr-defined]
    if not args or args[0].__class__ is not ast.Constant or not isinstance(args[0].value, str) or not args[0].value.isidentifier():  # type: ignore[attr-defined]
        return None
    if any(a.__class__ is not ast.Constant for a in args[1:]):
        return None
    keywords = value.keywords  # type: ignore[attr-defined]
    if any(k.arg is None or k.value.__class__ is not ast.Constant for k in keywords):
        return None
    return args[0].value, args[1:], keywords  # type: ignore[attr-defined]


def _method_callers(tree: ast.Module) -> None:
    """Read `CLEAR(opt)` as `opt.zero_grad(...)` for `CLEAR = operator.methodcaller("zero_grad",
    ...)` bound once at the top level (module docstring)."""
    imported = any(
        s.__class__ is ast.ImportFrom and s.module == "operator"  # type: ignore[attr-defined]
        and any(a.name == "methodcaller" and a.asname is None for a in s.names)  # type: ignore[attr-defined]
        for s in tree.body
    )  # fmt: skip
    callers: dict[str, tuple[str, list, list]] = {}
    for statement in tree.body:
        if statement.__class__ is ast.Assign and len(statement.targets) == 1 and statement.targets[0].__class__ is ast.Name:  # type: ignore[attr-defined]
            read = _methodcaller_value(statement.value, imported)  # type: ignore[attr-defined]
            if read is not None:
                callers[statement.targets[0].id] = read  # type: ignore[attr-defined]
    if not callers:
        return
    bindings: dict[str, int] = {}
    calls: list[ast.Call] = []
    for node in ast_walk(tree):
        cls = node.__class__
        if cls is ast.Name:
            if node.ctx.__class__ is not ast.Load and node.id in callers:  # type: ignore[attr-defined]
                bindings[node.id] = bindings.get(node.id, 0) + 1  # type: ignore[attr-defined]
        elif cls is ast.Call:
            if node.func.__class__ is ast.Name and node.func.id in callers:  # type: ignore[attr-defined]
                calls.append(node)  # type: ignore[arg-type]
        elif cls is ast.FunctionDef or cls is ast.AsyncFunctionDef or cls is ast.ClassDef:
            bindings[node.name] = bindings.get(node.name, 0) + 1  # type: ignore[attr-defined]
        elif cls in _OTHER_BINDINGS and not _counted_binding(node, cls, bindings):
            return  # (a star import may bind any name)
    for call in calls:
        name = call.func.id  # type: ignore[attr-defined]
        args = call.args  # type: ignore[attr-defined]
        if bindings.get(name) != 1 or len(args) != 1 or call.keywords or args[0].__class__ not in (ast.Name, ast.Attribute):  # type: ignore[attr-defined]
            continue
        method, literals, keywords = callers[name]
        recv = args[0]
        func = ast.Attribute(value=recv, attr=method, ctx=ast.Load())
        _place(func, recv)
        func.made = True  # type: ignore[attr-defined]  (no text of its own: a fix leaves the call's text alone)
        call.func = func  # type: ignore[attr-defined]
        call.args = list(literals)  # type: ignore[attr-defined]
        call.keywords = list(keywords)  # type: ignore[attr-defined]
        tree.__dict__.setdefault("_gradfix_method_callers", set()).add(method)


def _instance_dicts(tree: ast.Module) -> dict[str, ast.stmt]:
    """The top-level statements binding a name to a dict of instances of the module's classes
    (module docstring), by name; read from the top-level statements only."""
    classes = {s.name for s in tree.body if s.__class__ is ast.ClassDef}  # type: ignore[attr-defined]
    if not classes:
        return {}
    found: dict[str, ast.stmt] = {}
    for statement in tree.body:
        cls = statement.__class__
        if cls is ast.Assign and len(statement.targets) == 1:  # type: ignore[attr-defined]
            target = statement.targets[0]  # type: ignore[attr-defined]
        elif cls is ast.AnnAssign and statement.simple and statement.value is not None:  # type: ignore[attr-defined]
            target = statement.target  # type: ignore[attr-defined]
        else:
            continue
        value = statement.value  # type: ignore[attr-defined]
        if target.__class__ is not ast.Name or value.__class__ is not ast.Dict or len(value.keys) < 2:
            continue
        if all(
            k is not None and k.__class__ is ast.Constant and isinstance(k.value, str)
            and v.__class__ is ast.Call and v.func.__class__ is ast.Name and v.func.id in classes  # type: ignore[attr-defined]
            for k, v in zip(value.keys, value.values)
        ):  # fmt: skip
            found[target.id] = statement  # type: ignore[attr-defined]
    return found


def _chosen_instance_calls(tree: ast.Module, dicts: dict[str, ast.stmt]) -> None:
    """Read a method call on a name bound to an entry of a dict of instances as the chain of
    its entries (module docstring)."""
    used: set[str] = set()
    holders: dict[str, str] = {}  # name -> the dict its `name = D[...]` reads
    mixed: set[str] = set()
    functions: list[ast.AST] = []
    for node in ast_walk(tree):
        cls = node.__class__
        if cls is ast.Name:
            used.add(node.id)  # type: ignore[attr-defined]
        elif cls is ast.Assign or cls is ast.AnnAssign:
            value = node.value  # type: ignore[attr-defined]
            targets = node.targets if cls is ast.Assign else [node.target]  # type: ignore[attr-defined]
            if (
                value.__class__ is ast.Subscript and value.value.__class__ is ast.Name and value.value.id in dicts  # type: ignore[attr-defined]
                and len(targets) == 1 and targets[0].__class__ is ast.Name
            ):  # fmt: skip
                name = targets[0].id  # type: ignore[attr-defined]
                if holders.setdefault(name, value.value.id) != value.value.id:  # type: ignore[attr-defined]
                    mixed.add(name)
        elif cls is ast.FunctionDef or cls is ast.AsyncFunctionDef:
            functions.append(node)
    names = {name: d for name, d in holders.items() if name not in mixed}
    if not names:
        return
    made: dict[str, list[str]] = {}
    for d in set(names.values()):
        statement = dicts[d]
        fresh = [f"{d}__{k}" for k in range(len(statement.value.keys))]  # type: ignore[attr-defined]
        if any(n in used for n in fresh):
            continue
        made[d] = fresh
        position = tree.body.index(statement)
        for k, (value, new) in enumerate(zip(statement.value.values, fresh)):  # type: ignore[attr-defined]
            target = ast.Name(id=new, ctx=ast.Store())
            _place(target, value)
            bind = ast.Assign(targets=[target], value=value)
            _place(bind, value)
            tree.body.insert(position + k, bind)
            tree.__dict__.setdefault("_gradfix_made_bindings", {})[new] = value.func.id  # (the text gate of `_assigned_callees`)
            ref = ast.Name(id=new, ctx=ast.Load())
            _place(ref, value)
            statement.value.values[k] = ref  # type: ignore[attr-defined]
    if not made:
        return
    for function in functions:
        for block, k, statement, call in _call_statements(function):
            func = call.func
            if func.__class__ is not ast.Attribute or func.value.__class__ is not ast.Name:  # type: ignore[attr-defined]
                continue
            held = names.get(func.value.id)  # type: ignore[attr-defined]
            if held is None or held not in made:
                continue
            chain: list[ast.stmt] = [statement]
            for new in reversed(made[held]):
                recv = ast.Name(id=new, ctx=ast.Load())
                _place(recv, func.value)  # type: ignore[attr-defined]
                attr = ast.Attribute(value=recv, attr=func.attr, ctx=ast.Load())  # type: ignore[attr-defined]
                _place(attr, func)
                one = ast.Call(func=attr, args=list(call.args), keywords=list(call.keywords))  # type: ignore[attr-defined]
                _place(one, call)
                run = ast.Expr(value=one)
                _place(run, statement)
                left = ast.Name(id=func.value.id, ctx=ast.Load())  # type: ignore[attr-defined]
                right = ast.Name(id=new, ctx=ast.Load())
                test = ast.Compare(left=left, ops=[ast.Is()], comparators=[right])
                for part in (test, left, right):
                    _place(part, func.value)  # type: ignore[attr-defined]
                branch = ast.If(test=test, body=[run], orelse=chain)
                _place(branch, statement)
                chain = [branch]
            block[k] = chain[0]


def _call_statements(root: ast.AST):  # type: ignore[no-untyped-def]
    """Each statement that is a call alone (`f(x)`, `phase.batch(...)`) in a block (`body`,
    `orelse`, `finalbody`) of a node under `root`, as (its block, its index there, the
    statement, the call), in the walk's order: the caller may replace `block[index]`."""
    for node in ast_walk(root):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if block.__class__ is not list:
                continue
            for k, statement in enumerate(block):
                if statement.__class__ is ast.Expr and statement.value.__class__ is ast.Call:  # type: ignore[attr-defined]
                    yield block, k, statement, statement.value  # type: ignore[attr-defined]


_OTHER_BINDINGS = (ast.arg, ast.alias, ast.Global, ast.Nonlocal)


def _counted_binding(node: ast.AST, cls: type, bindings: dict[str, int]) -> bool:
    """Count in `bindings` the names a parameter, an import's alias, a `global` or a `nonlocal`
    binds (any other node binds none here); False for a star import, which may bind any name."""
    if cls is ast.arg:
        bindings[node.arg] = bindings.get(node.arg, 0) + 1  # type: ignore[attr-defined]
    elif cls is ast.alias:
        if node.name == "*":  # type: ignore[attr-defined]
            return False
        name = node.asname or node.name.split(".")[0]  # type: ignore[attr-defined]
        bindings[name] = bindings.get(name, 0) + 1
    elif cls is ast.Global or cls is ast.Nonlocal:
        for name in node.names:  # type: ignore[attr-defined]
            bindings[name] = bindings.get(name, 0) + 1
    return True
