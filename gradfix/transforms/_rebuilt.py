"""What the rules of an object built again on every iteration of the loop that uses it share
(GF025 schedulers, GF029 gradient scalers, GF030 optimizers).

An object whose state is meant to last the run (a schedule's position, a loss scale, an
optimizer's moments) built by a statement a loop runs on every iteration, while the same loop
uses it, lives one iteration. The readings here are the same for each kind of object: which
statements a loop's body runs on every iteration, which loops and called functions to look
at, what a construction reads that the loop (or a call) changes, where the construction can
move, and the heads of the messages.
"""

from __future__ import annotations

from gradfix import syntax as ast
from itertools import chain

from gradfix.analysis.assignments import assignments
from gradfix.analysis.loops import ModuleModel, _mapped, bus_call, bus_handlers, event_buses
from gradfix.analysis.facts import direct_call, partial_aliases
from gradfix.analysis.names import dotted, forwarded_call, method_name, own_method, receiver
from gradfix.source import FUNCTIONS, LOOPS, blocks_of
from gradfix.transforms.apply import statement_lines
from gradfix.transforms.base import Fix, InsertStatements, RemoveStatement, Safety
from gradfix.walk import ast_walk, child_nodes, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

# statements a loop's body runs on every iteration whose own bodies it runs too
EVERY_TIME = (ast.With, ast.AsyncWith, ast.Try)


def messages(uses: str, why: str, why_called: str | None = None) -> tuple[str, str]:
    """The two messages of such a rule: built on every iteration of the loop that `uses` it
    (`steps it`, `steps with it`), and built on every call of a function the loop calls on
    every iteration; `why` says what each new object throws away."""
    return (
        f"`{{target}}` is built again on every iteration of the loop that {uses}: {why}; build it once before the loop",
        f"`{{target}}` is built again on every call of `{{function}}`, which the loop at line {{line}} calls on every "
        f"iteration: {why_called or why}; build it once before the loop and hand it in",
    )


def ends_early(loop: ast.AST) -> bool:
    """A `break` or `return` of the loop's body itself: one iteration at most."""
    return any(isinstance(stmt, (ast.Break, ast.Return)) for stmt in loop.body)  # type: ignore[attr-defined]


def loop_around(loop: ast.AST, model: ModuleModel) -> ast.AST | None:
    """The loop whose body runs `loop` on every iteration (through `with` and `try` blocks):
    the epoch loop of a batch loop. None when there is none."""
    source = model.source
    outer = source.owner_of(loop)  # type: ignore[arg-type]
    while isinstance(outer, EVERY_TIME):
        outer = source.owner_of(outer)
    if not isinstance(outer, LOOPS) or not any(inner is loop for inner, _ in every_iteration(outer.body)):  # type: ignore[attr-defined]
        return None
    return outer


def run_per_iteration(stmt: ast.stmt, model: ModuleModel) -> bool:
    """The function holding `stmt` is one a loop of the module runs on every iteration (`for
    epoch in range(E): state = train_epoch(state, epoch)`, a method a loop of its class calls on
    `self`, a template method's override, a method called on an instance): a construction moved
    to the top of its loop there still runs once per call, so the move is not the hand fix
    (building it once and handing it in)."""
    source = model.source
    function = source.owner_of(stmt)
    while function is not None and not isinstance(function, FUNCTIONS):
        function = source.owner_of(function)
    if function is None:
        return False
    words = (source.segment(stmt),)  # (only the function holding the statement says it)
    for loop in loops(source.tree.body):
        for inner, _ in chain(its_test(loop, False), every_iteration(loop.body)):  # type: ignore[attr-defined]
            called = (
                called_function(inner, model, words) or called_method(inner, loop, model, words)
                or called_on_instance(inner, model, words) or called_class_method(inner, model, words)
            )  # fmt: skip
            if called is not None and called[0] is function:
                return True
    return False


def move_before(stmt: ast.stmt, before: ast.AST, model: ModuleModel) -> Fix:
    """The construction (with the comments above it) moved to just before `before`."""
    lines = statement_lines(model.source, stmt)
    return Fix([RemoveStatement(stmt, keep_comments=False), InsertStatements(before, "before", lines)], Safety.SAFE)  # type: ignore[arg-type]


def move_item_before(stmt: ast.Assign | ast.AnnAssign, target: str, before: ast.AST, model: ModuleModel) -> Fix | None:
    """`parts["scaler"] = GradScaler()` (a construction into a string-keyed item) moved before
    the loops, when the function (or module) stores that item nowhere else, the loops read it
    nowhere before the construction, and they never bind the dict itself (`parts = {...}` per
    epoch: the item moved out would be lost)."""
    root = target.partition("[")[0]
    holder = _enclosing_function(stmt, model)
    built = (stmt.lineno, stmt.col_offset)
    for node in ast_walk(holder):
        if node.__class__ is ast.Subscript and member_key(node) == target:
            if not isinstance(node.ctx, ast.Load) and node is not stmt.targets[0]:  # type: ignore[union-attr]
                return None  # stored elsewhere too
            if isinstance(node.ctx, ast.Load) and _within(node, before) and (node.lineno, node.col_offset) < built:
                return None  # read by the loops before it is built
        elif node.__class__ is ast.Name and node.id == root and not isinstance(node.ctx, ast.Load) and _within(node, before):
            return None
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and root in node.names:
            return None
    return move_before(stmt, before, model)


def reads_items_the_loop_stores(call: ast.Call, loop: ast.AST) -> bool:
    """The construction reads a string-keyed item the loop stores (`parts["opt"]` built again
    in it), or reads a dict whose items the loop stores otherwise than through a string key
    (`make(parts)`, `parts[name]`): `reads_what_the_loop_changes` does not see item stores."""
    items: set[str] = set()
    roots: set[str] = set()
    for node in ast_walk(loop):
        if node.__class__ is ast.Subscript and not isinstance(node.ctx, ast.Load) and node.value.__class__ is ast.Name:  # type: ignore[attr-defined]
            roots.add(node.value.id)  # type: ignore[attr-defined]
            key = member_key(node)
            if key is not None:
                items.add(key)
    if not roots:
        return False
    keyed = {id(node.value) for node in ast_walk(call) if node.__class__ is ast.Subscript and member_key(node) is not None and "[" in (member_key(node) or "")}  # type: ignore[attr-defined]
    for node in ast_walk(call):
        if node.__class__ is ast.Subscript and (key := member_key(node)) is not None and key in items:
            return True
        if node.__class__ is ast.Name and node.id in roots and id(node) not in keyed:  # type: ignore[attr-defined]
            return True
    return False


def _within(node: ast.AST, outer: ast.AST) -> bool:
    return (outer.lineno, outer.col_offset) <= (node.lineno, node.col_offset) and (node.end_lineno, node.end_col_offset) <= (outer.end_lineno, outer.end_col_offset)  # type: ignore[attr-defined, operator]


def _enclosing_function(stmt: ast.stmt, model: ModuleModel) -> ast.AST:
    """The innermost function holding `stmt`, else the module."""
    best: ast.AST = model.source.tree
    for node in ast_walk(model.source.tree):
        if isinstance(node, FUNCTIONS) and _within(stmt, node) and (best is model.source.tree or _within(node, best)):
            best = node
    return best


def call_parameters(
    called: tuple[ast.FunctionDef, ast.Call], declared: bool = False,
) -> tuple[str | None, set[str], dict[str, ast.expr]] | None:
    """For a function the loop calls on every iteration: the instance parameter (`self` of a
    method called on it, else None), the other parameters, and what the call hands each. None
    when the function declares names `global` or `nonlocal`, or the call or the function
    spreads arguments (`*args`, `**options`; but for the call, one starred argument written
    last, `train_step(model, opt, *batch)`: the parameters after those written before it are
    each handed what it spreads): what stays the same from call to call is then not read.
    (`declared`: a function declaring names is read too, for a caller that checks them.)"""
    function, call = called
    if not declared and any(isinstance(node, (ast.Global, ast.Nonlocal)) for node in own_nodes(function)):
        return None
    spread = call.args[-1] if call.args and call.args[-1].__class__ is ast.Starred else None
    if any(k.arg is None for k in call.keywords) or any(a.__class__ is ast.Starred for a in call.args[: -1 if spread else None]):
        return None
    arguments = function.args
    positional_params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    params = {*positional_params, *(a.arg for a in arguments.kwonlyargs)}
    if arguments.vararg is not None or arguments.kwarg is not None:
        return None
    instance = None
    if positional_params and binds_the_instance(call, function):
        # a method called on `self`: its first parameter is the instance, whose attributes the
        # construction may read when only `__init__` binds them
        instance = positional_params.pop(0)
        params.discard(instance)
    written = call.args[:-1] if spread is not None else call.args
    passed: dict[str, ast.expr] = dict(zip(positional_params, written))
    if spread is not None:
        # (a parameter it may leave to its default reads the same on every call anyway)
        passed.update((name, spread.value) for name in positional_params[len(written) :])  # type: ignore[attr-defined]
    passed.update({k.arg: k.value for k in call.keywords if k.arg is not None})
    return instance, params, passed


def rebound_declared(model: ModuleModel) -> set[str]:
    """Names some function of the module declares `global` or `nonlocal` and binds (`global
    model; model = bigger()`): what a construction reading them builds may change from call to
    call. Found once per module, from its declarations (none: no walk)."""
    found = model.__dict__.get("_rebound_declared")
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = model.__dict__["_rebound_declared"] = set()
    declarations = [*model.source.of_type(ast.Global), *model.source.of_type(ast.Nonlocal)]
    if not declarations:
        return found
    for function in (*model.source.of_type(ast.FunctionDef), *model.source.of_type(ast.AsyncFunctionDef)):
        nodes = list(ast_walk(function))  # (`own_nodes` leaves out declarations; nested functions' names count too)
        declared = {name for node in nodes if isinstance(node, (ast.Global, ast.Nonlocal)) for name in node.names}
        if declared:
            found.update(
                node.id for node in nodes
                if isinstance(node, ast.Name) and node.id in declared and not isinstance(node.ctx, ast.Load)
            )  # fmt: skip
    return found


def repeated_before(stmt: ast.stmt, target: str, before: ast.AST, model: ModuleModel) -> bool:
    """The plain name `target`, built by `stmt` in the loop `before` (or a loop in it), is also
    bound before that loop by the same construction written the same way (`opt =
    SGD(model.parameters(), ...)` above the epoch loop, and again in the batch loop): the two
    are the scope's only bindings of the name, the first a statement of the block holding
    `before`, and nothing between them names the object or anything the construction reads
    (a module aside). Deleting the one in the loop then does what moving it before the loop
    would: the construction that would be written there is already there."""
    source = model.source
    if "." in target or stmt.__class__ is not ast.Assign:
        return False
    index = assignments(model)
    others = [b.statement for b in index.bindings(target, index.scope_of(stmt)) if b.statement is not stmt]
    if len(others) != 1 or others[0].__class__ is not ast.Assign or len(others[0].targets) != 1:  # type: ignore[attr-defined]
        return False
    first: ast.Assign = others[0]  # type: ignore[assignment]
    if dotted(first.targets[0]) != target or source.code(first.value) != source.code(stmt.value):  # type: ignore[attr-defined]
        return False
    block = source.block_of(before)  # type: ignore[arg-type]
    if block is None or first not in block or block.index(first) > block.index(before):  # type: ignore[arg-type]
        return False
    imported = model.facts.imports.aliases  # (`torch` of `torch.optim.SGD`: a module)
    read = {node.id for node in ast_walk(stmt.value) if isinstance(node, ast.Name) and node.id not in imported} | {target}  # type: ignore[attr-defined]
    for between in block[block.index(first) + 1 : block.index(before)]:  # type: ignore[arg-type]
        if any(isinstance(node, ast.Name) and node.id in read for node in ast_walk(between)):
            return False
    return True


