"""Whether an optimizer's `zero_grad` takes `set_to_none`, as seen from one place in the code.

`torch.optim.Optimizer.zero_grad(set_to_none=True)` takes it; a class whose own `zero_grad(self)`
does not (a wrapper of the project, a subclass that inherits such a `zero_grad` from a base of
the project, Apex's and DeepSpeed's fused optimizers in gradfix/libraries) raises a TypeError
when it is passed. The clear GF001 inserts and the argument GF007 adds ask this first.

Which classes the optimizer may be an instance of is read from the bindings of its key that code
at that place sees: its function's own (`optimizer = NoArgOptimizer(...)` in `train_custom`
says nothing about `optimizer` in `train_plain`), else the enclosing functions', else the
module's; `self.x` from any method of the class or, when the class binds none, of its bases
(in this module or another of the project: `self.optimizer = MultiOpt(...)` in a base trainer). Each value is followed through aliases (`opt =
optimizer`), conditional expressions, `accelerator.prepare(...)` and Fabric's `setup(...)`
(which hand their arguments back, wrapped in an object whose `zero_grad` calls theirs), Apex's
`amp.initialize(...)` (which hands them back as they are, or, with master weights, with a
`zero_grad(self)` of its own), and
factory functions of the project (`return FusedAdam(...)`). A key with no binding there (a
parameter, an attribute set outside its class) may be whatever any `key = ...(...)` of the module
builds, or what the module's calls pass for the parameter (`train(model, optimizer=opt)`). A class is looked up in the library tables, then in the project (through package
re-exports), its own `zero_grad` first, then its bases' in order.

A call given a `zero_grad=` keyword (`types.SimpleNamespace(step=..., zero_grad=lambda: None)`)
builds a stand-in whose clear is that function.

The answer is "rejects" as soon as one class reached rejects: a bare `zero_grad()` is valid for
every optimizer, `set_to_none=True` only for those that take it. A class gradfix cannot read
(torch's own, another library's) is taken to keep torch's contract, as the rules always have.
"""

from __future__ import annotations

from gradfix import syntax as ast
import os

from gradfix import libraries
from gradfix.analysis.assignments import Assignments, Binding, assigned_calls, assignment_statements, binds_parameter
from gradfix.analysis.model import EventKind
from gradfix.analysis.names import call_name, dotted, method_name, positional, receiver
from gradfix.patterns import lazily, on_lines
from gradfix.source import FUNCTIONS, MATCH_CASE, Source
from gradfix.walk import child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from gradfix.analysis.facts import FunctionInfo, ModuleFacts
    from gradfix.analysis.loops import ModuleModel

# `x = accelerator.prepare(opt)`, `model, opt = fabric.setup(model, opt)`: the arguments come back
# in order, wrapped in objects whose `zero_grad` calls the wrapped optimizer's (Accelerate's refuses
# a `set_to_none` the wrapped one does not take; Fabric's is the wrapped class's own method)
_HANDS_BACK = frozenset({"prepare", "setup", "setup_optimizers"})
# bases that define no `zero_grad`: look at the next one
_NEUTRAL_BASES = frozenset({"object", "ABC", "abc.ABC", "Generic", "typing.Generic", "Protocol", "typing.Protocol"})
_MAX_DEPTH = 8


def rejects_set_to_none(key: str, at: ast.AST, model: ModuleModel) -> bool:
    """`key.zero_grad(set_to_none=True)`, written at `at` (a statement of the module, or a
    function whose body is meant), may raise a TypeError: one class the optimizer may be an
    instance of has a `zero_grad` that takes no `set_to_none` (nor `**kwargs`)."""
    return _answer("_rejects_set_to_none", key, at, model)


def new_clear_bare(key: str, at: ast.AST, model: ModuleModel) -> bool:
    """A clear written anew at `at` (GF001's) takes no argument: `rejects_set_to_none`, or the
    optimizer may be an instance of another library's class that gradfix cannot read (DGL's
    `SparseAdam.zero_grad(self)`), for which a bare `zero_grad()` is the one call sure to work."""
    return _answer("_new_clear_bare", key, at, model)


