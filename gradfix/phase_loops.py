"""A `while` state machine that walks the batches of an epoch, read as the nested loops it runs as.

    phase = "begin"                               phase = "begin"
    while phase != "done":                        while phase != "done":
        if phase == "begin":                          batches = enumerate(loader)
            batches = enumerate(loader)               phase = "batch"
            phase = "batch"                           for i, (x, y) in batches:
        elif phase == "batch":            ==              ...  (the batch)
            item = next(batches, None)                epoch += 1
            if item is None:                          phase = "begin" if epoch < EPOCHS else "done"
                phase = "end"
                continue
            i, (x, y) = item
            ...  (the batch)
        elif phase == "end":
            epoch += 1
            phase = "begin" if epoch < EPOCHS else "done"

The analysis reads loops over batches as `for` loops with the epoch's start and end around them;
a dispatch on a state variable hides that order. The `while` is read as the right-hand side (its
body replaced in the tree, in place) when it is sound:

- the `while` tests `V != "<exit>"` (V a plain name), has no `else`, and its body is one
  `if V == "a": ... elif V == "b": ...` chain with no `else`, every test the same V compared with
  `==` to a string;
- the state V holds on entering the loop is the last `V = "<s0>"` written before it in its block;
- exactly one arm stays in its state, the batch arm: it starts `item = next(IT, None)`, then
  `if item is None:` whose block only sets `V = "<t>"` and ends with `continue`, then optionally
  `T = item`; the rest of the arm never rebinds V, `item` or IT and has no `break` or `continue`
  of the `while` (a `continue` is the next batch either way, a `break` is not);
- every other arm ends with `V = "<t>"`, or for the arm that closes the cycle `V = "<s0>" if c
  else "<exit>"` (either order) or `V = "<exit>"`, and rebinds V nowhere else and has no `break`
  or `continue` of the `while`;
- following the states from s0 visits every arm once and comes back to s0 (or to the exit).

The same machine is read in other forms (each checked the same way):

- `while True:` instead of the exit test: the machine leaves by a `break`, in an arm that is only
  `break` (its state is the exit) or anywhere in an arm other than the batch arm (a `break` in
  such an arm leaves the `while` in both readings; a `continue` there would run the arm again,
  so no arm but the batch arm may hold one);
- states that are members of an enum class of the module (`class Phase(enum.Enum):` whose
  body only binds distinct members: all `auto()`, or literals no two share; `_enum_members`),
  compared by `==` or `is` (`!=` or `is not` in the exit test): `while phase is not
  Phase.DONE:` ... `if phase is Phase.BATCH:`; the first state may also be bound with other
  names, `phase, epoch = Phase.BEGIN, 0` (a plain name);
- a last catch-all arm, `else:` of the `if` chain or `case _:` of a `match V:` (cases of string
  literals or `|` of them, no guard, no capture): it is the arm of every state not named;
- the batch drawn by `try: T = next(IT)` `except StopIteration: V = "t"; continue` (the batch
  after the `try`), or without the `continue` when the batch is the `try`'s `else:` and nothing
  follows it;
- a batch arm that leaves the machine when the data runs out (`if item is None: break`, `except
  StopIteration: break`, a flush allowed before the `break`): the cycle ends there, the reading
  is the arms before it, the `for`, then that block (the file's own statements, so what is
  inserted before them lands where the data ran out; nothing may be inserted after the
  `break`);
- the state an attribute `self.phase` (no statement of the file outside the machine, its first
  `self.phase = "<s0>"` and the `__init__` methods stores an attribute of that name, and the file
  calls no `setattr`/`delattr`: no method the arms call can change it; with no `self.phase =
  "<s0>"` before the `while`, the one store of the class's `__init__`, a statement at its top,
  gives the first state when no other `__init__` of the file stores it, the loop tests `!=` and
  no arm holds a `break` or `return`: every run after the first finds the exit state in both
  readings) or a dict field
  `state["phase"]` (set first by `state["phase"] = "<s0>"` or `state = {"phase": "<s0>", ...}`;
  the arms never hand `state` on whole nor store `state[k]`, and the function reads `state`
  whole nowhere else: an alias, `st = state`, could set the field).

Then each iteration of the `while` runs the arms in that order once, the batch arm's statements
once per item of IT: the arms' statements are the file's own nodes, placed in the `while` body in
that order; the batch arm becomes a `for T in IT:` (T the unpacking's target, or `item`), a node
made here and marked `synthetic` (IT is the file's own expression, the argument of `next`). The
file's fixes must not rewrite what exists only in that reading: `refused_by_phase_loops` turns
down a fix that edits, copies or inserts before or after a made-up node (the `for`: its text is
the batch arm's; the copied iterator), rewrites the `while` itself, or removes the only statement
of a made block. An insertion before the `for` goes after the last statement of the arm before
the batch arm, one after it before the first statement of the arm after (GF006's flush lands in
the arm that closes the epoch), when there is such an arm. A statement inserted at the start or end of a made block, or before or after
one of the arms' statements, lands in the text of the arm that runs at that point of the reading
(the start of the `for` block is after the unpacking `T = item`, its end the batch arm's end).
"""