def same_on_every_call(
    value: ast.Call, function: ast.FunctionDef, loop: ast.AST, model: ModuleModel,
    instance: str | None, params: set[str], passed: dict[str, ast.expr],
) -> bool:  # fmt: skip
    """A construction in a function the loop calls reads only what stays the same from call to
    call: nothing the function itself binds before (the optimizer built again per call, a
    counter), no attribute of `self` that anything but `__init__` binds, no parameter the call
    leaves to its default or hands something the loop changes, no global the loop changes."""
    if reads_what_the_loop_changes(value, function):
        return False  # (reads what the function binds)
    read = {node.id for node in ast_walk(value) if isinstance(node, ast.Name)}
    if instance is not None and instance in read:
        changing = class_attributes_changing(function, loop, model) if is_class_method(function) else attributes_set_outside_init(function, model)
        if changing is None or any(
            isinstance(node, ast.Name) and node.id == instance
            and not (isinstance(parent, ast.Attribute) and parent.value is node and parent.attr not in changing)
            for parent in ast_walk(value) for node in child_nodes(parent)
        ):  # fmt: skip
            return False  # `self` handed on whole, or an attribute of it that may change between calls
    if any(name in params and (name not in passed or reads_what_the_loop_changes(passed[name], loop)) for name in read):
        return False  # a parameter left to its default, or handed something the loop changes
    return not reads_what_the_loop_changes(value, loop)  # (a global the loop changes)


def held_in_a_handed_object(
    target: str, value: ast.Call, loop: ast.AST, model: ModuleModel, params: set[str], passed: dict[str, ast.expr],
) -> bool:  # fmt: skip
    """`ctx.opt = Adam(ctx.model.parameters(), ...)` in a function the loop calls with the same
    object every time (`emit("batch", ctx, i, x, y)`, a `types.SimpleNamespace` the loop never
    rebinds): an attribute of a parameter handed a name the loop does not change (or a
    string-keyed item of it, `env["sched"]` of a dict), built from attributes (items) of it that
    no statement of the module stores but a set-up function the loop's function calls before the
    loop, or the one function calling the loop's function, before that call (`st.model =
    build_model()` ... `fit(st)` in `main()`; one the loop may swap between calls would make a
    new object the right one)."""
    parts = member_of(target)
    if parts is None or parts[0] not in params:
        return False
    root = parts[0]
    handed = passed.get(root)
    if not isinstance(handed, ast.Name) or reads_what_the_loop_changes(handed, loop):
        return False
    read = {member for node in ast_walk(value) if (member := _member_read(node, root)) is not None}
    stored = {
        member for kind in (ast.Attribute, ast.Subscript) for node in model.source.of_type(kind)
        if not isinstance(node.ctx, ast.Load) and (member := _member_read(node, None)) in read  # type: ignore[attr-defined]
    }  # fmt: skip
    # (`env["opt"]` stored by a `prepare(env)` the loop's function calls before the loop: the
    # same optimizer on every call)
    return all(set_up_before(member, loop, model) for member in stored)


def member_of(key: str) -> tuple[str, str] | None:
    """`ctx.opt` or `env["opt"]` (a key, `Source.key`): the object's name and the member's."""
    if key.endswith(("\"]", "']")):
        root, _, rest = key.partition("[")
        member = rest[1:-2]
        if root.isidentifier() and rest[:1] == rest[-2:-1] and member.isidentifier():
            return root, member
        return None
    root, dot, attr = key.partition(".")
    if dot and root.isidentifier() and attr.isidentifier():
        return root, attr
    return None


def _member_read(node: ast.AST, root: str | None) -> str | None:
    """The member `node` names when it is `root.member` or `root["member"]` (`root` None: of
    any object)."""
    if node.__class__ is ast.Attribute:
        holder, member = node.value, node.attr  # type: ignore[attr-defined]
    elif node.__class__ is ast.Subscript:
        key = node.slice  # type: ignore[attr-defined]
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None
        holder, member = node.value, key.value  # type: ignore[attr-defined]
    else:
        return None
    if root is not None and not (isinstance(holder, ast.Name) and holder.id == root):
        return None
    return member  # type: ignore[no-any-return]


def set_up_before(member: str, loop: ast.AST, model: ModuleModel) -> bool:
    """Every statement of the module storing an attribute or string-keyed item named `member`
    lies in a module-level function (not the loop's) called only by expression statements at
    the top level of the loop's own module-level function, each before the loop (`prepare(env)`
    ... `for epoch in ...`), its name used nowhere else: the member is set before the loop
    runs and stays."""
    body = model.source.tree.body
    line = getattr(loop, "lineno", 0)
    holder = next((f for f in body if isinstance(f, FUNCTIONS) and f.lineno <= line <= (f.end_lineno or 0)), None)
    if holder is None:
        return False
    for stmt in body:
        if not any(
            node.__class__ in (ast.Attribute, ast.Subscript) and not isinstance(node.ctx, ast.Load)  # type: ignore[attr-defined]
            and _member_read(node, None) == member
            for node in ast_walk(stmt)
        ):  # fmt: skip
            continue
        if not isinstance(stmt, FUNCTIONS) or stmt is holder:
            return False
        if _sets_before_calling(stmt, holder, member, model):
            continue  # (`st.model = build_model()` ... `fit(st)` in `main()`)
        uses = [node for node in model.source.of_type(ast.Name) if node.id == stmt.name]  # type: ignore[attr-defined]
        if not uses or not all(
            any(
                isinstance(top, ast.Expr) and isinstance(top.value, ast.Call) and top.value.func is use
                and (top.end_lineno or 0) < line
                for top in holder.body  # type: ignore[attr-defined]
            )
            for use in uses
        ):  # fmt: skip
            return False
    return True


def _sets_before_calling(function: ast.AST, holder: ast.AST, member: str, model: ModuleModel) -> bool:
    """`function` (`main()`) stores the member only in plain statements of its own body, all
    before the first of its statements calling the loop's function (`holder`, `fit(st)`), and
    the module names the loop's function nowhere else: the member is set before the loop's
    function runs, and nothing the loop runs sets it again."""
    uses = [node for node in model.source.of_type(ast.Name) if node.id == holder.name]  # type: ignore[attr-defined]
    if not uses:
        return False
    body: list[ast.stmt] = function.body  # type: ignore[attr-defined]
    first: int | None = None
    for use in uses:
        top = next((s for s in body if s.lineno <= use.lineno <= (s.end_lineno or 0)), None)
        if top is None or top.__class__ not in _VALUED:
            return False  # (called elsewhere, or under an `if`, in a loop: not read)
        first = top.lineno if first is None else min(first, top.lineno)
    for stmt in body:
        for node in ast_walk(stmt):
            if node.__class__ in (ast.Attribute, ast.Subscript) and not isinstance(node.ctx, ast.Load) and _member_read(node, None) == member:  # type: ignore[attr-defined]
                if stmt.__class__ not in _VALUED or (stmt.end_lineno or 0) >= first:  # type: ignore[operator]
                    return False
    return True


def of_the_instance(target: str, instance: str | None, function: ast.AST) -> bool:
    """`target` is an attribute of the instance (`self.sched`), or of an object the instance
    holds that the function never binds (`self.state.sched`, with no `self.state = ...` in the
    function): either way the same object from call to call."""
    if instance is None:
        return False
    parts = target.split(".")
    if parts[0] != instance or not 2 <= len(parts) <= 3:
        return False
    if len(parts) == 2:
        return True
    holder = f"{instance}.{parts[1]}"
    return not any(
        isinstance(node, ast.Attribute) and node.attr == parts[1] and not isinstance(node.ctx, ast.Load) and dotted(node) == holder
        for node in ast_walk(function)
    )


def statement_calls(stmt: ast.stmt) -> list[ast.Call]:
    """The calls a statement makes whenever it runs: the value of an expression statement or
    an assignment (`train_step(...)`, `loss = train_step(...)`, `total += train_step(...)`) and
    the calls nested in it that run with it (`losses.append(train_step(...))`,
    `print(f"{train_step(...):.3f}")`, `train_step(...).item()`), the statement's own call
    first. Not what may not run: the later operands of `and`/`or`, the arms of `a if t else b`,
    lambdas and comprehensions. Also the test of an `if`, a `while` (it runs at least once
    whenever the statement runs) or an `assert` (`if train_step(...) > limit: break`), and the
    items of a `with` (`with timed(train_step(...)):`): not their blocks. Not a `return`'s value:
    a `return` that runs on every iteration (in a `with` or `try` block of the body) ends the
    loop on the first."""
    kind = stmt.__class__
    if kind not in _VALUED:
        if kind not in _TESTED and kind not in _WITHS:
            return []
    if _LAST[0] is stmt:
        return _LAST[1]  # (the rules ask `called_function`, `called_method`... of each statement in turn)
    if kind in _TESTED:
        todo: list[ast.AST] = [stmt.test]  # type: ignore[attr-defined]
    elif kind in _WITHS:
        todo = [item.context_expr for item in reversed(stmt.items)]  # type: ignore[attr-defined]
    else:
        value = stmt.value  # type: ignore[attr-defined]
        if value is None:
            return []  # (`x: int`)
        todo = [value]
    found: list[ast.Call] = []
    while todo:
        node = todo.pop()
        kind = node.__class__
        if kind is ast.Call:
            found.append(node)  # type: ignore[arg-type]
            inner: list[ast.AST] = [node.func.value] if node.func.__class__ is ast.Attribute else []  # type: ignore[attr-defined]
            inner += node.args  # type: ignore[attr-defined]
            inner += [keyword.value for keyword in node.keywords]  # type: ignore[attr-defined]
        elif kind is ast.Attribute or kind is ast.Starred or kind is ast.FormattedValue or kind is ast.NamedExpr or kind is ast.Await:
            inner = [node.value]  # type: ignore[attr-defined]
        elif kind is ast.Subscript:
            inner = [node.value, node.slice]  # type: ignore[attr-defined]
        elif kind is ast.BinOp:
            inner = [node.left, node.right]  # type: ignore[attr-defined]
        elif kind is ast.UnaryOp:
            inner = [node.operand]  # type: ignore[attr-defined]
        elif kind is ast.Compare:
            inner = [node.left, node.comparators[0]]  # type: ignore[attr-defined]
        elif kind is ast.BoolOp:
            inner = [node.values[0]]  # type: ignore[attr-defined]
        elif kind is ast.IfExp:
            inner = [node.test]  # type: ignore[attr-defined]
        elif kind is ast.Tuple or kind is ast.List or kind is ast.Set:
            inner = list(node.elts)  # type: ignore[attr-defined]
        elif kind is ast.Dict:
            inner = [key for key in node.keys if key is not None] + node.values  # type: ignore[attr-defined]
        elif kind is ast.JoinedStr:
            inner = list(node.values)  # type: ignore[attr-defined]
        else:
            continue  # a name, a constant, a lambda, a comprehension: no call that surely runs
        todo.extend(reversed(inner))  # (in the order they are written)
    _LAST[0], _LAST[1] = stmt, found
    return found


