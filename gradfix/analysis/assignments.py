"""Where each key is bound in a module, and in which function: one walk, built on demand.

The loop model records what optimizers, schedulers and scalers are built from. The rules of
issue 16 ask the same question about other objects — a model (`model = Net().to(device)`), a
loss (`criterion = nn.CrossEntropyLoss()`), an activation module (`self.softmax =
nn.Softmax(dim=1)`), a sampler, a loader — and about plain tensors (`probs =
F.softmax(logits, 1)`). `Assignments` answers it for any key, per scope: a function's own
names, module-level names, and `self.<attr>` across the methods of one class.
"""

from __future__ import annotations

from gradfix import syntax as ast
from bisect import bisect_left, bisect_right

from gradfix.records import dataclass
from gradfix.source import COMPOUND_KINDS, FOR_LOOP_KINDS, FUNCTION_KINDS, FUNCTIONS, WITH_KINDS, Source, blocks_of, dotted
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

Scope = ast.AST  # a FunctionDef / AsyncFunctionDef, or the Module


@dataclass(frozen=True, eq=False)
class Binding:
    key: str
    value: ast.expr | None  # None: bound by unpacking, `+=`, a `for`/`with` target...
    statement: ast.stmt  # the (simple or compound) statement that binds it
    scope: Scope
    class_name: str | None