from __future__ import annotations

from gradfix import syntax as ast
from gradfix.walk import ast_walk, statement_blocks

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gradfix.source import Source
    from gradfix.transforms.base import Fix

_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def plain_phase_loops(tree: ast.Module) -> None:
    """Replace the body of each sound state-machine `while` of `tree` by its nested reading (in
    place); the triples (while, its original body, the blocks made) are kept as
    `tree.phase_loops` for the fixes' check."""
    made: list[tuple[ast.While, list[ast.stmt], list[list[ast.stmt]]]] = []
    _ENUMS[0], _ENUMS[1] = tree, None  # (the module's enum members, read only if a state is one)
    for block in statement_blocks(tree):
        for index, stmt in enumerate(block):
            if stmt.__class__ is ast.While:
                reading = _reading(stmt, block[:index], tree)
                if reading is not None:
                    original = stmt.body
                    stmt.body = reading[0]
                    made.append((stmt, original, reading[1]))
    if made:
        tree.phase_loops = made  # type: ignore[attr-defined]


def _name(expr: ast.AST) -> str | None:
    return expr.id if expr.__class__ is ast.Name else None  # type: ignore[attr-defined]


def _key(expr: ast.AST) -> str | None:
    """The state V as text: `phase`, `self.phase` (an attribute of a name) or `state["phase"]`
    (a name subscripted by a string), else None."""
    cls = expr.__class__
    if cls is ast.Name:
        return expr.id  # type: ignore[attr-defined,no-any-return]
    if cls is ast.Attribute and expr.value.__class__ is ast.Name:  # type: ignore[attr-defined]
        return f"{expr.value.id}.{expr.attr}"  # type: ignore[attr-defined]
    if cls is ast.Subscript and expr.value.__class__ is ast.Name:  # type: ignore[attr-defined]
        field = _text(expr.slice)  # type: ignore[attr-defined]
        if field is not None:
            return f"{expr.value.id}[{field!r}]"  # type: ignore[attr-defined]
    return None


def _base(var: str) -> str:
    """The name V's key starts with (`self` of `self.phase`, `state` of `state["phase"]`)."""
    for index, char in enumerate(var):
        if char in ".[":
            return var[:index]
    return var


def _text(expr: ast.AST) -> str | None:
    """A string literal's value (a field's name: `state["phase"]`)."""
    if expr.__class__ is ast.Constant and expr.value.__class__ is str:  # type: ignore[attr-defined]
        return expr.value  # type: ignore[attr-defined,no-any-return]
    return None


def _string(expr: ast.AST) -> str | None:
    """The state a string literal names; also a member of an enum class of the module
    (`Phase.BATCH`, `_enum_members`), as its text after a NUL (never a string's)."""
    if expr.__class__ is ast.Constant and expr.value.__class__ is str:  # type: ignore[attr-defined]
        return expr.value  # type: ignore[attr-defined,no-any-return]
    if expr.__class__ is ast.Attribute and expr.value.__class__ is ast.Name:  # type: ignore[attr-defined]
        members = _ENUMS[1]
        if members is None:
            members = _ENUMS[1] = _enum_members(_ENUMS[0])
        text = f"{expr.value.id}.{expr.attr}"  # type: ignore[attr-defined]
        if text in members:
            return "\0" + text
    return None


# (the tree `plain_phase_loops` reads, its enum members once asked)
_ENUMS: list = [None, None]  # type: ignore[type-arg]
_ENUM_BASES = frozenset({"Enum", "enum.Enum", "IntEnum", "enum.IntEnum", "StrEnum", "enum.StrEnum"})