# statements whose value is an expression: what `statement_calls` reads
_VALUED = frozenset({ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign})
_TESTED = frozenset({ast.If, ast.While, ast.Assert})  # and whose test is one
_WITHS = frozenset({ast.With, ast.AsyncWith})
_LAST: list = [None, []]  # the last statement `statement_calls` read, and its answer  # type: ignore[type-arg]


def called_function(
    stmt: ast.stmt, model: ModuleModel, words: tuple[str, ...]
) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`train_epoch(model, optimizer, loader)` as a statement of its own (or the value of an
    assignment, or a call the statement makes whenever it runs: `statement_calls`), calling a
    function of the module by its name whose text says one of `words` (what builds the object
    asked about): that function and the call."""
    for call in statement_calls(stmt):
        if call.func.__class__ is ast.Name:
            found = _called_function(call, model, words)
            if found is None and model.facts.local_functions and call.func.id not in model.facts.module_functions:  # type: ignore[attr-defined]
                found = _called_closure(stmt, call, model, words)
                if found is None:
                    found = _factory_made_closure(call, model, words) or _returned_closure(stmt, call, model, words)
            if found is not None:
                return found
        elif (call.func.__class__ is ast.Subscript or call.func.__class__ is ast.Attribute) and call.func.value.__class__ is ast.Name:  # type: ignore[attr-defined]
            if _closure_holders(model):
                found = _held_closure(stmt, call, model, words)
                if found is not None:
                    return found
    return None


def _closure_holders(model: ModuleModel) -> dict[str, tuple[ast.FunctionDef, dict[str, str]]]:
    """The functions of the module (not methods) whose last statement hands back closures they
    define in a dict literal under string keys (`return {"train": train, "report": report}`)
    or in a `types.SimpleNamespace(train_step=train_step, ...)`: each one's node and, per key,
    the name of the closure there. Found once per module (most modules have none)."""
    found: dict[str, tuple[ast.FunctionDef, dict[str, str]]] | None = model.__dict__.get("_closure_holders")
    if found is not None:
        return found
    found = model.__dict__["_closure_holders"] = {}
    facts = model.facts
    if not facts.local_functions:
        return found
    for name, info in facts.module_functions.items():
        node = info.node
        local = facts.local_functions.get(id(node))
        if not local or info.class_name is not None or not isinstance(node, ast.FunctionDef) or not node.body:
            continue
        last = node.body[-1]
        value = last.value if last.__class__ is ast.Return else None  # type: ignore[attr-defined]
        pairs: list[tuple[str, ast.expr]] = []
        if value.__class__ is ast.Dict:
            if not all(k.__class__ is ast.Constant and isinstance(k.value, str) for k in value.keys):  # type: ignore[union-attr]
                continue  # (a `**spread` or a computed key: which closure sits where is not read)
            pairs = [(k.value, v) for k, v in zip(value.keys, value.values)]  # type: ignore[union-attr]
        elif value.__class__ is ast.Call and not value.args and (facts.imports.qualify(dotted(value.func) or "") or "") == "types.SimpleNamespace":  # type: ignore[union-attr]
            if any(k.arg is None for k in value.keywords):  # type: ignore[union-attr]
                continue
            pairs = [(k.arg, k.value) for k in value.keywords]  # type: ignore[union-attr, misc]
        places = {key: v.id for key, v in pairs if v.__class__ is ast.Name and v.id in local}  # type: ignore[attr-defined]
        if places:
            found[name] = (node, places)
    return found


def _held_closure(
    stmt: ast.stmt, call: ast.Call, model: ModuleModel, words: tuple[str, ...]
) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`steps["train"](x, y)` (or `ns.train_step(x, y)`) in a loop whose scope binds `steps`
    once, to the call of a function of `_closure_holders`, and reads it only by a constant key
    (`steps["..."]`, `ns.name`: never stores into it, hands it on whole or deletes from it;
    no `setattr` in the module), the key's place holding a closure the function defines once:
    that closure and the call, as the closure's own call `train(x, y)`."""
    func = call.func
    holder = func.value.id  # type: ignore[attr-defined]
    if func.__class__ is ast.Subscript:
        key = func.slice  # type: ignore[attr-defined]
        if key.__class__ is not ast.Constant or not isinstance(key.value, str):  # type: ignore[attr-defined]
            return None
        key = key.value  # type: ignore[attr-defined]
    else:
        key = func.attr  # type: ignore[attr-defined]
    facts = model.facts
    if holder in facts.imports.aliases or holder in facts.module_functions or holder in rebound_declared(model):
        return None
    index = assignments(model)
    scope = index.scope_of(stmt)
    bound = index.bindings(holder, scope)
    if len(bound) != 1 or bound[0].scope is not scope or bound[0].statement.__class__ is not ast.Assign:
        return None
    binding: ast.Assign = bound[0].statement  # type: ignore[assignment]
    value = binding.value
    if len(binding.targets) != 1 or binding.targets[0].__class__ is not ast.Name or value.__class__ is not ast.Call or value.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
        return None
    maker = _closure_holders(model).get(value.func.id)  # type: ignore[attr-defined]
    if maker is None or key not in maker[1] or "setattr(" in model.source.text:
        return None
    if func.__class__ is ast.Subscript and maker[0].body[-1].value.__class__ is not ast.Dict:  # type: ignore[attr-defined]
        return None  # (a namespace is not read by key, nor a dict by attribute)
    if func.__class__ is ast.Attribute and maker[0].body[-1].value.__class__ is ast.Dict:  # type: ignore[attr-defined]
        return None
    keyed: set[int] = set()
    named = 0
    for node in ast_walk(scope):
        kind = node.__class__
        if kind is ast.Name and node.id == holder:  # type: ignore[attr-defined]
            named += 1
        elif (kind is ast.Subscript or kind is ast.Attribute) and node.value.__class__ is ast.Name and node.value.id == holder:  # type: ignore[attr-defined]
            if node.ctx.__class__ is not ast.Load:  # type: ignore[attr-defined]
                return None  # stored into or deleted from
            if kind is ast.Subscript and (node.slice.__class__ is not ast.Constant or not isinstance(node.slice.value, str)):  # type: ignore[attr-defined]
                return None
            if kind is ast.Attribute and node.attr not in maker[1]:  # type: ignore[attr-defined]
                return None  # (`steps.update(...)`, `ns.other`: not a closure the maker put there)
            keyed.add(id(node.value))  # type: ignore[attr-defined]
    if named != len(keyed) + 1:
        return None  # handed on whole or bound again: not read
    inner = maker[1][key]
    closure = facts.local_functions.get(id(maker[0]), {}).get(inner)
    if closure is None or not isinstance(closure.node, ast.FunctionDef) or closure.node.decorator_list:
        return None
    if not _only_binding_is(maker[0], inner, closure.node) or not any(word in model.source.segment(closure.node) for word in words):
        return None
    # (by the call's id, holding the call: an id is never another call's while the entry lives)
    made: dict[int, tuple[ast.Call, ast.Call]] = model.__dict__.setdefault("_held_calls", {})
    kept = made.get(id(call))
    direct = kept[1] if kept is not None and kept[0] is call else None
    if direct is None:
        name = ast.Name(inner, ast.Load())
        direct = ast.Call(name, call.args, call.keywords)
        made[id(call)] = (call, direct)
        for node, at in ((name, func), (direct, call)):
            node.lineno, node.col_offset = at.lineno, at.col_offset
            node.end_lineno, node.end_col_offset = at.end_lineno, at.end_col_offset
    return closure.node, direct


def _factory_made_closure(call: ast.Call, model: ModuleModel, words: tuple[str, ...]) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`step(i, x, y)` with `step` the closure a factory of the module returns, bound once in
    the module to its call (`step = make_train_step(model, opt)`) or unpacked from the tuple
    such a factory returns (`step, end_epoch = make_train_step(model, opt)`, every such
    unpacking binding it to the same closure), whose text says one of `words`: the closure
    and the call (each call of the loop runs its body once)."""
    from gradfix.analysis.loops import _factory_closures, _only_binding, unpacked_closure

    name = call.func.id  # type: ignore[attr-defined]
    facts = model.facts
    inner = unpacked_closure(facts, name)
    if inner is None:
        factories = _factory_closures(facts)
        if not factories:
            return None
        # (the factory's own `def update` may bear the name it is bound to: `update = build_update(...)`)
        same = [f.node for f in factories.values() if f.node.name == name]  # type: ignore[attr-defined]
        value = _only_binding(model.source.tree, name, declarations=True, besides=same[0] if len(same) == 1 else None)
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in factories):
            return None
        inner = factories[value.func.id]
    node = inner.node
    if not isinstance(node, ast.FunctionDef) or not any(word in model.source.segment(node) for word in words):
        return None
    source = model.source
    for stmt in source.of_type(ast.Assign):
        if any(isinstance(n, ast.Name) and n.id == name for t in stmt.targets for n in ast_walk(t)):  # type: ignore[attr-defined]
            owner = source.owner_of(stmt)  # type: ignore[arg-type]
            if owner is not None and not isinstance(owner, (*FUNCTIONS, ast.Module)):
                return None  # (made in a loop or a branch: a new closure, and its objects, each time)
    return node, call


def _returned_closure(
    stmt: ast.stmt, call: ast.Call, model: ModuleModel, words: tuple[str, ...]
) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`loss = step(i, x, y)` in a loop whose scope (a function, or the module: the loop under
    `if __name__ == "__main__":`) binds `step` once, by unpacking the call of a function of
    the module (`model, begin, step, end = main()`) whose one `return`, its last statement,
    hands back a tuple of as many names, `step`'s place holding a function it defines itself
    (a closure over its model and optimizer, the function's only binding of that name): that
    closure and the call."""
    name = call.func.id  # type: ignore[attr-defined]
    facts = model.facts
    if name not in _unpacked_closures(model) or name in facts.imports.aliases or name in rebound_declared(model):
        return None
    index = assignments(model)
    scope = index.scope_of(stmt)
    if isinstance(scope, FUNCTIONS) and name in facts.local_functions.get(id(scope), {}):
        return None
    found = index.bindings(name, scope)
    if len(found) != 1 or found[0].scope is not scope or found[0].statement.__class__ is not ast.Assign:
        return None
    binding: ast.Assign = found[0].statement  # type: ignore[assignment]
    if len(binding.targets) != 1 or binding.targets[0].__class__ is not ast.Tuple:
        return None
    names = binding.targets[0].elts  # type: ignore[attr-defined]
    value = binding.value
    if value.__class__ is not ast.Call or value.func.__class__ is not ast.Name:  # type: ignore[attr-defined]
        return None
    place = next((k for k, element in enumerate(names) if element.__class__ is ast.Name and element.id == name), None)
    info = facts.module_functions.get(value.func.id)  # type: ignore[attr-defined]
    if place is None or info is None or info.class_name is not None or not isinstance(info.node, ast.FunctionDef):
        return None
    maker: ast.FunctionDef = info.node
    returns = [node for node in own_nodes(maker) if node.__class__ is ast.Return]
    if len(returns) != 1 or returns[0] is not maker.body[-1] or any(isinstance(node, (ast.Yield, ast.YieldFrom)) for node in own_nodes(maker)):
        return None
    handed = returns[0].value
    if handed.__class__ is not ast.Tuple or len(handed.elts) != len(names) or handed.elts[place].__class__ is not ast.Name:  # type: ignore[attr-defined]
        return None
    inner = handed.elts[place].id  # type: ignore[attr-defined]
    closure = facts.local_functions.get(id(maker), {}).get(inner)
    if closure is None or not isinstance(closure.node, ast.FunctionDef) or closure.node.decorator_list:
        return None
    if not _only_binding_is(maker, inner, closure.node):
        return None  # bound otherwise too: which one it hands back is not read
    if not any(word in model.source.segment(closure.node) for word in words):
        return None
    return closure.node, call


