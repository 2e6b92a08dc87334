"""Parameters bound once as a one-shot iterator and handed to an optimizer more than once.

`params = filter(lambda p: p.requires_grad, model.parameters())` (or `model.parameters()`
itself, a generator expression, `map(...)`, `itertools.chain(...)`) can be read once: the
first optimizer built over it (directly, or as a group's `{"params": params}`) empties it, and
every later one gets nothing. torch 2.13 raises `ValueError: optimizer got an empty parameter
list` only when the iterator is the whole `params` argument; an empty parameter group inside a
list of groups, or handed to `add_param_group`, is accepted, and its parameters silently stop
training.

Read facts only: which name (a function's local, a module's global, or `self.<attr>` of a
class) is bound once to such an iterator, where an optimizer or a parameter group reads it,
and whether two of those reads (or one, in a loop that does not bind it again) both run.
"""

from __future__ import annotations

from gradfix import syntax as ast
from gradfix.analysis.assignments import assignments_in_blocks
from gradfix.analysis.facts import OPTIMIZER_CLASSES, FunctionInfo, classify_constructor, count_binding, enclosing_function
from gradfix.analysis.names import call_name, positional
from gradfix.patterns import lazily
from gradfix.records import dataclass
from gradfix.source import COMPOUND_KINDS, blocks_of, encloses
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from gradfix.analysis.loops import ModuleModel