def _enum_members(tree: ast.AST | None) -> frozenset[str]:
    """`Phase.BEGIN`... of each class at the module's top level deriving from `Enum` alone whose
    body only assigns its members, each a name bound once to `auto()` (all of them) or to a
    literal no other member has: distinct members, none an alias of another (`is` and `==`
    then tell them apart as strings are told apart). A name the module binds otherwise too
    (`Phase = ...`, an import) is not read."""
    found: set[str] = set()
    if tree is None:
        return frozenset()
    classes = [stmt for stmt in tree.body if stmt.__class__ is ast.ClassDef]  # type: ignore[attr-defined]
    for cls in classes:
        bases = [getattr(b, "id", None) or (f"{getattr(b.value, 'id', '')}.{b.attr}" if b.__class__ is ast.Attribute else None) for b in cls.bases]  # type: ignore[attr-defined]
        if len(bases) != 1 or bases[0] not in _ENUM_BASES or cls.keywords or cls.decorator_list:  # type: ignore[attr-defined]
            continue
        if sum(1 for c in classes if c.name == cls.name) != 1:  # type: ignore[attr-defined]
            continue
        names: list[str] = []
        values: list[object] = []
        autos = 0
        for stmt in cls.body:  # type: ignore[attr-defined]
            if stmt.__class__ is ast.Expr and stmt.value.__class__ is ast.Constant:  # type: ignore[attr-defined]
                continue  # (a docstring)
            if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or stmt.targets[0].__class__ is not ast.Name:  # type: ignore[attr-defined]
                names = []
                break
            value = stmt.value  # type: ignore[attr-defined]
            if value.__class__ is ast.Call and not value.args and not value.keywords and (getattr(value.func, "id", None) == "auto" or getattr(value.func, "attr", None) == "auto"):  # type: ignore[attr-defined]
                autos += 1
            elif value.__class__ is ast.Constant and value.value.__class__ in (int, str):  # type: ignore[attr-defined]
                values.append(value.value)  # type: ignore[attr-defined]
            else:
                names = []
                break
            names.append(stmt.targets[0].id)  # type: ignore[attr-defined]
        if not names or len(set(names)) != len(names) or (autos and values) or len(set(values)) != len(values):
            continue
        found.update(f"{cls.name}.{name}" for name in names)  # type: ignore[attr-defined]
    return frozenset(found)


_SAME = {ast.Eq: ast.Is, ast.NotEq: ast.IsNot}


def _compared(test: ast.AST, op: type) -> tuple[str, str] | None:
    """(V, "s") of `V <op> "s"`; also `V is Phase.S` for `==`, `V is not Phase.S` for `!=`
    when the state is a member of an enum class of the module."""
    if test.__class__ is not ast.Compare or len(test.ops) != 1:  # type: ignore[attr-defined]
        return None
    used = test.ops[0].__class__  # type: ignore[attr-defined]
    if used is not op and used is not _SAME.get(op):
        return None
    name, value = _key(test.left), _string(test.comparators[0])  # type: ignore[attr-defined]
    if name is None or value is None or (used is not op and value[:1] != "\0"):
        return None
    return name, value


def _tuple_start(stmt: ast.stmt, var: str) -> str | None:
    """"s0" of `V, epoch = "s0", 0` (a plain name V; the other targets plain names)."""
    if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1:  # type: ignore[attr-defined]
        return None
    target, value = stmt.targets[0], stmt.value  # type: ignore[attr-defined]
    if target.__class__ is not ast.Tuple or value.__class__ is not ast.Tuple or len(target.elts) != len(value.elts):  # type: ignore[attr-defined]
        return None
    if any(t.__class__ is not ast.Name for t in target.elts):  # type: ignore[attr-defined]
        return None
    found = [k for k, t in enumerate(target.elts) if t.id == var]  # type: ignore[attr-defined]
    if len(found) != 1:
        return None
    return _string(value.elts[found[0]])  # type: ignore[attr-defined]


def _sets(stmt: ast.stmt, var: str) -> bool:
    return stmt.__class__ is ast.Assign and len(stmt.targets) == 1 and _key(stmt.targets[0]) == var  # type: ignore[attr-defined]


def _binds_state(block: list[ast.stmt], var: str) -> bool:
    """The block may set the state V otherwise than by its arm's last statement: it stores to V
    or rebinds the name V starts with; for `state["phase"]`, it hands `state` on whole (a call
    may set the field); an attribute `self.phase` is checked over the whole file
    (`_attribute_set_elsewhere`)."""
    base = _base(var)
    if _binds(block, {base}):
        return True
    if base == var:
        return False
    for node in _own_nodes(block):
        cls = node.__class__
        if cls in (ast.Attribute, ast.Subscript) and node.ctx.__class__ is not ast.Load and _key(node) == var:  # type: ignore[attr-defined]
            return True
        if var.endswith("]") and cls is ast.Subscript and _name(node.value) == base and _text(node.slice) is None:  # type: ignore[attr-defined]
            return True  # (`state[k]`: any field)
    if var.endswith("]"):
        whole = {id(node.value) for node in _own_nodes(block) if node.__class__ is ast.Subscript}  # type: ignore[attr-defined]
        if any(node.__class__ is ast.Name and node.id == base and id(node) not in whole for node in _own_nodes(block)):  # type: ignore[attr-defined]
            return True
    return False


def _stores(stmt: ast.stmt, var: str) -> bool:
    return any(node.__class__ in (ast.Attribute, ast.Subscript) and node.ctx.__class__ is not ast.Load and _key(node) == var for node in _own_nodes([stmt]))  # type: ignore[attr-defined]