def _only_binding_is(function: ast.AST, name: str, definition: ast.AST) -> bool:
    """Whether `definition` (a `def` inside `function`) is the one binding of `name` anywhere in
    `function`: no other `def`, assignment, parameter, `global` or `nonlocal` of it."""
    bindings = [
        n for n in ast_walk(function)
        if (isinstance(n, FUNCTIONS) and n.name == name and n is not function)
        or (isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load))
        or (isinstance(n, ast.arg) and n.arg == name)
        or (isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names)
    ]  # fmt: skip
    return len(bindings) == 1 and bindings[0] is definition


def _called_closure(
    stmt: ast.stmt, call: ast.Call, model: ModuleModel, words: tuple[str, ...]
) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`loss = step(x, y)` in a loop of a function that defines `step` itself (a closure over
    its model and optimizer, also one defined again at the top of each epoch), the function's
    only binding of that name: that function and the call."""
    name = call.func.id  # type: ignore[attr-defined]
    source = model.source
    owner = source.owner_of(stmt)
    while owner is not None and not isinstance(owner, FUNCTIONS):
        owner = source.owner_of(owner)  # type: ignore[arg-type]
    if owner is None:
        return None
    info = model.facts.local_functions.get(id(owner), {}).get(name)
    if info is None or info.node.decorator_list:
        return None
    if info.node.__class__ is not ast.FunctionDef:
        if info.node.__class__ is not ast.AsyncFunctionDef or not _awaited(stmt, call):
            return None  # (a coroutine's body runs only where the call is awaited)
    if not _only_binding_is(owner, name, info.node):
        return None  # bound otherwise too: which one runs is not read
    if not any(word in source.segment(info.node) for word in words):
        return None
    return info.node, call


def _awaited(stmt: ast.stmt, call: ast.Call) -> bool:
    """`await step(epoch, i, x, y)`: the statement awaits the call itself, which runs the
    coroutine function's body there and then."""
    return any(node.__class__ is ast.Await and node.value is call for node in ast_walk(stmt))  # type: ignore[attr-defined]


def _called_function(
    value: ast.Call, model: ModuleModel, words: tuple[str, ...]
) -> tuple[ast.FunctionDef, ast.Call] | None:
    handlers = bus_handlers(value, model.facts) if value.args else None
    if handlers is not None:
        # `emit("batch", ctx, i, x, y)`: the call it makes of the bus's handler that says a word
        for handler in handlers:
            if isinstance(handler.node, ast.FunctionDef) and any(word in model.source.segment(handler.node) for word in words):
                return handler.node, bus_call(value, handler.node.name, model.facts)
        return None
    if value.func.id not in model.facts.module_functions:  # type: ignore[attr-defined]
        # `step(x, y)` of `step = partial(train_step, model, opt)`: the call it makes
        value = direct_call(value, model.facts)  # type: ignore[assignment]
        if value is None:
            return None
    info = model.facts.module_functions.get(value.func.id)  # type: ignore[attr-defined]
    if info is None or info.class_name is not None or not isinstance(info.node, ast.FunctionDef):
        return None
    if not any(word in model.source.segment(info.node) for word in words):
        return None  # (most functions a loop calls build no such object: their nodes are not walked)
    return info.node, value


