"""Module-wide facts gathered in one pass: imports, what each name was built from,
which functions exist (to look into helpers), which objects get `.step()` or `.zero_grad()`.
"""

from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis import frameworks
from gradfix.analysis.model import ObjectInfo
from gradfix.analysis.names import (
    ImportMap,
    call_name,
    dotted,
    keyword,
    last_name,
    method_name,
    positional,
    receiver,
    static_or_class,
)
from gradfix.patterns import around, lazily
from gradfix.records import dataclass, field
from gradfix.source import COMPOUND_KINDS, FUNCTION_KINDS, FUNCTIONS, MATCH_CASE, Source
from gradfix.walk import ast_walk, child_nodes, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

    from gradfix.project import Project

OPTIMIZER_CLASSES = {
    "SGD", "Adam", "AdamW", "Adagrad", "Adadelta", "Adamax", "ASGD", "LBFGS", "NAdam",
    "RAdam", "RMSprop", "Rprop", "SparseAdam", "Adafactor", "Lion", "Lamb", "LAMB",
    "FusedAdam", "FusedLAMB", "FusedSGD", "Adam8bit", "AdamW8bit", "PagedAdamW",
    "PagedAdamW8bit", "DeepSpeedCPUAdam", "Muon", "Shampoo", "Adan", "AdaBelief", "Ranger",
    "ZeroRedundancyOptimizer", "SophiaG",
}  # fmt: skip
_WORD_BEFORE = lazily(r"(?<=[\w)\]])")  # `self.step = ...`, `Recipe.step = ...` (`_check_class_bound`)
_ASSIGNED_AFTER = lazily(r"\s*(?::[^=\n]*)?=(?!=)")
_OPTIMIZER_FACTORY = lazily(r"(^|_)(create|build|get|make|init|configure|setup)_?(\w*_)?optim", re.I)
_OPTIMIZER_CLASS_NAME = lazily(r"^(Adam|AdamW|SGD|RMSprop|Adagrad|Adafactor|Lion|Lamb|LAMB|NAdam|RAdam)[A-Z0-9]|Optimizer$")
_SCHEDULER_NAME = lazily(r"sched|lr_?policy|warmup", re.I)
_OPTIMIZER_NAME = lazily(r"(^|_)(opt|optim|optimi[sz]er)s?($|_|\d)|optim", re.I)
_SCALER_NAME = lazily(r"scaler", re.I)
_ENGINE_CONSTRUCTORS = {"Accelerator", "Fabric"}
# calls whose result is a one-shot iterator (`ModuleFacts.one_shot`)
_ONE_SHOT_CALLS = frozenset({"filter", "map", "iter", "chain", "itertools.chain"})
_ONE_SHOT_METHODS = frozenset({"parameters", "named_parameters"})


# Words (lower case) without which a function's body holds no fact the loop model asks about:
# no optimizer, scheduler, scaler or engine is built, stepped, cleared or handed a loss in it.
_WORDS = (
    "backward", "grad", "step", "optim", "sched", "scal", "clip", "accum", "zero", "update_", "closure",
    "accelerat", "fabric", "deepspeed", "engine", "trainer", "lightning", "warmup", "lr", "policy",
    *sorted({name.lower() for name in OPTIMIZER_CLASSES}),
)  # fmt: skip
# (a word holding another is never looked for: `adamw` and `fusedadam` are found as `adam`)
_VOCABULARY = tuple(word for word in _WORDS if not any(other != word and other in word for other in _WORDS))


def mentions_training(text: str) -> bool:
    return any(map(text.lower().__contains__, _VOCABULARY))  # (no generator frame per word)


def looks_like_optimizer_name(key: str) -> bool:
    name = last_name(key)
    return bool(_OPTIMIZER_NAME.search(name)) and not _SCHEDULER_NAME.search(name)


def looks_like_scheduler_name(key: str) -> bool:
    return bool(_SCHEDULER_NAME.search(last_name(key)))


def looks_like_scaler_name(key: str) -> bool:
    return bool(_SCALER_NAME.search(last_name(key)))


def classify_constructor(qualified: str | None) -> str | None:
    """What kind of object a call to `qualified` builds."""
    if not qualified:
        return None
    try:
        return _CONSTRUCTED[qualified]
    except KeyError:
        if len(_CONSTRUCTED) > 50_000:
            _CONSTRUCTED.clear()
        kind = _CONSTRUCTED[qualified] = _classify_constructor(qualified)
        return kind


_CONSTRUCTED: dict[str, str | None] = {}  # a name's kind never changes: each is classified once


def _classify_constructor(qualified: str) -> str | None:
    last = qualified.rsplit(".", 1)[-1]
    if _OPTIMIZER_CLASS_NAME.search(last) and "lr_scheduler" not in qualified and not re.search(r"(Scheduler|Schedule|LR)$", last):
        return "optimizer"  # AdamWScheduleFree is an optimizer, whatever else its name says
    if "lr_scheduler" in qualified or _SCHEDULER_NAME.search(last) or last.endswith(("LR", "Lr")):
        return "scheduler"
    if last in ("GradScaler", "ShardedGradScaler"):
        return "scaler"
    if last in _ENGINE_CONSTRUCTORS:
        return "engine"
    if (
        last in OPTIMIZER_CLASSES
        or (qualified.startswith("torch.optim.") and last[:1].isupper())
        or last.endswith("Optimizer")
        or _OPTIMIZER_FACTORY.search(last)
    ):
        return "optimizer"
    return None


@dataclass
class FunctionInfo:
    node: ast.FunctionDef | ast.AsyncFunctionDef
    params: list[str]  # positional parameter names, `self` included, then keyword-only ones
    class_name: str | None = None
    source: Source | None = None  # the file that defines it (another module for imported helpers)
    facts: ModuleFacts | None = field(default=None, repr=False)  # that file's facts
    lambda_: bool = False  # made from `name = lambda ...:` (`_FactCollector._lambda`): no statements of its own to edit


@dataclass
class ModuleFacts:
    source: Source
    project: Project | None = field(default=None, repr=False)  # the project, to read other modules
    imports: ImportMap = field(default_factory=ImportMap)
    objects: dict[str, ObjectInfo] = field(default_factory=dict)
    module_functions: dict[str, FunctionInfo] = field(default_factory=dict)
    methods: dict[str, dict[str, FunctionInfo]] = field(default_factory=dict)  # class -> name -> info
    local_functions: dict[int, dict[str, FunctionInfo]] = field(default_factory=dict)  # id(def) -> ...
    classes: dict[str, ast.ClassDef] = field(default_factory=dict)
    # class -> name -> the module function its body binds to that name (`step =
    # staticmethod(_update)`), nothing in the file rebinding it: what `self.step(...)` runs
    # when the class defines no method of that name (`_bind_in_class`); kept apart from
    # `methods`, whose readers would read the function twice
    bound_in_class: dict[str, dict[str, FunctionInfo]] = field(default_factory=dict)
    # (class, name) of each method whose class body also assigns that name (`step =
    # staticmethod(_update)` and `def step`, in either order): which one the objects hold is
    # not guessed; the loop model reads `self.step(...)` as an unknown call
    undecided_in_class: set[tuple[str, str]] = field(default_factory=set)
    stepped: set[str] = field(default_factory=set)  # keys with `.step()` called on them, no arguments
    cleared: set[str] = field(default_factory=set)  # keys with `.zero_grad()` called on them
    engines: set[str] = field(default_factory=set)  # keys with `.backward(loss)` called on them
    # parameter name -> keys passed for it at call sites in this module, per function name
    call_site_args: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    # ... and for the methods of the module's classes (a name one class alone defines), by name
    method_site_args: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    # id(def) -> plain name -> what the function's own statements bind it to (`accelerator =
    # Accelerator()` in one function, `Accelerator(gradient_accumulation_steps=N)` in another)
    local_objects: dict[int, dict[str, ObjectInfo]] = field(default_factory=dict)
    # `<built@line:col>` -> a library object built right in a call's argument list
    # (`train_one_epoch(model, loader, opt, NativeScaler())`), for `_promote_parameters`
    built_arguments: dict[str, ObjectInfo] = field(default_factory=dict)
    # each expression statement and assignment whose text says ` for ` (where a comprehension
    # may be), by id(), with its text, in the walk's order: the loop model's look for step calls
    # in comprehensions, and the expression loops `_rebuilt.comprehension_loops` reads
    says_for: dict[int, tuple[ast.stmt, str]] = field(default_factory=dict)
    # so each expression statement and (augmented) assignment whose text says `map(`, noted
    # only in a module whose bytes say it: `_rebuilt.comprehension_loops`'s `map(f, ...)`
    says_map: dict[int, tuple[ast.stmt, str]] = field(default_factory=dict)
    # each expression statement, (augmented) assignment and `return` whose text says ` for `,
    # `map(` or `reduce(` (the last two noted only in a module whose bytes say them), by id():
    # where a comprehension, `map`, `itertools.starmap` or `functools.reduce` may run a step
    # function once per item outside any loop (the loop model's one look per statement there)
    runs_per_item: dict[int, ast.stmt] = field(default_factory=dict)
    # functions the walk leaves unread (no word of training) whose text says so too: the loop
    # model notes their statements itself when they name a function that backpropagates
    unread_per_item: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=dict)
    says_reduce: bool = False  # the module's bytes say `reduce(` and `functools`
    # so each expression statement and (augmented) assignment whose text says `reduce(`, noted
    # only when `says_reduce`: `_rebuilt.comprehension_loops`'s `functools.reduce(f, xs, init)`
    says_reduce_at: dict[int, tuple[ast.stmt, str]] = field(default_factory=dict)
    # (target, value) of each `=` (or annotated) binding the walk reads whose value may be a
    # one-shot iterator: a call of `filter`/`map`/`iter`/`chain`/`itertools.chain`, of a
    # `.parameters()`/`.named_parameters()` method, or a generator expression, noted where the
    # walk has told that value from every constructor already; and the functions the walk
    # leaves unread (no word of training) whose text says `param`: where GF035 looks for a
    # name bound to a one-shot iterator of parameters, with no walk over assignments of its own
    one_shot: list[tuple[ast.expr, ast.expr]] = field(default_factory=list)
    # `x = Name(a, b, ...)` of a capitalized name no table knows, given more than one argument
    class_calls: list[ast.Call] = field(default_factory=list)
    unread_param: list[ast.FunctionDef | ast.AsyncFunctionDef] = field(default_factory=list)

    def release(self) -> None:
        """Let go of the module's functions: each `FunctionInfo` points back here, and the
        cycle kept a whole syntax tree alive for the cycle collector to find (1.4 s for the
        5 MB file's replaced first pass). Called when a newer analysis of the module replaces
        this one; the infos themselves stay usable."""
        self.module_functions = {}
        self.methods = {}
        self.local_functions = {}

    def info(self, key: str) -> ObjectInfo | None:
        return self.objects.get(key)

    def info_in(self, key: str, functions: tuple[ast.AST, ...]) -> ObjectInfo | None:
        """What `key` is for code inside `functions` (outermost first): the innermost one's own
        binding of a plain name, else what the module's bindings say."""
        if "." not in key and self.local_objects:
            for function in reversed(functions):
                local = self.local_objects.get(id(function))
                if local is not None and key in local:
                    return local[key]
        return self.objects.get(key)

    def kind(self, key: str) -> str | None:
        info = self.objects.get(key)
        return info.kind if info else None

    def is_scheduler(self, key: str) -> bool:
        kind = self.kind(key)
        if kind is not None:
            return kind == "scheduler"
        return looks_like_scheduler_name(key)

    def is_scaler(self, key: str) -> bool:
        kind = self.kind(key)
        if kind is not None:
            return kind == "scaler"
        return looks_like_scaler_name(key)

    def is_engine(self, key: str) -> bool:
        return self.kind(key) == "engine" or key in self.engines

    def optimizer_evidence(self, key: str) -> str | None:
        """'strong', 'name' or None: how sure we are that `key` is a torch optimizer."""
        kind = self.kind(key)
        if kind == "optimizer" or kind == "lightning":
            return "strong"
        if kind is not None and kind != "unknown":
            return None
        if looks_like_scheduler_name(key) or looks_like_scaler_name(key) or key in self.engines:
            return None
        if looks_like_optimizer_name(key):
            return "name"
        if key in self.cleared and key in self.stepped:
            return "name"
        return None