def bare_clear_keeps_zeros(key: str, at: ast.AST, model: ModuleModel) -> bool:
    """A bare `key.zero_grad()` at `at` may not mean `set_to_none=True`: one class the
    optimizer may be an instance of has a `zero_grad` whose `set_to_none` defaults to
    something else (`def zero_grad(self, set_to_none=False)`, as torch's own did before 2.0).
    Writing `set_to_none=True` there changes training, as rewriting an explicit `False` does."""
    return _answer("_bare_keeps_zeros", key, at, model)


def lacks_zero_grad(key: str, at: ast.AST, model: ModuleModel) -> bool:
    """`key.zero_grad()` written at `at` may raise an AttributeError: one class the optimizer may
    be an instance of is a class of the project that, with all its bases (every one of them
    read), defines no `zero_grad` and no `__getattr__` (MTGNN's `Optim` wrapper, which only
    steps the optimizer it holds)."""
    return _answer("_lacks_zero_grad", key, at, model)


def unread_beside_other_clears(key: str, at: ast.AST, model: ModuleModel) -> bool:
    """Nothing gradfix reads says which class the optimizer `key` is (a parameter handed in by
    code it does not follow, a class picked from a table or by `getattr`, an element of what a
    project function returns), while the module -- or another file of the project -- defines an
    optimizer class whose `zero_grad` takes no `set_to_none`, or defaults it to something other
    than `True`: the optimizer may well be one of those (OpenPCDet's `OptimWrapper` from
    `build_optimizer(...)`, FastSpeech2's `ScheduledOptim` from `model, optimizer = get_model(...)`)."""
    if (
        not any(
            _rejects(methods["zero_grad"].node) or _defaults_otherwise(methods["zero_grad"].node)
            for methods in model.facts.methods.values()
            if "zero_grad" in methods
        )
        and not any(_rejects(clear) for clear in _stand_in_clears(model))
        and not _project_defines_other_clear(model)
    ):
        return False
    resolver = _Resolver(model, _rejects)
    resolver.key(key, model.facts, at, 0)
    return not resolver.decided


def _answer(question: str, key: str, at: ast.AST, model: ModuleModel) -> bool:
    cache: dict[tuple[str, int], tuple[ast.AST, bool]] | None = getattr(model, question, None)
    if cache is None:
        cache = {}
        setattr(model, question, cache)
    known = cache.get((key, id(at)))
    if known is None or known[0] is not at:
        if question == "_lacks_zero_grad":
            answer = _Lacking(model).key(key, model.facts, at, 0) is True
        elif question == "_new_clear_bare":
            answer = _not_torch_optimizer(key, model) or _Resolver(model, _rejects, unread_libraries=True).key(key, model.facts, at, 0) is True
        else:
            rejects = _defaults_otherwise if question == "_bare_keeps_zeros" else _rejects
            answer = _not_torch_optimizer(key, model) or _Resolver(model, rejects).key(key, model.facts, at, 0) is True
        known = cache[(key, id(at))] = (at, answer)
    return known[1]


def _not_torch_optimizer(key: str, model: ModuleModel) -> bool:
    """The module's loops use `key` as no torch optimizer can be used: they hand it the loss
    (`stepper.backward(loss)`: an optimizer wrapper, Apex's FP16_Optimizer, a class of the
    project) or step it with arguments `Optimizer.step(closure=None)` does not take
    (`optimizer.step(batch_scale, loss_scale)`, `optimizer.step(1.0)`). Whatever its class, its `zero_grad` is not
    torch's: a bare clear is the one call it surely takes."""
    found: dict[str, bool] | None = getattr(model, "_not_torch_optimizers", None)
    if found is None:
        found = {}
        for loop in model.loops:  # type: ignore[attr-defined]
            for event in loop.events:
                if event.target is None or not isinstance(event.node, ast.Call):
                    continue
                call = event.node
                if event.kind is EventKind.BACKWARD or (
                    event.kind is EventKind.STEP
                    and method_name(call) == "step"
                    and (
                        len(call.args) > 1
                        or any(kw.arg not in ("closure", "optimizer") for kw in call.keywords)  # (`scaler.step(optimizer=opt)`)
                        or (call.args and isinstance(call.args[0], ast.Constant))  # `step(1.0)`: no closure
                    )
                ):
                    found[event.target] = True
        model._not_torch_optimizers = found  # type: ignore[attr-defined]
    return found.get(key, False)