def called_method(
    stmt: ast.stmt, loop: ast.stmt, model: ModuleModel, words: tuple[str, ...]
) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`self.train_epoch(loader)` as a statement of its own (or the value of an assignment, or
    a call the statement makes whenever it runs: `statement_calls`) in a loop of a method,
    calling a method of the same class whose text says one of `words`: that method and the
    call. Also `loss = self(x, y)`, the object calling itself (its class's `__call__`), and a
    static method (`self.train_step(model, opt, x)`); a method that only forwards the call
    (`return Trainer.train_step(self.model, self.opt, x, y)`, see `_forwarded`) stands for
    the method it forwards to, with that call's arguments as the loop's call hands them."""
    for call in statement_calls(stmt):
        if _method_of_the_file(call, model) or (call.func.__class__ is ast.Name and call.func.id == "self"):  # type: ignore[attr-defined]
            found = _called_method(call, loop, model, words)
            if found is not None:
                return found
    return None


def _called_method(
    value: ast.Call, loop: ast.stmt, model: ModuleModel, words: tuple[str, ...]
) -> tuple[ast.FunctionDef, ast.Call] | None:
    source = model.source
    function = source.owner_of(loop)
    while isinstance(function, ast.stmt) and not isinstance(function, FUNCTIONS):
        function = source.owner_of(function)
    if not isinstance(function, ast.FunctionDef) or not function.args.args:
        return None
    owner = source.owner_of(function)
    if not isinstance(owner, ast.ClassDef):
        return None
    instance = function.args.args[0].arg
    func = value.func
    by_class = False
    if func.__class__ is ast.Name:
        name = "__call__" if func.id == instance else None  # type: ignore[attr-defined]  # `loss = self(x, y)`
    elif func.value.id == instance:  # type: ignore[attr-defined]
        name = func.attr  # type: ignore[attr-defined]
    else:
        by_class = func.value.id == owner.name  # type: ignore[attr-defined]
        name = func.attr if by_class else None  # type: ignore[attr-defined]  # `Trainer.train_step(self.model, x)`: a static method
    if name is None:
        return None
    # `cls.train_batch(x)` in a `@classmethod`: a class method of its own class
    info = _own_method(owner.name, name, model, classmethods=instance == "cls" and not by_class and _decorated(function, "classmethod"))
    if info is None or (by_class and not _static(info.node)):
        return None
    if any(word in source.segment(info.node) for word in words):
        return info.node, value
    forwarded = _forwarded(info.node, value, owner.name, instance, model)
    if forwarded is not None and any(word in source.segment(forwarded[0]) for word in words):
        return forwarded
    return None


def _own_method(owner: str, name: str, model: ModuleModel, classmethods: bool = False):  # type: ignore[no-untyped-def]
    """The method `name` that `self.<name>(...)` runs in a method of class `owner`: one the
    class defines itself, plain or static (no other decorator), with an instance parameter
    unless static; the one override of a stub when a subclass of the file may override it.
    With `classmethods` (`cls.<name>(...)` in a class method), a `@classmethod` too."""
    info = model.facts.methods.get(owner, {}).get(name)
    if any(isinstance(base, ast.Name) and base.id == owner for other in model.facts.classes.values() for base in other.bases):
        # a subclass of the file may override the method: read only the one override of a stub
        info = _one_override(owner, name, info, model)
        if info is None:
            return None
    elif info is None or info.class_name != owner:
        return None
    node = info.node
    if not isinstance(node, ast.FunctionDef) or (node.decorator_list and not _static(node) and not (classmethods and _decorated(node, "classmethod"))):
        return None
    if not _static(node) and not node.args.args:
        return None
    return info


def _decorated(function: ast.AST, name: str) -> bool:
    """Decorated `@<name>` alone (`@classmethod`)."""
    decorators = getattr(function, "decorator_list", ())
    return len(decorators) == 1 and decorators[0].__class__ is ast.Name and decorators[0].id == name  # type: ignore[attr-defined]


def _static(function: ast.AST) -> bool:
    """Decorated `@staticmethod` alone."""
    decorators = getattr(function, "decorator_list", ())
    return len(decorators) == 1 and decorators[0].__class__ is ast.Name and decorators[0].id == "staticmethod"  # type: ignore[attr-defined]


def binds_the_instance(call: ast.Call, function: ast.AST) -> bool:
    """The call hands the function's first parameter the object implicitly: a method called on
    an object (`self.step(x)`, `stepper.step(x)`), not a static method; or a `__call__` run by
    calling the object (`self(x)`, `step(x)`)."""
    if _static(function):
        return False
    if call.func.__class__ is ast.Attribute:
        return True
    return getattr(function, "name", None) == "__call__" and call.func.__class__ is ast.Name


def _forwarded(
    function: ast.FunctionDef, value: ast.Call, owner: str, instance: str, model: ModuleModel
) -> tuple[ast.FunctionDef, ast.Call] | None:
    """A method of `owner` whose one statement returns a call of another method of the class
    (`return Trainer.train_step(self.model, self.opt, x, y, i)`, a static method by the
    class's name, or `return self.step(x, y)`), called by the loop's `value`: that method and
    its call, written with what `value` hands (`x` the loop's argument; `self.model` the same
    object's). None when it cannot be written exactly: an argument reading a parameter other
    than as a whole name, a parameter left to its default, spread arguments."""
    params = [a.arg for a in function.args.args]
    if not params or params[0] != instance:
        return None  # (its `self.model` is the loop's only when both name the object alike)
    inner = forwarded_call(function, owner, instance)
    if inner is None:
        return None
    target = _own_method(owner, inner.func.attr, model)  # type: ignore[attr-defined]
    if target is None or target.node is function:
        return None
    if inner.func.value.id == owner and not _static(target.node):  # type: ignore[attr-defined]
        return None  # (`Trainer.step(self, x)`: unbound, not read)
    arguments = function.args
    if arguments.vararg or arguments.kwarg or arguments.posonlyargs or arguments.kwonlyargs or function.decorator_list:
        return None
    if any(a.__class__ is ast.Starred for a in (*value.args, *inner.args)) or any(k.arg is None for k in (*value.keywords, *inner.keywords)):
        return None
    params = params[1:]
    handed: dict[str, ast.expr] = dict(zip(params, value.args))
    if len(value.args) > len(params):
        return None
    handed.update((k.arg, k.value) for k in value.keywords)  # type: ignore[misc]
    if any(name not in params for name in handed):
        return None

    def written(arg: ast.expr) -> ast.expr | None:
        if arg.__class__ is ast.Name and arg.id in handed:  # type: ignore[attr-defined]
            return handed[arg.id]  # type: ignore[attr-defined]
        if any(n.__class__ is ast.Name and n.id in params for n in ast_walk(arg)):  # type: ignore[attr-defined]
            return None  # (a parameter read in an expression, or left to its default)
        return arg

    args = [written(a) for a in inner.args]
    keywords = [(k, written(k.value)) for k in inner.keywords]
    if any(a is None for a in args) or any(v is None for _, v in keywords):
        return None
    call = ast.Call(func=inner.func, args=args, keywords=[ast.keyword(arg=k.arg, value=v) for k, v in keywords])
    ast.copy_location(call, value)
    call.end_lineno, call.end_col_offset = value.end_lineno, value.end_col_offset
    return target.node, call


def _one_override(owner: str, name: str, own: object, model: ModuleModel) -> object:
    """`self.training_step(batch)` in the loop of a base class whose own `training_step` is a
    stub (`raise NotImplementedError`, `pass`) or absent, the module never building the base
    itself (`Base(...)`), and one class of the module deriving from it defining that method:
    that method (every object the loop runs on is of that class or of one deriving from it
    without overriding it again); else None."""
    from gradfix.analysis.loops import _never_built, _stub, _subclasses_of  # (only for such a call)

    facts = model.facts
    if own is not None and (own.class_name != owner or not _stub(own.node)):  # type: ignore[attr-defined]
        return None
    if not _never_built(facts, owner):
        return None
    found = [facts.methods[sub][name] for sub in _subclasses_of(facts, owner) if name in facts.methods.get(sub, {})]
    found = [info for info in found if info.class_name in _subclasses_of(facts, owner)]
    if len(found) != 1:
        return None
    return found[0]

def called_on_instance(stmt: ast.stmt, model: ModuleModel, words: tuple[str, ...]) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`stepper.step(x, y)` as a statement of its own (or the value of an assignment), on a
    name the module binds only to instances of one class of the file (`stepper = Stepper(net,
    opt)`), calling a method that class defines itself (undecorated, no subclass of the file
    may override it) whose text says one of `words`: that method and the call (also a call the
    statement makes whenever it runs: `statement_calls`)."""
    for call in statement_calls(stmt):
        if _method_of_the_file(call, model):
            found = _called_on_instance(call, model, words)
            if found is not None:
                return found
        elif call.func.__class__ is ast.Name and call.func.id != "self" and _says_dunder_call(model):  # type: ignore[attr-defined]
            found = _called_object(call, model, words)
            if found is not None:
                return found
    return None


def called_class_method(stmt: ast.stmt, model: ModuleModel, words: tuple[str, ...]) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`Recipe.step(i, x, y)` as a statement of its own (or the value of an assignment, or a
    call the statement makes whenever it runs: `statement_calls`), calling by the name of a
    class of the file (a name the module never binds otherwise) a `@classmethod` that class
    defines itself (its one decorator, a first parameter; no class of the file deriving from
    it) whose text says one of `words`: that method and the call (its first parameter, `cls`,
    is the class itself on every call)."""
    classes = model.facts.classes
    for call in statement_calls(stmt):
        func = call.func
        if func.__class__ is not ast.Attribute or func.value.__class__ is not ast.Name or func.value.id not in classes:  # type: ignore[attr-defined]
            continue
        owner = func.value.id  # type: ignore[attr-defined]
        if owner in _bound_otherwise(model) or any(
            isinstance(target, ast.Name) and target.id == owner for node in model.source.of_type(ast.Assign) for target in node.targets  # type: ignore[attr-defined]
        ):  # fmt: skip
            continue
        if any(isinstance(base, ast.Name) and base.id == owner for other in classes.values() for base in other.bases):
            continue  # (a subclass of the file may override the method)
        info = model.facts.methods.get(owner, {}).get(func.attr)  # type: ignore[attr-defined]
        if info is None or info.class_name != owner or not isinstance(info.node, ast.FunctionDef) or not is_class_method(info.node):
            continue
        if info.node.args.args and any(word in model.source.segment(info.node) for word in words):
            return info.node, call
    return None


def is_class_method(function: ast.AST) -> bool:
    """Decorated `@classmethod` alone."""
    decorators = getattr(function, "decorator_list", ())
    return len(decorators) == 1 and decorators[0].__class__ is ast.Name and decorators[0].id == "classmethod"  # type: ignore[attr-defined]


def class_attributes_changing(function: ast.FunctionDef, loop: ast.AST, model: ModuleModel) -> set[str] | None:
    """For a class method the loop calls: the attribute names that may be bound between its
    calls: those the loop binds itself, and those bound by the method or by a function of the
    module the loop or the method calls by its name (found again in what those call, to the
    end). A binding in a function nothing of the loop calls (`prepare`, run once before it)
    or in the class's body does not change from call to call. None when the module sets
    attributes by name (`setattr`)."""
    source = model.source
    if "setattr(" in source.text:
        return None
    functions: dict[str, list[ast.AST]] = {}
    for node in (*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef)):
        functions.setdefault(node.name, []).append(node)  # type: ignore[attr-defined]
    reached: list[ast.AST] = [loop, function]
    seen = {id(loop), id(function)}
    at = 0
    while at < len(reached):
        text = source.segment(reached[at])
        at += 1
        for name, nodes in functions.items():
            if name + "(" in text:
                for node in nodes:
                    if id(node) not in seen:
                        seen.add(id(node))
                        reached.append(node)
    return {
        node.attr
        for root in reached
        for node in ast_walk(root)
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load)
    }


def _says_dunder_call(model: ModuleModel) -> bool:
    """The module's text says `__call__` (a class of it may define one): searched once per
    module, not once per call a loop makes."""
    found: bool | None = model.__dict__.get("_says_dunder_call")
    if found is None:
        found = model.__dict__["_says_dunder_call"] = b"__call__" in model.source.data
    return found


def _called_object(value: ast.Call, model: ModuleModel, words: tuple[str, ...]) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`loss = step(x, y, i)` on a name the module binds only to instances of one class of the
    file (`step = TrainStep(model, opt, state)`) that defines `__call__` itself and has no base
    but `object` (an `nn.Module`'s call runs `forward` through hooks: not read here): that
    `__call__` and the call, as `step.__call__(x, y, i)`."""
    name = value.func.id  # type: ignore[attr-defined]
    if name in model.facts.imports.aliases or name in model.facts.module_functions:
        return None
    from gradfix.analysis.samplers import instance_class  # (only for such a call)

    owner = instance_class(value.func, model)
    if owner is None or name in _bound_otherwise(model):
        return None
    cls = model.facts.classes.get(owner)
    bases = getattr(cls, "bases", None)
    if bases is None or any(not (isinstance(base, ast.Name) and base.id == "object") for base in bases):
        return None
    if any(isinstance(base, ast.Name) and base.id == owner for other in model.facts.classes.values() for base in other.bases):
        return None  # a subclass of the file may override `__call__`
    info = model.facts.methods.get(owner, {}).get("__call__")
    if info is None or info.class_name != owner or not isinstance(info.node, ast.FunctionDef) or info.node.decorator_list:
        return None
    if not info.node.args.args or not any(word in model.source.segment(info.node) for word in words):
        return None
    return info.node, value


def _method_of_the_file(call: ast.Call, model: ModuleModel) -> bool:
    """`name.method(...)` where some class of the file defines `method` (not `opt.step()`,
    `losses.append(...)`, `loss.backward()`): the only calls a method of the file may answer."""
    func = call.func
    return (
        func.__class__ is ast.Attribute and func.value.__class__ is ast.Name  # type: ignore[attr-defined]
        and any(func.attr in defined for defined in model.facts.methods.values())  # type: ignore[attr-defined]
    )  # fmt: skip


def _called_on_instance(value: ast.Call, model: ModuleModel, words: tuple[str, ...]) -> tuple[ast.FunctionDef, ast.Call] | None:
    if value.func.value.id == "self" or value.func.value.id in model.facts.imports.aliases:
        return None
    from gradfix.analysis.samplers import instance_class  # (only for such a call)

    owner = instance_class(value.func.value, model)
    if owner is None:
        return None
    if any(isinstance(base, ast.Name) and base.id == owner for other in model.facts.classes.values() for base in other.bases):
        return None  # a subclass of the file may override the method
    info = model.facts.methods.get(owner, {}).get(value.func.attr)
    if info is None or info.class_name != owner or not isinstance(info.node, ast.FunctionDef) or info.node.decorator_list:
        return None
    if not info.node.args.args or not any(word in model.source.segment(info.node) for word in words):
        return None
    return info.node, value


def _bound_otherwise(model: ModuleModel) -> set[str]:
    """Names the module binds otherwise than by a plain assignment (a parameter, a loop's or a
    `with`'s target, `global`, an augmented assignment): an object such a name holds is not
    known from its constructions. Found once per module."""
    found: set[str] | None = model.__dict__.get("_bound_otherwise")
    if found is not None:
        return found
    assigned = {id(target) for stmt in model.source.of_type(ast.Assign) for target in stmt.targets}  # type: ignore[attr-defined]
    found = model.__dict__["_bound_otherwise"] = set()
    for node in model.source.nodes:
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) and id(node) not in assigned:
            found.add(node.id)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            found.update(node.names)
    return found


def attributes_set_outside_init(method: ast.FunctionDef, model: ModuleModel) -> set[str] | None:
    """The attribute names the module binds anywhere but in the `__init__` of the method's
    class (another method, `trainer.epochs = 5`): an attribute of `self` so named may change
    between calls. None when the module sets attributes by name (`setattr`)."""
    owner = model.source.owner_of(method)
    if "setattr(" in model.source.text:
        return None
    in_init: set[int] = set()
    # the `__init__` of the class and of its bases of the module (`super().__init__(model)` binds `self.model`)
    todo, seen = [owner] if isinstance(owner, ast.ClassDef) else [], set()
    while todo:
        cls = todo.pop()
        if id(cls) in seen:
            continue
        seen.add(id(cls))
        init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
        if init is not None:
            in_init.update(id(n) for n in ast_walk(init))
        todo.extend(base for b in cls.bases if isinstance(b, ast.Name) and (base := model.facts.classes.get(b.id)) is not None)
    if isinstance(owner, ast.ClassDef):
        # `self.model = model` in the `__init__` of another class of the module (an
        # `Evaluator`), neither a base of the method's class nor deriving from it: it binds an
        # attribute of that other class's new object, never one of the method's object
        related = {id(cls) for cls in model.source.of_type(ast.ClassDef) if id(cls) in seen or _derives_from(cls, owner.name, model)}
        for cls in model.source.of_type(ast.ClassDef):
            if id(cls) in related:
                continue
            init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)  # type: ignore[attr-defined]
            if init is None or init.decorator_list or not init.args.args:
                continue
            first = init.args.args[0].arg
            in_init.update(
                id(n) for n in ast_walk(init)
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == first
            )  # fmt: skip
    return {
        node.attr
        for node in ast_walk(model.source.tree)
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load) and id(node) not in in_init
    }

def _derives_from(cls: ast.AST, name: str, model: ModuleModel, depth: int = 0) -> bool:
    """The class derives from the module's class `name` (through classes of the module), or
    has a base that is not a plain name of the module (which one it is is not read)."""
    if depth > 20:
        return True
    for base in cls.bases:  # type: ignore[attr-defined]
        if not isinstance(base, ast.Name):
            return True
        if base.id == name:
            return True
        other = model.facts.classes.get(base.id)
        if other is not None and _derives_from(other, name, model, depth + 1):
            return True
    return False