class Assignments:
    """Every binding of the module, by key, with the scope and class it happens in."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.by_key: dict[str, list[Binding]] = {}
        self.scope_of_statement: dict[int, Scope] = {}
        self.class_of_scope: dict[int, str | None] = {}
        self.parent_scope: dict[int, Scope] = {}
        self.class_body: dict[int, str] = {}  # id of a statement of a class body -> the class
        self.class_bases: dict[str, list[ast.expr] | None] = {}  # a class's bases (None: the name defines two classes)
        self._walrus = _walrus_lines(source)
        self._walk(source.tree.body, source.tree, None)

    # queries -------------------------------------------------------------------------
    def scope_of(self, stmt: ast.stmt) -> Scope:
        return self.scope_of_statement.get(id(stmt), self.source.tree)

    def bindings(self, key: str, scope: Scope) -> list[Binding]:
        """The bindings of `key` that code in `scope` can see: `self.x` anywhere in the class;
        a name bound in the function itself, else in the functions around it, else at module
        level."""
        found = self.by_key.get(key, [])
        if key.startswith("self."):
            owner = self.class_of_scope.get(id(scope))
            if owner is None:
                return []
            own = [b for b in found if b.class_name == owner]
            if own or not found or not self.class_bases.get(owner):
                return own
            return self._inherited(key, owner, found)
        if key.startswith("cls.") and _class_method(scope):
            # `cls.x` in a `@classmethod`: the class attribute, bound by any class method of the
            # class (`cls.sched = ...` in `prepare`, read in `step`)
            owner = self.class_of_scope.get(id(scope))
            if owner is None:
                return []
            return [b for b in found if b.class_name == owner and _class_method(b.scope)]
        current: Scope | None = scope
        while current is not None:
            here = [b for b in found if b.scope is current]
            if here:
                return here
            if binds_parameter(current, key):
                return []
            current = self.parent_scope.get(id(current))
        return []

    def _inherited(self, key: str, owner: str, found: list[Binding]) -> list[Binding]:
        """`self.x` read in a method of `owner`, which binds it nowhere, bound in the methods of
        one of its bases (a class of the file, followed up through theirs): those bindings. Only
        when every class above `owner` is a class of the file (once) or a base that binds no
        attribute of its own (`object`, `ABC`, torch's `nn.Module` but for `training` and
        private names), one of them alone binds `self.x`, and no class of the file built on
        `owner` binds it anew (that subclass's objects would hold its own); else nothing."""
        attr = key[len("self.") :]
        if "." in attr or "[" in attr:
            return []
        above: set[str] = set()
        todo = [owner]
        while todo:
            bases = self.class_bases.get(todo.pop())
            if bases is None:
                return []  # (a name that defines two classes: which one is meant, unknown)
            for base in bases:
                name = dotted(base)
                if name in self.class_bases:
                    if name not in above and name != owner:
                        above.add(name)  # type: ignore[arg-type]
                        todo.append(name)  # type: ignore[arg-type]
                elif name not in _PLAIN_BASES or (name in _MODULE_BASES and (attr == "training" or attr.startswith("_"))):
                    return []
        binders = {b.class_name for b in found}
        inherited = [b for b in found if b.class_name in above]
        if len({b.class_name for b in inherited}) != 1:
            return []
        for other in binders - above:
            if other is not None and self.derives_from(other, owner):
                return []
        return inherited

    def derives_from(self, name: str, owner: str) -> bool:
        """The class `name` of the file is built on `owner` (at any depth, through classes of
        the file)."""
        seen: set[str] = set()
        todo = [name]
        while todo:
            for base in self.class_bases.get(todo.pop()) or ():
                base_name = dotted(base)
                if base_name == owner:
                    return True
                if base_name in self.class_bases and base_name not in seen:
                    seen.add(base_name)  # type: ignore[arg-type]
                    todo.append(base_name)  # type: ignore[arg-type]
        return False

    def class_attribute(self, key: str, scope: Scope) -> list[Binding]:
        """The binding of `self.<attr>` a method reads when no method binds it: the class body's
        own (`class Trainer: criterion = nn.NLLLoss()`), bound there once, in no other class's
        body and never as `Trainer.<attr>` or `cls.<attr>`; else nothing."""
        if not key.startswith("self.") or key.count(".") != 1 or self.by_key.get(key):
            return []
        owner = self.class_of_scope.get(id(scope))
        if owner is None:
            return []
        attr = key[len("self.") :]
        bodies = getattr(self, "class_body", {})  # (a table of one scope's own statements has none)
        found = [b for b in self.by_key.get(attr, []) if id(b.statement) in bodies]
        if len(found) != 1 or bodies[id(found[0].statement)] != owner or found[0].value is None:
            return []
        if self.by_key.get(f"{owner}.{attr}") or self.by_key.get(f"cls.{attr}"):
            return []
        return found

    def values(self, key: str, scope: Scope) -> list[ast.expr | None]:
        return [b.value for b in self.bindings(key, scope)]

    def single_value(self, key: str, scope: Scope) -> ast.expr | None:
        """The one value `key` is ever bound to in `scope`, or None."""
        values = self.values(key, scope)
        if len(values) == 1:
            return values[0]
        return None

    @classmethod
    def of_scope(cls, source: Source, scope: Scope, class_name: str | None = None) -> Assignments:
        """The bindings one scope's own statements make (its compound statements' blocks
        included; nested functions and classes are scopes of their own, left out): for a
        question about one function, without the walk over the whole module."""
        table = cls.__new__(cls)
        table.source = source
        table.by_key = {}
        table.scope_of_statement = {}
        table.class_of_scope = {id(scope): class_name}
        table.parent_scope = {}
        table.class_bases = {}
        table._walrus = _walrus_lines(source) if scope is source.tree or ":=" in source.segment(scope) else []
        body = scope.body if isinstance(scope, (*FUNCTIONS, ast.Module)) else []  # type: ignore[attr-defined]
        table._walk_own(body, scope, class_name)
        return table

    # building ------------------------------------------------------------------------
    def _walk_own(self, body: list[ast.stmt], scope: Scope, class_name: str | None) -> None:
        for stmt in body:
            if isinstance(stmt, (*FUNCTIONS, ast.ClassDef)):
                continue
            self.scope_of_statement[id(stmt)] = scope
            self._record(stmt, scope, class_name)
            for block in blocks_of(stmt):
                self._walk_own(block, scope, class_name)

    def _walk(self, body: list[ast.stmt], scope: Scope, class_name: str | None) -> None:
        self.class_of_scope.setdefault(id(scope), class_name)
        self._walk_in(body, scope, class_name)

    def _walk_in(self, body: list[ast.stmt], scope: Scope, class_name: str | None) -> None:
        """`_walk` below its first call: every scope met here is in `class_of_scope` already
        (the module at the first call, a function just before its body is walked), so that
        call's `setdefault` would change nothing. A simple statement of a kind that binds
        nothing is recorded only when the module says `:=` (`_record` does nothing else with
        it), and only a compound statement holds blocks (`blocks_of` gives no other any). A
        plain `=` of a module without `:=` binds its names here (a name's key is its id, as
        `dotted` gives it), its other targets through `_bind`, in `_record`'s order."""
        scopes = self.scope_of_statement
        walrus = self._walrus
        by_key = self.by_key
        for stmt in body:
            scopes[id(stmt)] = scope
            kind = stmt.__class__  # (`in`/`is` on the class, not `isinstance`: `source.FUNCTION_KINDS`)
            if kind is ast.Assign and not walrus:
                value = stmt.value  # type: ignore[attr-defined]
                for target in stmt.targets:  # type: ignore[attr-defined]
                    if target.__class__ is _NAME:
                        key = target.id
                        by_key.setdefault(key, []).append(Binding(key, value, stmt, scope, class_name))
                    else:
                        self._bind(target, value, stmt, scope, class_name)
                continue
            if kind not in COMPOUND_KINDS:
                if walrus or kind in _BINDING_KINDS:
                    self._record(stmt, scope, class_name)
                continue
            if kind in FUNCTION_KINDS:
                self.parent_scope[id(stmt)] = scope
                self.class_of_scope[id(stmt)] = class_name
                self._walk_in(stmt.body, stmt, class_name)
                continue
            if kind is ast.ClassDef:
                self.class_bases[stmt.name] = None if stmt.name in self.class_bases else list(stmt.bases)
                for own in stmt.body:
                    self.class_body[id(own)] = stmt.name
                self._walk_in(stmt.body, scope, stmt.name)
                continue
            self._record(stmt, scope, class_name)
            for block in blocks_of(stmt):
                self._walk_in(block, scope, class_name)

    def _record(self, stmt: ast.stmt, scope: Scope, class_name: str | None) -> None:
        kind = stmt.__class__  # (`is`/`in` on the class, not `isinstance`: `source.WITH_KINDS`)
        if kind is ast.Assign:
            for target in stmt.targets:  # type: ignore[attr-defined]
                self._bind(target, stmt.value, stmt, scope, class_name)  # type: ignore[attr-defined]
        elif kind is ast.AnnAssign:
            if stmt.value is not None:  # type: ignore[attr-defined]
                self._bind(stmt.target, stmt.value, stmt, scope, class_name)  # type: ignore[attr-defined]
        elif kind is ast.AugAssign:
            self._bind(stmt.target, None, stmt, scope, class_name)  # type: ignore[attr-defined]
        elif kind in FOR_LOOP_KINDS:
            self._bind(stmt.target, None, stmt, scope, class_name)  # type: ignore[attr-defined]
        elif kind in WITH_KINDS:
            for item in stmt.items:
                if item.optional_vars is not None:
                    self._bind(item.optional_vars, None, stmt, scope, class_name)
        lines = self._walrus
        if not lines:
            return
        first = bisect_left(lines, stmt.lineno)
        if first == len(lines) or lines[first] > (stmt.end_lineno or stmt.lineno):
            return  # no line of the statement says `:=`
        # walrus targets anywhere in the statement's own expressions
        for node in _own_expressions(stmt):
            for sub in ast_walk(node):
                if isinstance(sub, ast.NamedExpr):
                    self._bind(sub.target, sub.value, stmt, scope, class_name)

    def _bind(self, target: ast.AST, value: ast.expr | None, stmt: ast.stmt, scope: Scope, class_name: str | None) -> None:
        kind = target.__class__
        if kind is ast.Tuple or kind is ast.List:
            values = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts) else None  # type: ignore[attr-defined]
            for index, element in enumerate(target.elts):  # type: ignore[attr-defined]
                self._bind(element, values[index] if values is not None else None, stmt, scope, class_name)
            return
        if kind is ast.Starred:
            self._bind(target.value, None, stmt, scope, class_name)
            return
        key = self.source.key(target)
        self.by_key.setdefault(key, []).append(Binding(key, value, stmt, scope, class_name))