def _class_around(source: Source, at: ast.AST) -> ast.ClassDef | None:
    """The class whose method holds `at` (a statement, or a function meant by its body)."""
    node: ast.AST | None = at
    while node is not None and node is not source.tree:
        if isinstance(node, ast.ClassDef):
            return node
        node = source.owner_of(node)  # type: ignore[arg-type]
    return None


class _Resolver:
    """One question's walk: what it has looked at already (cycles: `opt = wrap(opt)`)."""

    def __init__(self, model: ModuleModel, rejects=None, unread_libraries: bool = False) -> None:  # type: ignore[no-untyped-def]
        self.model = model
        self.unread_libraries = unread_libraries  # a class of another library gradfix cannot read rejects too
        self.rejects = rejects or _rejects  # the question asked of a `zero_grad` method, and of a table entry
        self.decided = False  # some class (or torch's contract) was reached
        self.seen: set[int] = set()
        self.classes: set[tuple[int, str]] = set()
        self.seen_keys: set[str] = set()

    def own(self, source: Source, scope: ast.AST, class_name: str | None) -> dict[str, list[Binding]]:
        """The bindings a scope's own statements make, found once per model and scope."""
        kept: dict[int, tuple[ast.AST, Assignments]] | None = getattr(self.model, "_own_bindings", None)
        if kept is None:
            kept = self.model._own_bindings = {}  # type: ignore[attr-defined]
        found = kept.get(id(scope))
        if found is None or found[0] is not scope:
            found = kept[id(scope)] = (scope, Assignments.of_scope(source, scope, class_name))
        return found[1].by_key

    def visible(self, key: str, source: Source, at: ast.AST) -> list[Binding]:
        """The bindings of `key` that code at `at` sees: its function's own, else the enclosing
        functions', else the module's (a parameter stops the search); `self.x` in any method
        of the class."""
        functions: list[ast.AST] = [at] if isinstance(at, FUNCTIONS) else []
        owner: ast.ClassDef | None = None
        node: ast.AST | None = at
        while node is not None and node is not source.tree:
            node = source.owner_of(node)  # type: ignore[arg-type]
            if isinstance(node, FUNCTIONS):
                functions.append(node)
            elif isinstance(node, ast.ClassDef) and owner is None and functions:
                owner = node
        if key.startswith("self."):
            if owner is None:
                return []
            return [
                b
                for method in owner.body
                if isinstance(method, FUNCTIONS)
                for b in self.own(source, method, owner.name).get(key, ())
            ]
        for scope in (*functions, source.tree):
            here = self.own(source, scope, owner.name if owner is not None else None).get(key)
            if here:
                return here
            if isinstance(scope, FUNCTIONS) and binds_parameter(scope, key):
                return []
        return []

    # values ----------------------------------------------------------------------------
    def key(self, key: str, facts: ModuleFacts, at: ast.AST, depth: int) -> bool | None:
        bindings = self.visible(key, facts.source, at)
        if not bindings and key.startswith("self.") and self.inherited(key, facts, _class_around(facts.source, at), depth):
            return True  # `self.optimizer = MultiOpt(...)` in the `__init__` of a base class
        if not bindings and facts is self.model.facts:
            # a parameter, or an attribute bound outside the class: any `key = Call(...)` of the
            # module may reach it, and so may what the module's calls pass for the parameter
            names = (key, *self.passed(key, facts, at))
            if self.rejects is _rejects and _amp_masters_bind(self.model, names):
                self.decided = True  # `model, optimizer = amp.initialize(..., opt_level=args.opt_level)`
                return True
            return any(self.anywhere(k, facts, depth + 1) for k in names) or None
        for binding in bindings:
            if id(binding.statement) in self.seen:
                continue
            self.seen.add(id(binding.statement))
            if self.binding(binding, facts, depth):
                return True
        return None

    def inherited(self, key: str, facts: ModuleFacts, owner: ast.ClassDef | None, depth: int) -> bool | None:
        """What the methods of the bases of `owner` (of this module or, through the project,
        of another one) bind `self.x` to, nearest base first."""
        if owner is None or depth > _MAX_DEPTH:
            return None
        for base in owner.bases:
            name = dotted(base)
            if name is None or name in _NEUTRAL_BASES:
                continue
            located: tuple[ModuleFacts, ast.ClassDef] | None = None
            if name in facts.classes and name != owner.name:
                located = (facts, facts.classes[name])
            elif facts.project is not None and ((facts.imports.qualify(name) or name) != name or "." in name):
                found = facts.project.definition(facts.imports.qualify(name) or name, facts.source.path or None)
                if found is not None and found[1] in found[0].facts.classes:
                    located = (found[0].facts, found[0].facts.classes[found[1]])
            if located is None:
                continue
            base_facts, node = located
            for method in node.body:
                if not isinstance(method, FUNCTIONS):
                    continue
                for binding in self.own(base_facts.source, method, node.name).get(key, ()):
                    if id(binding.statement) not in self.seen:
                        self.seen.add(id(binding.statement))
                        if self.binding(binding, base_facts, depth + 1):
                            return True
            if self.inherited(key, base_facts, node, depth + 1):
                return True
        return None

    def anywhere(self, key: str, facts: ModuleFacts, depth: int) -> bool | None:
        """What any `key = Call(...)` statement of the module builds, and what the module's
        facts say `key` was built from (`accelerator.prepare`, a call site)."""
        if key in self.seen_keys or depth > _MAX_DEPTH:
            return None
        self.seen_keys.add(key)
        info = facts.info(key)
        if info is not None and info.constructor and self.name(info.constructor, facts, None, depth):
            return True
        tree = facts.source.tree
        return any(self.value(call, facts, tree, None, depth + 1) for call in assigned_calls(self.model, key)) or None

    def passed(self, key: str, facts: ModuleFacts, at: ast.AST) -> list[str]:
        """The names the module's calls of the function around `at` pass for its parameter `key`
        (for a nested function, its calls in the function around it)."""
        function = at if isinstance(at, FUNCTIONS) else None
        node: ast.AST | None = at
        while function is None and node is not None and node is not facts.source.tree:
            node = facts.source.owner_of(node)  # type: ignore[arg-type]
            if isinstance(node, FUNCTIONS):
                function = node
        if function is None:
            return []
        if facts.module_functions.get(function.name) is None:
            if not facts.local_functions:
                return []
            # a function nested in another (`def train(net, optim, loader)` inside `main()`):
            # what its calls there pass
            from gradfix.analysis.facts import nested_call_arguments

            given = nested_call_arguments(facts, function, key) or ()
            return sorted({k for k in (dotted(a) if a is not None else None for a in given) if k is not None and k.replace(".", "").isidentifier()})
        info = facts.module_functions[function.name]
        if info.node is not function or key not in info.params:
            return []
        sites = facts.call_site_args.get(function.name, {})
        passed = sites.get(str(info.params.index(key)), set()) | sites.get(key, set())
        return sorted(k for k in passed if k.replace(".", "").isidentifier())

    def binding(self, binding: Binding, facts: ModuleFacts, depth: int) -> bool | None:
        if binding.value is not None:
            return self.value(binding.value, facts, binding.statement, binding.class_name, depth)
        stmt = binding.statement
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) and _is_amp_initialize(stmt.value, facts):
            if _amp_master_weights(stmt.value):
                self.decided = True
                return self.rejects(_AMP_MASTER_WEIGHTS)
            # without master weights the optimizers come back as they went in
            args = positional(stmt.value)
            for target in stmt.targets:
                if isinstance(target, (ast.Tuple, ast.List)) and len(target.elts) == 2 and len(args) >= 2:
                    if facts.source.key(target.elts[1]) == binding.key:
                        return self.value(args[1], facts, binding.statement, binding.class_name, depth)
            return None
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, (ast.Name, ast.Attribute)) and dotted(stmt.value) is not None:
            # `opt_g, opt_d = optimizers`: what the unpacked name holds (the list `amp.initialize` handed back)
            return self.key(facts.source.key(stmt.value), facts, stmt, depth + 1)
        # `model, opt = accelerator.prepare(model, opt)`: the element's own argument
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) and method_name(stmt.value) in _HANDS_BACK:
            args = positional(stmt.value)
            for target in stmt.targets:
                if isinstance(target, (ast.Tuple, ast.List)) and len(target.elts) == len(args):
                    for element, arg in zip(target.elts, args):
                        if facts.source.key(element) == binding.key:
                            return self.value(arg, facts, binding.statement, binding.class_name, depth)
        return None

    def value(self, expr: ast.expr, facts: ModuleFacts, at: ast.AST, class_name: str | None, depth: int) -> bool | None:
        if depth > _MAX_DEPTH:
            return None
        if isinstance(expr, ast.IfExp):
            return self.value(expr.body, facts, at, class_name, depth + 1) or self.value(
                expr.orelse, facts, at, class_name, depth + 1
            )
        if isinstance(expr, ast.BoolOp):
            return any(self.value(v, facts, at, class_name, depth + 1) for v in expr.values) or None
        if isinstance(expr, ast.Call):
            given = next((k.value for k in expr.keywords if k.arg == "zero_grad"), None)
            if given is not None:
                # `SimpleNamespace(step=..., zero_grad=lambda: None)`: a stand-in with its own clear
                self.decided = True
                return self.rejects(_callable_definition(given, facts))
            args = positional(expr)
            recv = receiver(expr)
            if method_name(expr) in _HANDS_BACK and recv is not None and not (isinstance(recv, ast.Name) and recv.id == "self"):
                return self.value(args[0], facts, at, class_name, depth + 1) if len(args) == 1 else None
            name = call_name(expr)
            return self.name(name, facts, class_name, depth + 1) if name is not None else None
        if isinstance(expr, (ast.Name, ast.Attribute)) and dotted(expr) is not None:
            return self.key(facts.source.key(expr), facts, at, depth + 1)
        return None

    # what a called name builds ---------------------------------------------------------
    def name(self, name: str, facts: ModuleFacts, class_name: str | None, depth: int) -> bool | None:
        """What calling `name` (as written in the module of `facts`) builds: a class, or
        whatever a factory function returns."""
        if depth > _MAX_DEPTH:
            return None
        if "." not in name and name not in facts.imports.aliases:
            if name in facts.classes:
                return self.class_(facts, name, depth + 1)
            function = facts.module_functions.get(name)
            return self.factory(function, depth + 1) if function is not None else None
        if name.startswith("self.") and name.count(".") == 1:
            method = facts.methods.get(class_name or "", {}).get(name[5:]) if class_name else None
            return self.factory(method, depth + 1) if method is not None else None
        qualified = facts.imports.qualify(name) or name
        entry = libraries.optimizer_class(qualified)
        if entry is not None:
            self.decided = True
            return self.rejects(entry)
        if qualified.startswith("torch."):
            self.decided = True
            return False  # torch's own: its contract
        project = facts.project
        if project is None:
            return None
        found = project.definition(qualified, facts.source.path or None)
        if found is None:
            if self.unread_libraries and "." in qualified and not qualified.startswith((".", "torch")):
                # a class of another library (DGL's `SparseAdam`: `zero_grad(self)`): its
                # signature is unread, and a bare clear is the one call every optimizer takes
                self.decided = True
                return True
            return None
        module, defined = found
        if defined in module.facts.classes:
            return self.class_(module.facts, defined, depth + 1)
        return self.factory(module.facts.module_functions.get(defined), depth + 1)

    def factory(self, function: FunctionInfo | None, depth: int) -> bool | None:
        """A function called to build the optimizer: what its `return` statements build."""
        if function is None or function.facts is None or id(function.node) in self.seen:
            return None
        self.seen.add(id(function.node))
        answer = None
        for value in _returned(function.node):
            found = self.value(value, function.facts, function.node, function.class_name, depth + 1)
            if found:
                return True
            answer = answer if found is None else found
        return answer

    def class_(self, facts: ModuleFacts, name: str, depth: int) -> bool | None:
        """True: the class's `zero_grad` rejects `set_to_none`; False: it takes it; None: the
        class and its bases define none (look at the next base)."""
        if (id(facts), name) in self.classes or depth > _MAX_DEPTH:
            return None
        self.classes.add((id(facts), name))
        method = facts.methods.get(name, {}).get("zero_grad")
        if method is not None:
            self.decided = True
            return self.rejects(method.node)
        node = facts.classes.get(name)
        for base in node.bases if node is not None else ():
            answer = self.base(base, facts, name, depth + 1)
            if answer is not None:
                return answer  # the first base (in order) that defines `zero_grad` decides
        return None

    def base(self, base: ast.expr, facts: ModuleFacts, name: str, depth: int) -> bool | None:
        if isinstance(base, ast.Subscript):  # Generic[T]
            base = base.value
        written = dotted(base)
        if written is None:
            return False  # cannot tell: torch's contract
        qualified = facts.imports.qualify(written) or written
        if written in _NEUTRAL_BASES or qualified in _NEUTRAL_BASES:
            return None
        if written in facts.classes and written != name and written not in facts.imports.aliases:
            return self.class_(facts, written, depth + 1)
        entry = libraries.optimizer_class(qualified)
        if entry is not None:
            self.decided = True
            return self.rejects(entry)
        project = facts.project
        found = project.definition(qualified, facts.source.path or None) if project is not None else None
        if found is not None and found[1] in found[0].facts.classes:
            return self.class_(found[0].facts, found[1], depth + 1)
        self.decided = True
        return False  # torch.optim.Optimizer, another library's class, or one gradfix cannot read