def loops(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every loop statement of the module, looking at statements only."""
    todo = list(body)
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, LOOPS):
            yield stmt
        for block in blocks_of(stmt):
            todo.extend(block)


def its_test(loop: ast.AST, *flags: bool) -> tuple[tuple, ...]:  # type: ignore[type-arg]
    """A `while` loop itself, with `flags` (not a statement of its own body), for a walk of
    what runs on every iteration: its test runs before each (`while train_step(...) > tol:`,
    whose calls `statement_calls` reads); nothing for a `for` loop (its iterable runs once)."""
    return ((loop, *flags),) if loop.__class__ is ast.While else ()


def every_iteration(body: list[ast.stmt], direct: bool = True) -> Iterator[tuple[ast.stmt, bool]]:
    """The statements a loop's body runs on every iteration (through `with` and `try` blocks),
    and whether each is a statement of the body itself."""
    for stmt in body:
        yield stmt, direct
        if isinstance(stmt, EVERY_TIME):
            yield from every_iteration(stmt.body, False)
            if isinstance(stmt, ast.Try):
                yield from every_iteration(stmt.finalbody, False)
        elif stmt.__class__ is MATCH:
            arm = working_arm(stmt)
            if arm is not None:
                yield from every_iteration(arm, False)


MATCH = getattr(ast, "Match", None)


def staying_arms(loop: ast.AST) -> list[list[ast.stmt]]:
    """A `while` loop run as a state machine (`while phase != "done":` or `while True:`, its
    body one `if phase == "begin": ... elif phase == "batch": ... elif phase == "end": ...`
    chain, every test comparing the same plain name to a string, no `else`): the bodies of
    the arms that stay in their state, rebinding the name only under an `if` of the arm
    (`if item is None: phase = "end"; continue`), never in the arm's own block. Such an arm
    runs on every iteration the loop spends in its state, one after the other (the batches
    of an epoch); an arm that sets the next state in its own block runs once per entry."""
    if loop.__class__ is not ast.While or len(loop.body) != 1 or loop.body[0].__class__ is not ast.If:  # type: ignore[attr-defined]
        return []
    name = None
    arms: list[list[ast.stmt]] = []
    node = loop.body[0]  # type: ignore[attr-defined]
    while True:
        test = node.test
        if (
            test.__class__ is not ast.Compare or len(test.ops) != 1 or test.ops[0].__class__ is not ast.Eq
            or test.left.__class__ is not ast.Name or test.comparators[0].__class__ is not ast.Constant
            or not isinstance(test.comparators[0].value, str) or (name is not None and test.left.id != name)
        ):  # fmt: skip
            return []
        name = test.left.id
        arms.append(node.body)
        if len(node.orelse) == 1 and node.orelse[0].__class__ is ast.If:
            node = node.orelse[0]
            continue
        if node.orelse:
            return []  # (an `else` arm: what state runs it is not read)
        break
    condition = loop.test  # type: ignore[attr-defined]
    if not (condition.__class__ is ast.Constant and condition.value is True) and not any(
        n.__class__ is ast.Name and n.id == name for n in ast_walk(condition)
    ):  # fmt: skip
        return []
    staying = []
    for arm in arms:
        changed = any(n.__class__ is ast.Name and n.id == name and n.ctx.__class__ is not ast.Load for stmt in arm for n in ast_walk(stmt))  # type: ignore[attr-defined]
        if changed and not any(
            stmt.__class__ in _STATE_BINDINGS and any(
                n.__class__ is ast.Name and n.id == name
                for target in (stmt.targets if stmt.__class__ is ast.Assign else (stmt.target,)) for n in ast_walk(target)  # type: ignore[attr-defined]
            )
            for stmt, _ in every_iteration(arm)
        ):  # fmt: skip
            staying.append(arm)
    return staying


_STATE_BINDINGS = frozenset({ast.Assign, ast.AugAssign, ast.AnnAssign})


def queued_arms(loop: ast.AST, model: ModuleModel) -> list[list[ast.stmt]]:
    """A `while queue:` loop run as an event queue: its body pops one entry, `clock, _, kind,
    item = heapq.heappop(queue)`, then dispatches on it in one `if kind == "begin": ... elif kind
    == "batch": ...` chain: the bodies of the arms whose kind every push onto that queue of the
    loop's function (`heapq.heappush(queue, (t, seq, "batch", item))`, each a tuple of the popped
    length with the kind a string at its place) makes inside a `for` loop within the queue's loop
    (one entry per item: the arm runs again and again), the arm leaving the loop by no `break`
    or `return`, `kind` bound only by the pop."""
    if loop.__class__ is not ast.While or loop.test.__class__ is not ast.Name or len(loop.body) < 2:  # type: ignore[attr-defined]
        return []
    queue = loop.test.id  # type: ignore[attr-defined]
    pop = loop.body[0]  # type: ignore[attr-defined]
    if not (
        pop.__class__ is ast.Assign and len(pop.targets) == 1 and pop.targets[0].__class__ is ast.Tuple
        and pop.value.__class__ is ast.Call and (dotted(pop.value.func) or "").rsplit(".", 1)[-1] == "heappop"
        and len(pop.value.args) == 1 and pop.value.args[0].__class__ is ast.Name and pop.value.args[0].id == queue
    ):  # fmt: skip
        return []
    chains = [stmt for stmt in loop.body[1:] if stmt.__class__ is ast.If]  # type: ignore[attr-defined]
    if len(chains) != 1:
        return []
    size = len(pop.targets[0].elts)
    arms: dict[str, list[ast.stmt]] = {}
    kind = None
    node = chains[0]
    while node is not None:
        test = node.test
        if not (
            test.__class__ is ast.Compare and len(test.ops) == 1 and test.ops[0].__class__ is ast.Eq
            and test.left.__class__ is ast.Name and (kind is None or test.left.id == kind)
            and test.comparators[0].__class__ is ast.Constant and isinstance(test.comparators[0].value, str)
        ):  # fmt: skip
            return []
        kind = test.left.id
        arms[test.comparators[0].value] = node.body
        node = node.orelse[0] if len(node.orelse) == 1 and node.orelse[0].__class__ is ast.If else None
    place = next((k for k, e in enumerate(pop.targets[0].elts) if e.__class__ is ast.Name and e.id == kind), None)
    if place is None or any(
        n.__class__ is ast.Name and n.id == kind and n.ctx.__class__ is not ast.Load and n not in pop.targets[0].elts
        for stmt in loop.body for n in ast_walk(stmt)  # type: ignore[attr-defined]
    ):  # fmt: skip
        return []
    function = _enclosing_function(loop, model)  # type: ignore[arg-type]
    pushed: dict[str, int] = {}
    for node in ast_walk(function):
        if node.__class__ is ast.Call and (dotted(node.func) or "").rsplit(".", 1)[-1] == "heappush":  # type: ignore[attr-defined]
            args = node.args  # type: ignore[attr-defined]
            if len(args) != 2 or args[0].__class__ is not ast.Name or args[0].id != queue:
                continue
            entry = args[1]
            if entry.__class__ is not ast.Tuple or len(entry.elts) != size or entry.elts[place].__class__ is not ast.Constant:
                return []  # a push not read: what it pushes is unknown
            value = entry.elts[place].value
            pushed[value] = pushed.get(value, 0) + 1
    repeated: dict[str, int] = {}
    for inner in ast_walk(loop):
        if inner.__class__ is ast.For:
            for node in ast_walk(inner):
                if node.__class__ is ast.Call and (dotted(node.func) or "").rsplit(".", 1)[-1] == "heappush" and node.args[1].__class__ is ast.Tuple:  # type: ignore[attr-defined]
                    value = node.args[1].elts[place].value  # type: ignore[attr-defined]
                    repeated[value] = repeated.get(value, 0) + 1
    found = []
    for name, body in arms.items():
        if not repeated.get(name) or repeated[name] != pushed.get(name):
            continue
        if any(n.__class__ in (ast.Break, ast.Return) for stmt in body for n in _outside_loops(stmt)):
            continue
        found.append(body)
    return found


def _outside_loops(stmt: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a statement, not those of the loops and functions inside it."""
    todo = [stmt]
    while todo:
        node = todo.pop()
        yield node
        if node is stmt or not isinstance(node, (*LOOPS, *FUNCTIONS, ast.Lambda, ast.ClassDef)):
            todo.extend(child_nodes(node))


def shown_name(function: ast.AST, model: ModuleModel) -> str:
    """A function's name as a message shows it inside backticks: a singledispatch
    implementation call_forms.py renamed `handle__Batch` is shown as `handle` for `Batch`."""
    name = function.name  # type: ignore[attr-defined]
    dispatchers = model.source.tree.__dict__.get("_gradfix_dispatchers")
    for dispatcher, names in (dispatchers or {}).items():
        if name in names:
            return f"{dispatcher}` for `{name[len(dispatcher) + 2:]}"  # (`handle` for `Batch`)
    return name  # type: ignore[no-any-return]


def dispatched_arms(loop: ast.AST, model: ModuleModel) -> list[list[ast.stmt]]:
    """A loop over the events of a generator of the module, `for ev in events(loader):
    handle(ev, st)`, `handle` a singledispatch function (call_forms.py reads the call as `if
    isinstance(ev, Batch): handle__Batch(ev, st) elif ...`): the bodies of the arms whose event
    class the module builds only in `yield Batch(...)` statements of a loop of that generator
    (one event per item: the implementation runs again and again, as a state machine's staying
    arm does). Nothing when the loop's body holds a `continue` or `break`, or binds `ev`."""
    dispatchers = model.source.tree.__dict__.get("_gradfix_dispatchers")
    if not dispatchers or loop.__class__ is not ast.For:
        return []
    target, iterable = loop.target, loop.iter  # type: ignore[attr-defined]
    if target.__class__ is not ast.Name or iterable.__class__ is not ast.Call or iterable.func.__class__ is not ast.Name:
        return []
    tree = model.source.tree
    generator = next((s for s in tree.body if s.__class__ is ast.FunctionDef and s.name == iterable.func.id), None)  # type: ignore[attr-defined]
    if generator is None:
        return []
    implementations = {name for names in dispatchers.values() for name in names}
    chains = []
    for stmt in loop.body:  # type: ignore[attr-defined]
        node = stmt
        while (
            node is not None and node.__class__ is ast.If and node.test.__class__ is ast.Call and node.test.func.__class__ is ast.Name
            and node.test.func.id == "isinstance" and len(node.test.args) == 2
            and node.test.args[0].__class__ is ast.Name and node.test.args[0].id == target.id and node.test.args[1].__class__ is ast.Name
            and len(node.body) == 1 and node.body[0].__class__ is ast.Expr and node.body[0].value.__class__ is ast.Call
            and node.body[0].value.func.__class__ is ast.Name and node.body[0].value.func.id in implementations
        ):  # fmt: skip
            chains.append((node.test.args[1].id, node.body))  # type: ignore[attr-defined]
            node = node.orelse[0] if len(node.orelse) == 1 else None  # type: ignore[attr-defined]
    if not chains:
        return []
    if any(n.__class__ in (ast.Continue, ast.Break) or (n.__class__ is ast.Name and n.id == target.id and n.ctx.__class__ is not ast.Load) for s in loop.body for n in ast_walk(s)):  # type: ignore[attr-defined]
        return []
    made: dict[str, int] = {}
    for node in model.source.of_type(ast.Call):
        if node.func.__class__ is ast.Name:  # type: ignore[attr-defined]
            made[node.func.id] = made.get(node.func.id, 0) + 1  # type: ignore[attr-defined]
    yielded: dict[str, int] = {}
    for inner in ast_walk(generator):
        if inner.__class__ in (ast.For, ast.While):
            for s in inner.body:  # type: ignore[attr-defined]
                if s.__class__ is ast.Expr and s.value.__class__ is ast.Yield and s.value.value.__class__ is ast.Call and s.value.value.func.__class__ is ast.Name:  # type: ignore[attr-defined]
                    name = s.value.value.func.id  # type: ignore[attr-defined]
                    yielded[name] = yielded.get(name, 0) + 1
    return [body for cls, body in chains if yielded.get(cls) and yielded[cls] == made.get(cls)]