_NAME = ast.Name
# the simple statements `_record` binds a name in without a walrus: the assignments of every kind
_BINDING_KINDS = frozenset((ast.Assign, ast.AnnAssign, ast.AugAssign))


# bases that bind no attribute of their subclasses' objects by a name the subclass would use
# (torch's `nn.Module` binds `training` and private names only: `_MODULE_BASES`)
_MODULE_BASES = frozenset(("nn.Module", "torch.nn.Module"))
_PLAIN_BASES = frozenset(("object", "ABC", "abc.ABC", *_MODULE_BASES))


def _walrus_lines(source: Source) -> list[int]:
    """The numbers of the lines that say `:=` (in code, a string or a comment), in order: the
    statements whose expressions may bind a name by walrus (the others are not walked)."""
    lines: list[int] = []
    text, starts = source.text, source.line_starts
    at = text.find(":=")
    while at != -1:
        line = bisect_right(starts, at)
        if not lines or lines[-1] != line:
            lines.append(line)
        at = text.find(":=", at + 2)
    return lines


def _own_expressions(stmt: ast.stmt) -> Iterator[ast.AST]:
    """The expressions a statement evaluates itself (not those of the blocks it holds)."""
    for name, value in ast.iter_fields(stmt):
        if name in ("body", "orelse", "finalbody", "handlers", "cases"):
            continue
        if isinstance(value, ast.AST):
            yield value
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, ast.AST) and not isinstance(item, ast.stmt):
                    yield item