class _Lacking(_Resolver):
    """`lacks_zero_grad`'s walk: a class reached directly (not as a base) answers True when
    neither it nor any base defines `zero_grad` or `__getattr__`; a `zero_grad` found anywhere
    (a method, a library table's entry, torch's contract for a class gradfix cannot read) is
    False."""

    def __init__(self, model: ModuleModel) -> None:
        super().__init__(model, lambda what: False)
        self.nested = False
        self.dynamic = False

    def class_(self, facts: ModuleFacts, name: str, depth: int) -> bool | None:
        if (id(facts), name) in self.classes:
            return None  # judged already
        methods = facts.methods.get(name, {})
        node = facts.classes.get(name)
        dynamic = "__getattr__" in methods or "__getattribute__" in methods or (node is not None and _assigns_zero_grad(node))
        if self.nested:
            self.dynamic = self.dynamic or dynamic
            return super().class_(facts, name, depth)
        self.nested, self.dynamic = True, dynamic
        try:
            answer = super().class_(facts, name, depth)
        finally:
            self.nested = False
        lacking = answer is None and not self.dynamic
        self.decided = self.decided or lacking
        return lacking


def _assigns_zero_grad(node: ast.ClassDef) -> bool:
    """`zero_grad = ...` in the class body."""
    return any(
        isinstance(stmt, (ast.Assign, ast.AnnAssign))
        and any(isinstance(t, ast.Name) and t.id == "zero_grad" for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]))
        for stmt in node.body
    )