def _dict_made(stmt: ast.stmt, var: str) -> str | None:
    """"s0" of `state = {..., "phase": "s0", ...}` for V `state["phase"]`."""
    if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1 or _name(stmt.targets[0]) != _base(var) or stmt.value.__class__ is not ast.Dict:  # type: ignore[attr-defined]
        return None
    field = var[len(_base(var)) + 1 : -1]
    for key, value in zip(stmt.value.keys, stmt.value.values):  # type: ignore[attr-defined]
        if key is None:
            return None  # (a `**` could hold it)
        if repr(_text(key)) == field:
            return _string(value)
    return None


def _attribute_set_elsewhere(tree: ast.AST, var: str, loop: ast.While, init: ast.stmt) -> bool:
    """An attribute state `self.phase`: some statement of the file outside the machine (its
    first `self.phase = "<s0>"` and the `__init__` methods) stores an attribute of that name, or
    the file calls `setattr`/`delattr`: a method the arms call could change the state."""
    field = var[var.index(".") + 1 :]
    inside = {id(node) for node in ast_walk(loop)} | {id(node) for node in ast_walk(init)}
    for node in ast_walk(tree):
        if node.__class__ is ast.FunctionDef and node.name == "__init__":  # type: ignore[attr-defined]
            inside.update(id(inner) for inner in ast_walk(node))  # (the first value, set once)
    for node in ast_walk(tree):
        if node.__class__ is ast.Attribute and node.attr == field and node.ctx.__class__ is not ast.Load and id(node) not in inside:  # type: ignore[attr-defined]
            return True
        if node.__class__ is ast.Call and _name(node.func) in ("setattr", "delattr"):  # type: ignore[attr-defined]
            return True
    return False


def _set_in_init(tree: ast.AST, loop: ast.While, var: str) -> ast.Assign | None:
    """`self.phase = "<s0>"`, the one statement of the `__init__` of the class whose method runs
    `loop` that stores the attribute, written at the top of `__init__`, when no other
    `__init__` of the file stores it (the machine then starts there on every instance's first
    run; with the `!=` exit form and no `break` or `return` in the arms, a later run finds the
    exit state in both readings)."""
    field = var[var.index(".") + 1 :]
    owner = None
    for node in ast_walk(tree):
        if node.__class__ is ast.ClassDef:
            for method in node.body:  # type: ignore[attr-defined]
                if method.__class__ is ast.FunctionDef and any(inner is loop for inner in ast_walk(method)):
                    args = method.args.args  # type: ignore[attr-defined]
                    if not args or args[0].arg != _base(var) or method.decorator_list:  # type: ignore[attr-defined]
                        return None
                    owner = node
    if owner is None:
        return None
    found = None
    for node in ast_walk(tree):
        if node.__class__ is not ast.FunctionDef or node.name != "__init__":  # type: ignore[attr-defined]
            continue
        stores = [inner for inner in ast_walk(node) if inner.__class__ is ast.Attribute and inner.attr == field and inner.ctx.__class__ is not ast.Load]  # type: ignore[attr-defined]
        if not stores:
            continue
        if node not in owner.body or len(stores) != 1:  # type: ignore[attr-defined]
            return None
        first = next((stmt for stmt in node.body if _sets(stmt, var)), None)  # type: ignore[attr-defined]
        if first is None or _string(first.value) is None or node.args.args[0].arg != _base(var):  # type: ignore[attr-defined]
            return None
        found = first
    return found  # type: ignore[return-value]


def _dict_aliased(tree: ast.AST, loop: ast.While, base: str) -> bool:
    """A dict state `state["phase"]`: the function running the machine (or the module) reads
    `state` whole outside the machine (`st = state`, `self.ctx = state`, `helper(state)`), or a
    function defined in it names `state`: another name may reach the dict, and an arm could set
    the field through it."""
    scope: ast.AST = tree
    for node in ast_walk(tree):
        if node.__class__ in (ast.FunctionDef, ast.AsyncFunctionDef) and any(inner is loop for inner in ast_walk(node)):
            scope = node  # (the innermost: ast_walk goes outside in)
    inside = {id(node) for node in ast_walk(loop)}
    nodes = list(_own_nodes(scope.body))  # type: ignore[attr-defined]
    own = {id(node) for node in nodes}
    if any(node.__class__ is ast.Name and node.id == base and id(node) not in own for node in ast_walk(scope)):  # type: ignore[attr-defined]
        return True  # (a function or lambda defined beside the machine reaches the dict)
    subscripted = {id(node.value) for node in nodes if node.__class__ is ast.Subscript}  # type: ignore[attr-defined]
    return any(
        node.__class__ is ast.Name and node.id == base and node.ctx.__class__ is ast.Load and id(node) not in subscripted and id(node) not in inside  # type: ignore[attr-defined]
        for node in nodes
    )


def _own_nodes(block: list[ast.stmt]):  # type: ignore[no-untyped-def]
    """The nodes of the block, without those of functions, classes and lambdas defined in it."""
    todo = list(block)
    while todo:
        node = todo.pop()
        yield node
        if node.__class__ not in _SCOPES:
            todo.extend(ast.iter_child_nodes(node))