def binds_parameter(scope: Scope, key: str) -> bool:
    """`key` (or the object it is an attribute of) is a parameter of the function `scope`."""
    if not isinstance(scope, FUNCTIONS):
        return False
    root = key.split(".", 1)[0].split("[", 1)[0]
    args = scope.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    if args.vararg is not None:
        names.append(args.vararg.arg)
    if args.kwarg is not None:
        names.append(args.kwarg.arg)
    return root in names


def built(model: object) -> bool:
    """Whether the model's assignment index exists already (another rule asked for it)."""
    return getattr(model, "_assignments", None) is not None


def assignment_statements(model: object) -> list[ast.stmt]:
    """The module's `=` statements and annotated assignments with a value, at any depth
    (function and class bodies too), in no particular order: what questions about assigned
    values read when no rule built the index (on a 5 MB file this walk takes about half of
    the index's). Built once per model."""
    cached = getattr(model, "_assignment_statements", None)
    if cached is None:
        cached = model._assignment_statements = assignments_in_blocks([model.source.tree.body])  # type: ignore[attr-defined]
    return cached


def assignments_in_blocks(blocks: list[list[ast.stmt]]) -> list[ast.stmt]:
    """The `=` statements (and annotated ones with a value) of the blocks, nested blocks and
    definitions included."""
    found: list[ast.stmt] = []
    todo = list(blocks)
    while todo:
        for stmt in todo.pop():
            kind = stmt.__class__
            if kind is ast.Assign or (kind is ast.AnnAssign and stmt.value is not None):  # type: ignore[attr-defined]
                found.append(stmt)
            elif kind in COMPOUND_KINDS:  # only these hold statements
                todo.extend(blocks_of(stmt))
    return found


def assigned_calls(model: object, key: str) -> list[ast.Call]:
    """The calls `key` is bound to by `key = Call(...)` statements anywhere in the module (a
    name in any scope, or `self.x` in any class), one per statement: the index's bindings of
    `key` whose value is an `=` statement's whole value and a call. Read from the index when a
    rule built it, else from `assignment_statements`."""
    if built(model):
        seen: dict[int, ast.Call] = {}
        for b in assignments(model).by_key.get(key, ()):
            if isinstance(b.statement, ast.Assign) and b.value is b.statement.value and isinstance(b.value, ast.Call):
                seen[id(b.statement)] = b.value
        return list(seen.values())
    by_key = getattr(model, "_assigned_calls", None)
    if by_key is None:
        # every key's calls at once: asked for several keys (the optimizer-class questions of a
        # 5 MB file ask three), a pass over the statements per key cost 0.2 s each
        key_of = model.source.key  # type: ignore[attr-defined]
        by_key = {}
        for stmt in assignment_statements(model):
            if stmt.__class__ is ast.Assign and isinstance(stmt.value, ast.Call):  # type: ignore[attr-defined]
                keys = {key_of(t) for t in stmt.targets if not isinstance(t, _UNPACKED)}  # type: ignore[attr-defined]
                for bound in keys:  # one per statement, as the index answers
                    by_key.setdefault(bound, []).append(stmt.value)  # type: ignore[attr-defined]
        model._assigned_calls = by_key  # type: ignore[attr-defined]
    return list(by_key.get(key, ()))