class _AmpOptimizer:
    """What `apex.amp.initialize` hands back with master weights (opt_level "O2", or
    `master_weights=True`): the optimizer with its `zero_grad` replaced by `new_zero_grad(self)`
    (apex/amp/_process_optimizer.py), which takes no argument."""

    clear_keywords: tuple[str, ...] = ()


_AMP_MASTER_WEIGHTS = _AmpOptimizer()


def _is_amp_initialize(call: ast.Call, facts: ModuleFacts) -> bool:
    name = call_name(call)
    return name is not None and name.endswith("initialize") and facts.imports.qualify(name) == "apex.amp.initialize"


def _amp_masters_bind(model: ModuleModel, names: tuple[str, ...]) -> bool:
    """One of `names` is bound (alone or in a tuple) to what an `amp.initialize(...)` of the
    module that may keep master weights hands back."""
    bound: set[str] | None = getattr(model, "_amp_master_keys", None)
    if bound is None:
        bound = set()
        if "initialize" in model.source.text:
            key = model.source.key
            for stmt in assignment_statements(model):
                value = stmt.value  # type: ignore[attr-defined]
                if isinstance(stmt, ast.Assign) and isinstance(value, ast.Call) and _is_amp_initialize(value, model.facts):
                    if _amp_master_weights(value):
                        for target in stmt.targets:
                            elements = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
                            bound |= {key(e) for e in elements if not isinstance(e, ast.Starred)}
        model._amp_master_keys = bound  # type: ignore[attr-defined]
    return any(name in bound for name in names)