def _binds(block: list[ast.stmt], names: set[str]) -> bool:
    for node in _own_nodes(block):
        if node.__class__ is ast.Name and node.ctx.__class__ is not ast.Load and node.id in names:  # type: ignore[attr-defined]
            return True
        if node.__class__ in (ast.Global, ast.Nonlocal) and names & set(node.names):  # type: ignore[attr-defined]
            return True
    return False


def _jumps(block: list[ast.stmt], jumps: tuple[type, ...]) -> bool:
    """A `break`/`continue` of the loop around the block (not of a loop inside it)."""
    todo = list(block)
    while todo:
        node = todo.pop()
        if node.__class__ in jumps:
            return True
        if node.__class__ in _LOOPS:
            todo.extend(node.orelse)  # type: ignore[attr-defined]  (an `else` of an inner loop jumps the outer one)
        elif node.__class__ not in _SCOPES and isinstance(node, ast.stmt):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt) or child.__class__ is ast.ExceptHandler or child.__class__.__name__ == "match_case":
                    todo.append(child)
        elif node.__class__ is ast.ExceptHandler or node.__class__.__name__ == "match_case":
            todo.extend(node.body)  # type: ignore[attr-defined]
    return False


def _next_states(stmt: ast.stmt, var: str) -> tuple[str, ...] | None:
    """The states `V = "t"` / `V = "a" if c else "b"` sets, or None."""
    if not _sets(stmt, var):
        return None
    value = stmt.value  # type: ignore[attr-defined]
    if value.__class__ is ast.IfExp:
        states = (_string(value.body), _string(value.orelse))
        return None if None in states else states  # type: ignore[return-value]
    state = _string(value)
    return None if state is None else (state,)


def _next_call(call: ast.AST, default: bool) -> ast.expr | None:
    """IT of `next(IT, None)` (`default`) or `next(IT)`, IT a name, attribute or subscript."""
    if call.__class__ is not ast.Call or _name(call.func) != "next" or call.keywords or len(call.args) != (2 if default else 1):  # type: ignore[attr-defined]
        return None
    if default and (call.args[1].__class__ is not ast.Constant or call.args[1].value is not None):  # type: ignore[attr-defined]
        return None
    iterator = call.args[0]  # type: ignore[attr-defined]
    if iterator.__class__ not in (ast.Name, ast.Attribute, ast.Subscript):
        return None  # (`next(iter(loader), None)` would start over on every batch)
    return iterator  # type: ignore[no-any-return]


def _leaves_when_out(block: list[ast.stmt], var: str) -> bool:
    """The block run when the data ran out ends with the `break` that leaves the machine, and
    what comes before it (a flush) neither jumps, returns nor sets the state."""
    if not block or block[-1].__class__ is not ast.Break:
        return False
    before = block[:-1]
    return not _jumps(before, (ast.Break, ast.Continue)) and not any(node.__class__ is ast.Return for node in _own_nodes(before)) and not _binds_state(before, var)


def _drawn_by_try(body: list[ast.stmt], var: str) -> tuple[ast.expr, ast.expr, str | list[ast.stmt], list[ast.stmt]] | None:
    """(IT, the target T, the state left to, the batch's statements) of an arm that starts
    `try: T = next(IT)` `except StopIteration: V = "t"; continue` and goes on after the `try`,
    or whose `try` has no `continue` and holds the batch in its `else:` (and nothing follows)."""
    first = body[0]
    if first.__class__ is not ast.Try or first.finalbody or len(first.body) != 1 or len(first.handlers) != 1:  # type: ignore[attr-defined]
        return None
    draw, handler = first.body[0], first.handlers[0]  # type: ignore[attr-defined]
    if draw.__class__ is not ast.Assign or len(draw.targets) != 1:  # type: ignore[attr-defined]
        return None
    iterator = _next_call(draw.value, default=False)  # type: ignore[attr-defined]
    if iterator is None or _name(handler.type) != "StopIteration" or handler.name is not None:  # type: ignore[arg-type]
        return None
    if _leaves_when_out(handler.body, var):
        # (`except StopIteration: break`: the data ran out, the machine is left)
        rest = body[1:] if not first.orelse else (first.orelse if len(body) == 1 else [])  # type: ignore[attr-defined]
        return iterator, draw.targets[0], handler.body, rest  # type: ignore[attr-defined]
    left_to = _next_states(handler.body[0], var) if handler.body else None
    if left_to is None or len(left_to) != 1:
        return None
    if len(handler.body) == 2 and handler.body[1].__class__ is ast.Continue:
        rest = body[1:] if not first.orelse else (first.orelse if len(body) == 1 else [])  # type: ignore[attr-defined]
    elif len(handler.body) == 1 and len(body) == 1:
        rest = first.orelse  # type: ignore[attr-defined]
    else:
        return None
    return iterator, draw.targets[0], left_to[0], rest  # type: ignore[attr-defined]