def assigned_values(model: object, key: str) -> list[ast.expr]:
    """Every value `key` (a name in any scope, or an attribute) is bound to as a whole target
    of an `=` or annotated statement anywhere in the module (`SCALE = 2`, `criterion =
    nn.CrossEntropyLoss(...)`), from `assignment_statements`."""
    by_key = getattr(model, "_assigned_values", None)
    if by_key is None:  # every key's values at once: a file asks for several keys
        key_of = model.source.key  # type: ignore[attr-defined]
        by_key = {}
        for stmt in assignment_statements(model):
            targets = stmt.targets if stmt.__class__ is ast.Assign else [stmt.target]  # type: ignore[attr-defined]
            for bound in {key_of(t) for t in targets if not isinstance(t, _UNPACKED)}:  # once per statement
                by_key.setdefault(bound, []).append(stmt.value)  # type: ignore[attr-defined]
        model._assigned_values = by_key  # type: ignore[attr-defined]
    return list(by_key.get(key, ()))


_UNPACKED = (ast.Tuple, ast.List, ast.Starred)  # targets the index binds element by element, or without a value


def reaching_top_level(bindings: list[Binding], source, line: int) -> Binding | None:  # type: ignore[no-untyped-def]
    """Of two or more bindings that are all statements of the module's own body (a notebook
    rebinding a name cell after cell), the last one before `line`; None otherwise."""
    body = source.tree.body
    if len(bindings) < 2 or not all(any(b.statement is stmt for stmt in body) for b in bindings):
        return None
    before = [b for b in bindings if b.statement.lineno < line]
    return before[-1] if before else None


def assignments(model: object) -> Assignments:
    """The module's assignment index, built once per model."""
    cached = getattr(model, "_assignments", None)
    if cached is None:
        cached = Assignments(model.source)  # type: ignore[attr-defined]
        model._assignments = cached  # type: ignore[attr-defined]
    return cached



def built_object(holder: str, scope: Scope, model: object) -> ast.Call | None:
    """The call of a class of the module that `holder`, bound once (seen from `scope`), holds the
    object of: `trainer = Trainer(model)`, or `with Trainer(model) as trainer:` when the class's
    own `__enter__` returns `self` and nothing else; else None."""
    index = assignments(model)
    bindings = index.bindings(holder, scope)
    if len(bindings) != 1:
        return None
    binding = bindings[0]
    classes = model.facts.classes  # type: ignore[attr-defined]
    if binding.value is not None:
        built = binding.value
        return built if isinstance(built, ast.Call) and isinstance(built.func, ast.Name) and built.func.id in classes else None
    if binding.statement.__class__ not in WITH_KINDS:
        return None
    for item in binding.statement.items:  # type: ignore[attr-defined]
        if item.optional_vars is None or dotted(item.optional_vars) != holder:
            continue
        built = item.context_expr
        if not (isinstance(built, ast.Call) and isinstance(built.func, ast.Name) and built.func.id in classes):
            return None
        enter = model.facts.methods.get(built.func.id, {}).get("__enter__")  # type: ignore[attr-defined]
        if enter is None:
            return None  # (a base's `__enter__`: not read)
        returns = [node for node in ast_walk(enter.node) if isinstance(node, ast.Return)]
        if returns and all(isinstance(r.value, ast.Name) and r.value.id == "self" for r in returns):
            return built
        return None
    return None


def held_attribute(key: str, scope: Scope, model: object) -> Binding | None:
    """For `agent.optimizer` (or `callback.scheduler`), with `agent` bound once (seen from
    `scope`) to a call of a class of the module (`built_object`: also `with Trainer(...) as
    agent:`): the one binding of `self.optimizer` in that class, when no other class binds it;
    else None."""
    holder, _, attribute = key.partition(".")
    if not attribute or "." in attribute or holder == "self":
        return None
    index = assignments(model)
    built = built_object(holder, scope, model)
    if not (isinstance(built, ast.Call) and isinstance(built.func, ast.Name) and built.func.id in model.facts.classes):  # type: ignore[attr-defined]
        return None
    bindings = index.by_key.get(f"self.{attribute}", [])
    return bindings[0] if len(bindings) == 1 and bindings[0].class_name == built.func.id else None