def _amp_master_weights(call: ast.Call) -> bool:
    """`amp.initialize(...)` may keep fp32 master weights: `master_weights` given and not
    literally False or None, or else an `opt_level` that is not literally "O0", "O1" (the
    default) or "O3"."""
    given = {kw.arg: kw.value for kw in call.keywords if kw.arg is not None}
    if any(kw.arg is None for kw in call.keywords) or len(positional(call)) > 2:
        return True  # `**options`, or options passed by position: cannot read them
    if "master_weights" in given:
        value = given["master_weights"]
        return not (isinstance(value, ast.Constant) and value.value in (False, None))
    level = given.get("opt_level")
    if level is None:
        return False  # "O1"
    return not (isinstance(level, ast.Constant) and level.value in ("O0", "O1", "O3"))


# the text of a `zero_grad` given by hand: `setattr(x, "zero_grad", ...)`, `x.zero_grad = ...`,
# `zero_grad=...` as a keyword, `"zero_grad": ...` in a dict
_STAND_IN_TEXT = lazily(r"""["']zero_grad["']|zero_grad\s*=[^=]""")


def _says_stand_in(text: str) -> bool:
    """`_STAND_IN_TEXT.search(text) is not None`, tried only where `zero_grad` is written: a
    match starts at it (`zero_grad =`) or at the quote just before it (`"zero_grad"`). The
    pattern has no literal prefix, so a search tries it at every offset of the module (24
    times slower over the trees of the fifty-sixth session)."""
    match = _STAND_IN_TEXT.match
    at = text.find("zero_grad")
    while at != -1:
        if (at and match(text, at - 1) is not None) or match(text, at) is not None:
            return True
        at = text.find("zero_grad", at + 1)
    return False