def chosen_arms(loop: ast.AST, model: ModuleModel) -> list[list[ast.stmt]]:
    """The arms of a chain call_forms.py made of a method call on an entry of a module dict of
    instances (`phase.batch(...)` read as `if phase is PHASES__0: PHASES__0.batch(...) elif
    ...`), the chain a statement the loop's body runs on every iteration: an arm whose test is
    `phase is PHASES__k`, `PHASES__k` a name the reading made, runs on every iteration of the
    runs that chose that entry, when the loop's body never binds `phase` (the choice is made
    once, before the loop). The last `else` (the call as written) is not such an arm."""
    made = model.source.tree.__dict__.get("_gradfix_made_bindings")
    if not made:
        return []
    arms: list[list[ast.stmt]] = []
    chosen: set[str] = set()
    for stmt, _ in every_iteration(loop.body):  # type: ignore[attr-defined]
        node = stmt
        name = None
        while node.__class__ is ast.If:
            test = node.test  # type: ignore[attr-defined]
            if not (
                test.__class__ is ast.Compare and len(test.ops) == 1 and test.ops[0].__class__ is ast.Is
                and test.left.__class__ is ast.Name and test.comparators[0].__class__ is ast.Name
                and test.comparators[0].id in made and name in (None, test.left.id)
            ):  # fmt: skip
                break
            name = test.left.id
            chosen.add(name)
            arms.append(node.body)  # type: ignore[attr-defined]
            node = node.orelse[0] if len(node.orelse) == 1 else None  # type: ignore[attr-defined]
    if arms and any(
        n.__class__ is ast.Name and n.id in chosen and n.ctx.__class__ is not ast.Load  # type: ignore[attr-defined]
        for root in (getattr(loop, "target", None), *loop.body) if root is not None for n in ast_walk(root)  # type: ignore[attr-defined]
    ):  # fmt: skip
        return []  # (the loop chooses again: an arm may run once)
    return arms


def working_arm(stmt: ast.stmt) -> list[ast.stmt] | None:
    """The body of the one arm of a `match` statement that does not only `continue` (`match
    batch: case (x, y): ... case _: continue`), when every other arm is a lone `continue`:
    every iteration that goes on past the `match` runs that arm."""
    arms = [case.body for case in stmt.cases if not (len(case.body) == 1 and case.body[0].__class__ is ast.Continue)]  # type: ignore[attr-defined]
    return arms[0] if len(arms) == 1 and len(arms) < len(stmt.cases) else None  # type: ignore[attr-defined]

def stepped_in(loop: ast.AST, target: str, depth: int = 0) -> bool:
    """`target.step(...)` in the loop's body, not in a function of its own, inside `depth`
    loops of its own (none: stepped once per iteration; one: in the batch loop of an epoch)."""
    todo: list[tuple[ast.AST, int]] = [(stmt, 0) for stmt in loop.body]  # type: ignore[attr-defined]
    while todo:
        node, inside = todo.pop()
        if isinstance(node, (*FUNCTIONS, ast.Lambda, ast.ClassDef)) or inside > depth:
            continue
        if inside == depth and isinstance(node, ast.Call) and method_name(node) == "step":
            recv = receiver(node)
            if recv is not None and (dotted(recv) == target or _item_named(recv, target)):
                return True
            if recv is not None and len(node.args) == 1 and (dotted(node.args[0]) == target or _item_named(node.args[0], target)) and (dotted(recv) or "").endswith("scaler"):
                return True  # `scaler.step(optimizer)`: a GradScaler steps the optimizer handed to it
        deeper = inside + 1 if isinstance(node, LOOPS) else inside
        todo.extend((child, deeper) for child in child_nodes(node))
    return False

def member_key(node: ast.AST) -> str | None:
    """`dotted(node)`, or for a string-keyed item of a name `env["sched"]` (double quotes)."""
    name = dotted(node)
    if name is not None or node.__class__ is not ast.Subscript or node.value.__class__ is not ast.Name:  # type: ignore[attr-defined]
        return name
    member = _member_read(node, None)
    return None if member is None or not member.isidentifier() else f'{node.value.id}["{member}"]'  # type: ignore[attr-defined]


def as_written(node: ast.AST, target: str, source) -> str:  # type: ignore[no-untyped-def]
    """`target` for a message as the code writes it: `env['opt']` for `member_key`'s
    `env["opt"]` when the item is written with single quotes (keys match whatever the quoting)."""
    return source.key(node) if "[" in target and member_key(node) == target else target


def quotings(target: str) -> tuple[str, ...]:
    """The ways the text may write a key: `env["opt"]` and `env['opt']` (one form otherwise)."""
    if not target.endswith('"]'):
        return (target,)
    root, _, rest = target.partition('["')
    return target, root + "['" + rest[:-2] + "']"


def _item_named(node: ast.AST, target: str) -> bool:
    """`node` is the string-keyed item `target` names (`env["sched"]`)."""
    return "[" in target and node.__class__ is ast.Subscript and member_key(node) == target


def reads_what_the_loop_changes(call: ast.Call, loop: ast.AST, own: bool = False) -> bool:
    """The construction reads a name or an attribute the loop binds (its variable, a counter,
    `self.cur_iter`, the optimizer built again), or an object one of whose attributes it sets.
    With `own`, what the construction binds itself (a comprehension's variable: `[p for p in
    model.parameters() if p.requires_grad]`) is not counted as bound by the loop."""
    stored: set[str] = set()  # names bound in the loop
    names: set[str] = set()  # and the objects whose attributes it sets
    attributes: set[str] = set()
    inside = {id(node) for node in ast_walk(call)} if own else ()
    for node in ast_walk(loop):
        if own and id(node) in inside:
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stored.add(node.id)
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            key = dotted(node)
            if key is not None:
                attributes.add(key)
                names.add(key.split(".", 1)[0])
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            imported = {(alias.asname or alias.name).split(".", 1)[0] for alias in node.names}
            stored.update(imported)
            names.update(imported)
    nodes = list(ast_walk(call))
    bases = {id(node.value) for node in nodes if isinstance(node, ast.Attribute)}  # `self` of `self.optimizer`
    for node in nodes:
        if isinstance(node, ast.Name) and node.id in (stored if id(node) in bases else names):
            return True
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            key = dotted(node)
            if key is not None and any(key == a or key.startswith(a + ".") or a.startswith(key + ".") for a in attributes):
                return True
    return False


def bound_names(root: ast.AST) -> set[str]:
    """The names and attributes (`self.optimizer`) bound anywhere in `root`."""
    bound: set[str] = set()
    for node in ast_walk(root):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            key = dotted(node)
            if key is not None:
                bound.add(key)
    return bound


def lines_saying(data: bytes, words: tuple[bytes, ...]) -> list[int]:
    """The lines (1-based) on which the module's text says one of `words` (`GradScaler(`), in
    order (the newlines counted once, from one place to the next)."""
    places: list[int] = []
    for word in words:
        at = data.find(word)
        while at != -1:
            places.append(at)
            at = data.find(word, at + 1)
    found: list[int] = []
    line, last = 1, 0
    for at in sorted(places):
        line += data.count(b"\n", last, at)
        last = at
        found.append(line)
    return found


def functions_holding(model: ModuleModel, lines: list[int]) -> set[str]:
    """The names of the module's functions, methods and functions defined in a function (a
    step closure) holding one of `lines`: the only calls
    of a loop whose function may build the object on every call."""
    names: set[str] = set()
    facts = model.facts
    for infos in (
        facts.module_functions.values(), *(methods.values() for methods in facts.methods.values()),
        *(functions.values() for functions in facts.local_functions.values()),  # (a closure: `_called_closure`)
    ):  # fmt: skip
        for info in infos:
            node = info.node
            if any(node.lineno <= line <= node.end_lineno for line in lines):  # type: ignore[operator]
                names.add(node.name)
    return names


def calls_one_of(stmt: ast.stmt, names: set[str]) -> bool:
    """`train_step(...)` or `self.train_step(...)` as a statement of its own (or the value of
    an assignment, or a call the statement makes whenever it runs: `statement_calls`), calling
    one of `names`."""
    if not names:
        return False
    for call in statement_calls(stmt):
        func = call.func
        if (func.id if func.__class__ is ast.Name else func.attr if func.__class__ is ast.Attribute else None) in names:  # type: ignore[attr-defined]
            return True
        if func.__class__ is ast.Subscript and func.slice.__class__ is ast.Constant and func.slice.value in names:  # type: ignore[attr-defined]
            return True  # (`steps["train"](x, y)`: a closure `_held_closure` may find)
    return False


def bound_by_a_partial(value: ast.expr, loop: ast.AST, model: ModuleModel) -> bool:
    """`value` is an argument of a partial `partial_aliases` holds (`step = partial(train_step,
    net, SGD(net.parameters()))`, or one handed to a loop helper) written outside `loop`: it was
    evaluated once, when the partial was made, not on every call the loop makes through it."""
    for partial in partial_aliases(model.facts).values():
        if any(arg is value for arg in partial.args[1:]) or any(kw.value is value for kw in partial.keywords):
            return not (loop.lineno <= partial.lineno <= loop.end_lineno)  # type: ignore[attr-defined, operator]
    return False


def with_partial_aliases(names: set[str], model: ModuleModel) -> set[str]:
    """`names` (functions a loop may call) with the names that call one of them through
    `functools.partial` (`step = partial(train_step, model, opt)` called as `step(x, y)`, or
    the parameter of a loop helper handed such a partial: `partial_aliases`), and the
    dispatchers of an event bus one of them is a handler of (`emit("batch", ctx, x, y)`:
    `event_buses`)."""
    aliases = partial_aliases(model.facts) if names else None
    if aliases:
        names = names | {alias for alias, call in aliases.items() if call.args[0].id in names}  # type: ignore[attr-defined]
    buses = event_buses(model.facts) if names else None
    if buses:
        names = names | {
            dispatcher for dispatcher, (_, events) in buses.items()
            if any(function in names for handlers in events.values() for function, _ in handlers)
        }  # fmt: skip
    if names and model.facts.local_functions:
        names = names | _returned_aliases(names, model)
        holders = _closure_holders(model)
        if holders:
            # `steps["train"](x, y)` / `ns.go(x, y)` on what a function hands back holding `train`
            names = names | {key for _, places in holders.values() for key, inner in places.items() if inner in names}
    return _with_self_calls(names, model)


def _returned_aliases(names: set[str], model: ModuleModel) -> set[str]:
    """The names a tuple unpacking binds to a closure among `names` that a function of the
    module hands back as its last statement (`model, begin, step, end = main()`, `main`
    ending `return model, begin, step, end`): a loop calling `step(i, x, y)` may call one
    (`_returned_closure` reads which)."""
    return {bound for bound, found in _unpacked_closures(model).items() if any(inner in names for _, _, inner in found)}


def _unpacked_closures(model: ModuleModel) -> dict[str, list[tuple[ast.Assign, ast.FunctionDef, str]]]:
    """Each name a tuple unpacking of the module binds to the place of a closure that a
    function of the module hands back in the tuple of its last statement, `return model,
    step` (the function defining `step` itself): the assignment, the function and the
    closure's name there. Found once per module, from the functions that end so (most
    modules have none: no assignment is read)."""
    found: dict[str, list[tuple[ast.Assign, ast.FunctionDef, str]]] | None = model.__dict__.get("_unpacked_closures")
    if found is not None:
        return found
    found = model.__dict__["_unpacked_closures"] = {}
    facts = model.facts
    makers: dict[str, tuple[ast.FunctionDef, list[str | None]]] = {}
    for name, info in facts.module_functions.items():
        node = info.node
        local = facts.local_functions.get(id(node))
        if not local or info.class_name is not None or not isinstance(node, ast.FunctionDef) or not node.body:
            continue
        last = node.body[-1]
        if last.__class__ is ast.Return and last.value.__class__ is ast.Tuple:  # type: ignore[attr-defined]
            places = [e.id if e.__class__ is ast.Name and e.id in local else None for e in last.value.elts]  # type: ignore[attr-defined]
            if any(places):
                makers[name] = (node, places)
    if not makers:
        return found
    for stmt in model.source.of_type(ast.Assign):
        target, value = stmt.targets[-1], stmt.value  # type: ignore[attr-defined]
        if target.__class__ is not ast.Tuple or value.__class__ is not ast.Call or value.func.__class__ is not ast.Name:
            continue
        maker = makers.get(value.func.id)
        if maker is None or len(maker[1]) != len(target.elts):
            continue
        for inner, bound in zip(maker[1], target.elts):
            if inner is not None and bound.__class__ is ast.Name:
                found.setdefault(bound.id, []).append((stmt, maker[0], inner))  # type: ignore[arg-type]
    return found