def dict_of_names(table: str, model: object) -> tuple[list[tuple[object, str]], object] | None:
    """The entries of a dict literal whose values are plain or dotted names (`SCHEDULERS = {"noam":
    Noam, "cos": lr_scheduler.CosineAnnealingLR}`: `[("noam", "Noam"), ("cos",
    "lr_scheduler.CosineAnnealingLR")]`), bound once
    to `table` in this module (`assigned_values`) or at the top of the project module `table` is
    imported from, with the facts of the module that binds it (to qualify the names there);
    None when not read."""
    facts = model.facts  # type: ignore[attr-defined]
    values = assigned_values(model, table)
    where = facts
    if not values:
        qualified = facts.imports.qualify(table)
        project = facts.project
        if project is None or qualified is None or qualified == table or "." not in qualified.lstrip("."):
            return None
        path = project.module_file(qualified.rsplit(".", 1)[0], model.source.path or None)  # type: ignore[attr-defined]
        module = project.module(path, any_bytes=True) if path is not None else None
        if module is None:
            return None
        values = [
            stmt.value for stmt in module.source.tree.body
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == table
        ]  # fmt: skip
        where = module.facts
    if len(values) != 1 or not isinstance(values[0], ast.Dict) or not values[0].values or None in values[0].keys:
        return None
    entries = [
        (key.value if isinstance(key, ast.Constant) else None, name)
        for key, value in zip(values[0].keys, values[0].values)
        if isinstance(value, (ast.Name, ast.Attribute)) and (name := dotted(value)) is not None
    ]  # fmt: skip
    return (entries, where) if len(entries) == len(values[0].values) else None


def literal_kwargs(value: ast.expr, model: object, depth: int = 0) -> dict[str, ast.expr] | None:
    """The keywords a `**value` argument hands a call, when they are written out: a dict literal
    with constant string keys (`**{"T_max": 10}`), `dict(T_max=10)`, an entry under a constant
    key of such a dict (`**cfg["sched"]`), or a name bound once in the module to one of these
    (`cfg = {"num_replicas": 2, "rank": 0}`), which is no parameter and is only read as `**cfg`
    or `**cfg[...]`, or read under constant keys down to an entry that is no container
    (`cfg["t_max"]`; never written into, nor handed on); None when unknown."""
    if depth > 3:
        return None
    if isinstance(value, ast.Dict):
        if any(not (isinstance(k, ast.Constant) and isinstance(k.value, str)) for k in value.keys):
            return None  # (`**inner` inside: a None key)
        return {k.value: v for k, v in zip(value.keys, value.values)}  # type: ignore[union-attr]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" and not value.args:
        if any(k.arg is None for k in value.keywords):
            return None
        return {k.arg: k.value for k in value.keywords}  # type: ignore[misc]
    if isinstance(value, ast.Subscript):
        key = value.slice
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None
        outer = literal_kwargs(value.value, model, depth + 1)
        inner = outer.get(key.value) if outer is not None else None
        return literal_kwargs(inner, model, depth + 1) if inner is not None else None
    if not isinstance(value, ast.Name):
        return None
    name = value.id
    values = assigned_values(model, name)
    if len(values) != 1:
        return None
    source = model.source  # type: ignore[attr-defined]
    if any(a.arg == name for a in source.of_type(ast.arg)):
        return None
    allowed: set[int] = set()
    for k in source.of_type(ast.keyword):
        if k.arg is None:  # type: ignore[attr-defined]
            read = k.value  # type: ignore[attr-defined]
            while isinstance(read, ast.Subscript) and isinstance(read.ctx, ast.Load):
                read = read.value
            allowed.add(id(read))
    if name + "[" in source.text:
        allowed |= _leaf_reads(name, values[0], source)
    stores = 0
    for node in source.of_type(ast.Name):
        if node.id != name:  # type: ignore[attr-defined]
            continue
        if not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
            stores += 1
        elif id(node) not in allowed:
            return None  # read otherwise: maybe handed on, or written into (`cfg.update(...)`, `cfg["k"] = v`)
    if stores != 1:
        return None
    return literal_kwargs(values[0], model, depth + 1)