# `def zero_grad(self)`, `def zero_grad(self, set_to_none=False)`: a clear that is not torch's
_OTHER_CLEAR = lazily(rb"(?m)^[ \t]*def[ \t]+zero_grad[ \t]*\([ \t]*self[ \t]*(?:,[ \t]*set_to_none[ \t]*(?::[ \t]*bool[ \t]*)?=[ \t]*False[ \t]*,?[ \t]*)?\)")


def _project_defines_other_clear(model: ModuleModel) -> bool:
    """A file of the project defines a `zero_grad` that takes no `set_to_none`, or defaults it
    to `False` (a look at the text of every file, once per run). Files under a `tests` (or
    `test`) folder of the project do not count: a test suite's stand-ins are not what the
    training code builds."""
    project = model.facts.project
    if project is None:
        return False
    contents = project.contents()
    cached = getattr(project, "_other_clear", None)
    if cached is not None and cached[0] is contents:
        return cached[1]  # type: ignore[no-any-return]
    root = os.path.join(str(project.root), "")
    found = False
    for path, data in contents:
        if data is None or b"zero_grad" not in data or next(on_lines(_OTHER_CLEAR, data, b"zero_grad"), None) is None:
            # (a match stays on one line, which says `zero_grad`: tried on those lines only)
            continue
        folders = path[len(root) :].replace(os.sep, "/").split("/")[:-1] if path.startswith(root) else []
        if not any(folder in ("tests", "test") for folder in folders):
            found = True
            break
    project._other_clear = (contents, found)  # type: ignore[attr-defined]
    return found