def _batch_arm(body: list[ast.stmt], var: str) -> tuple[ast.expr, ast.expr, str | list[ast.stmt], list[ast.stmt], ast.stmt] | None:
    """(the iterator IT, the target, the state left to, the batch's statements, the first
    statement) of an arm that starts `item = next(IT, None)`, `if item is None: V = "t";
    continue`, optionally `T = item`; or draws its batch with `try: T = next(IT)` `except
    StopIteration: V = "t"` (`_drawn_by_try`). In place of the state left to, the block that
    ends with the `break` when the arm leaves the machine once the data runs out (`if item is
    None: break`, `except StopIteration: break`, a flush before the `break` allowed)."""
    if not body:
        return None
    first = body[0]
    if first.__class__ is ast.Try:
        drawn = _drawn_by_try(body, var)
        if drawn is None:
            return None
        iterator, target, left_to_state, rest = drawn
        if not rest:
            return None
        watched = {iterator.id} if iterator.__class__ is ast.Name else set()  # type: ignore[attr-defined]
        if _binds(rest, watched) or _binds_state(rest, var) or _jumps(rest, (ast.Break,)):
            return None
        return iterator, target, left_to_state, rest, first
    if len(body) < 3:
        return None
    check = body[1]
    if first.__class__ is not ast.Assign or len(first.targets) != 1 or _name(first.targets[0]) is None:  # type: ignore[attr-defined]
        return None
    item = first.targets[0].id  # type: ignore[attr-defined]
    iterator = _next_call(first.value, default=True)  # type: ignore[attr-defined,assignment]
    if iterator is None:
        return None
    test = check.test if check.__class__ is ast.If else None  # type: ignore[attr-defined]
    if (
        test is None
        or check.orelse  # type: ignore[attr-defined]
        or test.__class__ is not ast.Compare
        or len(test.ops) != 1
        or test.ops[0].__class__ is not ast.Is
        or _name(test.left) != item
        or test.comparators[0].__class__ is not ast.Constant
        or test.comparators[0].value is not None
    ):
        return None
    exit_body = check.body  # type: ignore[attr-defined]
    if _leaves_when_out(exit_body, var):
        left_to: tuple[str | list[ast.stmt], ...] | None = (exit_body,)
    elif len(exit_body) != 2 or exit_body[1].__class__ is not ast.Continue:
        return None
    else:
        left_to = _next_states(exit_body[0], var)
    if left_to is None or len(left_to) != 1:
        return None
    rest = body[2:]
    target: ast.expr = ast.Name(id=item, ctx=ast.Store())
    target.lineno, target.col_offset = first.targets[0].lineno, first.targets[0].col_offset  # type: ignore[attr-defined]
    target.end_lineno, target.end_col_offset = first.targets[0].end_lineno, first.targets[0].end_col_offset  # type: ignore[attr-defined]
    target.synthetic = True  # type: ignore[attr-defined]
    if rest and rest[0].__class__ is ast.Assign and len(rest[0].targets) == 1 and _name(rest[0].value) == item:  # type: ignore[attr-defined]
        target = rest[0].targets[0]  # type: ignore[attr-defined]
        rest = rest[1:]
        if _uses(rest, item):
            return None  # (`item` read again: the `for` would not bind it)
    if not rest:
        return None
    watched = {item} | ({iterator.id} if iterator.__class__ is ast.Name else set())  # type: ignore[attr-defined]
    if _binds(rest, watched) or _binds_state(rest, var) or _jumps(rest, (ast.Break,)):
        return None
    return iterator, target, left_to[0], rest, first


def _made_at(iterator: ast.expr, before: list[ast.stmt]) -> ast.expr:
    """The iterator as the `for` reads it: a name the arms before the batch arm bound last by
    `IT = <call>` (`batches = enumerate(loader)`), not read since, is a fresh iterator whose
    items are the call's: a copy of the call (its nodes marked `synthetic`); else IT itself."""
    if iterator.__class__ is not ast.Name:
        return iterator
    name = iterator.id  # type: ignore[attr-defined]
    for index in range(len(before) - 1, -1, -1):
        stmt = before[index]
        if stmt.__class__ is ast.Assign and len(stmt.targets) == 1 and _name(stmt.targets[0]) == name:  # type: ignore[attr-defined]
            if stmt.value.__class__ is not ast.Call or _binds(before[index + 1 :], {name}) or any(_uses([s], name) for s in before[index + 1 :]):  # type: ignore[attr-defined]
                return iterator
            import copy

            made = copy.deepcopy(stmt.value)  # type: ignore[attr-defined]
            for node in ast_walk(made):
                node.synthetic = True  # type: ignore[attr-defined]
            return made  # type: ignore[no-any-return]
        if _uses([stmt], name):
            return iterator
    return iterator