_CONTAINERS = (ast.Dict, ast.List, ast.Set, ast.Tuple, ast.DictComp, ast.ListComp, ast.SetComp)


def _leaf_reads(name: str, value: ast.expr, source) -> set[int]:  # type: ignore[no-untyped-def]
    """The ids of the `name` nodes read only to take an entry out of the dict literal `value`
    under constant keys, down to an entry that is no container (`cfg["t_max"]`,
    `cfg["sched"]["T_max"]`): reads that can neither write into the dict nor hand it on."""
    chains: dict[int, list[str]] = {}  # id of a Load subscript with a constant key -> its keys, root first
    inner: set[int] = set()
    roots: dict[int, ast.AST] = {}
    for node in source.of_type(ast.Subscript):
        keys: list[str] = []
        read: ast.AST = node
        while (
            isinstance(read, ast.Subscript) and isinstance(read.ctx, ast.Load)
            and isinstance(read.slice, ast.Constant) and isinstance(read.slice.value, str)
        ):  # fmt: skip
            keys.insert(0, read.slice.value)
            if read is not node:
                inner.add(id(read))
            read = read.value
        if read is not node and isinstance(read, ast.Name) and read.id == name:
            chains[id(node)], roots[id(node)] = keys, read
    allowed: set[int] = set()
    for outer, keys in chains.items():
        if outer in inner:
            continue
        entry: ast.expr | None = value
        for key in keys:
            entry = _literal_entry(entry, key)
        if entry is not None and not isinstance(entry, _CONTAINERS) and not (
            isinstance(entry, ast.Call) and isinstance(entry.func, ast.Name) and entry.func.id in ("dict", "list", "set")
        ):
            allowed.add(id(roots[outer]))
    return allowed


def _literal_entry(value: ast.expr | None, key: str) -> ast.expr | None:
    if isinstance(value, ast.Dict) and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in value.keys):
        return next((v for k, v in zip(value.keys, value.values) if k.value == key), None)  # type: ignore[union-attr]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" and not value.args:
        return next((k.value for k in value.keywords if k.arg == key), None)
    return None


def init_parameter(model: object, key: str, node: ast.AST) -> str | None:
    """The parameter of the `__init__` around `node` that `self.<attr>` (`key`) stands for
    there: `self.model = model` (or `self.model, self.opt = model, opt`), a statement of that
    `__init__`'s own body, is the only binding of `self.model` in its class, in the module's
    classes built on it and from outside (`trainer.model = ...`), and `__init__` never rebinds
    `model`. `SGD(model.parameters())` or `StepLR(opt)` there is then built over what the
    methods call `self.model` or `self.opt`."""
    if not key.startswith("self.") or key.count(".") != 1 or not hasattr(node, "lineno"):
        return None
    facts = model.facts  # type: ignore[attr-defined]
    line = node.lineno  # type: ignore[attr-defined]
    found = [
        (name, methods["__init__"].node)
        for name, methods in facts.methods.items()
        if "__init__" in methods and methods["__init__"].node.lineno <= line <= (methods["__init__"].node.end_lineno or 0)
    ]
    if len(found) != 1:
        return None
    owner, init = found[0]
    params = [a.arg for a in (*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs)]
    # first the statements of `__init__`'s own body (cheap), then the module's index
    own = [
        value.id
        for stmt in init.body if isinstance(stmt, ast.Assign)
        for target in stmt.targets
        for value in _values_of(target, stmt.value, key, model.source)  # type: ignore[attr-defined]
    ]
    if len(own) != 1 or own[0] not in params[1:]:
        return None
    parameter = own[0]
    table = assignments(model)
    if len(table.bindings(key, init)) != 1 or table.bindings(parameter, init):
        return None
    attr = key[len("self.") :]
    for other in table.by_key.get(key, ()):
        if other.class_name != owner and any(dotted(base) == owner for base in getattr(facts.classes.get(other.class_name or ""), "bases", ())):
            return None  # a subclass binds it anew
    if any(k != key and k.endswith("." + attr) for k in table.by_key):
        return None  # `trainer.model = other`: rebound from outside
    return parameter