def _stand_in_clears(model: ModuleModel) -> list[object]:
    """The `zero_grad`s the module gives objects by hand, stand-ins for an optimizer:
    `setattr(shim, "zero_grad", f)`, `shim.zero_grad = f`, `SimpleNamespace(zero_grad=f)`,
    `{"zero_grad": f}`; each as the function's definition (a lambda's too) when gradfix can
    read it, else None."""
    found: list[object] | None = getattr(model, "_stand_in_clears", None)
    if found is not None:
        return found
    found = []
    facts = model.facts
    if _says_stand_in(model.source.text):
        for node in model.source.nodes:
            given: ast.expr | None = None
            if isinstance(node, ast.Call):
                if call_name(node) == "setattr" and len(node.args) == 3:
                    name = node.args[1]
                    if isinstance(name, ast.Constant) and name.value == "zero_grad":
                        given = node.args[2]
                else:
                    given = next((k.value for k in node.keywords if k.arg == "zero_grad"), None)
            elif isinstance(node, ast.Assign):
                if any(isinstance(t, ast.Attribute) and t.attr == "zero_grad" for t in node.targets):
                    given = node.value
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "zero_grad":
                        given = value
            if given is not None:
                found.append(_callable_definition(given, facts))
    model._stand_in_clears = found  # type: ignore[attr-defined]
    return found


def _callable_definition(expr: ast.expr, facts: ModuleFacts) -> object:
    """A lambda, or the module function a name refers to, as something `_rejects` reads; None
    (rejecting: gradfix cannot tell what it takes) otherwise."""
    if isinstance(expr, ast.Lambda):
        return expr
    if isinstance(expr, ast.Name) and expr.id in facts.module_functions:
        return facts.module_functions[expr.id].node
    return None


def _takes_set_to_none(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    args = node.args
    names = {a.arg for a in (*args.args, *args.kwonlyargs)}
    return "set_to_none" in names or args.kwarg is not None


def _rejects(what: object) -> bool:
    """A `zero_grad` (a method's definition, or a library table's entry) that takes no `set_to_none`."""
    if isinstance(what, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return not _takes_set_to_none(what)
    if what is None:
        return True  # a stand-in's clear gradfix cannot read
    return "set_to_none" not in what.clear_keywords  # type: ignore[attr-defined]


def _defaults_otherwise(what: object) -> bool:
    """A `zero_grad` with a `set_to_none` parameter whose default is not the constant `True`
    (or none at all): its bare call does not clear to `None` the way torch >= 2.0's does. Library
    table entries list no such default."""
    if not isinstance(what, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    args = what.args
    positional_args = [*args.posonlyargs, *args.args]
    defaults: dict[str, ast.expr | None] = {a.arg: None for a in positional_args}
    for parameter, default in zip(positional_args[len(positional_args) - len(args.defaults) :], args.defaults):
        defaults[parameter.arg] = default
    for parameter, default in zip(args.kwonlyargs, args.kw_defaults):
        defaults[parameter.arg] = default
    if "set_to_none" not in defaults:
        return False  # none (a TypeError: `rejects_set_to_none`), or `**kwargs` passed on
    default = defaults["set_to_none"]
    return not (isinstance(default, ast.Constant) and default.value is True)


def _returned(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    """The values of the function's own `return` statements (not those of nested functions)."""
    found: list[ast.expr] = []
    todo: list[ast.AST] = list(node.body)
    while todo:
        current = todo.pop()
        if isinstance(current, (*FUNCTIONS, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(current, ast.Return):
            if current.value is not None:
                found.append(current.value)
            continue
        if isinstance(current, ast.stmt):
            todo.extend(c for c in child_nodes(current) if isinstance(c, (ast.stmt, ast.excepthandler, MATCH_CASE)))
        elif isinstance(current, (ast.excepthandler, MATCH_CASE)):
            todo.extend(current.body)  # type: ignore[attr-defined]
    return found