# calls whose result is a one-shot iterator of what they are given
_ITERATOR_CALLS = frozenset({"filter", "map", "iter", "chain", "itertools.chain"})
_PARAMETER_METHODS = frozenset({"parameters", "named_parameters"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_CONDITIONS = tuple(kind for kind in (ast.If, ast.IfExp, ast.Try, ast.BoolOp, getattr(ast, "Match", None), getattr(ast, "TryStar", None)) if kind is not None)
_OWN_PARAMETERS = lazily(r"\bdef[ \t]+(?:named_)?parameters[ \t]*\(")


@dataclass(eq=False)
class SpentIterator:
    key: str  # `params`, `self.hypernet_params`
    binding: ast.stmt  # the one statement binding it
    value: ast.expr  # the iterator expression
    form: str  # `filter(...)`, `model.parameters()` ... for the message
    first: ast.AST  # the optimizer call or group dict that spends it
    again: ast.AST  # a later one, which gets nothing
    in_loop: bool  # `again` is `first` itself, run again by a loop that does not bind the key
    only_optimizers: bool  # every read of the key is an optimizer's or a group's
    # the first read is in a statement of the binding's own block, after it, with only plain
    # assignments between that name nothing about `requires_grad`: reading the iterator whole
    # at its binding then sees the parameters the first optimizer saw
    read_right_after: bool
    # `first` and `again` fill two groups of one optimizer (`Adam([{"params": p}, {"params": p,
    # ...}])`, or its `add_param_group({"params": p})`): the second group is empty, and a
    # list would put the parameters in both groups, which torch refuses (no fix)
    one_optimizer: bool = False
    # `first` is no optimizer but a read that iterates the whole iterator before the optimizer
    # (`sum(p.numel() for p in params)`, `for p in params:`, `list(params)`): `_drain`
    drained: bool = False


def spent_iterators(model: ModuleModel) -> list[SpentIterator]:
    facts = model.facts
    noted = facts.one_shot  # (target, value) of the facts walk's bindings to a possible iterator
    unread = facts.unread_param
    if not noted and not unread:
        return []  # (nearly every file)
    source = model.source
    statements: list[ast.stmt] = []
    for target, value in noted:
        if "param" in source.segment(value):
            stmt = _binding_of(source.tree, target)
            if stmt is not None and stmt.value is value:  # type: ignore[attr-defined]
                statements.append(stmt)
    if unread:
        statements += _assignments_in(unread)
    candidates = [stmt for stmt in statements if _iterator_binding(stmt) is not None and "param" in source.segment(stmt.value)]  # type: ignore[attr-defined]
    if not candidates or "optim" not in source.text:
        # (nearly every file: no name is bound to an iterator over parameters; or the text,
        # read only now, says no optimizer of torch's or of an imported library's is built)
        return []
    out: list[SpentIterator] = []
    for stmt in candidates:
        found = _judge(stmt, model)
        if found is not None:
            out.append(found)
    return out


def _binding_of(tree: ast.Module, target: ast.expr) -> ast.stmt | None:
    """The `=` (or annotated) statement whose first target is `target`, found by its position:
    in each block, the last statement starting at or before it either is it or holds it."""
    where = (target.lineno, target.col_offset)  # type: ignore[attr-defined]
    owner: ast.AST = tree
    while owner is not None:
        inside = None
        for block in blocks_of(owner):
            low, high = 0, len(block)
            while low < high:  # the first statement starting after the target
                mid = (low + high) // 2
                if (block[mid].lineno, block[mid].col_offset) <= where:
                    low = mid + 1
                else:
                    high = mid
            if low == 0:
                continue
            found = block[low - 1]
            kind = found.__class__
            if kind is ast.Assign or kind is ast.AnnAssign:
                if (found.targets[0] if kind is ast.Assign else found.target) is target:  # type: ignore[attr-defined]
                    return found
            elif kind in COMPOUND_KINDS and (found.end_lineno, found.end_col_offset) >= where:  # type: ignore[attr-defined]
                inside = found
        owner = inside  # type: ignore[assignment]
    return None


def _assignments_in(functions: list[ast.AST]) -> list[ast.stmt]:
    """The `=` statements (and annotated ones with a value) of functions the facts walk left
    unread, nested blocks and definitions included."""
    return assignments_in_blocks([function.body for function in functions])  # type: ignore[attr-defined]


def _iterator_binding(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    """(key, value) of `key = <one-shot iterator>`, a plain name or `self.<attr>`."""
    value = stmt.value  # type: ignore[attr-defined]
    kind = value.__class__
    if kind is ast.GeneratorExp:
        pass
    elif kind is ast.Call:
        func = value.func
        if func.__class__ is ast.Attribute:
            if func.attr not in _PARAMETER_METHODS and call_name(value) != "itertools.chain":
                return None
        elif func.__class__ is not ast.Name or func.id not in _ITERATOR_CALLS:
            return None
    else:
        return None
    targets = stmt.targets if stmt.__class__ is ast.Assign else [stmt.target]  # type: ignore[attr-defined]
    if len(targets) != 1:
        return None
    target = targets[0]
    if target.__class__ is ast.Name:
        return target.id, value
    if target.__class__ is ast.Attribute and target.value.__class__ is ast.Name and target.value.id == "self":
        return f"self.{target.attr}", value
    return None


def _judge(stmt: ast.stmt, model: ModuleModel) -> SpentIterator | None:
    key, value = _iterator_binding(stmt)  # type: ignore[misc]
    source = model.source
    if value.__class__ is ast.Call and value.func.__class__ is ast.Attribute and _OWN_PARAMETERS.search(source.text):  # type: ignore[attr-defined]
        return None  # the module defines a `parameters()` of its own, which may hand back a list
    # the function holding the binding, and the class of that method for `self.<attr>`
    chain: list[ast.AST] = []
    owner = source.owner_of(stmt)
    while owner is not None and not isinstance(owner, ast.Module):
        chain.append(owner)
        owner = source.owner_of(owner) if isinstance(owner, ast.stmt) else None
    if owner is None:
        return None
    function = next((node for node in chain if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    if function is not None and any(isinstance(node, ast.ClassDef) for node in chain[: chain.index(function)]):
        return None  # a class body inside the function: not followed
    if key.startswith("self."):
        if function is None:
            return None
        at = chain.index(function)
        if at + 1 >= len(chain) or not isinstance(chain[at + 1], ast.ClassDef):
            return None  # `self` of a nested function: not followed
        scope: ast.AST = chain[at + 1]
    elif function is None:
        if any(isinstance(node, ast.ClassDef) for node in chain):
            return None  # a class attribute
        scope = owner  # the module: its functions may read the global too
    else:
        scope = function
    bindings, reads, parents = _occurrences(scope, key)
    if len(bindings) != 1 or bindings[0] is not _target(stmt):
        return None  # bound again (or declared `global`/`nonlocal`): not followed
    consumers: list[ast.AST] = []
    drains: list[ast.AST] = []
    others = 0
    for read in reads:
        consumer = _consumer(read, parents, model)
        if consumer is None or _nested_function(consumer, parents, scope, key):
            drain = _drain(read, parents) if consumer is None else None
            if drain is not None and not _nested_function(drain, parents, scope, key):
                drains.append(drain)  # (a whole read: a list gives it the same items)
            else:
                others += 1
        else:
            consumers.append(consumer)
    if not consumers:
        return None
    consumers.sort(key=lambda node: (node.lineno, node.col_offset))  # type: ignore[attr-defined]
    form = _form(value, source)
    only = others == 0
    right_after = only and _read_right_after(stmt, consumers[0], parents, source)
    for i, first in enumerate(consumers):
        for again in consumers[i + 1 :]:
            if not _exclusive(first, again, parents) and _both_run(first, again, stmt, parents, key):
                if (first.__class__ is ast.Dict and again.__class__ is ast.Dict and _build_of(first, parents) is _build_of(again, parents)) or _group_added_to(
                    first, again, parents
                ):
                    # two groups of one optimizer (`Adam([{"params": p}, {"params": p, "lr": ...}])`,
                    # `opt = SGD(p)` then `opt.add_param_group({"params": p})`): the second is
                    # empty; `list(...)` would put the parameters in both, which torch refuses
                    return SpentIterator(key, stmt, value, form, first, again, False, False, False, True)
                return SpentIterator(key, stmt, value, form, first, again, False, only, right_after)
    for consumer in consumers:
        if _repeated(consumer, stmt, parents, scope):
            return SpentIterator(key, stmt, value, form, consumer, consumer, True, only, right_after)
    for drain in drains:
        for consumer in consumers:
            # a whole read first, then the optimizer, in one function and both run
            if (
                (drain.lineno, drain.col_offset) < (consumer.lineno, consumer.col_offset)  # type: ignore[attr-defined]
                and _method(drain, parents) is _method(consumer, parents)
                and not _exclusive(drain, consumer, parents)
            ):  # fmt: skip
                after = only and _read_right_after(stmt, drain, parents, source)
                return SpentIterator(key, stmt, value, form, drain, consumer, False, only, after, drained=True)
    return None


# calls that read all of an iterable they are handed (`sum(p.numel() for p in params)`)
_WHOLE_READS = frozenset({"list", "tuple", "set", "sorted", "sum", "len", "max", "min", "dict", "frozenset"})


def _drain(read: ast.AST, parents: dict[int, tuple[ast.AST, str]]) -> ast.AST | None:
    """The node that iterates the whole iterator `read` names, when nothing can stop it early:
    the `for` over it with no `break`/`return`/`raise` in its body, a list, set or dict
    comprehension over it (its first generator), a generator expression over it handed whole
    to `sum`/`list`/`len`/`max`... (the call), or such a call of it itself (`list(params)`)."""
    parent, field = parents.get(id(read), (None, ""))
    if parent is None:
        return None
    if parent.__class__ in (ast.For, ast.AsyncFor) and field == "iter":
        for sub in ast_walk(parent):
            if sub.__class__ in (ast.Break, ast.Return, ast.Raise, ast.Yield, ast.YieldFrom, ast.Await):
                return None
        return parent
    if parent.__class__ is ast.comprehension and field == "iter":
        comp, _ = parents.get(id(parent), (None, ""))
        if comp is None or comp.generators[0] is not parent:  # type: ignore[attr-defined]
            return None
        if comp.__class__ in (ast.ListComp, ast.SetComp, ast.DictComp):
            return comp
        if comp.__class__ is not ast.GeneratorExp:
            return None
        read = comp  # `sum(p.numel() for p in params)`: the call reads the generator whole
        parent, field = parents.get(id(comp), (None, ""))
    if parent.__class__ is ast.Call and field == "args" and len(parent.args) == 1 and not parent.keywords:  # type: ignore[attr-defined]
        func = parent.func  # type: ignore[attr-defined]
        if func.__class__ is ast.Name and func.id in _WHOLE_READS and parent.args[0] is read:  # type: ignore[attr-defined]
            return parent
    return None


def _group_added_to(first: ast.AST, again: ast.AST, parents: dict[int, tuple[ast.AST, str]]) -> bool:
    """`again` is the group of `name.add_param_group({...})`, `name` bound by the statement
    holding the optimizer call `first` reads in (`opt = SGD(params)`, `opt = Adam([{"params":
    params}])`), or `first` a group added to the same name: one optimizer's two groups."""
    receiver = _added_to(again, parents)
    if receiver is None:
        return False
    if _added_to(first, parents) == receiver:
        return True
    statement = _statement_of(first, parents)
    if statement is None:
        return False
    if statement.__class__ is not ast.Assign or len(statement.targets) != 1:  # type: ignore[attr-defined]
        return False
    target = statement.targets[0]  # type: ignore[attr-defined]
    build = first if first.__class__ is ast.Call else _build_of(first, parents)
    return build is statement.value and _dotted_key(target) == receiver  # type: ignore[attr-defined]


def _statement_of(node: ast.AST, parents: dict[int, tuple[ast.AST, str]]) -> ast.stmt | None:
    """The statement holding `node` (itself when it is one), through `parents`; None when the
    chain ends first."""
    while not isinstance(node, ast.stmt):
        up = parents.get(id(node))
        if up is None:
            return None
        node = up[0]
    return node


def _added_to(group: ast.AST, parents: dict[int, tuple[ast.AST, str]]) -> str | None:
    """`opt` of `opt.add_param_group(group)`."""
    if group.__class__ is ast.Call and call_name(group) == "dict":  # type: ignore[arg-type]
        pass
    elif group.__class__ is not ast.Dict:
        return None
    parent, field = parents.get(id(group), (None, ""))
    if parent.__class__ is not ast.Call or field != "args":
        return None
    func = parent.func  # type: ignore[attr-defined]
    if func.__class__ is not ast.Attribute or func.attr != "add_param_group":
        return None
    return _dotted_key(func.value)


def _dotted_key(node: ast.AST) -> str | None:
    parts: list[str] = []
    while node.__class__ is ast.Attribute:
        parts.append(node.attr)  # type: ignore[attr-defined]
        node = node.value  # type: ignore[attr-defined]
    if node.__class__ is not ast.Name:
        return None
    parts.append(node.id)  # type: ignore[attr-defined]
    return ".".join(reversed(parts))


def _build_of(node: ast.AST, parents: dict[int, tuple[ast.AST, str]]) -> ast.AST | None:
    """The call (or else the statement) a parameter group is written in."""
    for up, _ in _ancestors(node, parents):
        if up.__class__ is ast.Call or isinstance(up, ast.stmt):
            return up
    return None


def _read_right_after(binding: ast.stmt, first: ast.AST, parents: dict[int, tuple[ast.AST, str]], source: object) -> bool:
    statement = _statement_of(first, parents)
    if statement is None:
        return False
    block = source.block_of(binding)  # type: ignore[attr-defined]
    if block is None:
        return False
    at = next((i for i, stmt in enumerate(block) if stmt is binding), None)
    end = next((i for i, stmt in enumerate(block) if stmt is statement), None)
    if at is None or end is None or end <= at:
        return False
    for between in block[at + 1 : end]:
        if between.__class__ not in (ast.Assign, ast.AnnAssign):
            return False
        targets = between.targets if between.__class__ is ast.Assign else [between.target]  # type: ignore[attr-defined]
        for target in targets:
            plain = target.__class__ is ast.Name or (
                target.__class__ is ast.Attribute and target.value.__class__ is ast.Name and target.value.id == "self"
            )
            if not plain:
                return False  # `model.fc = ...`: the module's parameters may change
        text = source.segment(between)  # type: ignore[attr-defined]
        if "requires_grad" in text or "freez" in text:
            return False
    return True


def _target(stmt: ast.stmt) -> ast.AST:
    return stmt.targets[0] if stmt.__class__ is ast.Assign else stmt.target  # type: ignore[attr-defined]


def _occurrences(scope: ast.AST, key: str) -> tuple[list[ast.AST], list[ast.AST], dict[int, tuple[ast.AST, str]]]:
    """The nodes that bind `key` in `scope` (a `global`/`nonlocal` of the name counts as one),
    those that read it, and each node's parent with the field holding it."""
    attribute = key[5:] if key.startswith("self.") else None
    bindings: list[ast.AST] = []
    reads: list[ast.AST] = []
    parents: dict[int, tuple[ast.AST, str]] = {}
    stack: list[ast.AST] = [scope]
    while stack:
        node = stack.pop()
        kind = node.__class__
        if attribute is None:
            if kind is ast.Name and node.id == key:  # type: ignore[attr-defined]
                (reads if node.ctx.__class__ is ast.Load else bindings).append(node)  # type: ignore[attr-defined]
            elif kind in (ast.Global, ast.Nonlocal) and key in node.names:  # type: ignore[attr-defined]
                bindings.append(node)
            elif kind is ast.arg and node.arg == key:  # type: ignore[attr-defined]
                bindings.append(node)  # a parameter of a nested function: another name
        elif (
            kind is ast.Attribute and node.attr == attribute  # type: ignore[attr-defined]
            and node.value.__class__ is ast.Name and node.value.id == "self"  # type: ignore[attr-defined]
        ):  # fmt: skip
            (reads if node.ctx.__class__ is ast.Load else bindings).append(node)  # type: ignore[attr-defined]
        for name in node._fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                for item in value:
                    if isinstance(item, ast.AST):
                        parents[id(item)] = (node, name)
                        stack.append(item)
            elif isinstance(value, ast.AST) and name not in ("ctx", "op"):
                parents[id(value)] = (node, name)
                stack.append(value)
    return bindings, reads, parents


def _consumer(read: ast.AST, parents: dict[int, tuple[ast.AST, str]], model: ModuleModel) -> ast.AST | None:
    """The optimizer call (`SGD(read, ...)`, `SGD(params=read)`) or the parameter group
    (`{"params": read, ...}`, `dict(params=read)`) that reads `read`, if it is one."""
    parent, field = parents.get(id(read), (None, ""))
    if parent is None:
        return None
    if parent.__class__ is ast.Call and field == "args":
        args = positional(parent)  # type: ignore[arg-type]
        if args and args[0] is read and (_optimizer_call(parent, model) or _optimizer_factory(parent, model)):
            return parent
        return None
    if parent.__class__ is ast.keyword and parent.arg == "params":  # type: ignore[attr-defined]
        call = parents.get(id(parent), (None, ""))[0]
        if call.__class__ is ast.Call and (call_name(call) == "dict" or _optimizer_call(call, model)):  # type: ignore[arg-type]
            return call
        return None
    if parent.__class__ is ast.Dict and field == "values" and "optim" in model.source.text:
        keys = parent.keys  # type: ignore[attr-defined]
        at = next(i for i, v in enumerate(parent.values) if v is read)  # type: ignore[attr-defined]
        given = keys[at]
        if given.__class__ is ast.Constant and given.value == "params":
            return parent
    return None


def _optimizer_call(call: ast.Call, model: ModuleModel) -> bool:
    """A call that builds an optimizer of torch (`torch.optim.SGD`, `optim.Adam`, `Adam`
    imported from `torch.optim`) or of another library (`bnb.optim.Adam8bit`); not a class or
    a factory the module defines itself, which may take anything (a list it builds anew)."""
    name = call_name(call)
    if name is None:
        return False
    qualified = model.facts.imports.qualify(name) or name
    if classify_constructor(qualified) != "optimizer":
        return False
    if qualified.startswith("torch.optim."):
        return True
    if "." not in qualified:
        return False  # a name of the module (or a builtin): its own optimizer class or factory
    return qualified.rsplit(".", 1)[1] in OPTIMIZER_CLASSES and qualified.split(".", 1)[0] in model.facts.imports.aliases.values()


def _local_factory(name: str, call: ast.Call, model: ModuleModel) -> FunctionInfo | None:
    """`def make(ps): return SGD(ps, lr=0.1)` (or `make = lambda ps: SGD(ps, lr=0.1)`, bound
    once: the facts' `_lambda`) in the function whose body holds `call`: the one local function
    of the file by that name, defined once in that function (nothing else binding the name
    there, in any of its nested scopes either)."""
    facts = model.facts
    found = [table[name] for table in facts.local_functions.values() if name in table]
    if len(found) != 1:
        return None
    outer = enclosing_function(facts, found[0].node)
    if outer is None or not encloses(outer[0], call):
        return None
    if not found[0].lambda_:
        counts: dict[str, int] = {}
        for node in ast_walk(outer[0]):
            count_binding(node, counts, (name,))
        if counts.get(name) != 2:
            return None  # (a `def` counts 2: another `def`, an assignment or a parameter adds)
    return found[0]


def _optimizer_factory(call: ast.Call, model: ModuleModel) -> bool:
    """`make_optimizer(params, lr)`: a function of the module (one `def` of that name at its top
    level, no decorator) that builds an optimizer of torch or of an imported library over its
    first parameter as that optimizer's `params` on every call: its whole body returns it
    (`return torch.optim.SGD(params, lr=lr, momentum=0.9)`), or the build is a statement of its
    body's top level (`optimizer = AdamW(params, lr=lr)`, or the `return` itself) and the body's
    one `return` is its last statement, with no `yield`, `raise`, nested function or other read
    of that parameter (`lr = base_lr * scale`, `print(...)` and a scheduler built beside it may
    come before or after), or a name of its top level bound once to a lambda that returns such an
    optimizer (`make = lambda ps, lr: SGD(ps, lr=lr)`): the call spends what it is handed as the
    optimizer would."""
    func = call.func
    if func.__class__ is not ast.Name:
        return False
    info = model.facts.module_functions.get(func.id)  # type: ignore[attr-defined]
    local = info is None and bool(model.facts.local_functions) and (info := _local_factory(func.id, call, model)) is not None  # type: ignore[attr-defined]
    node = info.node if info is not None else None
    if node is None or node.decorator_list or not node.body:
        return False
    if not local and not info.lambda_ and sum(1 for stmt in model.source.tree.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == func.id) != 1:  # type: ignore[attr-defined,union-attr]
        return False
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if not params:
        return False
    if len(node.body) == 1:
        if node.body[0].__class__ is not ast.Return:
            return node.body[0].__class__ is ast.If and _returns_a_build_on_every_path(node, params[0], model)
        return _builds_over(node.body[0].value, params[0], model)  # type: ignore[attr-defined]
    if node.body[-1].__class__ is not ast.Return:
        return _returns_a_build_on_every_path(node, params[0], model)
    builds = [
        stmt for stmt in node.body
        if (stmt.__class__ is ast.Return or (stmt.__class__ is ast.Assign and len(stmt.targets) == 1))  # type: ignore[attr-defined]
        and _builds_over(stmt.value, params[0], model)  # type: ignore[attr-defined]
    ]
    if len(builds) != 1:
        return _returns_a_build_on_every_path(node, params[0], model)
    build = builds[0].value  # type: ignore[attr-defined]
    inside = {id(n) for n in ast_walk(build)}
    for stmt in node.body:
        for n in ast_walk(stmt):
            if isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom, ast.Raise, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Global, ast.Nonlocal)):
                if n is not node.body[-1]:
                    return n.__class__ is ast.Return and _returns_a_build_on_every_path(node, params[0], model)
            elif n.__class__ is ast.Name and n.id == params[0] and id(n) not in inside:  # type: ignore[attr-defined]
                return False
    return True


def _returns_a_build_on_every_path(node: ast.AST, param: str, model: ModuleModel) -> bool:
    """A factory with several `return`s, each returning an optimizer built over `param` as its
    `params` (`if kind == "sgd": return SGD(params, lr=lr)` then `return AdamW(params, lr=lr)`),
    and every path through the body ending in one of them (the `if`s' arms return on every
    path or hold no `return`; no `return` in a loop, `with` or `try`), with no `yield`, `raise`,
    nested function, `global` or other read of `param`: every call spends what it is handed."""
    returns: list[ast.Return] = []
    for n in ast_walk(node):
        if isinstance(n, (ast.Yield, ast.YieldFrom, ast.Raise, ast.Lambda, ast.ClassDef, ast.Global, ast.Nonlocal)) or (
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n is not node
        ):
            return False
        if n.__class__ is ast.Return:
            returns.append(n)  # type: ignore[arg-type]
    if len(returns) < 2 or not all(_builds_over(r.value, param, model) for r in returns):
        return False
    inside = {id(n) for r in returns for n in ast_walk(r)}
    if any(n.__class__ is ast.Name and n.id == param and id(n) not in inside for n in ast_walk(node)):  # type: ignore[attr-defined]
        return False  # (the parameter itself is no `Name` node: `arg`)
    return _returns_on_every_path(node.body)  # type: ignore[attr-defined]


def _returns_on_every_path(block: list[ast.stmt]) -> bool:
    """Every path through `block` ends in a `return` of the block or of an `if`'s arm in it; a
    `return` appears nowhere else (a loop, `with`, `try` or `match` holding one: False)."""
    for at, stmt in enumerate(block):
        if stmt.__class__ is ast.Return:
            return at == len(block) - 1
        if stmt.__class__ is ast.If:
            arms = [stmt.body, stmt.orelse]  # type: ignore[attr-defined]
            returning = [any(n.__class__ is ast.Return for s in arm for n in ast_walk(s)) for arm in arms]
            if returning[0] and returning[1]:
                return at == len(block) - 1 and all(_returns_on_every_path(arm) for arm in arms)
            if any(returning) and not _returns_on_every_path(arms[0] if returning[0] else arms[1]):
                return False
        elif any(n.__class__ is ast.Return for n in ast_walk(stmt)):
            return False
    return False  # the end of the block is reached: a path returns None


def _builds_over(built: ast.AST | None, param: str, model: ModuleModel) -> bool:
    """`built` is an optimizer's construction whose `params` is the name `param`."""
    if built.__class__ is not ast.Call or not _optimizer_call(built, model):  # type: ignore[arg-type]
        return False
    given = positional(built)  # type: ignore[arg-type]
    first = given[0] if given else next((k.value for k in built.keywords if k.arg == "params"), None)  # type: ignore[union-attr]
    return first.__class__ is ast.Name and first.id == param  # type: ignore[union-attr]


def _ancestors(node: ast.AST, parents: dict[int, tuple[ast.AST, str]]) -> list[tuple[ast.AST, str]]:
    """(ancestor, field leading down to `node`), from `node`'s parent up to the scope."""
    out: list[tuple[ast.AST, str]] = []
    step = parents.get(id(node))
    while step is not None:
        out.append(step)
        step = parents.get(id(step[0]))
    return out


def _nested_function(node: ast.AST, parents: dict[int, tuple[ast.AST, str]], scope: ast.AST, key: str) -> bool:
    """The read sits in a function (or lambda) nested in the binding's own function: when, and
    how often, it runs is not followed. For `self.<attr>`, the methods of the class are the
    functions followed; a function nested in one is not."""
    functions = [up for up, _ in _ancestors(node, parents) if isinstance(up, _FUNCTIONS) and up is not scope]
    if key.startswith("self."):
        return len(functions) > 1 or not functions
    return bool(functions)


def _exclusive(one: ast.AST, other: ast.AST, parents: dict[int, tuple[ast.AST, str]]) -> bool:
    """The two never both run in one pass: other arms of an `if`, a conditional expression, a
    `match` or a `try`'s body and its handlers, or one in the other (the same call)."""
    up_one = _ancestors(one, parents)[::-1]
    up_other = _ancestors(other, parents)[::-1]
    # (the paths from the scope down; they part below their last common node)
    common: ast.AST | None = None
    for (node_a, field_a), (node_b, field_b) in zip(up_one, up_other):
        if node_a is not node_b:
            return _leaves_after(one, common, parents)
        common = node_a
        if field_a != field_b:
            if node_a.__class__ in (ast.If, ast.IfExp, ast.Try) or node_a.__class__.__name__ == "TryStar":
                return True
            return _leaves_after(one, node_a, parents)
        if field_a == "cases":
            index_a = _child_of(node_a, one, up_one)
            index_b = _child_of(node_a, other, up_other)
            if index_a is not index_b:
                return True
    # the paths agree as far as the shorter one goes: one holds the other (the same call), or
    # both sit in one expression under `common` (`[{"params": p}, {"params": p}]`, `SGD(p),
    # Adam(p)` in one tuple), evaluated one after the other unless that is `a or b`
    shorter, longer, inner = (up_one, up_other, one) if len(up_one) <= len(up_other) else (up_other, up_one, other)
    if (len(longer) > len(shorter) and longer[len(shorter)][0] is inner) or common.__class__ is ast.BoolOp:
        return True
    return _leaves_after(one, common, parents)


def _leaves_after(node: ast.AST, below: ast.AST | None, parents: dict[int, tuple[ast.AST, str]]) -> bool:
    """After `node` runs, a `return` or `raise` of a block between it and `below` (at or after
    the statement holding it) leaves the function: `if kind == "sgd": return SGD(params)`
    then `return Adam(params)`."""
    child = node
    for up, field in _ancestors(node, parents):
        block = getattr(up, field, None)
        if block.__class__ is list and isinstance(child, ast.stmt):
            at = next((i for i, stmt in enumerate(block) if stmt is child), None)
            if at is not None and any(stmt.__class__ in (ast.Return, ast.Raise) for stmt in block[at:]):
                return up is not below  # (in the common block itself, the later read comes first)
        if up is below:
            return False
        child = up
    return False


def _both_run(one: ast.AST, other: ast.AST, binding: ast.stmt, parents: dict[int, tuple[ast.AST, str]], key: str) -> bool:
    """For `self.<attr>`: two reads in one method, or one in the method that binds it (which
    ran first); two other methods may be alternatives (`configure_sgd`, `configure_adam`)."""
    if not key.startswith("self."):
        return True
    method_one, method_other, method_binding = (_method(node, parents) for node in (one, other, binding))
    return method_one is method_other or method_binding in (method_one, method_other)


def _method(node: ast.AST, parents: dict[int, tuple[ast.AST, str]]) -> ast.AST | None:
    return next((up for up, _ in _ancestors(node, parents) if isinstance(up, (ast.FunctionDef, ast.AsyncFunctionDef))), None)


def _child_of(node: ast.AST, leaf: ast.AST, path: list[tuple[ast.AST, str]]) -> ast.AST:
    """The child of `node` on the way down to `leaf`."""
    for at, (up, _) in enumerate(path):
        if up is node:
            return path[at + 1][0] if at + 1 < len(path) else leaf
    return leaf


def _repeated(consumer: ast.AST, binding: ast.stmt, parents: dict[int, tuple[ast.AST, str]], scope: ast.AST) -> bool:
    """The consumer runs in the body of a loop (of its own function) that holds neither the
    binding nor an unconditional `break` or `return`: a second pass reads the spent iterator."""
    inside_binding = {id(up) for up, _ in _ancestors(binding, parents)}
    for up, field in _ancestors(consumer, parents):
        if isinstance(up, _FUNCTIONS) or up is scope:
            return False
        if up.__class__ in _CONDITIONS and field != "test":
            return False  # `if optimizer is None:` (built once, lazily), `if epoch == 0:`: not followed
        if isinstance(up, _LOOPS) and field == "body" and id(up) not in inside_binding:
            return not any(stmt.__class__ in (ast.Break, ast.Return, ast.Raise) for stmt in up.body)  # type: ignore[attr-defined]
        if up.__class__ in (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp):
            return False  # (a comprehension's passes: not followed)
    return False


def _form(value: ast.expr, source: object) -> str:
    if value.__class__ is ast.GeneratorExp:
        return "a generator expression"
    func = value.func  # type: ignore[attr-defined]
    if func.__class__ is ast.Attribute and func.attr in _PARAMETER_METHODS:
        return f"`.{func.attr}()`"
    return f"`{call_name(value) or 'iter'}(...)`"  # type: ignore[arg-type]