def _values_of(target: ast.expr, value: ast.expr, key: str, source: Source) -> list[ast.Name]:
    """The plain name `key` is bound to by `target = value` (`self.model = model`, also one
    element of `self.model, self.lr = model, lr`); empty when it is not bound there, or to
    something else."""
    if isinstance(target, (ast.Tuple, ast.List)):
        if not (isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts)):
            return []
        return [found for t, v in zip(target.elts, value.elts) for found in _values_of(t, v, key, source)]
    if isinstance(target, ast.Attribute) and source.key(target) == key and isinstance(value, ast.Name):
        return [value]
    return []


def _class_method(scope: object) -> bool:
    """A function decorated `@classmethod` (a plain name) whose first parameter is `cls`."""
    if not isinstance(scope, FUNCTIONS):
        return False
    args = scope.args.posonlyargs or scope.args.args  # type: ignore[union-attr]
    return (
        bool(args) and args[0].arg == "cls"
        and any(isinstance(d, ast.Name) and d.id == "classmethod" for d in scope.decorator_list)  # type: ignore[union-attr]
    )  # fmt: skip


def forwarded_argument(call: ast.Call, node: ast.ClassDef | None, attr: str = "", through: str | None = None) -> ast.expr | None:
    """The argument of `call` (building the class `node`, of this module) that the class's
    `__getattr__` hands every attribute on to (`return getattr(self.inner, name)`, `inner`
    bound by `__init__` alone, to its parameter), when the class is such a plain proxy: no
    base, no `__setattr__`, `__getattribute__` or `__slots__`, nothing of its own named
    `attr`; else None (GF024's `opt.lr = ...`, GF031's scheduler over `opt.inner`)."""
    if node is None or node.bases or node.keywords or node.decorator_list:
        return None
    methods = {f.name: f for f in node.body if isinstance(f, FUNCTIONS)}
    for stmt in node.body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id in (attr, "__slots__", "__setattr__", "__getattribute__") for t in targets):
            return None
    if attr in methods or "__setattr__" in methods or "__getattribute__" in methods:
        return None
    getter, init = methods.get("__getattr__"), methods.get("__init__")
    if getter is None or init is None or len(getter.args.args) != 2 or len(init.args.args) < 2:
        return None
    name = getter.args.args[1].arg
    last = getter.body[-1]
    returns = [n for n in ast_walk(getter) if isinstance(n, ast.Return)]
    if not (
        returns == [last] and isinstance(last.value, ast.Call) and isinstance(last.value.func, ast.Name)
        and last.value.func.id == "getattr" and len(last.value.args) == 2 and not last.value.keywords
        and isinstance(last.value.args[1], ast.Name) and last.value.args[1].id == name
        and isinstance(last.value.args[0], ast.Attribute) and isinstance(last.value.args[0].value, ast.Name)
        and last.value.args[0].value.id == "self"
    ):
        return None
    field = last.value.args[0].attr
    if through is not None and field != through:
        return None  # (`through`: the attribute it must forward to, `opt.inner`)
    params = [a.arg for a in init.args.args[1:]]
    binding = None
    for function in methods.values():
        for n in ast_walk(function):
            if isinstance(n, ast.Attribute) and n.attr == field and not isinstance(n.ctx, ast.Load):
                if function is not init or binding is not None:
                    return None  # bound again elsewhere
                binding = n
    assigned = next(
        (stmt for stmt in init.body if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and stmt.targets[0] is binding),
        None,
    )
    if assigned is None or not (isinstance(assigned.targets[0].value, ast.Name) and assigned.targets[0].value.id == "self"):
        return None
    if not (isinstance(assigned.value, ast.Name) and assigned.value.id in params):
        return None
    index = params.index(assigned.value.id)
    given = next((k.value for k in call.keywords if k.arg == assigned.value.id), None)
    if given is None and index < len(call.args):
        given = call.args[index]
    return given