def located_bases(
    facts: ModuleFacts, class_name: str, unread: frozenset[str] = frozenset()
) -> Iterator[tuple[str | None, tuple[ModuleFacts, str] | None]]:
    """Each base of the class, in order: its name as the module qualifies it (None for a base
    that is no dotted name, `Generic[T]`), and the facts of the module defining it with its name
    there -- the module itself, or any module of the project (`project.definition`: a base's
    module may say no gradient word) -- or None when neither defines it, or when the qualified
    name's first part is in `unread` (`torch`, `abc`: not looked for in the project)."""
    node = facts.classes.get(class_name)
    if node is None:
        return
    project = facts.project
    for base in node.bases:
        base_name = dotted(base)
        if base_name is None:
            yield None, None
        elif base_name in facts.classes and base_name != class_name:
            yield base_name, (facts, base_name)
        else:
            qualified = facts.imports.qualify(base_name) or base_name
            if qualified.split(".", 1)[0] in unread:
                yield qualified, None
                continue
            place = project.definition(qualified, facts.source.path or None) if project is not None else None
            found = (place[0].facts, place[1]) if place is not None and place[1] in place[0].facts.classes else None
            yield qualified, found


def function_params(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    args = node.args
    return [a.arg for a in (*args.posonlyargs, *args.args)] + [a.arg for a in args.kwonlyargs]


def may_rebind(facts: ModuleFacts, class_name: str, name: str) -> bool:
    """Whether something in the file may give the objects of `class_name` another `name` than
    its class body binds: an attribute of that name assigned anywhere (`self.step = ...`,
    `Recipe.step = ...`), a `setattr(`, or another class of the file defining a method of that
    name (a subclass's override). Asked only of names a class body binds to a function."""
    text = facts.source.text
    return (
        "setattr(" in text
        or next(around(text, f".{name}", _WORD_BEFORE, _ASSIGNED_AFTER), None) is not None
        or any(name in others for owner, others in facts.methods.items() if owner != class_name)
    )


def attribute_assigned_once(facts: ModuleFacts, name: str) -> bool:
    """Whether the file assigns an attribute named `name` exactly once (`self.clip = ...`,
    counting `Recipe.clip = ...` and any other object's) and says no `setattr(`: asked only of
    names `__init__` binds (a lambda, a Parameter) before reading that binding as the objects'."""
    text = facts.source.text
    return "setattr(" not in text and sum(1 for _ in around(text, f".{name}", _WORD_BEFORE, _ASSIGNED_AFTER)) == 1


def class_static_lambda(facts: ModuleFacts, name: str) -> ast.Lambda | None:
    """The lambda of the one class of the file whose body binds `name = staticmethod(lambda
    ...: ...)` (`factory = staticmethod(lambda ps: SGD(ps, lr=0.1))`), when nothing in the file
    may rebind it (`may_rebind`): what `self.factory(...)` runs; else None."""
    found: ast.Lambda | None = None
    for class_name, node in facts.classes.items():
        for stmt in node.body:
            if stmt.__class__ is not ast.Assign or len(stmt.targets) != 1:  # type: ignore[attr-defined]
                continue
            target, value = stmt.targets[0], stmt.value  # type: ignore[attr-defined]
            if target.__class__ is not ast.Name or target.id != name:  # type: ignore[attr-defined]
                continue
            if (
                found is not None or value.__class__ is not ast.Call or dotted(value.func) != "staticmethod"  # type: ignore[attr-defined]
                or len(value.args) != 1 or value.keywords or value.args[0].__class__ is not ast.Lambda  # type: ignore[attr-defined]
                or name in facts.methods.get(class_name, {}) or may_rebind(facts, class_name, name)
            ):  # fmt: skip
                return None
            found = value.args[0]  # type: ignore[attr-defined]
    return found


def _made_def(name: str, stmt: ast.stmt, value: ast.Lambda) -> ast.FunctionDef:
    """The `def name(<the lambda's arguments>): return <its body>` a lambda bound by `stmt`
    stands for, positioned on `stmt` (its text is the assignment's), its `return` on the body."""
    returned = ast.Return(value=value.body)
    ast.copy_location(returned, value.body)
    node = ast.FunctionDef(name=name, args=value.args, body=[returned], decorator_list=[], returns=None, type_comment=None)
    ast.copy_location(node, stmt)
    return node


class _FactCollector:
    """One walk over the module: imports, definitions, what names are built from, and uses."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.key = facts.source.key
        self.says_map = b"map(" in facts.source.data  # (`says_map` is noted only then)
        # (a `reduce(` is looked for only then: `functools.reduce`, not `accelerator.reduce` alone)
        self.says_reduce = facts.says_reduce = b"reduce(" in facts.source.data and b"functools" in facts.source.data
        self.pending: list[tuple[ast.AST, str]] = []
        # (scope, name) of names last bound to `getattr(torch.optim, cfg.optim)`: a class of
        # torch's optimizers (`optim_cls = getattr(...)`, then `opt = optim_cls(params)`)
        self._optimizer_classes: set[tuple[int, str]] = set()
        # (class, name) of each module function a class body binds as an attribute
        # (`step = staticmethod(_update)`), until the walk's end proves nothing rebinds it
        self._class_bound: list[tuple[str, str]] = []
        # (class, name) of each plain name a class body assigns (`step = ...`), for
        # `undecided_in_class` at the walk's end
        self._class_assigned: list[tuple[str, str]] = []
        # (key, scope, call, params recorded) of optimizers built by a call of a plain name
        self._builder_calls: list[tuple[str, ast.AST | None, ast.Call, ast.expr | None]] = []
        # id(scope) -> what each name is bound by there (`count_binding`), counted once per
        # scope that binds a name to a lambda (`_lambda`): not one walk per lambda
        self._lambda_counts: dict[int, dict[str, int]] = {}

    def walk(self, tree: ast.Module) -> None:
        self._statements(tree.body, [], [])
        if self._class_bound:
            self._check_class_bound()
        if self._class_assigned:
            methods = self.facts.methods
            for class_name, name in self._class_assigned:
                if name in methods.get(class_name, ()):
                    self.facts.undecided_in_class.add((class_name, name))

    def _bind_in_class(self, class_name: str, name: str, value: ast.expr, stmt: ast.stmt) -> None:
        """`step = staticmethod(_update)` (or `step = _update` of a module function whose first
        parameter is `self`) in a class body: `self.step(...)` / `Recipe.step(...)` runs that
        function, with the arguments written (a static method) or after `self` (a method).
        Kept (`ModuleFacts.bound_in_class`) when `_check_class_bound` finds nothing rebinding it."""
        facts = self.facts
        static = value.__class__ is ast.Call
        if static:
            if dotted(value.func) != "staticmethod" or len(value.args) != 1 or value.keywords:  # type: ignore[attr-defined]
                return
            value = value.args[0]  # type: ignore[attr-defined]
        if value.__class__ is ast.Lambda:
            # `clip = lambda self: clip_grad_norm_(self.net.parameters(), 1.0)` (a method), or
            # `reset = staticmethod(lambda opt: opt.zero_grad())`: the `def` it stands for
            made = _made_def(name, stmt, value)  # type: ignore[arg-type]
            function = FunctionInfo(made, function_params(made), lambda_=True)
        elif value.__class__ is ast.Name:
            function = facts.module_functions.get(value.id)  # type: ignore[attr-defined,assignment]
            if function is None or function.lambda_ or static_or_class(function.node):
                return
        else:
            return
        first = function.params[0] if function.params else None
        if (first in ("self", "cls")) if static else (first != "self"):
            return  # (a static method whose first parameter reads as `self`; a method without one)
        facts.bound_in_class.setdefault(class_name, {})[name] = FunctionInfo(
            function.node, function.params, class_name=class_name, source=facts.source, facts=facts, lambda_=function.lambda_
        )
        self._class_bound.append((class_name, name))

    def _self_lambda(self, stmt: ast.Assign, class_name: str, function: ast.AST) -> None:
        """`self.clip = lambda: clip_grad_norm_(self.net.parameters(), 1.0)` in `__init__`: what
        `self.clip()` runs, read as a static method of the class (the arguments as written,
        `self` the lambda's closure: the object) when `_check_class_bound` finds nothing else
        giving the objects that name."""
        target = stmt.targets[0]
        if target.value.__class__ is not ast.Name or target.value.id != "self":  # type: ignore[attr-defined]
            return
        init = self.facts.methods.get(class_name, {}).get("__init__")
        if init is None or init.node is not function:
            return  # (only `__init__`'s own statements: run once for each object, before any use)
        value: ast.Lambda = stmt.value  # type: ignore[assignment]
        made = _made_def(target.attr, stmt, value)  # type: ignore[attr-defined]
        params = function_params(made)
        if params[:1] in (["self"], ["cls"]):
            return
        self.facts.bound_in_class.setdefault(class_name, {})[target.attr] = FunctionInfo(  # type: ignore[attr-defined]
            made, params, class_name=class_name, source=self.facts.source, facts=self.facts, lambda_=True
        )
        self._class_bound.append((class_name, "." + target.attr))  # type: ignore[attr-defined]

    def _check_class_bound(self) -> None:
        """Drop the class-body bindings of functions (`_bind_in_class`) something may rebind:
        an attribute of that name assigned anywhere in the file (`self.step = ...`,
        `Recipe.step = ...`), a `setattr(`, or another class of the file with that name."""
        facts = self.facts
        for class_name, name in self._class_bound:
            bound = facts.bound_in_class[class_name]
            if name[0] == ".":  # `self.clip = lambda: ...` in `__init__` (`_self_lambda`)
                name = name[1:]
                if name in bound and (
                    name in facts.methods.get(class_name, {})
                    or not attribute_assigned_once(facts, name)
                    or any(name in others for owner, others in facts.methods.items() if owner != class_name)
                    or any(
                        target.__class__ is ast.Name and target.id == name  # type: ignore[attr-defined]
                        for stmt in facts.classes[class_name].body if stmt.__class__ is ast.Assign
                        for target in stmt.targets  # type: ignore[attr-defined]
                    )
                ):  # fmt: skip
                    del bound[name]  # (assigned twice, a `def` or a class-body binding of that name: undecided)
                continue
            if name in bound and (name in facts.methods.get(class_name, {}) or may_rebind(facts, class_name, name)):
                del bound[name]  # (also a `def` of that name in the class body: undecided)

    def _statements(self, body: list[ast.stmt], classes: list[str], functions: list[ast.AST]) -> None:
        for stmt in body:
            self._statement(stmt, classes, functions)

    def _statement(self, stmt: ast.stmt, classes: list[str], functions: list[ast.AST]) -> None:
        facts = self.facts
        self.scope = functions[-1] if functions else None  # whose bindings `_record` also notes
        shape = stmt.__class__  # (`is`/`in` on the class, not `isinstance`: `source.COMPOUND_KINDS`)
        if shape is ast.Import or shape is ast.ImportFrom:
            facts.imports.add(stmt)
            return
        if shape is ast.ClassDef:
            for expr in (*stmt.decorator_list, *stmt.bases, *[k.value for k in stmt.keywords]):
                self._uses(expr, self.facts.source.segment(expr))
            facts.classes[stmt.name] = stmt
            self._statements(stmt.body, classes + [stmt.name], functions)
            return
        if shape in FUNCTION_KINDS:
            self._function(stmt, classes, functions)  # type: ignore[arg-type]
            return
        if shape is ast.Assign:
            if stmt.value.__class__ is ast.Lambda and (functions or not classes):  # type: ignore[attr-defined]
                self._lambda(stmt, functions)  # type: ignore[arg-type]
                if classes and len(stmt.targets) == 1 and stmt.targets[0].__class__ is ast.Attribute:  # type: ignore[attr-defined]
                    self._self_lambda(stmt, classes[-1], functions[-1])  # type: ignore[arg-type]
            for target in stmt.targets:  # type: ignore[attr-defined]
                self._assign(target, stmt.value)  # type: ignore[attr-defined]
                if classes and not functions and target.__class__ is ast.Name and stmt.value.__class__ is ast.Call:  # type: ignore[attr-defined]
                    # `class Loop: scaler = GradScaler()` in the class body: what `self.scaler` is
                    self._assign(target, stmt.value, f"self.{target.id}")  # type: ignore[attr-defined]
                if classes and not functions and target.__class__ is ast.Name:
                    self._class_assigned.append((classes[-1], target.id))  # type: ignore[attr-defined]
                    if len(stmt.targets) == 1:  # type: ignore[attr-defined]
                        self._bind_in_class(classes[-1], target.id, stmt.value, stmt)  # type: ignore[attr-defined]
        elif shape is ast.AnnAssign:
            if stmt.value is not None:
                self._assign(stmt.target, stmt.value)
            kind = classify_constructor(facts.imports.qualify(dotted(stmt.annotation)))
            if kind is not None:
                self._record(self.key(stmt.target), kind, None, None, annotated=True)
        if shape in COMPOUND_KINDS:
            headers: list[ast.AST] = []
            for child in child_nodes(stmt):
                if isinstance(child, ast.stmt):
                    continue
                if isinstance(child, (ast.excepthandler, MATCH_CASE, ast.withitem)):
                    headers.extend(sub for sub in child_nodes(child) if not isinstance(sub, ast.stmt))
                else:
                    headers.append(child)
            for header in headers:
                self._uses(header, self.facts.source.segment(header) if hasattr(header, "lineno") else "(")
            # the blocks (only compound statements hold any)
            for name in ("body", "orelse", "finalbody"):
                block = getattr(stmt, name, None)
                if isinstance(block, list):
                    self._statements(block, classes, functions)
            # `try: from .fast import step` / `except ImportError: from .slow import step`:
            # Python runs the `try` arm's import; the handler's binds the name only when it fails
            handlers = getattr(stmt, "handlers", ())
            if handlers:
                tried = {
                    alias.asname or (alias.name if isinstance(s, ast.ImportFrom) else alias.name.split(".", 1)[0])
                    for s in stmt.body if isinstance(s, (ast.Import, ast.ImportFrom))  # type: ignore[attr-defined]
                    for alias in s.names
                }  # fmt: skip
                imported = {name: facts.imports.aliases[name] for name in tried if name in facts.imports.aliases}
                for handler in handlers:
                    self._statements(handler.body, classes, functions)
                facts.imports.aliases.update(imported)
            for case in getattr(stmt, "cases", ()):
                self._statements(case.body, classes, functions)
            if isinstance(stmt, (ast.If, ast.Try)) and (stmt.orelse if isinstance(stmt, ast.If) else stmt.handlers):
                self._alternatives(stmt)
        else:
            text = self.facts.source.segment(stmt)
            if " for " in text:
                if shape is ast.Expr or shape is ast.Assign or shape is ast.AnnAssign:
                    facts.says_for[id(stmt)] = (stmt, text)
                    facts.runs_per_item[id(stmt)] = stmt
                elif shape is ast.Return or shape is ast.AugAssign:
                    facts.runs_per_item[id(stmt)] = stmt
            if self.says_map and "map(" in text and (shape is ast.Expr or shape is ast.Assign or shape is ast.AnnAssign or shape is ast.AugAssign or shape is ast.Return):
                if shape is not ast.Return:
                    facts.says_map[id(stmt)] = (stmt, text)
                facts.runs_per_item[id(stmt)] = stmt
            elif self.says_reduce and "reduce(" in text and (shape is ast.Expr or shape is ast.Assign or shape is ast.AnnAssign or shape is ast.AugAssign or shape is ast.Return):
                if shape is not ast.Return:
                    facts.says_reduce_at[id(stmt)] = (stmt, text)
                facts.runs_per_item[id(stmt)] = stmt
            self._uses(stmt, text)

    def _alternatives(self, stmt: ast.If | ast.Try) -> None:
        """A name imported in two arms of one statement (`try:` and its `except` handlers, an
        `if`/`elif`/`else` chain) from different places: the arms `imports.aliases` does not
        hold, noted as its alternatives (an `if` arm's import is kept last by the walk)."""
        arms: list[list[ast.stmt]] = []
        if isinstance(stmt, ast.Try):
            arms = [stmt.body, *(handler.body for handler in stmt.handlers)]
        else:
            node: ast.stmt = stmt
            while isinstance(node, ast.If):
                arms.append(node.body)
                rest = node.orelse
                node = rest[0] if len(rest) == 1 and isinstance(rest[0], ast.If) else None  # type: ignore[assignment]
                if node is None and rest:
                    arms.append(rest)
        bound: list[dict[str, str]] = []
        for arm in arms:
            names = ImportMap()
            for s in arm:
                if isinstance(s, ast.ImportFrom) or isinstance(s, ast.Import):
                    names.add(s)
            if names.aliases:
                bound.append(names.aliases)
        if len(bound) < 2:
            return
        aliases = self.facts.imports.aliases
        alternatives = self.facts.imports.alternatives
        for name in {name for arm in bound for name in arm}:
            if sum(name in arm for arm in bound) < 2:
                continue  # imported in one arm only: nothing else binds it there
            chosen = aliases.get(name)
            for arm in bound:
                qualified = arm.get(name)
                if qualified is not None and qualified != chosen and qualified not in alternatives.get(name, ()):
                    alternatives.setdefault(name, []).append(qualified)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, classes: list[str], functions: list[ast.AST]) -> None:
        facts = self.facts
        info = FunctionInfo(node, function_params(node), source=facts.source, facts=facts)
        if functions:
            facts.local_functions.setdefault(id(functions[-1]), {})[node.name] = info
        elif classes:
            info.class_name = classes[-1]
            facts.methods.setdefault(classes[-1], {})[node.name] = info
        else:
            facts.module_functions[node.name] = info
        args = node.args
        self.scope = node
        for param in (*args.posonlyargs, *args.args, *args.kwonlyargs):
            if param.annotation is not None:
                kind = classify_constructor(facts.imports.qualify(dotted(param.annotation)))
                if kind is not None:
                    self._record(param.arg, kind, None, None, annotated=True)
        for expr in (*node.decorator_list, *args.defaults, *[d for d in args.kw_defaults if d is not None]):
            self._uses(expr, self.facts.source.segment(expr))
        text = self.facts.source.segment(node)
        if not mentions_training(text):
            if " for " in text or (self.says_map and "map(" in text) or (self.says_reduce and "reduce(" in text):
                # `def run(loader): return [fit(x, y) for x, y in loader]`: may run a step per item
                facts.unread_per_item[id(node)] = node
            if "param" in text:
                facts.unread_param.append(node)
            return  # nothing in it builds, steps, clears or backpropagates anything
        self._statements(node.body, classes, functions + [node])

    def _lambda(self, stmt: ast.Assign, functions: list[ast.AST]) -> None:
        """`clip = lambda: clip_grad_norm_(model.parameters(), 1.0)`: a plain name bound once (at
        the module's top level or in a function, never rebound there, no `def` of that name) to
        a `lambda`, read as the function `def clip(): return <body>` wherever the engine reads a
        helper of the file by its name. The `def` is made here, positioned on the assignment
        (its `return` on the lambda's body); no fix edits inside it (`FunctionInfo.lambda_`)."""
        if len(stmt.targets) != 1 or stmt.targets[0].__class__ is not ast.Name:
            return
        name = stmt.targets[0].id  # type: ignore[attr-defined]
        facts = self.facts
        defined = facts.local_functions.get(id(functions[-1]), {}) if functions else facts.module_functions
        scope = self.scope
        counts = self._lambda_counts.get(id(scope))
        if counts is None:
            counts = self._lambda_counts[id(scope)] = {}
            for node in ast_walk(scope if scope is not None else facts.source.tree):
                count_binding(node, counts)
        if name in defined or counts.get(name) != 1:
            return  # rebound, or a `def`, a parameter, a `global` of that name (`_bound_once`)
        node = _made_def(name, stmt, stmt.value)  # type: ignore[arg-type]
        info = FunctionInfo(node, function_params(node), source=facts.source, facts=facts, lambda_=True)
        if functions:
            facts.local_functions.setdefault(id(functions[-1]), {})[name] = info
        else:
            facts.module_functions[name] = info

    # assignments ---------------------------------------------------------------------
    def _assign(self, target: ast.expr, value: ast.expr, key: str | None = None) -> None:
        shape, value_shape = target.__class__, value.__class__  # (`is` on the classes, as isinstance)
        if shape is ast.Name and value_shape is ast.Call and self._getattr_optimizer(value) is not None:  # type: ignore[arg-type]
            self._optimizer_classes.add((id(self.scope), target.id))  # type: ignore[attr-defined]
            return
        if shape is ast.Tuple or shape is ast.List:
            self._assign_tuple(target, value)  # type: ignore[arg-type]
            return
        if value_shape is ast.Dict and key is None and (shape is ast.Name or shape is ast.Attribute):
            # `opts = {"G": Adam(G.parameters()), "D": Adam(D.parameters())}`: `opts["D"]` is one
            base = self.key(target)
            for entry, item in zip(value.keys, value.values):
                if isinstance(entry, ast.Constant) and isinstance(entry.value, str) and isinstance(item, ast.Call):
                    self._assign(target, item, f"{base}[{self.facts.source.segment(entry)}]")
            return
        if value_shape is ast.Subscript and isinstance(value.value, ast.Call):  # type: ignore[attr-defined]
            inner = value.value  # self.optimizers()[0]
            if method_name(inner) == "optimizers":
                self._record(self.key(target), "optimizer", None, None, strong=True, library="lightning-optimizer")
            return
        if value_shape is ast.IfExp and isinstance(value.orelse, ast.Constant) and value.orelse.value is None:  # type: ignore[attr-defined]
            value = value.body  # `loss_scaler = NativeScaler() if use_amp else None`: that object, or nothing
        if shape is ast.Name and value_shape is ast.Name and key is None:
            self._alias(target.id, value.id)  # type: ignore[attr-defined]
            return
        if not isinstance(value, ast.Call):
            if value_shape is ast.GeneratorExp:
                self.facts.one_shot.append((target, value))
            return
        if key is None:
            key = self.key(target)
        method = method_name(value)
        if method == "optimizers":  # Lightning: opt = self.optimizers()
            self._record(key, "optimizer", None, None, strong=True, library="lightning-optimizer")
            return
        called = call_name(value)
        name = self.facts.imports.qualify(called)
        if (
            self._optimizer_classes and value.func.__class__ is ast.Name
            and (id(self.scope), value.func.id) in self._optimizer_classes and self._bound_once(value.func.id)  # type: ignore[attr-defined]
        ):  # fmt: skip
            name = "torch.optim.Optimizer"  # `opt = optim_cls(params)` after `optim_cls = getattr(torch.optim, ...)`
        elif name is None and value.func.__class__ is ast.Subscript:
            name = self._registry_scheduler(value.func)  # type: ignore[arg-type]
        elif name is None and value.func.__class__ is ast.Call:
            name = self._getattr_optimizer(value.func)  # type: ignore[arg-type]
        built = frameworks.constructor(name, value, self.facts.imports.qualify, self._lookup)
        if built is not None:
            self._record(key, built.kind, name, None, strong=True, library=built.library, accumulation=built.accumulation)
            return
        if key == self.key(target) and self._prepared(value, [target]):
            return
        kind = classify_constructor(name)
        if kind is None:
            if called in _ONE_SHOT_CALLS or method in _ONE_SHOT_METHODS:
                self.facts.one_shot.append((target, value))  # (GF035's candidates)
            elif (value.args[1:] or value.keywords) and (
                (value.func.__class__ is ast.Name and value.func.id[:1].isupper())  # type: ignore[attr-defined]
                or (value.func.__class__ is ast.Attribute and value.func.value.__class__ is ast.Name and value.func.attr[:1].isupper())  # type: ignore[attr-defined]
            ):  # fmt: skip
                self.facts.class_calls.append(value)  # (`NoamOpt(512, 1, 4000, adam)`, `optim.NoamOpt(...)`: `_optimizer_wrappers`)
            return
        args = positional(value)
        params = args[0] if args else None
        if params is None:
            kw = keyword(value, "params") or keyword(value, "model_parameters")
            if kw is None and kind == "scheduler":
                kw = keyword(value, "optimizer")  # `CosineAnnealingLR(optimizer=w_optim, T_max=...)`
            params = kw.value if kw else None
        self._record(key, kind, name, params, strong=True)
        if kind == "optimizer" and value.func.__class__ is ast.Name and name and (
            "." not in name or (not name.startswith("torch") and self.facts.project is not None and value.func.id in self.facts.imports.aliases)  # type: ignore[attr-defined]
        ):
            # `optimizer = make_optimizer(cfg, model)`: if a function of this file (or one imported
            # from another module of the project) builds it, its parameters are read once the walk
            # has seen every definition (`_builder_calls`)
            self._builder_calls.append((key, getattr(self, "scope", None), value, params))
        elif (
            kind == "optimizer" and value.func.__class__ is ast.Attribute
            and value.func.value.__class__ is ast.Name and value.func.value.id == "self"  # type: ignore[attr-defined]
            and getattr(self, "scope", None) is not None
        ):  # fmt: skip
            # `self.opt_d = self.make_optimizer(self.D)`: a method of the class builds it (read as
            # a function of the file is, `_builders_of_the_file`)
            self._builder_calls.append((key, self.scope, value, params))

    def _alias(self, name: str, other: str) -> None:
        """`opt = optimizer`: another name for an optimizer built in the same scope (each name
        bound once there, the optimizer by its constructor, not a builder's call, which
        `_builders_of_the_file` reads later) is that optimizer."""
        scope = getattr(self, "scope", None)
        objects = self.facts.local_objects.get(id(scope), {}) if scope is not None else self.facts.objects
        info = objects.get(other)
        if info is None or info.kind != "optimizer" or not info.strong or info.library is not None or name in objects:
            return
        if any(key == other for key, *_ in self._builder_calls) or not (self._bound_once(name) and self._bound_once(other)):
            return
        self._record(name, info.kind, info.constructor, info.params, strong=True)

    def _bound_once(self, name: str) -> bool:
        """`name` is bound once in the current scope (the function, or the whole module at its
        top level), by a plain store: no other value it may hold (`count_binding`)."""
        counts: dict[str, int] = {}
        for node in ast_walk(self.scope if self.scope is not None else self.facts.source.tree):
            count_binding(node, counts, (name,))
        return counts.get(name) == 1

    def _getattr_optimizer(self, func: ast.Call) -> str | None:
        """`getattr(torch.optim, cfg["optim"])`: one of torch's optimizer classes, by a name read
        from a setting (`torch.optim.Optimizer`: which one, nothing says)."""
        if not (
            func.func.__class__ is ast.Name and func.func.id == "getattr"  # type: ignore[attr-defined]
            and len(func.args) == 2 and not func.keywords
        ):
            return None
        if self.facts.imports.qualify(dotted(func.args[0])) != "torch.optim":
            return None
        return "torch.optim.Optimizer"

    def _registry_scheduler(self, func: ast.Subscript) -> str | None:
        """`SCHEDULERS["cos"]` with `SCHEDULERS = {"cos": CosineAnnealingLR, ...}` (a dict literal
        of this module, or of the project module it is imported from): torch's scheduler class of
        that entry, qualified; None for any other entry (a class of the project's own) or key.
        Likewise torch's optimizer class of `OPTIMIZERS["sgd"]`."""
        if not (
            isinstance(func.value, ast.Name) and isinstance(func.slice, ast.Constant) and isinstance(func.slice.value, str)
        ):
            return None
        from gradfix.analysis.assignments import dict_of_names

        found = dict_of_names(func.value.id, _Shim(self.facts))
        if found is None:
            return None
        entries, where = found
        name = next((n for k, n in entries if k == func.slice.value), None)
        qualified = (where.imports.qualify(name) or name) if name is not None else None  # type: ignore[attr-defined]
        if qualified is None or not qualified.startswith("torch."):
            return None
        if "lr_scheduler" not in qualified and classify_constructor(qualified) != "optimizer":
            return None  # (`OPTIMIZERS["sgd"]` with `{"sgd": torch.optim.SGD}`: torch's optimizer class)
        return qualified

    def _assign_tuple(self, target: ast.Tuple | ast.List, value: ast.expr) -> None:
        elements = [e.value if isinstance(e, ast.Starred) else e for e in target.elts]
        if isinstance(value, (ast.Tuple, ast.List)):
            # `opt_a, opt_b = SGD(a.parameters()), SGD(b.parameters())`: bound pair by pair
            if len(value.elts) == len(target.elts) and not any(isinstance(e, ast.Starred) for e in (*target.elts, *value.elts)):
                for element, item in zip(target.elts, value.elts):
                    self._assign(element, item)
            return
        if not isinstance(value, ast.Call):
            return
        name = self.facts.imports.qualify(call_name(value)) or ""
        method = method_name(value)
        kinds = frameworks.tuple_kinds(name)
        if kinds is not None:  # deepspeed.initialize(...) -> engine, optimizer, dataloader, scheduler
            built = frameworks.constructor(name, value, self.facts.imports.qualify)
            for element, library in zip(elements, kinds):
                if library is not None:
                    kind = frameworks.MODEL_KINDS.get(library, library)
                    self._record(self.key(element), kind, name, None, strong=True, library=library,
                                 accumulation=None if built is None else built.accumulation)
            return
        if method == "optimizers":
            for element in elements:
                self._record(self.key(element), "optimizer", name, None, strong=True, library="lightning-optimizer")
            self.__dict__["_lightning_optimizers"] = elements
            return
        if method == "lr_schedulers" and isinstance(value.func, ast.Attribute) and dotted(value.func.value) == "self":
            # Lightning: `sch_g, sch_d = self.lr_schedulers()`, in the order of `self.optimizers()`
            optimizers = self.__dict__.get("_lightning_optimizers") or []
            paired = len(optimizers) == len(elements)
            for index, element in enumerate(elements):
                self._record(self.key(element), "scheduler", "self.lr_schedulers", optimizers[index] if paired else None, strong=True)
            return
        self._prepared(value, elements)

    def _lookup(self, expr: ast.expr) -> ObjectInfo | None:
        return self.facts.objects.get(self.key(expr))

    def _prepared(self, value: ast.Call, elements: list[ast.expr]) -> bool:
        """`accelerator.prepare(model, optimizer, ...)` and Fabric's `setup(...)` hand back their
        arguments in order, each of the same kind (an optimizer becomes the library's)."""
        method = method_name(value)
        if method not in ("prepare", "setup", "setup_module", "setup_optimizers", "initialize"):
            return False
        recv = receiver(value)
        recv_info = self.facts.objects.get(self.key(recv)) if recv is not None else None
        library = recv_info.library if recv_info is not None else None
        if library is None and recv is not None:
            library = frameworks.named_kind(self.key(recv))
        args = positional(value)
        if len(elements) == 1 and len(args) > 1:
            return False  # a tuple kept whole: its parts are not named
        for element, arg in zip(elements, args):
            source = self.facts.objects.get(self.key(arg))
            if source is None and isinstance(arg, ast.Call):
                # `accelerator.prepare(model, torch.optim.SGD(model.parameters()))`: built right there
                name = self.facts.imports.qualify(call_name(arg))
                if classify_constructor(name) == "optimizer":
                    first = positional(arg)
                    source = ObjectInfo("", "optimizer", name, first[0] if first else None, True)
            if source is None and library == "fabric" and (method == "setup_optimizers" or (method == "setup" and arg is not args[0])):
                # `model, opt = fabric.setup(model, opt)` of an `opt` handed in, `fabric` a name the
                # file binds to a Fabric, or so named in a file importing Fabric: Fabric.setup(module,
                # *optimizers) hands back each optimizer wrapped
                # (tests/libraries/test_lightning.py::test_fabric_setup_returns_module_and_optimizers)
                if not isinstance(arg, ast.Starred) and _named_or_own(element) and (
                    recv_info is not None or any(v.startswith(("lightning", "lightning_fabric")) and v.endswith(".Fabric") for v in self.facts.imports.aliases.values())
                ):
                    # (also `self.model, self.opt = self.fabric.setup(self.model, self.opt)`)
                    self._record(self.key(element), "optimizer", None, None, False, library="fabric-optimizer")
                continue
            if source is None:
                continue
            refined = source.library
            if source.kind == "optimizer":
                refined = {"accelerator": "accelerated-optimizer", "fabric": "fabric-optimizer"}.get(library or "", refined)
            elif source.kind == "model" or library == "fabric":
                refined = "fabric-module" if library == "fabric" else refined
            self._record(self.key(element), source.kind, source.constructor, source.params, source.strong, library=refined)
        return True

    def _record(
        self,
        key: str,
        kind: str,
        constructor: str | None,
        params: ast.expr | None,
        strong: bool = False,
        library: str | None = None,
        accumulation: ast.expr | None = None,
        annotated: bool = False,
    ) -> None:
        scope = getattr(self, "scope", None)
        places = [self.facts.objects]
        if scope is not None and "." not in key:
            places.append(self.facts.local_objects.setdefault(id(scope), {}))
        for objects in places:
            previous = objects.get(key)
            if annotated and previous is not None and previous.kind == kind:
                continue  # `optimizer: torch.optim.Optimizer` says less than `optimizer = SGD(...)` did
            if previous is not None and previous.kind != kind:
                # the same name bound to different kinds of object: we cannot tell
                objects[key] = ObjectInfo(key, "unknown")
                continue
            kept = library
            if previous is not None and previous.library is not None and library is None:
                kept = previous.library  # `optimizer = accelerator.prepare(optimizer)` keeps its refinement
            objects[key] = ObjectInfo(key, kind, constructor, params, strong, kept, accumulation)

    # uses ----------------------------------------------------------------------------
    def _uses(self, node: ast.AST, text: str) -> None:
        """Calls that say what an object is (`x.step()`, `x.zero_grad()`, `x.backward(loss)`),
        walked only where the text mentions them; call sites are looked at later, only for
        the functions whose parameters can matter."""
        if "(" not in text:
            return
        if "step" in text or "zero_grad" in text or "backward" in text:
            for sub in ast_walk(node):
                if isinstance(sub, ast.Call):
                    self._call(sub)
        self.pending.append((node, text))

    def _call(self, node: ast.Call) -> None:
        facts = self.facts
        method = method_name(node)
        recv = receiver(node)
        if recv is not None and method is not None:
            if method == "step" and not node.args and not node.keywords:
                facts.stepped.add(self.key(recv))
            elif method == "zero_grad":
                facts.cleared.add(self.key(recv))
            elif method == "backward" and positional(node) and not isinstance(recv, ast.Call):
                recv_key = self.key(recv)
                if recv_key not in ("torch.autograd", "autograd") and _engine_like(recv_key):
                    facts.engines.add(recv_key)

    def call_sites(self) -> None:
        """Arguments passed to the module's training functions (those whose text mentions
        gradients), for `_promote_parameters`."""
        facts = self.facts
        source = facts.source
        text = source.text
        # (a plain substring test first: the pattern, starting with `\b`, is tried at every
        # position of the text; the test finds the names in a hundredth of its time)
        scalers = ("NativeScaler" in text or "ApexScaler" in text) and bool(_LOSS_SCALERS.search(text))
        wanted = {
            name
            for name, info in facts.module_functions.items()
            if info.params and _trains(source.segment(info.node), scalers)
        }
        self._method_sites(scalers)
        if not wanted:
            return
        partials: list[ast.Call] = []
        said = "partial" in source.text  # (once per module; then per statement)
        compiles = "compile" in source.text
        compiled = False  # a statement calls `<...>.compile(f)` of a function with call sites
        for node, text in self.pending:
            if not any(name in text for name in wanted):
                continue
            partial = said and "partial" in text
            compiling = compiles and not compiled and "compile" in text
            for sub in ast_walk(node):
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in wanted:
                    self._add_site(sub.func.id, sub, 0)
                elif partial and isinstance(sub, ast.Call) and sub.args and isinstance(sub.args[0], ast.Name) and sub.args[0].id in wanted:
                    partials.append(sub)
                elif (
                    compiling and sub.__class__ is ast.Call and len(sub.args) == 1 and sub.args[0].__class__ is ast.Name  # type: ignore[attr-defined]
                    and sub.args[0].id in wanted and sub.func.__class__ is ast.Attribute and sub.func.attr == "compile"  # type: ignore[attr-defined]
                ):  # fmt: skip
                    compiled = True  # (`step = torch.compile(train_step)` in `main()`: `_compiled_sites` reads it)
        if partials:
            self._partial_sites(partials)
        self._compiled_sites(wanted, compiled)

    def _compiled_sites(self, wanted: object, compiled: bool = False) -> None:
        """`step_fn = torch.compile(train_step, ...)`, a name the module binds once, and only to
        that (`partial_aliases`): each call `step_fn(model, opt, x, y)` passes its arguments to
        `train_step`, as a direct call would (compile's keywords are its own). A binding written
        at the module's top level (its statements are read first, no look at the text unless one
        of them binds a call of a function that has call sites), or in a function (`compiled`:
        the call-site walk met `<...>.compile(train_step)` in a statement that names it)."""
        facts = self.facts
        if not compiled:
            for stmt in top_level_bindings(facts):
                value = stmt.value  # type: ignore[attr-defined]
                if value.__class__ is ast.Call and len(value.args) == 1 and value.args[0].id in wanted:  # type: ignore[attr-defined,operator]
                    break
            else:
                return
        aliases = partial_aliases(facts)  # (found once per module, after one look at its text)
        if not aliases:
            return
        qualify = facts.imports.qualify
        compiled = {
            alias: call.args[0].id for alias, call in aliases.items()  # type: ignore[attr-defined]
            if len(call.args) == 1 and not call.keywords and isinstance(call.args[0], ast.Name)
            and call.args[0].id in wanted and qualify(dotted(call.func)) == "torch.compile"  # type: ignore[operator]
        }  # fmt: skip
        if not compiled:
            return
        for node in facts.source.of_type(ast.Call):
            func = node.func  # type: ignore[attr-defined]
            if isinstance(func, ast.Name) and func.id in compiled:
                self._add_site(compiled[func.id], node, 0)  # type: ignore[arg-type]

    def _add_site(self, name: str, call: ast.Call, start: int) -> None:
        """What one call passes to the function `name`, its positional arguments counted from `start`."""
        sites = self.facts.call_site_args.setdefault(name, {})
        index = start
        for arg in call.args:
            if not isinstance(arg, ast.Starred):
                sites.setdefault(str(index), set()).add(self._argument_key(arg))
            index += 1
        for kw in call.keywords:
            if kw.arg is not None:
                sites.setdefault(kw.arg, set()).add(self._argument_key(kw.value))

    def _partial_sites(self, calls: list[ast.Call]) -> None:
        """`functools.partial(train_step, model, opt)`: what it binds is passed to `train_step`
        (the partial's arguments from the first position, its keywords by name), and, for a name
        the module binds once, and only to that partial (`step = partial(train_step, model, opt)`),
        what each call `step(batch)` passes, after the bound positions -- as the loop model maps
        them. No partial with a starred argument or `**kwargs`."""
        facts = self.facts
        qualify = facts.imports.qualify
        bound: dict[int, tuple[str, int]] = {}
        for call in calls:
            if qualify(dotted(call.func)) != "functools.partial":
                continue
            if any(isinstance(a, ast.Starred) for a in call.args) or any(kw.arg is None for kw in call.keywords):
                continue
            name = call.args[0].id  # type: ignore[attr-defined]
            self._add_site(name, ast.Call(call.func, call.args[1:], call.keywords), 0)
            bound[id(call)] = (name, len(call.args) - 1)
        if not bound:
            return
        found = partial_aliases(facts)
        if not found:
            return
        for node in facts.source.of_type(ast.Call):
            func = node.func  # type: ignore[attr-defined]
            if isinstance(func, ast.Name) and func.id in found and id(found[func.id]) in bound:
                name, start = bound[id(found[func.id])]
                self._add_site(name, node, start)  # type: ignore[arg-type]

    def _argument_key(self, arg: ast.expr) -> str:
        """The key of what a call site passes: a name's key, or, for a library object built
        right there (`NativeScaler()`), a key of its own in `built_arguments`."""
        if isinstance(arg, ast.Call):
            qualified = self.facts.imports.qualify(call_name(arg))
            built = frameworks.constructor(qualified, arg, self.facts.imports.qualify, self._lookup)
            if built is not None and built.library is not None:
                key = f"<built@{arg.lineno}:{arg.col_offset}>"
                self.facts.built_arguments[key] = ObjectInfo(key, built.kind, None, None, True, built.library, built.accumulation)
                return key
            if (
                qualified and qualified.startswith("torch.") and classify_constructor(qualified) == "scaler"
                and not arg.keywords and len(arg.args) <= 1 and not any(isinstance(a, ast.Starred) for a in arg.args)
            ):  # fmt: skip
                # torch's `GradScaler("cuda")` built in the call (`make_step(model, opt,
                # GradScaler("cuda"))`), enabled (no `enabled=` given, none in the positions)
                key = f"<built@{arg.lineno}:{arg.col_offset}>"
                self.facts.built_arguments[key] = ObjectInfo(key, "scaler", qualified, None, True)
                return key
            # (any other call written there, `train_step(net, opt, nn.CrossEntropyLoss(), x, y)`:
            # kept under its key, for what a rule can read of it, `argument_calls`)
            key = self.key(arg)
            self.facts.__dict__.setdefault("_argument_calls", {}).setdefault(key, []).append(arg)
            return key
        return self.key(arg)


    def _method_sites(self, scalers: bool) -> None:
        """Arguments passed to the training methods of the module's classes (`Sub().fit(opt)`,
        `trainer.fit(opt)`), by parameter name, for `_promote_parameters`: only a method name
        one class alone defines (and no function), its own first parameter `self`."""
        facts = self.facts
        source = facts.source
        counts: dict[str, int] = {}
        for defined in facts.methods.values():
            for name in defined:
                counts[name] = counts.get(name, 0) + 1
        wanted = {
            name: info
            for defined in facts.methods.values()
            for name, info in defined.items()
            if counts[name] == 1 and not name.startswith("__") and name not in facts.module_functions
            and len(info.params) > 1 and info.params[0] == "self" and not info.node.decorator_list
            and _trains(source.segment(info.node), scalers)
        }  # fmt: skip
        if not wanted:
            return
        for node, text in self.pending:
            if not any("." + name in text for name in wanted):
                continue
            for sub in ast_walk(node):
                if not (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in wanted):
                    continue
                params = wanted[sub.func.attr].params[1:]
                sites = facts.method_site_args.setdefault(sub.func.attr, {})
                for index, arg in enumerate(sub.args):
                    if isinstance(arg, ast.Starred) or index >= len(params):
                        break
                    sites.setdefault(params[index], set()).add(self._argument_key(arg))
                for kw in sub.keywords:
                    if kw.arg is not None:
                        sites.setdefault(kw.arg, set()).add(self._argument_key(kw.value))


_GRAD_ATTRIBUTE = lazily(r"\.grad\b")
_LOSS_SCALERS = lazily(r"\b(NativeScaler|ApexScaler)\b")


def _trains(text: str, scalers: bool) -> bool:
    """A function's text mentions gradients, or (`scalers`) the module names a timm loss scaler,
    whose call (`amp(loss, opt)`, under any name) backpropagates and steps."""
    return scalers or _gradient_text(text)


def _gradient_text(text: str) -> bool:
    """The text says `backward`, `zero_grad`, `.step(`, `.grad` or `clip_grad`. (Substring
    tests first: one pattern of the five alternatives was tried at every position, five times
    slower.)"""
    return (
        "backward" in text or "zero_grad" in text or ".step(" in text or "clip_grad" in text
        or (".grad" in text and _GRAD_ATTRIBUTE.search(text) is not None)
    )
_ENGINE_NAME = lazily(r"accelerator|fabric|engine|deepspeed|trainer|model|ds_|strategy", re.I)


def _named_or_own(element: ast.expr) -> bool:
    """A plain name, or an attribute of `self` (`self.opt`)."""
    if isinstance(element, ast.Name):
        return True
    return isinstance(element, ast.Attribute) and isinstance(element.value, ast.Name) and element.value.id == "self"


def _engine_like(key: str) -> bool:
    return bool(_ENGINE_NAME.search(last_name(key)))


class _Shim:
    """What `dict_of_names` reads of a module model, while its facts are being collected."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.source = facts.source


# `step = partial(train_step, ...)` / `step = functools.partial(train_step, ...)`: group 1 is the
# function (the name `partial` searched for literally first, then the rest)
_PARTIAL_ALIAS = lazily(r"partial\(\s*([A-Za-z_]\w*)\s*[,)]")
_COMPILED_ALIAS = lazily(r"compile\(\s*([A-Za-z_]\w*)\s*[,)]")



def count_binding(node: ast.AST, counts: dict[str, int], names: object = None) -> None:
    """Add what `node` binds to `counts`: a name stored (assigned, a loop or `with` target) 1; a
    `def` or `class`, a parameter, a name a `global`, `nonlocal` or import declares 2 (never a
    plain binding of one value). With `names` (a container), a stored name outside it is not
    counted. Summed over a scope's nodes, a name counted 1 is bound there once, by a plain
    store: the loop model's aliases (`step = partial(train_step, ...)`) and the facts'
    `partial_aliases` count alike."""
    kind = node.__class__
    if kind is ast.Name:
        if not isinstance(node.ctx, ast.Load) and (names is None or node.id in names):  # type: ignore[attr-defined,operator]
            counts[node.id] = counts.get(node.id, 0) + 1  # type: ignore[attr-defined]
    elif isinstance(node, (*FUNCTIONS, ast.ClassDef)):
        counts[node.name] = counts.get(node.name, 0) + 2
    elif kind is ast.arg:
        counts[node.arg] = counts.get(node.arg, 0) + 2  # type: ignore[attr-defined]
    elif isinstance(node, (ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom)):
        for name in node.names:  # type: ignore[attr-defined]
            bound = name if isinstance(name, str) else (name.asname or name.name.split(".")[0])
            counts[bound] = counts.get(bound, 0) + 2

def top_level_bindings(facts: ModuleFacts) -> list[ast.stmt]:
    """The assignments of the module's top level (or of the arms of a top-level `if` or `try`,
    not of a loop, `with` or function) whose value is a name
    (`step = train_step`) or a call whose first argument is a name (`step_fn =
    torch.compile(train_step)`, `step = partial(train_step, model)`): the statements the
    compiled-site gate and the loop model's module-level aliases read. Found once per module
    from its top-level statements alone (most modules: none, and both stop there)."""
    found = facts.__dict__.get("_top_level_bindings")
    if found is None:
        found = facts.__dict__["_top_level_bindings"] = []
        todo = list(facts.source.tree.body)  # type: ignore[attr-defined]
        while todo:
            stmt = todo.pop(0)
            kind = stmt.__class__
            if kind is ast.Assign:
                value = stmt.value  # type: ignore[attr-defined]
                if value.__class__ is ast.Name or (
                    value.__class__ is ast.Call and value.args and value.args[0].__class__ is ast.Name  # type: ignore[attr-defined]
                ):
                    found.append(stmt)
            elif kind is ast.If:
                # `if USE_COMPILE: step_fn = torch.compile(step)` / `else: step_fn = step`: the
                # arms' own statements (an `elif` is an `If` of the `orelse`)
                todo.extend((*stmt.body, *stmt.orelse))  # type: ignore[attr-defined]
            elif kind is ast.Try:
                todo.extend((*stmt.body, *(s for h in stmt.handlers for s in h.body), *stmt.orelse))  # type: ignore[attr-defined]
    return found  # type: ignore[no-any-return]


def partial_aliases(facts: ModuleFacts) -> dict[str, ast.Call]:
    """Names the module binds once, and only to `functools.partial(f, ...)` of a function `f`
    of the module (`step = partial(train_step, model, opt)`; no starred argument, no
    `**kwargs`): name -> the partial call. Found once per module, and only when its text says
    `partial`."""
    found = facts.__dict__.get("_partial_aliases")
    if found is not None:
        return found  # type: ignore[no-any-return]
    found = facts.__dict__["_partial_aliases"] = {}
    source = facts.source
    text = source.text
    if ("partial" not in text and "compile" not in text) or not facts.module_functions:
        return found
    if not any(
        m.group(1) in facts.module_functions
        for pattern in (_PARTIAL_ALIAS, _COMPILED_ALIAS)
        for m in pattern.finditer(text)
    ):
        return found  # (no line `name = partial(f, ...)` of a function of the module: no walk)
    candidates: dict[str, ast.Call] = {}
    for node in source.of_type(ast.Assign):
        targets = node.targets  # type: ignore[attr-defined]
        value = node.value  # type: ignore[attr-defined]
        if not (len(targets) == 1 and isinstance(targets[0], ast.Name) and isinstance(value, ast.Call)):
            continue
        if not (value.args and isinstance(value.args[0], ast.Name) and value.args[0].id in facts.module_functions):
            continue
        qualified = facts.imports.qualify(dotted(value.func))
        if qualified == "torch.compile" and len(value.args) == 1:
            # `step = torch.compile(train_step, backend=...)`: calls `train_step` with the
            # arguments it is given (compile's keywords are its own): a partial binding none
            bare = ast.Call(value.func, [value.args[0]], [])
            bare.lineno, bare.col_offset = value.lineno, value.col_offset
            bare.end_lineno, bare.end_col_offset = value.end_lineno, value.end_col_offset
            candidates[targets[0].id] = bare
            continue
        if qualified != "functools.partial":
            continue
        if any(isinstance(a, ast.Starred) for a in value.args) or any(kw.arg is None for kw in value.keywords):
            continue
        candidates[targets[0].id] = value
    handed = _handed_partials(facts)
    if not candidates and not handed:
        return found
    stored: dict[str, int] = {}
    for node in source.nodes:
        count_binding(node, stored, {*candidates, *handed})
    found.update((name, call) for name, call in candidates.items() if stored.get(name) == 1)
    # (a parameter is counted 2: the helper's own parameter, and nothing else of the name)
    kept = {name: held for name, held in handed.items() if stored.get(name) == 2 and name not in candidates}
    found.update((name, call) for name, (_, call) in kept.items())
    facts.__dict__["_handed_partial_params"] = kept
    return found


def argument_calls(facts: ModuleFacts) -> dict[str, list[ast.Call]]:
    """The calls written as arguments at the facts' call sites (`nn.CrossEntropyLoss()` in
    `train_step(net, opt, nn.CrossEntropyLoss(), x, y)` or in a partial of it), by the key
    `call_site_args` holds for them."""
    return facts.__dict__.get("_argument_calls") or {}  # type: ignore[no-any-return]


def handed_partial_params(facts: ModuleFacts) -> dict[str, tuple[str, ast.Call]]:
    """The parameters `partial_aliases` holds because the module hands a partial straight to a
    helper (`fit(functools.partial(train_step, model, opt), loader)`, `def fit(step_fn,
    loader)`): parameter -> (the helper's name, the partial call)."""
    if facts.__dict__.get("_partial_aliases") is None:
        partial_aliases(facts)
    return facts.__dict__.get("_handed_partial_params") or {}  # type: ignore[no-any-return]


def _handed_partials(facts: ModuleFacts) -> dict[str, tuple[str, ast.Call]]:
    """`fit(functools.partial(train_step, model, opt), loader)` with `def fit(step_fn, loader)`
    a plain function of the module: `step_fn` stands for the partial when that call is the only
    time the module names `fit`, no other file of the project imports it, the partial (no
    starred argument, no `**kwargs`) is of a function of the module, and `fit` binds none of
    the names the partial's arguments read (they are the caller's). Parameter -> (helper's
    name, partial); `partial_aliases` then keeps a parameter no other binding of the module
    shares the name of."""
    source = facts.source
    qualify = facts.imports.qualify
    found: dict[str, tuple[str, ast.Call]] = {}
    for call in source.of_type(ast.Call):
        func = call.func  # type: ignore[attr-defined]
        if not isinstance(func, ast.Name) or func.id not in facts.module_functions:
            continue
        handed = [
            (index, arg) for index, arg in enumerate([*call.args, *(kw.value for kw in call.keywords)])  # type: ignore[attr-defined]
            if isinstance(arg, ast.Call) and arg.args and isinstance(arg.args[0], ast.Name)
            and arg.args[0].id in facts.module_functions and qualify(dotted(arg.func)) == "functools.partial"
            and not any(isinstance(a, ast.Starred) for a in arg.args) and all(kw.arg is not None for kw in arg.keywords)
        ]  # fmt: skip
        if not handed:
            continue
        info = facts.module_functions[func.id]
        helper = info.node
        if info.class_name is not None or (info.source is not None and info.source is not source) or helper.args.vararg or helper.args.kwarg:
            continue
        if any(isinstance(a, ast.Starred) for a in call.args) or any(kw.arg is None for kw in call.keywords):  # type: ignore[attr-defined]
            continue
        if sum(1 for n in source.of_type(ast.Name) if n.id == func.id) != 1:  # type: ignore[attr-defined]
            continue  # named again: called elsewhere, or handed on
        if sum(1 for n in (*source.of_type(ast.FunctionDef), *source.of_type(ast.AsyncFunctionDef)) if n.name == func.id) != 1:  # type: ignore[attr-defined]
            continue
        positional = [a.arg for a in (*helper.args.posonlyargs, *helper.args.args)]
        named = positional[len(helper.args.posonlyargs):] + [a.arg for a in helper.args.kwonlyargs]
        inside: dict[str, int] = {}
        for node in ast_walk(helper):
            count_binding(node, inside)
        for index, partial in handed:
            if index < len(call.args):  # type: ignore[attr-defined]
                param = positional[index] if index < len(positional) else None
            else:
                keyword = call.keywords[index - len(call.args)].arg  # type: ignore[attr-defined]
                param = keyword if keyword in named else None
            if param is None:
                continue
            read = {n.id for arg in (*partial.args[1:], *(kw.value for kw in partial.keywords)) for n in ast_walk(arg) if isinstance(n, ast.Name)}  # type: ignore[attr-defined]
            if read & set(inside):
                continue  # the helper binds a name the partial reads: another object there
            found[param] = (func.id, partial)  # type: ignore[assignment]
    if found and facts.project is not None and source.path:
        from gradfix.analysis.steps import _importers
        from gradfix.project import absolute

        for name in {helper for helper, _ in found.values()}:
            if _importers(facts.project, absolute(source.path), [name], name):
                found = {param: held for param, held in found.items() if held[0] != name}
    return found


def direct_call(call: ast.Call, facts: ModuleFacts) -> ast.Call | None:
    """`step(x, y)` of a name `partial_aliases` finds, `step = partial(train_step, model,
    opt)`: the call it makes, `train_step(model, opt, x, y)` (the partial's arguments first,
    then the call's; its keywords, then the call's; `step(*batch)` makes `train_step(model, opt,
    *batch)`), built once per call node; None otherwise (a starred argument before the last)."""
    func = call.func
    if not isinstance(func, ast.Name):
        return None
    aliases = facts.__dict__.get("_partial_aliases")
    if aliases is None:
        aliases = partial_aliases(facts)  # (one look at the text per module)
    if not aliases:
        return None
    bound = aliases.get(func.id)
    if bound is None or any(a.__class__ is ast.Starred for a in call.args[:-1]):
        return None  # (one starred argument written last is kept: `step(*batch)`, read as written)
    made: dict[int, ast.Call] = facts.__dict__.setdefault("_direct_calls", {})
    direct = made.get(id(call))
    if direct is None:
        name = ast.Name(bound.args[0].id, ast.Load())  # type: ignore[attr-defined]
        direct = made[id(call)] = ast.Call(name, [*bound.args[1:], *call.args], [*bound.keywords, *call.keywords])
        for node, at in ((name, func), (direct, call)):
            node.lineno, node.col_offset = at.lineno, at.col_offset
            node.end_lineno, node.end_col_offset = at.end_lineno, at.end_col_offset
    return direct


def collect_facts(source: Source, project: Project | None = None) -> ModuleFacts:
    facts = ModuleFacts(source, project)
    collector = _FactCollector(facts)
    collector.walk(source.tree)
    if collector._builder_calls:
        _builders_of_the_file(facts, collector._builder_calls)
    collector.call_sites()
    _promote_parameters(facts)
    if facts.methods and (b"@property" in source.data or b"cached_property" in source.data):
        _optimizer_properties(facts)
    return facts


def _optimizer_properties(facts: ModuleFacts) -> None:
    """`self.opt` of a class whose `@property` (or `functools.cached_property`) `opt` returns
    only `self._opt`, an attribute the module binds only to one optimizer (built lazily, `if
    self._opt is None: self._opt = torch.optim.SGD(...)`; `None` aside), and that no other
    statement binds: `self.opt` is that optimizer. Not when the class binds `self.opt` too."""
    if not any(key.startswith("self.") and info.kind == "optimizer" for key, info in facts.objects.items()):
        return  # (no optimizer held by an object: no property can return one)
    qualify = facts.imports.qualify
    for methods in facts.methods.values():
        for name, info in methods.items():
            node = info.node
            if not node.decorator_list or not all(
                qualify(dotted(d)) in ("property", "functools.cached_property") for d in node.decorator_list
            ):
                continue
            key = "self." + name
            if key in facts.objects:
                continue
            returns = [n for n in own_nodes(node) if n.__class__ is ast.Return]
            values = {dotted(r.value) if r.value is not None else None for r in returns}
            if len(values) != 1:
                continue
            held = values.pop()
            if held is None or not held.startswith("self.") or held.count(".") != 1:
                continue
            found = facts.objects.get(held)
            if found is None or found.kind != "optimizer" or not found.strong or found.library is not None:
                continue
            if _bound_elsewhere(held, node, facts):
                continue
            facts.objects[key] = ObjectInfo(key, found.kind, found.constructor, found.params, True)


def _bound_elsewhere(key: str, inside: ast.AST, facts: ModuleFacts) -> bool:
    """`key` (`self._opt`) is bound outside `inside` to anything but `None`."""
    source = facts.source
    for kind in (ast.Assign, ast.AnnAssign, ast.AugAssign):
        for stmt in source.of_type(kind):
            if inside.lineno <= stmt.lineno <= inside.end_lineno:  # type: ignore[attr-defined, operator]
                continue
            targets = stmt.targets if kind is ast.Assign else [stmt.target]  # type: ignore[attr-defined]
            if not any(dotted(t) == key for target in targets for t in ast_walk(target)):
                continue
            value = stmt.value  # type: ignore[attr-defined]
            if kind is ast.AugAssign or not (value.__class__ is ast.Constant and value.value is None):
                return True
    return False


def _builders_of_the_file(facts: ModuleFacts, calls: list[tuple[str, ast.AST | None, ast.Call, ast.expr | None]]) -> None:
    """`optimizer = make_optimizer(cfg, model)` with `def make_optimizer(cfg, model): return
    OPTIMIZERS[cfg.optim](model.parameters(), ...)` a plain function of this file (or one imported
    by name from another module of the project, `from .optim import make_optimizer`): the optimizer
    is over what the call hands the builder's parameter (`model.parameters()`), not over the
    call's first argument. A builder whose returns `staleness.built_optimizer` does not read
    exactly keeps what was recorded."""
    from gradfix.analysis.staleness import built_optimizer

    shim = _Shim(facts)
    for key, scope, call, recorded in calls:
        if call.func.__class__ is ast.Attribute:
            method = _own_method(facts, scope, call.func.attr)  # type: ignore[attr-defined]
            found = built_optimizer(call, shim, method) if method is not None else None  # type: ignore[arg-type]
        else:
            found = _built_by_function(facts, shim, call)
        if found is None:
            continue  # read as before: the call's first argument (rules read a plain name as unknown)
        params = found[1]
        # the nodes copied from the builder's body hold the builder's positions, whose text is not
        # the expression (`net.parameters()` there for `central.parameters()` here): they take the
        # call's, whose text (`make_optimizer(cfg, central)`) reads as no module's parameters
        real = {id(node) for node in ast_walk(call)}
        for node in ast_walk(params):
            if id(node) not in real and hasattr(node, "lineno"):
                node.lineno, node.col_offset = call.lineno, call.col_offset  # type: ignore[attr-defined]
                node.end_lineno, node.end_col_offset = call.end_lineno, call.end_col_offset  # type: ignore[attr-defined]
        places = [facts.objects]
        if scope is not None and "." not in key:
            places.append(facts.local_objects.get(id(scope), {}))
        for objects in places:
            previous = objects.get(key)
            if previous is not None and previous.kind == "optimizer" and previous.params is recorded:
                objects[key] = ObjectInfo(
                    key, previous.kind, previous.constructor, params, previous.strong, previous.library, previous.accumulation
                )


def _built_by_function(facts: ModuleFacts, shim: _Shim, call: ast.Call) -> tuple[list[str], ast.expr] | None:
    """`make_optimizer(cfg, model)`: a plain function of this file, or one imported by name from
    another module of the project (`from .optim import make_optimizer`), its body read as for one
    of this file (`built_optimizer` finds it through the project, and the cache follows that
    module's bytes); not found or not read: None."""
    from gradfix.analysis.staleness import built_optimizer

    name = call.func.id  # type: ignore[attr-defined]
    info = facts.module_functions.get(name)
    if info is None:
        if facts.project is None or name not in facts.imports.aliases:
            return None
    elif info.class_name is not None:
        return None
    return built_optimizer(call, shim)  # type: ignore[arg-type]


def _own_method(facts: ModuleFacts, scope: ast.AST | None, name: str) -> FunctionInfo | None:
    """The method `name` of the class whose method `scope` is (`self.make_optimizer(...)` in its
    `__init__`), a plain one taking `self` first (not a static or class method); None when the
    class does not define it itself (a base class's, or a subclass's override, may differ)."""
    owner = facts.source.owner_of(scope) if scope is not None else None  # type: ignore[arg-type]
    if owner.__class__ is not ast.ClassDef:
        return None
    info = facts.methods.get(owner.name, {}).get(name)  # type: ignore[attr-defined]
    if info is None or not info.params or info.params[0] != "self" or info.node.decorator_list:
        return None
    from gradfix.analysis.loops import _derives

    if any(name in methods and _derives(facts, other, owner.name) for other, methods in facts.methods.items()):  # type: ignore[attr-defined]
        return None  # a subclass of the file (also through another) overrides it
    return info


def _promote_parameters(facts: ModuleFacts) -> None:
    """A parameter that receives a constructed optimizer at a call site is an optimizer."""
    for sites in facts.method_site_args.values():
        for param, passed in sites.items():
            infos = [facts.objects.get(key) or facts.built_arguments.get(key) for key in passed]
            kinds = {info.kind if info is not None else None for info in infos}
            if len(kinds) == 1 and None not in kinds and param not in facts.objects:
                kind = kinds.pop()
                source = infos[0]  # type: ignore[assignment]
                if kind == "optimizer" and not any(key in facts.built_arguments for key in passed):
                    facts.objects[param] = ObjectInfo(param, kind, source.constructor, source.params, True)
                elif kind == "loss-scaler":
                    # timm's `NativeScaler()` handed to `runner.run_epoch(loader, scaler)`: called as one there
                    facts.objects[param] = ObjectInfo(param, kind, source.constructor, source.params, True, source.library)
    for name, info in facts.module_functions.items():
        sites = facts.call_site_args.get(name)
        if not sites:
            continue
        for index, param in enumerate(info.params):
            passed = sites.get(str(index), set()) | sites.get(param, set())
            infos = [facts.objects.get(key) or facts.built_arguments.get(key) for key in passed]
            kinds = {info.kind if info is not None else None for info in infos}
            if len(kinds) == 1 and None not in kinds and param not in facts.objects:
                kind = kinds.pop()
                if kind is not None and kind != "unknown":
                    source = infos[0]  # type: ignore[assignment]
                    # (with the library table's kind: a timm `NativeScaler()` handed to
                    # `train_one_epoch(..., loss_scaler)` is called as one there)
                    facts.objects[param] = ObjectInfo(param, kind, source.constructor, source.params, True, source.library, source.accumulation)
    if facts.project is not None and facts.module_functions and facts.source.path:
        _promote_scalers_handed_from_other_modules(facts)
    if facts.local_functions:
        _promote_nested_parameters(facts)


_READING_CALLERS = [False]  # (the callers' own facts are built without looking at theirs: no cycle)


def _promote_scalers_handed_from_other_modules(facts: ModuleFacts) -> None:
    """`def train_one_epoch(model, loader, optimizer, device, epoch, loss_scaler)` (engine.py,
    the MAE / DeiT family) calling `loss_scaler(loss, optimizer, ...)`, never called in its own
    module, whose every call in the other modules of the project hands it one library loss
    scaler whose call backpropagates and steps (`loss_scaler = NativeScaler()` in main.py, timm's):
    the parameter is that object, as `_promote_parameters` reads the module's own calls. Only a
    parameter named like a scaler (`loss_scaler`, `amp_scaler`) that the function calls itself
    and never rebinds; any call the project holds that hands something else, or cannot be read,
    leaves it unknown."""
    if _READING_CALLERS[0]:
        return
    for name, info in facts.module_functions.items():
        if info.class_name is not None or name in facts.call_site_args:
            continue
        params = [p for p in info.params if "scaler" in p and p not in facts.objects]
        if not params:
            continue
        called = set()
        for node in ast_walk(info.node):
            if node.__class__ is ast.Call and node.func.__class__ is ast.Name and node.func.id in params:  # type: ignore[attr-defined]
                called.add(node.func.id)  # type: ignore[attr-defined]
            elif node.__class__ is ast.Name and node.ctx.__class__ is not ast.Load and node.id in params:  # type: ignore[attr-defined]
                called.add("\0")  # rebound: not what the callers hand
                break
        if "\0" in called:
            continue
        for param in sorted(called):
            found = _handed_library_scaler(facts, info, param)
            if found is not None:
                facts.objects[param] = ObjectInfo(param, found.kind, found.constructor, None, True, found.library, found.accumulation)


def _handed_library_scaler(facts: ModuleFacts, info: FunctionInfo, param: str) -> ObjectInfo | None:
    """The one library object, whose call backpropagates and steps, that every call of the
    function in the other modules of the project passes for `param`; None when any passes
    something else or nothing known, or there is no such call."""
    import os

    from gradfix.analysis.handed_in import _argument
    from gradfix.analysis.steps import _other_caller_files

    project = facts.project
    path = facts.source.path
    stem = os.path.splitext(os.path.basename(path))[0]
    _READING_CALLERS[0] = True
    try:
        others = _other_caller_files(project, path, info)  # type: ignore[arg-type]
        found: ObjectInfo | None = None
        for other in others:
            module = project.module(other, any_bytes=True)  # type: ignore[union-attr]
            if module is None:
                return None
            there = module.facts
            for node in module.source.nodes:
                if node.__class__ is not ast.Call:
                    continue
                qualified = there.imports.qualify(dotted(node.func)) or ""  # type: ignore[attr-defined]
                if qualified.rsplit(".", 2)[-2:] != [stem, info.node.name]:
                    continue
                argument = _argument(node, info.params, param)  # type: ignore[arg-type]
                held = _library_object(argument, there) if argument is not None else None
                if held is None or (found is not None and held.library != found.library):
                    return None
                found = held
        return found
    finally:
        _READING_CALLERS[0] = False


def _library_object(argument: ast.expr, facts: ModuleFacts) -> ObjectInfo | None:
    """A name the module binds, in every function binding it, to one library object whose call
    backpropagates and steps (`loss_scaler = NativeScaler()`), or such an object built in the
    call itself."""
    if argument.__class__ is ast.Call:
        qualified = facts.imports.qualify(call_name(argument))  # type: ignore[arg-type]
        built = frameworks.constructor(qualified, argument, facts.imports.qualify)  # type: ignore[arg-type]
        held = ObjectInfo("", built.kind, qualified, None, True, built.library, built.accumulation) if built is not None else None
    elif argument.__class__ is ast.Name:
        held = facts.objects.get(argument.id)  # type: ignore[attr-defined]
        if held is not None and any(
            table[argument.id].library != held.library  # type: ignore[attr-defined]
            for table in facts.local_objects.values() if argument.id in table  # type: ignore[attr-defined]
        ):
            return None
    else:
        return None
    if held is None or held.library is None:
        return None
    entry = frameworks.method(held.library, "__call__")
    if entry is None or not {frameworks.Effect.BACKWARD, frameworks.Effect.STEPS} <= set(entry.effects):
        return None
    return held


_GRADIENT_WORDS = ("backward", "step(", "zero_grad", ".grad")


def _promote_nested_parameters(facts: ModuleFacts) -> None:
    """A parameter of a function nested in another (`def train(acc, model, opt, loader)` inside
    `main()`) that every call there hands an object the function around it knows, of one kind
    (the `Accelerator` it built, an optimizer): that object, for the nested function's code
    (as `_promote_parameters` reads the module's calls of its own functions). Only for nested
    functions that say a gradient word, and parameters they call a method of."""
    source = facts.source
    for table in facts.local_functions.values():
        for info in table.values():
            node = info.node
            if not info.params:
                continue
            text = source.segment(node)
            if not any(word in text for word in _GRADIENT_WORDS):
                continue
            local = facts.local_objects.get(id(node), {})
            wanted = [p for p in info.params if p != "self" and p not in local and f"{p}." in text]
            if not wanted:
                continue
            found = enclosing_function(facts, node)
            if found is None:
                continue
            outer = found[0]
            for param in wanted:
                given = nested_call_arguments(facts, node, param)
                if not given:
                    continue
                keys = [dotted(a) if a is not None else None for a in given]
                if None in keys:
                    continue
                infos = [facts.info_in(key, (outer,)) for key in keys]  # type: ignore[arg-type]
                kinds = {i.kind if i is not None else None for i in infos}
                if len(kinds) != 1 or None in kinds or "unknown" in kinds:
                    continue
                first = infos[0]
                assert first is not None
                facts.local_objects.setdefault(id(node), {})[param] = ObjectInfo(
                    param, first.kind, first.constructor, first.params, True, first.library, first.accumulation
                )


def enclosing_function(facts: ModuleFacts, function: ast.AST) -> tuple[ast.AST, FunctionInfo] | None:
    """For a function defined in another's body (`def adjust_learning_rate(optimizer, epoch)` in
    `main()`): that function's node and the nested one's info; None for any other."""
    name = getattr(function, "name", None)
    if name is None or not facts.local_functions:
        return None
    for outer_id, table in facts.local_functions.items():
        found = table.get(name)
        if found is None or found.node is not function:
            continue
        candidates = [
            *facts.module_functions.values(),
            *(m for ms in facts.methods.values() for m in ms.values()),
            *(f for t in facts.local_functions.values() for f in t.values()),
        ]
        outer = next((c.node for c in candidates if id(c.node) == outer_id), None)
        return (outer, found) if outer is not None else None
    return None


def nested_call_arguments(facts: ModuleFacts, function: ast.AST, parameter: str) -> list[ast.expr | None] | None:
    """What each call of a nested function in the function around it passes for `parameter`
    (None for a call that may pass it by `*args`/`**kw` or leaves it out); None when `function`
    is not nested or its name is also handed on (`callbacks.append(decay)`: called elsewhere)."""
    from gradfix.walk import ast_walk as _walk

    found = enclosing_function(facts, function)
    if found is None:
        return None
    outer, info = found
    if parameter not in info.params:
        return None
    index = info.params.index(parameter)
    name = info.node.name
    walked = facts.__dict__.setdefault("_nested_walks", {})
    known = walked.get(id(outer))
    if known is None or known[0] is not outer:
        # (walked once per function around nested ones, for every parameter asked)
        nodes = [n for n in _walk(outer) if isinstance(n, (ast.Call, ast.Name))]
        known = walked[id(outer)] = (outer, nodes, {id(n.func) for n in nodes if isinstance(n, ast.Call)})
    _, nodes, called = known
    passed: list[ast.expr | None] = []
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
            if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
                passed.append(None)
                continue
            named = next((k.value for k in node.keywords if k.arg == parameter), None)
            passed.append(named if named is not None else node.args[index] if index < len(node.args) else None)
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load) and id(node) not in called:
            return None  # handed on (`callbacks.append(decay)`): called where this cannot see
    return passed