def _with_self_calls(names: set[str], model: ModuleModel) -> set[str]:
    """`names` with `self` when a class of the module defines a `__call__` that is one of them
    or only forwards to one (`return Trainer.train_step(...)`): `loss = self(x, y)` in a method
    of that class then calls one (read by `called_method`)."""
    if not names or not _says_dunder_call(model):
        return names
    if "__call__" in names:
        # `loss = step(x, y)` on an object of a class of the file whose `__call__` is one of
        # them (`step = TrainStep(model, opt)`: read by `called_on_instance`)
        names = names | _callable_objects(model)
    for owner, methods in model.facts.methods.items():
        info = methods.get("__call__")
        if info is None or info.class_name != owner:
            continue
        first = info.node.args.args[0].arg if getattr(info.node, "args", None) is not None and info.node.args.args else "self"
        inner = forwarded_call(info.node, owner, first)
        if "__call__" in names or (inner is not None and inner.func.attr in names):  # type: ignore[attr-defined]
            return names | {"self"}
    return names


def _callable_objects(model: ModuleModel) -> set[str]:
    """The names the module binds (by plain assignments only) to objects of one class of the
    file that defines `__call__` itself."""
    from gradfix.analysis.samplers import instance_class  # (only for a module defining `__call__`)

    instance_class(ast.Name(id="", ctx=ast.Load()), model)  # (fills the module's index of them)
    built: dict[str, str | None] = model.__dict__.get("_instance_classes", {})
    methods = model.facts.methods
    return {
        name for name, owner in built.items()
        if owner is not None and getattr(methods.get(owner, {}).get("__call__"), "class_name", None) == owner
    } - _bound_otherwise(model)  # fmt: skip


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp)
# calls that run a generator (or a `map`) handed to them to its end
_CONSUMERS = frozenset({"sum", "list", "tuple", "set", "sorted", "max", "min", "dict", "deque"})


def comprehension_loops(model: ModuleModel, names: set[str]) -> list[tuple[ast.For, ast.stmt, ast.Call]]:
    """Loops written as expressions, each read as a `for` statement over its items whose body
    makes one call: a list, set or dict comprehension with one generator and no condition whose
    element is a call (`losses = [train_step(i, b) for i, b in enumerate(loader)]`), such a
    generator handed alone to a call that runs it to its end (`sum(step(x, y) for x, y in
    batches)`), `map(train_step, ...)` so handed (`list(map(train_step, itertools.count(),
    loader))`: the call handed one name per iterable, each bound by the loop), and
    `functools.reduce(consume, loader, 0)` anywhere in a statement (the call handed the value
    accumulated so far and the item; `_mapped`: names qualified through the imports). With the
    statement holding each, and the call. Only statements whose text says one of `names` (the
    functions that may build the object) are walked, each once per module."""
    if not names:
        return []
    data = model.source.data
    if b" for " not in data and b"map(" not in data and not model.facts.says_reduce:
        return []
    cached = model.__dict__.get("_comprehension_loops")
    if cached is None:
        says_for = model.facts.says_for  # (statements saying ` for `, with their text, noted by the facts walk)
        # the statements saying ` for ` (expression statements and assignments), and in a text
        # saying `map(` those (and augmented assignments) saying it: every candidate, all of
        # them `_VALUED`, noted by the facts walk with their text (no index of every
        # statement); put in `statements` order below when two or more match
        candidates = list(says_for.values())
        if b"map(" in data:
            candidates += [noted for key, noted in model.facts.says_map.items() if key not in says_for]
        if model.facts.says_reduce_at:
            candidates += [noted for key, noted in model.facts.says_reduce_at.items() if key not in says_for]
        cached = model.__dict__["_comprehension_loops"] = (candidates, {})
    candidates, walked = cached
    matching = [(stmt, text) for stmt, text in candidates if any(name in text for name in names)]
    if len(matching) > 1:
        order = {id(stmt): at for at, stmt in enumerate(model.source.statements)}
        matching.sort(key=lambda pair: order[id(pair[0])])
    found: list[tuple[ast.For, ast.stmt, ast.Call]] = []
    for stmt, text in matching:
        loops_here = walked.get(id(stmt))
        if loops_here is None:
            loops_here = walked[id(stmt)] = []
            nodes = list(own_nodes(stmt))
            if not any(isinstance(node, (ast.IfExp, ast.BoolOp)) for node in nodes):  # (a loop in an arm or a later operand may not run)
                for node in nodes:
                    loop = _expression_loop(node, model.facts)
                    if loop is not None:
                        loops_here.append((loop[0], stmt, loop[1]))
        found += loops_here
    return found


def expression_loop(node: ast.AST, facts) -> tuple[ast.For, ast.Call] | None:  # type: ignore[no-untyped-def]
    """The loop an expression node stands for (a consumed comprehension, `list(map(f, ...))`,
    `functools.reduce(f, xs, init)`), made for it, and the call it makes per item."""
    return _expression_loop(node, facts)


def called_closure(stmt: ast.stmt, call: ast.Call, model: ModuleModel, words: tuple[str, ...]) -> tuple[ast.FunctionDef, ast.Call] | None:
    """`_called_closure` for the rules: the nested function of the statement's own function a
    call names (its only binding of the name) whose text says one of `words`."""
    return _called_closure(stmt, call, model, words)


def _expression_loop(node: ast.AST, facts) -> tuple[ast.For, ast.Call] | None:  # type: ignore[no-untyped-def]
    generator: ast.comprehension | None = None
    if isinstance(node, _COMPREHENSIONS) or (
        isinstance(node, ast.Call) and node.func.__class__ is ast.Name and node.func.id in _CONSUMERS  # type: ignore[attr-defined]
        and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp)
    ):  # fmt: skip
        comp = node.args[0] if isinstance(node, ast.Call) else node  # type: ignore[attr-defined]
        if len(comp.generators) != 1 or comp.generators[0].ifs or comp.generators[0].is_async:
            return None
        generator = comp.generators[0]
        element = comp.value if isinstance(comp, ast.DictComp) else comp.elt
        if not isinstance(element, ast.Call):
            return None
        loop = ast.For(target=generator.target, iter=generator.iter, body=[ast.Expr(value=element)], orelse=[])
        call = element
    elif (
        isinstance(node, ast.Call) and node.func.__class__ is ast.Name and node.func.id in _CONSUMERS  # type: ignore[attr-defined]
        and len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.Call)
        and node.args[0].func.__class__ is ast.Name and node.args[0].func.id == "map"  # type: ignore[attr-defined]
        and len(node.args[0].args) >= 2 and not node.args[0].keywords
        and node.args[0].args[0].__class__ is ast.Name
        and not any(a.__class__ is ast.Starred for a in node.args[0].args)
    ):  # fmt: skip
        mapped: ast.Call = node.args[0]  # type: ignore[assignment]
        names = [f"_gradfix_item{k}" for k in range(len(mapped.args) - 1)]
        call = ast.Call(func=mapped.args[0], args=[ast.Name(id=n, ctx=ast.Load()) for n in names], keywords=[])
        ast.copy_location(call, mapped)
        call.end_lineno, call.end_col_offset = mapped.end_lineno, mapped.end_col_offset
        target = ast.Tuple(elts=[ast.Name(id=n, ctx=ast.Store()) for n in names], ctx=ast.Store())
        loop = ast.For(target=target, iter=mapped, body=[ast.Expr(value=call)], orelse=[])
    elif (
        facts.says_reduce and node.__class__ is ast.Call and 2 <= len(node.args) <= 3 and not node.keywords  # type: ignore[attr-defined]
        and node.args[0].__class__ is ast.Name and not any(a.__class__ is ast.Starred for a in node.args)  # type: ignore[attr-defined]
        and _mapped(node, facts) == "reduce"
    ):  # fmt: skip
        # `functools.reduce(consume, loader, 0)`: `consume(accumulated, item)` per item
        reduced: ast.Call = node  # type: ignore[assignment]
        names = ["_gradfix_accumulated", "_gradfix_item0"]
        call = ast.Call(func=reduced.args[0], args=[ast.Name(id=n, ctx=ast.Load()) for n in names], keywords=[])
        ast.copy_location(call, reduced)
        call.end_lineno, call.end_col_offset = reduced.end_lineno, reduced.end_col_offset
        loop = ast.For(target=ast.Name(id=names[1], ctx=ast.Store()), iter=reduced.args[1], body=[ast.Expr(value=call)], orelse=[])
    else:
        return None
    ast.copy_location(loop, node)
    loop.end_lineno, loop.end_col_offset = node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]
    ast.copy_location(loop.body[0], call)
    loop.body[0].end_lineno, loop.body[0].end_col_offset = call.end_lineno, call.end_col_offset  # type: ignore[attr-defined]
    return loop, call


def expression_calls(
    model: ModuleModel, builders: set[str], words: tuple[str, ...], named: bool = False
) -> Iterator[tuple[ast.For, tuple[ast.FunctionDef, ast.Call]]]:
    """For each loop written as an expression over calls of a function that may build the object
    (`comprehension_loops`: `losses = [train_step(x, y) for x, y in loader]`), what the call it
    makes per item runs (`called_in_expression`), with the loop; with `named`, only a call whose
    name (or attribute) is one of `builders`. The shared first step of GF025, GF029 and GF030's
    reading of such loops."""
    for loop, holder, call in comprehension_loops(model, builders):
        if named and (call.func.id if call.func.__class__ is ast.Name else getattr(call.func, "attr", None)) not in builders:  # type: ignore[attr-defined]
            continue
        called = called_in_expression(call, holder, model, words)
        if called is not None:
            yield loop, called


def called_in_expression(
    call: ast.Call, holder: ast.stmt, model: ModuleModel, words: tuple[str, ...]
) -> tuple[ast.FunctionDef, ast.Call] | None:
    """What `called_function` and `called_on_instance` read of a statement's call, for the call
    an expression loop makes on each item (`comprehension_loops`), `holder` the statement
    holding that loop (where a closure it calls is looked for)."""
    func = call.func
    if func.__class__ is ast.Name:
        if func.id == "self":  # type: ignore[attr-defined]
            return None
        found = _called_function(call, model, words)
        if found is None and model.facts.local_functions and func.id not in model.facts.module_functions:  # type: ignore[attr-defined]
            found = _called_closure(holder, call, model, words)
        if found is None and _says_dunder_call(model):
            found = _called_object(call, model, words)
        return found
    if _method_of_the_file(call, model):
        return _called_on_instance(call, model, words)
    return None