def _uses(block: list[ast.stmt], name: str) -> bool:
    return any(node.__class__ is ast.Name and node.id == name for node in _own_nodes(block))  # type: ignore[attr-defined]


def _arms(dispatch: ast.stmt, var: str) -> tuple[dict[str, list[ast.stmt]], list[ast.stmt] | None] | None:
    """The arms of the dispatch on V (each state's statements) and its catch-all arm (an `if`
    chain's last `else:`, a `match`'s `case _:`), or None when it is no dispatch on V alone."""
    arms: dict[str, list[ast.stmt]] = {}
    if dispatch.__class__ is ast.If:
        link: ast.stmt = dispatch
        while True:
            tested = _compared(link.test, ast.Eq)  # type: ignore[attr-defined]
            if tested is None or tested[0] != var or tested[1] in arms:
                return None
            arms[tested[1]] = link.body  # type: ignore[attr-defined]
            orelse = link.orelse  # type: ignore[attr-defined]
            if not orelse:
                return arms, None
            if len(orelse) == 1 and orelse[0].__class__ is ast.If and _compared(orelse[0].test, ast.Eq) is not None:  # type: ignore[attr-defined]
                link = orelse[0]
                continue
            return arms, orelse  # (an `else:` arm: every other state)
    if dispatch.__class__.__name__ != "Match" or _key(dispatch.subject) != var:  # type: ignore[attr-defined]
        return None
    cases = dispatch.cases  # type: ignore[attr-defined]
    for index, case in enumerate(cases):
        pattern = case.pattern
        if case.guard is not None:
            return None
        kind = pattern.__class__.__name__
        if kind == "MatchAs" and pattern.pattern is None and pattern.name is None and index == len(cases) - 1:
            return arms, case.body
        values = pattern.patterns if kind == "MatchOr" else [pattern]
        for value in values:
            state = _string(value.value) if value.__class__.__name__ == "MatchValue" else None
            if state is None or state in arms:
                return None
            arms[state] = case.body
    return arms, None


def _reading(loop: ast.While, before: list[ast.stmt], tree: ast.AST) -> tuple[list[ast.stmt], list[list[ast.stmt]]] | None:
    """The nested reading of the state machine `loop` (its new body, the blocks made), or None.
    The loop is `while V != "<exit>":` or `while True:` (then the machine leaves by a `break`:
    an arm that is only `break`, or one in the arm that closes the cycle)."""
    if loop.orelse or len(loop.body) != 1 or (loop.body[0].__class__ is not ast.If and loop.body[0].__class__.__name__ != "Match"):
        return None
    exit_state: str | None = None
    if loop.test.__class__ is ast.Constant and loop.test.value is True:  # type: ignore[attr-defined]
        dispatch = loop.body[0]
        var = _key(dispatch.test.left) if dispatch.__class__ is ast.If and dispatch.test.__class__ is ast.Compare else _key(getattr(dispatch, "subject", loop.test))  # type: ignore[attr-defined]
        if var is None:
            return None
    else:
        guard = _compared(loop.test, ast.NotEq)
        if guard is None:
            return None
        var, exit_state = guard
    found = _arms(loop.body[0], var)
    if found is None:
        return None
    arms, catch_all = found
    if exit_state is not None and exit_state in arms:
        return None

    def arm_of(state: str) -> list[ast.stmt] | None:
        return arms.get(state, catch_all)

    def leaves(state: str) -> bool:
        if state == exit_state:
            return True
        arm = arm_of(state)
        return exit_state is None and arm is not None and len(arm) == 1 and arm[0].__class__ is ast.Break

    start = None
    init = None
    for stmt in reversed(before):
        if _sets(stmt, var):
            start, init = _string(stmt.value), stmt  # type: ignore[attr-defined]
            break
        if var.endswith("]") and _dict_made(stmt, var) is not None:
            start, init = _dict_made(stmt, var), stmt  # (`state = {"phase": "begin", ...}`)
            break
        if "." not in var and "[" not in var and _tuple_start(stmt, var) is not None:
            start, init = _tuple_start(stmt, var), stmt  # (`phase, epoch = Phase.BEGIN, 0`)
            break
        if _binds([stmt], {_base(var)}) or _stores(stmt, var):
            return None
    if start is None and exit_state is not None and var.startswith("self.") and not _jumps(loop.body, (ast.Break,)) and not any(node.__class__ is ast.Return for node in _own_nodes(loop.body)):
        found_init = _set_in_init(tree, loop, var)
        if found_init is not None:
            start, init = _string(found_init.value), found_init  # type: ignore[attr-defined]
    if start is None or init is None or arm_of(start) is None or leaves(start) or len(arms) + (catch_all is not None) < 2:
        return None
    if "." in var and _attribute_set_elsewhere(tree, var, loop, init):
        return None
    if var.endswith("]") and _dict_aliased(tree, loop, _base(var)):
        return None
    body: list[ast.stmt] = []
    made: list[list[ast.stmt]] = [body]
    state = start
    seen: set[int] = set()
    batch_arms = 0
    while True:
        arm = arm_of(state)
        if arm is None or id(arm) in seen:
            return None
        seen.add(id(arm))
        batch = _batch_arm(arm, var)
        if batch is not None:
            iterator, target, following, rest, first = batch
            batch_arms += 1
            loop_node = ast.For(target=target, iter=_made_at(iterator, body), body=rest, orelse=[], type_comment=None)
            loop_node.lineno, loop_node.col_offset = first.lineno, first.col_offset
            last = rest[-1]
            loop_node.end_lineno, loop_node.end_col_offset = last.end_lineno, last.end_col_offset  # type: ignore[attr-defined]
            loop_node.synthetic = True  # type: ignore[attr-defined]
            body.append(loop_node)
            made.append(rest)
            if following.__class__ is list:
                body.extend(following)  # (the file's block under `if item is None:`, its `break` last: it runs once the data ran out)
                break
            following_states: tuple[str, ...] = (following,)  # type: ignore[assignment]
        else:
            # (a `break` leaves the `while` in both readings; a `continue` would run the arm again)
            if not arm or _jumps(arm, (ast.Continue,)):
                return None
            following_states = _next_states(arm[-1], var)  # type: ignore[assignment]
            if following_states is None or _binds_state(arm[:-1], var):
                return None
            body.extend(arm)
        if len(following_states) == 2:
            # the arm that closes the cycle: back to the first state or out
            if start not in following_states or not any(leaves(t) for t in following_states if t != start):
                return None
            break
        following = following_states[0]
        if following == start or leaves(following):
            break
        state = following
    exits = {id(arm) for state, arm in arms.items() if leaves(state)}
    every = {id(arm) for arm in arms.values()} | ({id(catch_all)} if catch_all is not None else set())
    if batch_arms != 1 or seen != every - exits:
        return None
    return body, made


def refused_by_phase_loops(source: Source, fix: Fix) -> bool:
    """`fix` edits, copies or anchors on what only the nested reading of a state machine has
    (see the module's docstring): it is refused, and its finding reported without a fix."""
    from gradfix.transforms.base import InsertStatements, RemoveStatement, ReplaceNode

    blocks = [block for _, _, made in source.tree.phase_loops for block in made]  # type: ignore[attr-defined]
    loops = [loop for loop, _, _ in source.tree.phase_loops]  # type: ignore[attr-defined]
    for edit in fix.edits:
        if isinstance(edit, ReplaceNode):
            if getattr(edit.node, "synthetic", False) or getattr(edit.statement, "synthetic", False):
                return True
            if any(edit.node is loop or edit.statement is loop for loop in loops):
                return True  # (the `while`'s text holds the arms, not the reading)
        elif isinstance(edit, InsertStatements):
            if edit.where == "after" and any(loop.body[-1] is edit.anchor and edit.anchor.__class__ is ast.Break for loop in loops):
                return True  # (after the `break` that leaves the machine: never run)
            if not isinstance(edit.anchor, list) and getattr(edit.anchor, "synthetic", False):
                placed = _beside_the_for(source, edit)
                if placed is None:
                    return True  # (before or after the `for`: its text is the batch arm's)
                fix.edits[fix.edits.index(edit)] = placed
        elif isinstance(edit, RemoveStatement):
            if getattr(edit.statement, "synthetic", False) or any(edit.statement is loop for loop in loops):
                return True
            if any(len(block) == 1 and block[0] is edit.statement for block in blocks):
                return True  # (it would empty a block the reading made: the arm keeps its header)
    if any(getattr(node, "synthetic", False) and node.__class__ is ast.For for node in fix.copies):
        return True
    return False


def _beside_the_for(source: Source, edit: object) -> object | None:
    """An insertion before or after the made `for`, placed where the `while` runs it: after the
    statement before the `for` in the reading (the last one of the arm before the batch arm),
    or before the statement after it (the first one of the arm after), both in the text of those
    arms. None when the `for` opens or closes the reading (no arm there) or the anchor is no
    `for` of a state machine's reading."""
    from gradfix.transforms.base import InsertStatements

    assert isinstance(edit, InsertStatements)
    for loop, _, _ in source.tree.phase_loops:  # type: ignore[attr-defined]
        body = loop.body
        index = next((i for i, stmt in enumerate(body) if stmt is edit.anchor), None)
        if index is None or body[index].__class__ is not ast.For:
            continue
        if edit.where == "before" and index > 0:
            return InsertStatements(body[index - 1], "after", edit.lines)
        if edit.where == "after" and index + 1 < len(body):
            lines = edit.lines
            while lines and not lines[0][0]:
                lines = lines[1:]  # (no blank line under the arm's header)
            return InsertStatements(body[index + 1], "before", lines) if lines else None
        return None
    return None
