"""Probabilities fed to a loss that expects logits (GF018).

A *loss call* is `F.cross_entropy(x, y)`, `F.nll_loss`, `F.binary_cross_entropy_with_logits`,
or a call of a name bound to `nn.CrossEntropyLoss(...)`, `nn.NLLLoss(...)`,
`nn.BCEWithLogitsLoss(...)` (or such a constructor called inline). Its *input* is the first
argument (`input=`): where it comes from is followed through shape-only calls
(`.view(...)`, `.squeeze(1)`...) to

- an activation written right there: `F.softmax(out, dim=1)`, `torch.softmax(out, 1)`,
  `out.softmax(-1)`, `torch.sigmoid(out)`, `out.sigmoid()`, `nn.Softmax(dim=1)(out)`, or a
  call of a name bound to `nn.Softmax(...)` / `nn.Sigmoid()`;
- a local name whose one reaching assignment in the same function is such an activation
  (`probs = F.softmax(logits, dim=1)`);
- a model whose last layer is the activation: `nn.Sequential(..., nn.Softmax(dim=1))`, or a
  class of this file whose `forward` returns an activation on every path.

Only loss calls that can reach a `backward` are looked at: those inside training loops, in
functions that call `backward`, and in the helpers training loops call — never under
`torch.no_grad()`/`inference_mode()`.
"""

from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis import frameworks
from gradfix.analysis.assignments import Assignments, Binding, Scope, assigned_calls, assignments
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.facts import argument_calls, enclosing_function, located_bases, nested_call_arguments
from gradfix.analysis.modules import (
    bound_classes,
    imported_project_bytes,
    module_class,
    module_classes,
    reaching_class,
    strip_same_module,
)
from gradfix.analysis.steps import arguments_elsewhere
from gradfix.analysis.names import (
    LIBRARY_ROOTS,
    stdlib_names,
    call_name,
    dotted,
    keyword,
    method_name,
    positional,
    receiver,
    static_or_class,
)
from gradfix.patterns import lazily
from gradfix.project import MODELLED_LIBRARIES
from gradfix.records import dataclass, replace
from gradfix.source import DEFINITION_KINDS, DEFINITIONS, FUNCTION_KINDS, FUNCTIONS, LOOPS, WITH_KINDS, WITHS, blocks_of
from gradfix.walk import ast_nodes, ast_walk, child_nodes, own_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

LOSS_FUNCTIONS = {
    "torch.nn.functional.cross_entropy": "cross_entropy",
    "torch.nn.functional.nll_loss": "nll",
    "torch.nn.functional.kl_div": "nll",  # its input is log-probabilities as well
    "torch.nn.functional.binary_cross_entropy_with_logits": "bce_with_logits",
    "torch.binary_cross_entropy_with_logits": "bce_with_logits",
}
LOSS_CLASSES = {"CrossEntropyLoss": "cross_entropy", "NLLLoss": "nll", "KLDivLoss": "nll", "BCEWithLogitsLoss": "bce_with_logits"}
# timm's cross-entropies take logits too (their forward applies `log_softmax`), and its
# `BinaryCrossEntropy` (its forward is `binary_cross_entropy_with_logits`; proofs in
# tests/libraries/test_timm.py)
TIMM_LOSS_CLASSES = {
    "SoftTargetCrossEntropy": "cross_entropy", "LabelSmoothingCrossEntropy": "cross_entropy",
    "BinaryCrossEntropy": "bce_with_logits",
}  # fmt: skip
ACTIVATION_FUNCTIONS = {
    "torch.softmax": "softmax",
    "torch.nn.functional.softmax": "softmax",
    "torch.special.softmax": "softmax",
    "torch.sigmoid": "sigmoid",
    "torch.nn.functional.sigmoid": "sigmoid",
    "torch.special.expit": "sigmoid",
}
ACTIVATION_CLASSES = {"Softmax": "softmax", "Sigmoid": "sigmoid"}
# Which activation each loss must not receive.
WRONG_INPUT = {"cross_entropy": ("softmax", "sigmoid"), "nll": ("softmax",), "bce_with_logits": ("sigmoid",)}


def _input_kind(loss: str, activation: str) -> str:
    """The finding's kind: the loss's, or `cross_entropy_sigmoid` for sigmoid outputs fed to a
    cross-entropy (squashed into (0, 1), the logits differ by at most 1)."""
    return "cross_entropy_sigmoid" if loss == "cross_entropy" and activation == "sigmoid" else loss
_SHAPE_METHODS = {
    "view", "reshape", "squeeze", "unsqueeze", "flatten", "float", "double", "half", "contiguous",
    "permute", "transpose", "to", "type", "clone", "cpu", "cuda", "view_as", "reshape_as", "t",
}  # fmt: skip
_NO_GRAD = lazily(r"(^|\.)(no_grad|inference_mode)$")
_EVALUATION = lazily(r"valid|eval|test|infer|predict|metric|score|accuracy", re.I)


@dataclass(frozen=True, eq=False)
class Activation:
    kind: str  # "softmax" | "sigmoid"
    call: ast.Call | None  # the activation call (None: a module instance we only know by key)
    pre: ast.expr | None  # what it was applied to
    # the form, which decides the fix: "function" (`F.softmax(x)`), "method" (`x.softmax()`),
    # "module" (`nn.Softmax()(x)`, `self.softmax(x)`)
    form: str


@dataclass(frozen=True, eq=False)
class ProbabilityInput:
    """A loss call whose input is probabilities."""

    loss_call: ast.Call
    loss_kind: str  # cross_entropy | cross_entropy_sigmoid | nll | bce_with_logits
    input: ast.expr  # the loss's input argument as written
    statement: ast.stmt  # the statement holding the loss call
    scope: Scope
    where: str  # "inline" | "name" | "model" | "arms" (bound in both arms of an `if`: no fix) | "alias" (no fix)
    # | "if_arm" (bound in one arm of an `if` only: no fix)
    # | "smoothed" (a floor added or clamped on the activation, `F.softmax(out, 1) + 1e-8`: no fix)
    activation: Activation | None  # None for "model"
    node: ast.expr  # the inline activation call, or the Name read in the loss input
    binding: Binding | None = None  # "name": the assignment of the probabilities
    model_key: str | None = None  # "model": the module whose last layer is the activation
    branch: ast.If | None = None  # "if_arm": the `if` one arm of which applies the activation
    branch_holds: bool = True  # "if_arm": the arm is the `if`'s body (False: its `else`)
    # False: the loss was read from a factory of the file that picks it by a literal name
    # (`get_loss("xent")` returning `nn.CrossEntropyLoss()` in that arm): reported, not fixed
    fixable: bool = True
    # the loss handed to a library's training step that runs `loss_fn(model(x), y)` itself
    # (Ignite's `create_supervised_trainer(model, opt, nn.CrossEntropyLoss())`; `loss_call` is then
    # the library call): named in the message
    handed_loss: ast.expr | None = None


# Conventional module aliases, read as such when the file does not bind them otherwise.
_CONVENTIONAL = {"F": "torch.nn.functional", "nn": "torch.nn", "torch": "torch", "functional": "torch.nn.functional"}


def qualifier(model: ModuleModel):  # type: ignore[no-untyped-def]
    """`imports.qualify`, reading `F.softmax` and `nn.CrossEntropyLoss` as torch's even in a
    snippet that does not import them."""
    imports = model.facts.imports
    bound = assignments(model).by_key

    def qualify(name: str | None) -> str | None:
        if name is None:
            return None
        head, _, rest = name.partition(".")
        if head not in imports.aliases and head in _CONVENTIONAL and head not in bound:
            return _CONVENTIONAL[head] + ("." + rest if rest else "")
        return imports.qualify(name)

    return qualify


class _Finder:
    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.source = model.source
        self.qualify = qualifier(model)
        self.index: Assignments = assignments(model)
        # the element of a tuple the model's forward returns that the loss receives
        # (`recon, mu, logvar = model(x)`: 0), while the model's output is looked into
        # (or the constant key of a dict it returns the loss reads, `out["probs"]`)
        self.element: int | str | None = None
        # loss wrappers of the file (`def ce(pred, y): return F.cross_entropy(pred, y)`): id of the
        # function or `forward` -> the kind of loss its input is handed to; `wrapped` while one is read
        self.wrappers: dict[int, str | None] = {}
        self.wrapped = False
        # `loss_kind`'s answers past torch's loss functions: (name, key, class of the callee,
        # id of the scope, `wrapped`) -> (the kind, whether finding it set `picked`)
        self.kinds: dict[tuple[str, str, type, int, bool], tuple[str | None, bool]] = {}
        # the loss kind was read from the arm of a factory its literal argument picks (no fix)
        self.picked = False
        self.factories: dict[int, frozenset[str | None]] = {}  # id of a function of the file -> the kinds of loss it returns
        self.finders: dict[int, _Finder] = {}  # id of the source of another module of the project -> its finder
        self.sites: dict[str, dict[str, set[str]] | None] = {}  # a module function -> what its calls pass (`_module_sites`)

    # what a callee is ------------------------------------------------------------------
    def _class_kind(self, call: ast.Call, table: dict[str, str]) -> str | None:
        """`nn.CrossEntropyLoss(...)`-style constructor: the kind, if it is torch's class (also
        moved, `nn.CrossEntropyLoss().to(device)`: the same object)."""
        call = strip_same_module(call)  # type: ignore[assignment]
        if not isinstance(call, ast.Call):
            return None
        name = self.qualify(call_name(call)) or ""
        last = name.rsplit(".", 1)[-1]
        if last in table and (name.startswith("torch.") or name == last and self._imported_from_torch(last)):
            return table[last]
        if table is LOSS_CLASSES and last in TIMM_LOSS_CLASSES and name.startswith("timm."):
            return TIMM_LOSS_CLASSES[last]
        return None

    def _loss_class_kind(self, call: ast.Call) -> str | None:
        """`nn.CrossEntropyLoss(...)`, or a call of a loss factory of this file that returns one."""
        return self._class_kind(call, LOSS_CLASSES) or self._factory_kind(call)

    def _factory_kind(self, call: ast.Call) -> str | None:
        """`get_loss_fn(...)`, a plain function of this file (never rebound), or of another module
        of the project (`from losses import build_criterion`, or `losses.build_criterion(...)`
        after `import losses`, read with that module's imports),
        every `return` of which builds a torch loss of one kind (`return nn.CrossEntropyLoss()`,
        or a name of the function bound only to one, `crit = nn.CrossEntropyLoss(); return
        crit`); or one that picks among losses by a parameter (`if name == "xent": return
        nn.CrossEntropyLoss()`) called with a literal for it: the loss of the arm the literal
        takes, read without a fix."""
        func = call.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and not self.index.by_key.get(func.value.id):
            # `losses.build("ce")` after `import losses`: a function of that module of the project
            info = None
            spelled = f"{func.value.id}.{func.attr}"
        elif not isinstance(func, ast.Name) or self.index.by_key.get(func.id):
            return None
        else:
            info = self.model.facts.module_functions.get(func.id)
            spelled = func.id
        if info is None:
            elsewhere = self._elsewhere(spelled)
            if elsewhere is None:
                return None
            finder, name = elsewhere
            info = finder.model.facts.module_functions.get(name)
            if info is None or info.class_name is not None:
                return None
            finder.picked = False  # (the other module's finder: what an earlier call picked there says nothing of this one)
            kind = finder._returned_kind(info.node, call)
            self.picked = self.picked or finder.picked
            return kind
        if info.class_name is not None:
            return None
        return self._returned_kind(info.node, call)

    def _returned_kind(self, function: ast.AST, call: ast.Call) -> str | None:
        """The kind of torch loss every `return` of the factory `function` of this module
        builds (or the one its `if` on a literal argument of `call` picks)."""
        kinds = self.factories.get(id(function))
        if kinds is None:  # (read once per function: every call of a name bound to a call asks)
            returns = [n for n in own_nodes(function) if isinstance(n, ast.Return)]
            kinds = self.factories[id(function)] = frozenset(self._returned_value_kind(r.value, function) for r in returns)
        if len(kinds) == 1 and None not in kinds:
            return next(iter(kinds))
        if not any(kinds - {None}):
            return None
        picked = _picked_return(function, call)
        if picked is None or picked.value is None:
            return None
        value = picked.value
        kind = self._class_kind(value, LOSS_CLASSES) if isinstance(value, ast.Call) else None
        kind = kind or self._function_kind(value)
        if kind is not None:
            self.picked = True
        return kind

    def _returned_value_kind(self, value: ast.expr | None, function: ast.AST) -> str | None:
        """`return nn.CrossEntropyLoss()`, torch's loss function itself (`return
        F.cross_entropy`, `return functools.partial(F.cross_entropy, ...)`), or `return crit`
        (`crit.to(device)`) with `crit` bound in the function only to losses of one kind."""
        if value is None:
            return None
        value = strip_same_module(value)
        if isinstance(value, ast.Name):
            bindings = self.index.bindings(value.id, function)
            if not bindings and not self.index.by_key.get(value.id):
                return self._function_kind(value)  # (`return cross_entropy` imported from torch)
            if not bindings or any(b.scope is not function for b in bindings):
                return None
            kinds = {self._value_kind(b.value) for b in bindings}
            return kinds.pop() if len(kinds) == 1 else None
        return self._value_kind(value)

    def _value_kind(self, value: ast.expr | None) -> str | None:
        """The kind of a torch loss object built (`nn.CrossEntropyLoss()`) or of torch's loss
        function named (`F.cross_entropy`, or in `functools.partial`)."""
        if isinstance(value, ast.Call):
            return self._class_kind(value, LOSS_CLASSES) or self._function_kind(value)
        return self._function_kind(value)

    def _function_kind(self, value: ast.expr | None) -> str | None:
        """`F.cross_entropy` (torch's loss function itself, not called), also wrapped in
        `functools.partial(F.binary_cross_entropy_with_logits, pos_weight=w)`: its kind."""
        if isinstance(value, ast.Call):
            if not value.args or self.qualify(call_name(value)) != "functools.partial":
                return None
            value = value.args[0]
        name = dotted(value) if value is not None else None
        return LOSS_FUNCTIONS.get(self.qualify(name) or "") if name is not None else None

    def _elsewhere(self, name: str) -> tuple[_Finder, str] | None:
        """A finder over the module of the project defining the imported name `name` (a class or
        function at its top), with its name there; None when it is not the project's."""
        project = self.model.facts.project
        if project is None:
            return None
        qualified = self.qualify(name) or name
        if name.split(".", 1)[0] not in self.model.facts.imports.aliases or qualified.lstrip(".").split(".", 1)[0] in LIBRARY_ROOTS:
            return None  # (not imported; `losses.build` with `import losses` is)
        place = project.definition(qualified, self.source.path or None)  # type: ignore[attr-defined]
        if place is None:
            return None
        module, defined = place
        return self._finder_of(module), defined

    def _finder_of(self, module) -> _Finder:  # type: ignore[no-untyped-def]
        """The finder over another module of the project (one per module; `module` is the
        project's module or its facts)."""
        if module.source is self.source:
            return self
        finder = self.finders.get(id(module.source))
        if finder is None:
            facts = getattr(module, "facts", module)
            finder = self.finders[id(module.source)] = _Finder(ModuleModel(module.source, facts))
        return finder

    def _imported_from_torch(self, name: str) -> bool:
        return (self.qualify(name) or "").startswith("torch.")

    def _bound_kind(self, key: str, scope: Scope, table: dict[str, str], depth: int = 0) -> str | None:
        """The kind of a name bound (only) to one of the constructors of `table`, or to a name
        or `self.<attr>` that is (`criterion = self.criterion`: the same object)."""
        bindings = self.index.bindings(key, scope) or self.index.class_attribute(key, scope)
        if not bindings and table is LOSS_CLASSES:
            return self._inherited_kind(key, scope)
        kinds = set()
        for binding in bindings:
            value = binding.value
            if depth < 2 and (
                isinstance(value, ast.Name)
                or isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self"
            ):  # fmt: skip
                kinds.add(self._bound_kind(self.source.key(value), binding.scope, table, depth + 1))
                continue
            if value is None and table is LOSS_CLASSES:
                unpacked = self._unpacked_kind(binding)  # (`model, criterion, loader = build()`)
                if unpacked is None:
                    return None
                kinds.add(unpacked)
                continue
            if isinstance(value, ast.IfExp):
                values = [value.body, value.orelse]
            else:
                values = [value]
            for item in values:
                if not isinstance(item, ast.Call):
                    return None
                kinds.add(self._loss_class_kind(item) if table is LOSS_CLASSES else self._class_kind(item, table))
        if len(kinds) == 1:
            return kinds.pop()
        return None

    def _unpacked_kind(self, binding: Binding) -> str | None:
        """A name unpacked from a call of a plain function of this file (never rebound),
        `model, criterion, loader = build()`, every `return` of which is a tuple of as many
        elements whose element at the name's place is a torch loss of one kind
        (`return net, nn.CrossEntropyLoss(), loader`, or a name the function binds only to
        one): that kind."""
        found = _unpacked_from_call(binding.statement, binding.key)
        if found is None:
            return None
        call, index = found
        func = call.func
        if not isinstance(func, ast.Name) or self.index.by_key.get(func.id):
            return None
        info = self.model.facts.module_functions.get(func.id)
        if info is None or info.class_name is not None:
            return None
        width = len(binding.statement.targets[0].elts)  # type: ignore[attr-defined]
        kinds: set[str | None] = set()
        for node in own_nodes(info.node):
            if isinstance(node, (ast.Yield, ast.YieldFrom)):
                return None
            if not isinstance(node, ast.Return):
                continue
            value = node.value
            if not isinstance(value, ast.Tuple) or len(value.elts) != width or any(isinstance(e, ast.Starred) for e in value.elts):
                return None
            kinds.add(self._returned_value_kind(value.elts[index], info.node))
        return kinds.pop() if len(kinds) == 1 else None

    def _inherited_kind(self, key: str, scope: Scope) -> str | None:
        """`self.criterion(...)` in a method of a class of the file that nothing of the file
        binds, with `criterion = nn.CrossEntropyLoss()` bound once in the body of the class's
        base (of this module or another of the project, read with that module's imports), which
        binds no `self.criterion` in its methods: the kind of that loss. The bases are read in
        order; one gradfix cannot locate, or one with bases of its own that does not bind the
        name, ends the search (what it inherits is not known)."""
        if not key.startswith("self.") or key.count(".") != 1 or self.index.by_key.get(key):
            return None
        owner = _class_of(scope, self.model)
        attr = key[len("self.") :]
        if owner is None or self.index.by_key.get(f"{owner.name}.{attr}") or self.index.by_key.get(f"cls.{attr}"):
            return None
        if attr in self.model.facts.methods.get(owner.name, {}):
            return None  # (`def criterion(self, out, y)` of the class itself)
        if any(self.index.class_body.get(id(b.statement)) == owner.name for b in self.index.by_key.get(attr, [])):
            return None  # (bound in the class's own body: `class_attribute` read it, or found it ambiguous)
        for _, located in located_bases(self.model.facts, owner.name, LIBRARY_ROOTS):
            if located is None:
                return None
            facts, name = located
            finder = self._finder_of(facts)
            index = finder.index
            found = [b for b in index.by_key.get(attr, []) if index.class_body.get(id(b.statement)) == name]
            if attr in facts.methods.get(name, {}):
                return None
            if not found:
                if any(dotted(base) not in (None, "object") for base in facts.classes[name].bases):
                    return None
                continue
            if (
                len(found) != 1 or not isinstance(found[0].value, ast.Call) or index.by_key.get(key)
                or index.by_key.get(f"{name}.{attr}") or index.by_key.get(f"cls.{attr}")
            ):  # fmt: skip
                return None
            return finder._loss_class_kind(found[0].value)
        return None

    def _bound_function(self, key: str, scope: Scope) -> str | None:
        """The kind of a name bound only to torch's loss function itself (`loss_fn =
        F.cross_entropy`)."""
        bindings = self.index.bindings(key, scope) or self.index.class_attribute(key, scope)
        kinds = {self._function_kind(binding.value) for binding in bindings}
        return kinds.pop() if len(kinds) == 1 else None

    def handed_loss_kind(self, loss: ast.expr, scope: Scope) -> str | None:
        """The kind of a loss handed over, not called: built there (`nn.CrossEntropyLoss()`),
        torch's function (`F.cross_entropy`), or a name or `self.<attr>` bound only to one."""
        if isinstance(loss, ast.Call):
            return self._loss_class_kind(loss)
        name = dotted(loss)
        if name is None:
            return None
        kind = LOSS_FUNCTIONS.get(self.qualify(name) or "")
        if kind is not None:
            return kind
        key = self.source.key(loss)
        return self._bound_kind(key, scope, LOSS_CLASSES) or self._bound_function(key, scope)

    def loss_kind(self, call: ast.Call, scope: Scope) -> str | None:
        func = call.func
        if isinstance(func, ast.Call):
            return self._loss_class_kind(func)  # nn.CrossEntropyLoss()(x, y), get_loss("ce")(x, y)
        if isinstance(func, ast.Subscript):
            return self._entry_kind(func, scope)  # losses["ce"](x, y)
        name = call_name(call)
        if name is None:
            return None
        kind = LOSS_FUNCTIONS.get(self.qualify(name) or "")
        if kind is not None:
            return kind
        key = self.source.key(func)
        # the rest reads only the callee's name and key, its class, the scope and `wrapped`:
        # answered once per those (a statement helper's `criterion(...)`, `x.to(device)`...
        # asked again at each call), with whether finding it set `picked`, set again at each ask
        memo = (name, key, func.__class__, id(scope), self.wrapped)
        known = self.kinds.get(memo)
        if known is None:
            before, self.picked = self.picked, False
            kind = self._callee_kind(call, key, scope)
            known = self.kinds[memo] = (kind, self.picked)
            self.picked = before or self.picked
        elif known[1]:
            self.picked = True
        return known[0]

    def _callee_kind(self, call: ast.Call, key: str, scope: Scope) -> str | None:
        """`loss_kind` of a call of a name or an attribute, past torch's loss functions."""
        func = call.func
        kind = self._bound_kind(key, scope, LOSS_CLASSES) or self._bound_function(key, scope)
        if kind is None and isinstance(func, ast.Name):
            kind = (
                self._passed_kind(key, scope, LOSS_CLASSES) or self._imported_instance_kind(func.id)
                or self._captured_kind(func.id, scope)
            )
        if kind is None and key.startswith("self.") and key.count(".") == 1:
            kind = self._injected_kind(key[len("self."):], scope)
        elif kind is None and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner = self._dataclass_of(func.value.id, scope)
            if owner is not None:
                kind = self._injected_kind(func.attr, scope, owner)
        if kind is None and not self.wrapped:
            kind = self._wrapper_kind(call, key)
        return kind

    def _captured_kind(self, name: str, scope: Scope) -> str | None:
        """A closure's free name that is a parameter of the function it is defined in, a factory
        (`def make_train_step(model, criterion): ... def step(x, y): loss = criterion(out, y)`),
        bound nowhere in that function (nor in any function inside it): what every call of the
        factory hands it (`make_train_step(model, nn.CrossEntropyLoss())`), as `_passed_kind`
        reads a parameter of the loss's own function."""
        if not isinstance(scope, FUNCTIONS):
            return None
        found = enclosing_function(self.model.facts, scope)  # (most functions are nested in none)
        if found is None or not isinstance(found[0], FUNCTIONS):
            return None
        outer = found[0]
        args = outer.args
        if name not in [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)] or _binds_locally(scope, name):
            return None
        for node in ast_walk(outer):
            if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, (ast.Store, ast.Del)):
                return None  # rebound in the factory or by a closure's `nonlocal`
        return self._passed_kind(name, outer, LOSS_CLASSES)

    def _dataclass_of(self, name: str, scope: Scope) -> ast.ClassDef | None:
        """The `@dataclass` class of the file (its `__init__` the one `dataclasses` writes:
        `gradfix.dataclass_inits`) that `name` holds in `scope`: a parameter annotated with it
        (`def train_epoch(state: TrainState, epoch)`) that the function never rebinds, or a name
        bound there only to constructions of it (`state = TrainState(model=model, ...)`)."""
        if not isinstance(scope, FUNCTIONS) or name == "self":
            return None
        bindings = self.index.bindings(name, scope)
        args = scope.args
        param = next((a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None)
        if param is not None:
            if bindings or param.annotation is None:
                return None
            annotation = param.annotation
            owner = (
                annotation.id if isinstance(annotation, ast.Name)
                else annotation.value if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str) else None
            )
        else:
            owners = {
                b.value.func.id if isinstance(b.value, ast.Call) and isinstance(b.value.func, ast.Name) else None
                for b in bindings
            }
            owner = owners.pop() if len(owners) == 1 else None
        if owner is None:
            return None
        cls = next(
            (s for s in self.source.tree.body if isinstance(s, ast.ClassDef) and s.name == owner and any(
                isinstance(m, ast.FunctionDef) and m.name == "__init__" and getattr(m, "synthetic", False) for m in s.body
            )), None
        )
        if cls is None or sum(1 for s in self.source.tree.body if getattr(s, "name", None) == owner) != 1:
            return None
        return cls

    def _injected_kind(self, attribute: str, scope: Scope, owner: ast.ClassDef | None = None) -> str | None:
        """`self.loss(...)` in a method of a class of the file whose `__init__` stores one of its
        parameters as it is (`self.loss = loss`, the only write of that attribute in the file),
        when every construction of the class in the file (one at least) hands that parameter
        one kind of torch loss: built in place (`LossWrapper(nn.CrossEntropyLoss())`) or a name
        bound only to one. With `owner`, a field of that dataclass read on an instance of it
        (`state.criterion(...)`, `_dataclass_of`): then no other call of the file may name the
        field as a keyword (`dataclasses.replace(state, criterion=...)`) nor call `setattr`."""
        if owner is not None:
            for call in self.source.of_type(ast.Call):
                func = call.func  # type: ignore[attr-defined]
                if isinstance(func, ast.Name) and func.id == owner.name:
                    continue
                if call_name(call) in ("setattr", "builtins.setattr") or any(k.arg == attribute for k in call.keywords):  # type: ignore[attr-defined]
                    return None
        else:
            owner = _class_of(scope, self.model)
        if owner is None or any(dotted(base) == owner.name for c in self.model.facts.classes.values() for base in c.bases):
            return None  # (a subclass may be built with another loss)
        init = next((s for s in owner.body if isinstance(s, FUNCTIONS) and s.name == "__init__"), None)
        if init is None:
            return None
        writes = [
            node for kind in (ast.Assign, ast.AnnAssign, ast.AugAssign) for node in self.source.of_type(kind)
            if any(isinstance(t, ast.Attribute) and t.attr == attribute for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
        ]
        if len(writes) != 1 or not isinstance(writes[0], ast.Assign) or len(writes[0].targets) != 1:
            return None
        write = writes[0]
        target = write.targets[0]
        if not (
            isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"
            and isinstance(write.value, ast.Name) and any(n is write for n in own_nodes(init))
        ):
            return None
        args = init.args
        params = [a.arg for a in (*args.posonlyargs, *args.args)][1:]
        param = write.value.id
        if param not in params and param not in [a.arg for a in args.kwonlyargs]:
            return None
        position = params.index(param) if param in params else -1
        kinds: set[str | None] = set()
        for call in self.source.of_type(ast.Call):
            if not (isinstance(call.func, ast.Name) and call.func.id == owner.name):  # type: ignore[attr-defined]
                continue
            if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):  # type: ignore[attr-defined]
                return None
            given = keyword(call, param)  # type: ignore[arg-type]
            value = given.value if given is not None else (call.args[position] if 0 <= position < len(call.args) else None)  # type: ignore[attr-defined]
            if isinstance(value, ast.Call):
                kinds.add(self._class_kind(value, LOSS_CLASSES))
            elif isinstance(value, ast.Name):
                bound = self.index.by_key.get(value.id, [])
                if not bound:
                    return None
                for b in bound:
                    if isinstance(b.value, ast.Call):
                        kinds.add(self._class_kind(b.value, LOSS_CLASSES))
                    elif b.value is None:
                        kinds.add(self._unpacked_kind(b))  # (`model, criterion, loader = build()`)
                    else:
                        return None
            else:
                return None  # left at its default, or handed something gradfix cannot read
        return kinds.pop() if len(kinds) == 1 else None

    def _wrapper_kind(self, call: ast.Call, key: str) -> str | None:
        """A loss wrapper of this file that hands its input, unchanged, to a torch loss expecting
        logits (one hop): a function (`def ce(pred, y): return F.cross_entropy(pred, y)`, called as
        `ce(...)`) or an object every binding of which a class of the file builds, whose `forward`
        does so (`self.bce(pred, target)` with `self.bce = nn.BCEWithLogitsLoss()`). Every read of
        the parameter in the wrapper must be the input of such a loss, of one kind: removing the
        activation at the call is then what the wrapper needs (a wrapper that also reads the
        probabilities for something else is not followed)."""
        facts = self.model.facts
        func = call.func
        function = None
        skip = 0
        info = facts.module_functions.get(func.id) if isinstance(func, ast.Name) else None
        if info is not None:
            if info.class_name is None and not self.index.by_key.get(info.node.name):
                function = info.node  # (a name the file also assigns may hold something else)
        elif key and key != "self" and "(" not in key and "[" not in key and facts.methods:
            forwards = set()
            for value in assigned_calls(self.model, key):
                methods = facts.methods.get(dotted(value.func) or "")
                forward = methods.get("forward") if methods else None
                forwards.add(forward.node if forward is not None else None)
            if len(forwards) == 1:
                function, skip = forwards.pop(), 1
        if function is None:
            return None
        cache = self.wrappers
        if id(function) not in cache:
            cache[id(function)] = None
            self.wrapped = True
            try:
                cache[id(function)] = self._wrapped_loss(function, skip)
            finally:
                self.wrapped = False
        return cache[id(function)]

    def _wrapped_loss(self, function: ast.AST, skip: int) -> str | None:
        """The kind of the torch losses the wrapper's input parameter (the first, after `self`)
        is handed to, when that is all it is read for."""
        args = function.args  # type: ignore[attr-defined]
        params = [a.arg for a in (*args.posonlyargs, *args.args)]
        if len(params) <= skip:
            return None
        name = params[skip]
        kinds = set()
        reads = inputs = 0
        for node in ast_walk(function):
            if isinstance(node, ast.Name) and node.id == name:
                if not isinstance(node.ctx, ast.Load):
                    return None  # rebound in the wrapper
                reads += 1
            elif isinstance(node, (ast.Lambda, *DEFINITIONS)) and node is not function:
                return None  # a nested scope may shadow or capture it: not followed
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                return None
            elif isinstance(node, ast.Call):
                given = _first(node, "input")
                inner = _peel(given) if given is not None else None
                if isinstance(inner, ast.Name) and inner.id == name:
                    kinds.add(self.loss_kind(node, function))  # type: ignore[arg-type]
                    inputs += 1
        if not inputs or reads != inputs or len(kinds) != 1:
            return None
        return kinds.pop()

    def _entry_kind(self, func: ast.Subscript, scope: Scope) -> str | None:
        """`losses["ce"](...)` with `losses` bound only to a dict literal (or an
        `nn.ModuleDict` of one) whose constant key "ce" holds a torch loss (`nn.CrossEntropyLoss()`
        or `F.cross_entropy`), and no other statement writing into it."""
        if not (isinstance(func.slice, ast.Constant) and isinstance(func.slice.value, str)):
            return None
        owner = dotted(func.value)
        values = self.index.values(owner, scope) if owner is not None else []
        finder: _Finder = self
        if not values and owner is not None and "." not in owner:
            # `from losses import LOSSES`: the dict bound once at the top of that module
            found = self._imported_binding(owner)
            if found is None or _written_into(owner, self.source):
                return None  # (`LOSSES["ce"] = ...` here too)
            module, owner, values = found
            finder = self._finder_of(module)
        if len(values) != 1:
            return None
        value = values[0]
        if isinstance(value, ast.Call) and finder.qualify(call_name(value)) in ("torch.nn.ModuleDict", "torch.nn.modules.container.ModuleDict") and len(value.args) == 1:
            value = value.args[0]
        if not isinstance(value, ast.Dict) or _written_into(owner, finder.source):  # type: ignore[arg-type]
            return None
        entry = next((v for k, v in zip(value.keys, value.values) if isinstance(k, ast.Constant) and k.value == func.slice.value), None)
        if isinstance(entry, ast.Call):
            return finder._class_kind(entry, LOSS_CLASSES)
        name = dotted(entry) if entry is not None else None
        return LOSS_FUNCTIONS.get(finder.qualify(name) or "") if name is not None else None

    def _imported_instance_kind(self, name: str) -> str | None:
        """`from losses import criterion` with `criterion = nn.CrossEntropyLoss()` bound once
        at the top of that module of the project: the kind, read with its own imports.
        A name only a `from losses import *` can bind is looked for in the starred modules of
        the project, the last one binding it at its top winning (as a later import does)."""
        found = self._imported_binding(name)
        if found is None:
            return None
        module, _, values = found
        if len(values) != 1 or not isinstance(values[0], ast.Call):
            return None
        return self._finder_of(module)._class_kind(values[0], LOSS_CLASSES)

    def _imported_binding(self, name: str):  # type: ignore[no-untyped-def]
        """For a name imported from another module of the project (by name, or only a `from m
        import *` can bind it: the last starred module binding it at its top wins, as a later
        import does) that this module does not bind: that module, the name there, and the
        values its top-level statements assign to it."""
        project = self.model.facts.project
        qualified = self.qualify(name) or name
        if project is None or self.index.by_key.get(name):
            return None
        if qualified == name and "." not in name and not name.startswith("_"):
            stars = [star for star in self.model.facts.imports.stars if star.lstrip(".").split(".", 1)[0] not in LIBRARY_ROOTS]
            candidates = [(star, name) for star in reversed(stars)]
        elif qualified != name and "." in qualified.lstrip(".") and qualified.lstrip(".").split(".", 1)[0] not in LIBRARY_ROOTS:
            module_name, _, attribute = qualified.rpartition(".")
            candidates = [(module_name, attribute)]
        else:
            return None
        for module_name, attribute in candidates:
            path = project.module_file(module_name, self.source.path or None)
            module = project.module(path, any_bytes=True) if path is not None else None
            if module is None:
                continue
            values = [
                stmt.value for stmt in module.source.tree.body
                if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == attribute for t in stmt.targets)
            ]  # fmt: skip
            if values:
                return module, attribute, values
            # (a starred module that does not bind it: the next one may)
        return None

    def _passed(self, name: str, scope: Scope) -> set[str] | None:
        """What the call sites of this module pass for the parameter `name` of the function
        `scope` (keys of the names or expressions given), or None when it is not one."""
        if not isinstance(scope, FUNCTIONS):
            return None
        args = scope.args
        params = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
        if name not in params:
            return None
        sites = self.model.facts.call_site_args.get(scope.name)
        if not sites:
            if scope.name in self.model.facts.module_functions:
                sites = self._module_sites(scope.name)
                if not sites:
                    return None
                return sites.get(str(params.index(name)), set()) | sites.get(name, set())
            # a function nested in another (`def train(model, opt, data, criterion)` in
            # `main()`): what its calls there pass
            passed = nested_call_arguments(self.model.facts, scope, name)
            if not passed or any(argument is None for argument in passed):
                return None
            return {self.source.key(argument) for argument in passed}  # type: ignore[arg-type]
        return sites.get(str(params.index(name)), set()) | sites.get(name, set())

    def _module_sites(self, name: str) -> dict[str, set[str]] | None:
        """What the calls of the module function `name` pass (keys by position and keyword),
        read here when the facts did not look: they walk only functions that mention training,
        and a `main()` that builds the loss and hands it to a builder of the loop mentions none
        (`run_epoch, summary = make_epoch_runner(model, criterion, loader)`). None when a call
        passes a starred argument or a `**` mapping, or hands the function on uncalled."""
        if name in self.sites:
            return self.sites[name]
        sites: dict[str, set[str]] | None = {}
        key = self.source.key
        calls = [c for c in self.source.of_type(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == name]  # type: ignore[attr-defined]
        reads = sum(1 for n in self.source.of_type(ast.Name) if n.id == name and isinstance(n.ctx, ast.Load))  # type: ignore[attr-defined]
        if reads != len(calls):
            sites = None  # (handed on, `pool.map(train, ...)`: what it is called with, unknown)
        else:
            for call in calls:
                if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):  # type: ignore[attr-defined]
                    sites = None
                    break
                for index, arg in enumerate(call.args):  # type: ignore[attr-defined]
                    sites.setdefault(str(index), set()).add(key(arg))  # type: ignore[union-attr]
                for kw in call.keywords:  # type: ignore[attr-defined]
                    sites.setdefault(kw.arg, set()).add(key(kw.value))  # type: ignore[union-attr]
        self.sites[name] = sites
        return sites

    def _passed_kind(self, name: str, scope: Scope, table: dict[str, str]) -> str | None:
        """A parameter (`def train(model, loader, criterion)`) that every call site of this
        module passes a name bound to the same kind of constructor (when no call of this module
        does, every call in the other files of the project that import it: `_passed_elsewhere_kind`)."""
        passed = self._passed(name, scope)
        if passed is None:
            return self._passed_elsewhere_kind(name, scope, table)
        kinds = set()
        for key in passed:
            bindings = self.index.by_key.get(key, [])
            # (no binding: a constructor written in the call, `train_step(net, opt,
            # nn.CrossEntropyLoss(), x, y)`, or in a partial of it)
            values = [binding.value for binding in bindings] if bindings else argument_calls(self.model.facts).get(key, [])
            if not values:
                return None
            for binding, value in zip(bindings or [None] * len(values), values):
                if value is None and binding is not None and table is LOSS_CLASSES:
                    unpacked = self._unpacked_kind(binding)  # (`model, criterion, loader = build()`)
                    if unpacked is None:
                        return None
                    kinds.add(unpacked)
                    continue
                if not isinstance(value, ast.Call):
                    return None
                kinds.add(self._loss_class_kind(value) if table is LOSS_CLASSES else self._class_kind(value, table))
        if len(kinds) == 1:
            return kinds.pop()
        return None

    def _passed_elsewhere_kind(self, name: str, scope: Scope, table: dict[str, str]) -> str | None:
        """A parameter of a module function that no call of this module fills, and that every
        call of it in the other files of the project (one at least) fills with the same kind of
        constructor, written in the call (`train(model, loader, criterion=nn.CrossEntropyLoss())`)
        or a name that file binds only to such calls (and no function of it takes as a parameter)."""
        project = self.model.facts.project
        if project is None or not self.source.path or not isinstance(scope, FUNCTIONS):
            return None
        info = self.model.facts.module_functions.get(scope.name)
        if info is None or info.node is not scope or name not in info.params or self.model.facts.call_site_args.get(scope.name):
            return None
        kinds: set[str | None] = set()
        finders: dict[int, _Finder] = {}
        for module, value in arguments_elsewhere(project, self.source.path, info, name):
            other = finders.get(id(module))
            if other is None:
                other = finders[id(module)] = _Finder(ModuleModel(module.source, module.facts))
            values: list[ast.expr | None] = [value]
            if isinstance(value, ast.Name):
                if any(a.arg == value.id for a in module.source.of_type(ast.arg)):
                    return None  # (a parameter of that file's own function: its callers decide)
                values = [b.value for b in other.index.by_key.get(value.id, [])]
            if not values:
                return None
            for item in values:
                if not isinstance(item, ast.Call):
                    return None
                kinds.add(other._loss_class_kind(item) if table is LOSS_CLASSES else other._class_kind(item, table))
        return kinds.pop() if len(kinds) == 1 else None

    def activation(self, expr: ast.expr, scope: Scope) -> Activation | None:
        if not isinstance(expr, ast.Call):
            return None
        func = expr.func
        if isinstance(func, ast.Call):
            kind = self._class_kind(func, ACTIVATION_CLASSES)
            return Activation(kind, expr, _first(expr, "input"), "module") if kind else None
        name = call_name(expr)
        qualified = self.qualify(name) if name else None
        if qualified in ACTIVATION_FUNCTIONS:
            return Activation(ACTIVATION_FUNCTIONS[qualified], expr, _first(expr, "input"), "function")
        method = method_name(expr)
        recv = receiver(expr)
        if (
            method in ("softmax", "sigmoid") and recv is not None and not _module_alias(recv, self.qualify)
            and not (isinstance(recv, ast.Name) and recv.id == "self")
        ):
            # (`self.softmax(x)` calls an attribute of the model: what it is bound to says, below)
            return Activation(method, expr, recv, "method")
        if name is not None and (dotted(func) is not None):
            kind = self._bound_kind(self.source.key(func), scope, ACTIVATION_CLASSES)
            if kind is not None:
                return Activation(kind, expr, _first(expr, "input"), "module")
            kind = self._bound_activation(self.source.key(func), scope) if isinstance(func, ast.Name) else None
            if kind is not None:
                return Activation(kind, expr, _first(expr, "input"), "function")  # `sm = F.softmax`; `sm(out, 1)`
        return None

    def _bound_activation(self, key: str, scope: Scope) -> str | None:
        """The kind of a name bound only to torch's activation function itself (`sm = F.softmax`)."""
        bindings = self.index.bindings(key, scope) or self.index.class_attribute(key, scope)
        kinds = set()
        for binding in bindings:
            value = binding.value
            name = dotted(value) if value is not None else None
            kinds.add(ACTIVATION_FUNCTIONS.get(self.qualify(name) or "") if name is not None else None)
        return kinds.pop() if len(kinds) == 1 else None

    # where the loss input comes from -----------------------------------------------------
    def probability_input(self, call: ast.Call, stmt: ast.stmt, scope: Scope) -> ProbabilityInput | None:
        self.picked = False
        given = _first(call, "input")
        if given is None:
            return None  # (`opt.step()`, `loss.backward()`: no input to read; asked before the loss kind)
        expr = _peel(given)
        if expr.__class__ is not ast.Call and expr.__class__ is not ast.Name and not (
            expr.__class__ is ast.BinOp and expr.op.__class__ is ast.Add  # type: ignore[attr-defined]
        ):
            return None  # `_probability_input` reads only a call, a name or a floor added on (`p + 1e-8`)
        kind = self.loss_kind(call, scope)
        if kind is None:
            return None
        found = self._probability_input(call, kind, stmt, scope)
        if found is not None and self.picked:
            found = replace(found, fixable=False)  # a loss picked by a literal name: the factory may change
        return found

    def _probability_input(self, call: ast.Call, kind: str, stmt: ast.stmt, scope: Scope) -> ProbabilityInput | None:
        given = _first(call, "input")
        if given is None:
            return None
        expr = _peel(given)
        wrongs = WRONG_INPUT[kind]
        found = self.activation(expr, scope)
        if found is not None:
            if found.kind not in wrongs:
                return None
            return ProbabilityInput(call, _input_kind(kind, found.kind), given, stmt, scope, "inline", found, expr)
        smoothed = self._smoothed(expr, scope, wrongs)
        if smoothed is not None:
            # `F.softmax(out, 1) + 1e-8`, `out.softmax(-1).clamp(min=1e-6)`: still probabilities
            return ProbabilityInput(call, _input_kind(kind, smoothed.kind), given, stmt, scope, "smoothed", None, expr)
        entry = _dict_entry(given)  # `out["probs"]`: the entry of a dict the forward returns
        if isinstance(expr, ast.Call):
            self.element = entry
            try:
                for wrong in wrongs:
                    module = self._model_with_activation(expr, scope, wrong)
                    if module is not None:
                        return ProbabilityInput(call, _input_kind(kind, wrong), given, stmt, scope, "model", None, expr, model_key=module)
            finally:
                self.element = None
            return None
        if not isinstance(expr, ast.Name):
            return None
        binding = self.reaching(expr.id, stmt, scope)
        if binding is not None and binding.value is None:
            element = _unpacked_from_call(binding.statement, expr.id)
            if element is not None:
                # `recon, mu, logvar = model(x)`: the element the model's forward returns there
                call_value, index = element
                self.element = index
                try:
                    for wrong in wrongs:
                        module = self._model_with_activation(call_value, scope, wrong)
                        if module is not None:
                            return ProbabilityInput(call, _input_kind(kind, wrong), given, stmt, scope, "model", None, expr, binding, module)
                finally:
                    self.element = None
            return None
        if binding is None:
            arms = self._arm_values(expr.id, stmt, scope)
            if arms:
                kinds = set()
                for arm_value in arms:
                    arm_found = self.activation(_peel(arm_value), scope)
                    if arm_found is None or arm_found.kind not in wrongs:
                        return None
                    kinds.add(arm_found.kind)
                if len(kinds) == 1:
                    # `if t: probs = softmax(logits / t) else: probs = softmax(logits)`: reported, not fixed
                    return ProbabilityInput(call, _input_kind(kind, kinds.pop()), given, stmt, scope, "arms", None, expr)
                return None
            one_arm = self._one_arm_value(expr.id, stmt, scope)
            if one_arm is not None:
                arm_found = self.activation(_peel(one_arm[1]), scope)
                if arm_found is not None and arm_found.kind in wrongs:
                    # `if flag: out = F.softmax(out, 1)` before the loss: wrong whenever the arm runs (reported, not fixed)
                    return ProbabilityInput(
                        call, _input_kind(kind, arm_found.kind), given, stmt, scope, "if_arm", None, expr,
                        branch=one_arm[0], branch_holds=one_arm[2],
                    )
            return None
        if binding.value is None:
            return None
        value = _peel(binding.value)
        alias, depth = binding, 0
        while isinstance(value, ast.Name) and depth < 3:
            # `out = probs` after `probs = F.softmax(logits, 1)`: what the alias holds (reported, not fixed)
            alias = self.reaching(value.id, alias.statement, scope)  # type: ignore[assignment]
            if alias is None or alias.value is None:
                return None
            value, depth = _peel(alias.value), depth + 1
            found = self.activation(value, scope)
            if found is not None:
                if found.kind not in wrongs:
                    return None
                return ProbabilityInput(call, _input_kind(kind, found.kind), given, stmt, scope, "alias", None, expr)
        if depth:
            return None
        found = self.activation(value, scope)
        if found is not None:
            if found.kind not in wrongs:
                return None
            return ProbabilityInput(call, _input_kind(kind, found.kind), given, stmt, scope, "name", found, expr, binding)
        smoothed = self._smoothed(value, scope, wrongs)
        if smoothed is not None:
            return ProbabilityInput(call, _input_kind(kind, smoothed.kind), given, stmt, scope, "smoothed", None, expr, binding)
        if isinstance(value, ast.Call):
            self.element = entry
            try:
                for wrong in wrongs:
                    module = self._model_with_activation(value, scope, wrong)
                    if module is not None:
                        return ProbabilityInput(call, _input_kind(kind, wrong), given, stmt, scope, "model", None, expr, binding, module)
            finally:
                self.element = None
        return None

    def _smoothed(self, expr: ast.expr, scope: Scope, wrongs: tuple[str, ...]) -> Activation | None:
        """The activation under a small floor added or clamped on (`F.softmax(out, 1) + 1e-8`,
        `eps + probs`, `out.softmax(-1).clamp(min=1e-6)`, `torch.clamp(p, 1e-6, 1)`): the
        values are still probabilities."""
        inner = _unfloored(expr, self.qualify)
        if inner is None:
            return None
        found = self.activation(_peel(inner), scope)
        return found if found is not None and found.kind in wrongs else None

    def _bindings_before(self, name: str, stmt: ast.stmt, scope: Scope) -> tuple[list[Binding], Binding | None]:
        """The bindings of `name` in `scope` written above the statement, and the nearest one."""
        bindings = [b for b in self.index.bindings(name, scope) if b.scope is scope]
        before = [b for b in bindings if (b.statement.lineno, b.statement.col_offset) < (stmt.lineno, stmt.col_offset)]
        nearest = max(before, key=lambda b: (b.statement.lineno, b.statement.col_offset)) if before else None
        return before, nearest

    def reaching(self, name: str, stmt: ast.stmt, scope: Scope) -> Binding | None:
        """The assignment of `name` that the statement reads: the nearest one above it in the
        same function, in a block that holds the statement (so it always runs first)."""
        before, nearest = self._bindings_before(name, stmt, scope)
        if nearest is None:
            return None
        if any(b is not nearest and b.statement is nearest.statement for b in before):
            return None  # bound twice by one statement
        if isinstance(nearest.statement, (*LOOPS, *WITHS)) or not isinstance(nearest.statement, (ast.Assign, ast.AnnAssign)):
            return None
        block = self.source.block_of(nearest.statement)
        if block is None or not _holds(block, stmt, self.source):
            return None
        return nearest

    def _arm_values(self, name: str, stmt: ast.stmt, scope: Scope) -> list[ast.expr]:
        """What `name` holds at `stmt` when the nearest bindings above it are the last statements
        binding it in both arms of an `if` that always runs before `stmt`: each arm's value."""
        before, nearest = self._bindings_before(name, stmt, scope)
        if nearest is None:
            return []
        branch = self.source.owner_of(nearest.statement)
        if not isinstance(branch, ast.If) or not branch.orelse:
            return []
        outer = self.source.block_of(branch)
        if outer is None or not _holds(outer, stmt, self.source):
            return []
        values: list[ast.expr] = []
        for arm in (branch.body, branch.orelse):
            own = [b for b in before if self.source.block_of(b.statement) is arm]
            if not own:
                return []
            last = max(own, key=lambda b: (b.statement.lineno, b.statement.col_offset))
            if not isinstance(last.statement, (ast.Assign, ast.AnnAssign)) or last.value is None or last is not max(
                (b for b in before if branch.lineno <= b.statement.lineno <= (arm[-1].end_lineno or 0) and b.statement.lineno >= arm[0].lineno),
                key=lambda b: (b.statement.lineno, b.statement.col_offset),
            ):
                return []  # bound again after, in a nested block of the arm
            values.append(last.value)
        return values

    def _one_arm_value(self, name: str, stmt: ast.stmt, scope: Scope) -> tuple[ast.If, ast.expr, bool] | None:
        """What `name` holds at `stmt` when the arm of an `if` runs, if the nearest binding above it
        is the last statement of that arm binding it (`if flag: out = F.softmax(out, 1)`), the
        other arm does not bind it, the `if` always runs before `stmt` and the arm never leaves
        early (`continue`, `return`, ...); None otherwise."""
        before, nearest = self._bindings_before(name, stmt, scope)
        if nearest is None:
            return None
        if any(b is not nearest and b.statement is nearest.statement for b in before):
            return None
        if not isinstance(nearest.statement, (ast.Assign, ast.AnnAssign)) or nearest.value is None:
            return None
        branch = self.source.owner_of(nearest.statement)
        if not isinstance(branch, ast.If):
            return None
        arm = self.source.block_of(nearest.statement)
        other = branch.orelse if arm is branch.body else branch.body
        if arm is not branch.body and arm is not branch.orelse:
            return None
        outer = self.source.block_of(branch)
        if outer is None or not _holds(outer, stmt, self.source) or _holds(arm, stmt, self.source):
            return None
        if other and _holds(other, stmt, self.source):
            return None  # the loss is in the other arm: it never sees the activation
        if other and any(_holds(other, b.statement, self.source) for b in before):
            return None  # `else: out = ...`: both arms bind it (read above, when both are activations)
        for node in ast_walk(branch):
            if isinstance(node, (ast.Return, ast.Continue, ast.Break, ast.Raise, ast.Yield, ast.YieldFrom)):
                return None
        return branch, nearest.value, arm is branch.body

    def _model_with_activation(self, call: ast.Call, scope: Scope, wrong: str) -> str | None:
        """`model(x)` where the module's last layer is the activation `wrong`."""
        if dotted(call.func) is None:
            return None
        key = self.source.key(call.func)
        if key == "self":
            # `self(x)` in a method (a LightningModule's `training_step`): the class's own forward
            owner = _class_of(scope, self.model)
            return owner.name if owner is not None and self._class_output(owner, 0) == wrong else None
        function = self._function_called(call, scope)
        if function is not None:
            # `def forward(x): return F.softmax(model(x), dim=1)`: a function of the module
            return key if self._returned_activation(function) == wrong else None
        constructor = module_class(key, scope, self.model)
        if constructor is None and self._passed_model(key, scope, wrong):
            return key
        if constructor is None:
            reaching = reaching_class(key, scope, self.model, call)
            if reaching is not None:
                # rebound cell after cell at the module's top level: the last binding before the loop
                return key if reaching is not False and self._output_activation(reaching, scope) == wrong else None  # type: ignore[arg-type]
            # bound in several places (`if arch == "mlp": model = MLP() else: model = CNN()`):
            # one class that ends with the activation makes that choice train wrongly
            constructors = module_classes(key, scope, self.model)
            return key if any(self._output_activation(c, scope) == wrong for c in constructors) else None  # type: ignore[arg-type]
        kind = self._output_activation(constructor, scope)
        return key if kind == wrong else None

    def _passed_model(self, name: str, scope: Scope, wrong: str) -> bool:
        """A parameter (`def train(model, loader)`) that a call site of this module passes a
        name built from a module class ending with the activation `wrong` (`net = Net();
        train(net, loader)`)."""
        passed = self._passed(name, scope) if "." not in name else None
        if passed is None and "." not in name:
            return self._passed_model_elsewhere(name, scope, wrong)
        return passed is not None and any(
            self._output_activation(constructor, self.source.tree) == wrong  # type: ignore[arg-type]
            for key in passed
            if "." not in key
            for constructor in bound_classes(key, self.model)
        )

    def _passed_model_elsewhere(self, name: str, scope: Scope, wrong: str) -> bool:
        """A parameter of a module function that no call of this module fills, and that every
        call of it in the other files of the project (one at least) fills with a model ending
        with the activation `wrong`: built there (`model = build_model()` with `from models
        import build_model`, `net = nn.Sequential(..., nn.Softmax(dim=1))`), bound once."""
        project = self.model.facts.project
        if project is None or not self.source.path or not isinstance(scope, FUNCTIONS):
            return False
        info = self.model.facts.module_functions.get(scope.name)
        if info is None or info.node is not scope or name not in info.params or self.model.facts.call_site_args.get(scope.name):
            return False
        finders: dict[int, _Finder] = {}
        seen = False
        for module, value in arguments_elsewhere(project, self.source.path, info, name):
            if not isinstance(value, ast.Name) or any(a.arg == value.id for a in module.source.of_type(ast.arg)):
                return False  # (not a name, or a parameter of that file's own function: its callers decide)
            other = finders.get(id(module))
            if other is None:
                other = finders[id(module)] = _Finder(ModuleModel(module.source, module.facts))
            constructors = bound_classes(value.id, other.model)
            if len(constructors) != 1 or other._output_activation(constructors[0], module.source.tree) != wrong:  # type: ignore[arg-type]
                return False
            seen = True
        return seen

    def _output_activation(self, constructor: ast.Call, scope: Scope, depth: int = 0) -> str | None:
        if depth > 3:
            return None
        name = self.qualify(call_name(constructor)) or ""
        last = name.rsplit(".", 1)[-1]
        if last == "Sequential" and name.startswith("torch."):
            if isinstance(self.element, str):
                return None  # a `Sequential` returns no dict
            args = positional(constructor)
            final: ast.expr | None = None
            if len(constructor.args) > 1 and isinstance(constructor.args[-1], ast.Call):
                # `nn.Sequential(*layers, nn.Softmax(dim=-1))`: the layer written last
                final = constructor.args[-1]
            elif len(constructor.args) == 1 and isinstance(constructor.args[0], ast.Starred):
                # `nn.Sequential(*layers)`: the last layer the list was given, where it was built
                final = _last_element(constructor.args[0].value, scope, self.source)
            elif args and isinstance(args[-1], ast.Call):
                final = args[-1]
            if not isinstance(final, ast.Call):
                return None
            kind = self._class_kind(final, ACTIVATION_CLASSES)
            if kind is None:
                # `nn.Sequential(backbone, nn.Sequential(nn.Linear(16, 3), nn.Softmax(dim=1)))`: the
                # last layer is itself a model (a `Sequential`, a module class or builder of the file)
                kind = self._output_activation(final, scope, depth + 1)
            return kind
        return self._named_output(name, depth)

    def _named_output(self, name: str, depth: int) -> str | None:
        """The activation what a builder function or module class of this module (or, by its
        import, of another module of the project) named `name` ends with."""
        info = self.model.facts.module_functions.get(name)
        if info is not None and "." not in name:
            # `model = get_model()`: what a builder function of the module returns
            returns = [n.value for n in own_nodes(info.node) if isinstance(n, ast.Return)]
            kinds = {
                self._output_activation(v, info.node, depth + 1) if isinstance(v, ast.Call) else None for v in returns
            }
            return kinds.pop() if len(kinds) == 1 else None
        node = self.model.facts.classes.get(name)
        if node is None:
            return self._output_elsewhere(name, depth)
        return self._class_output(node, depth)

    def _class_output(self, node: ast.ClassDef, depth: int) -> str | None:
        """The activation a module class's `forward` ends with."""
        forward = next((s for s in node.body if isinstance(s, FUNCTIONS) and s.name == "forward"), None)
        if forward is None:
            return None
        kind = self._returned_activation(forward)
        if kind is None:
            # `return self.model(x)`, `self.model = nn.Sequential(..., nn.Softmax(dim=1))` in `__init__`
            layers = _returned_attribute_call(forward, self.element) if not isinstance(self.element, str) else None
            init = next((s for s in node.body if isinstance(s, FUNCTIONS) and s.name == "__init__"), None)
            if layers is not None and init is not None:
                built = _single_attribute_value(init, layers)
                if isinstance(built, ast.Call):
                    kind = self._output_activation(built, init, depth + 1)
        return kind

    def _output_elsewhere(self, name: str, depth: int) -> str | None:
        """`model = Net()` with `Net` imported from a module of the project (`from models
        import Net`): the activation its class (or builder function) ends with there, read
        with that module's own imports."""
        project = self.model.facts.project
        if project is None or "." not in name or name.lstrip(".").split(".", 1)[0] in LIBRARY_ROOTS:
            return None
        found = project.definition(name, self.source.path or None)  # type: ignore[attr-defined]
        if found is None:
            return None
        module, defined = found
        if depth > 3:
            return None
        return _Finder(ModuleModel(module.source, module.facts))._named_output(defined, depth + 1)

    def _function_called(self, call: ast.Call, scope: Scope) -> ast.AST | None:
        """The function of this module a plain call runs: a module-level function, or one
        defined in the calling function (a closure), by its name."""
        if not isinstance(call.func, ast.Name):
            return None
        name = call.func.id
        facts = self.model.facts
        if isinstance(scope, FUNCTIONS):
            local = facts.local_functions.get(id(scope), {}).get(name)
            if local is not None:
                return local.node
        info = facts.module_functions.get(name)
        return info.node if info is not None else None

    def _returned_activation(self, forward: ast.AST) -> str | None:
        """The activation every `return` of a function ends with, if one and the same (`return
        F.softmax(x, 1)`, or `x = F.softmax(x, 1)` right before `return x`)."""
        returns = [n for n in own_nodes(forward) if isinstance(n, ast.Return)]
        if not returns:
            return None
        kinds = set()
        for ret in returns:
            if ret.value is None:
                return None
            value = _peel(ret.value)
            if isinstance(self.element, str):
                # the entry of `return {"logits": logits, "probs": logits.softmax(-1)}` the loss reads
                if not isinstance(value, ast.Dict) or any(k is None for k in value.keys):
                    return None
                entries = [v for k, v in zip(value.keys, value.values) if isinstance(k, ast.Constant) and k.value == self.element]
                if len(entries) != 1 or not all(isinstance(k, ast.Constant) for k in value.keys):
                    return None
                value = _peel(entries[0])
            elif self.element is not None:
                # the element of `return torch.sigmoid(score), (ue, ie)` the loss receives
                if not isinstance(value, ast.Tuple) or self.element >= len(value.elts) or any(isinstance(e, ast.Starred) for e in value.elts):
                    return None
                value = _peel(value.elts[self.element])
            if isinstance(value, ast.Name):
                value = _assigned_just_before(forward, ret, value.id)  # type: ignore[assignment]
                if value is None:
                    return None
                value = _peel(value)
            found = self.activation(value, forward)
            if found is None:
                return None
            kinds.add(found.kind)
        return kinds.pop() if len(kinds) == 1 else None


def _picked_return(function: ast.AST, call: ast.Call) -> ast.Return | None:
    """The `return` that a factory picking by a parameter (`if name == "xent": return ...`,
    `elif name in ("mse", "l2"): ...`) reaches for the string literal `call` passes for that
    parameter: its top-level statements are read in order, `if`/`elif` tests comparing the
    parameter with literals decided; None when anything else could decide (another test, a
    statement that binds the parameter, a `return` not at the end of the arm taken)."""
    args = function.args  # type: ignore[attr-defined]
    params = [a.arg for a in (*args.posonlyargs, *args.args)]
    given: dict[str, str] = {}
    for position, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            break
        if position < len(params) and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            given[params[position]] = arg.value
    for kw in call.keywords:
        if kw.arg is not None and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
            given[kw.arg] = kw.value.value

    def decided(test: ast.expr) -> bool | None:
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
            return None
        left, op, right = test.left, test.ops[0], test.comparators[0]
        if isinstance(left, ast.Constant) and isinstance(right, ast.Name) and isinstance(op, ast.Eq):
            left, right = right, left
        if not (isinstance(left, ast.Name) and left.id in given):
            return None
        value = given[left.id]
        if isinstance(op, (ast.Eq, ast.NotEq)) and isinstance(right, ast.Constant) and isinstance(right.value, str):
            return (value == right.value) == isinstance(op, ast.Eq)
        if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
            if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in right.elts):
                return None
            return (value in [e.value for e in right.elts]) == isinstance(op, ast.In)  # type: ignore[attr-defined]
        return None

    def binds(stmt: ast.stmt) -> bool:
        return any(
            isinstance(n, ast.Name) and n.id in given and not isinstance(n.ctx, ast.Load)
            for n in ast_walk(stmt)
        ) or any(isinstance(n, (ast.Global, ast.Nonlocal)) for n in ast_walk(stmt))

    def walk(block: list[ast.stmt]) -> ast.Return | None | bool:
        """The return reached, False when the block ends without one, None when undecided."""
        for stmt in block:
            if isinstance(stmt, ast.Return):
                return stmt
            if isinstance(stmt, ast.If):
                taken = decided(stmt.test)
                if taken is None:
                    return None
                reached = walk(stmt.body if taken else stmt.orelse)
                if reached is not False:
                    return reached
                continue
            if isinstance(stmt, (ast.Raise,)):
                return None
            if binds(stmt) or any(isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom)) for n in ast_walk(stmt)):
                return None
        return False

    if not given:
        return None
    reached = walk(function.body)  # type: ignore[attr-defined]
    return reached if isinstance(reached, ast.Return) else None


def _written_into(owner: str, source) -> bool:  # type: ignore[no-untyped-def]
    """A statement stores into `owner[...]` (`losses["ce"] = ...`) or updates it."""
    for node in source.nodes:
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and dotted(node.value) == owner:
            return True
        if isinstance(node, ast.Call) and method_name(node) in ("update", "setdefault", "__setitem__") and dotted(receiver(node) or node) == owner:
            return True
    return False


def _assigned_just_before(function: ast.AST, ret: ast.Return, name: str) -> ast.expr | None:
    """`x = <value>` as the statement right before `return x`, in the same block."""
    for block in blocks_of(function):
        for index, stmt in enumerate(block):
            if stmt is ret:
                if index == 0:
                    return None
                before = block[index - 1]
                if (
                    isinstance(before, ast.Assign)
                    and len(before.targets) == 1
                    and isinstance(before.targets[0], ast.Name)
                    and before.targets[0].id == name
                ):
                    return before.value
                return None
    return None


def _returned_attribute_call(forward: ast.AST, element: int | None = None) -> str | None:
    """`self.model` when the function's only return is `return self.model(...)` (or, for
    `element`, the tuple `return self.dec(z), mu, logvar` holds that call there)."""
    returns = [n for n in own_nodes(forward) if isinstance(n, ast.Return)]
    if len(returns) != 1:
        return None
    value = returns[0].value
    if element is not None:
        if not isinstance(value, ast.Tuple) or element >= len(value.elts):
            return None
        value = value.elts[element]
    if not isinstance(value, ast.Call):
        return None
    func = value.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        return func.attr
    return None


def _unpacked_from_call(statement: ast.stmt, name: str) -> tuple[ast.Call, int] | None:
    """`a, (b, c) = model(x)`: the call and the index of the top-level element `name` is."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1 or not isinstance(statement.value, ast.Call):
        return None
    target = statement.targets[0]
    if not isinstance(target, (ast.Tuple, ast.List)) or any(isinstance(e, ast.Starred) for e in target.elts):
        return None
    for index, element in enumerate(target.elts):
        if isinstance(element, ast.Name) and element.id == name:
            return statement.value, index
    return None


def _single_attribute_value(init: ast.AST, attribute: str) -> ast.expr | None:
    """The value `self.<attribute> = ...` is given, when `__init__` assigns it exactly once."""
    values = [
        n.value
        for n in own_nodes(init)
        if isinstance(n, ast.Assign)
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Attribute)
        and isinstance(n.targets[0].value, ast.Name)
        and n.targets[0].value.id == "self"
        and n.targets[0].attr == attribute
    ]
    return values[0] if len(values) == 1 else None


def _last_element(expr: ast.expr, scope: Scope, source) -> ast.expr | None:  # type: ignore[no-untyped-def]
    """The last element a list ends with: a literal (`[a, b, c]`), or a name built in the
    scope's own top-level statements from a literal and unconditional `.append(...)` calls
    (what a loop or a condition did to it before the last such append does not matter)."""
    if isinstance(expr, (ast.List, ast.Tuple)):
        last = expr.elts[-1] if expr.elts else None
        return None if isinstance(last, ast.Starred) else last
    if not isinstance(expr, ast.Name):
        return None
    body = getattr(scope, "body", None)
    if not isinstance(body, list):
        return None
    final: ast.expr | None = None
    for stmt in body:
        if any(n is expr for n in ast_walk(stmt)):
            return final  # the statement that builds the model from the list
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == expr.id for t in stmt.targets):
            final = _last_element(stmt.value, scope, source) if isinstance(stmt.value, (ast.List, ast.Tuple)) else None
        elif (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and isinstance(stmt.value.func.value, ast.Name)
            and stmt.value.func.value.id == expr.id
        ):
            append = stmt.value.func.attr == "append" and len(stmt.value.args) == 1
            extend = stmt.value.func.attr == "extend" and len(stmt.value.args) == 1 and isinstance(stmt.value.args[0], (ast.List, ast.Tuple))
            final = stmt.value.args[0] if append else (_last_element(stmt.value.args[0], scope, source) if extend else None)
        elif (
            isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and isinstance(stmt.target, ast.Name)
            and stmt.target.id == expr.id and isinstance(stmt.value, (ast.List, ast.Tuple)) and stmt.value.elts
        ):  # fmt: skip
            final = _last_element(stmt.value, scope, source)  # `layers += [nn.Softmax(dim=-1)]`
        elif any(
            (isinstance(n, ast.Name) and n.id == expr.id and not isinstance(n.ctx, ast.Load))
            or (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == expr.id)
            or (
                isinstance(n, ast.Subscript)
                and not isinstance(n.ctx, ast.Load)
                and isinstance(n.value, ast.Name)
                and n.value.id == expr.id
            )
            for n in ast_walk(stmt)
        ):
            final = None  # changed in some other way (in a loop, under a condition, `+=`, `[-1] =`): unknown
    return None  # built elsewhere


_FLOOR = lazily(r"(?i)eps|epsilon|tiny|smooth|floor|min_?prob")


def _unfloored(expr: ast.expr, qualify) -> ast.expr | None:  # type: ignore[no-untyped-def]
    """`x` for `x + 1e-8`, `eps + x`, `x + self.eps`, `x.clamp(1e-6, 1)`, `x.clamp(min=eps)`,
    `x.clamp_min(eps)`, `x.clip(...)`, `torch.clamp(x, ...)`: a small floor that keeps `x` a
    probability; None otherwise."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        for kept, other in ((expr.left, expr.right), (expr.right, expr.left)):
            if (
                isinstance(other, ast.Constant) and isinstance(other.value, (int, float))
                and not isinstance(other.value, bool) and 0 < other.value < 0.01
            ) or (isinstance(other, (ast.Name, ast.Attribute)) and _FLOOR.search(dotted(other) or "")):
                return kept
        return None
    if not isinstance(expr, ast.Call):
        return None
    method = method_name(expr)
    recv = receiver(expr)
    if method in ("clamp", "clip", "clamp_min") and recv is not None:
        if _module_alias(recv, qualify):
            full = qualify(dotted(expr.func)) or ""
            if full not in ("torch.clamp", "torch.clip", "torch.clamp_min") or not expr.args:
                return None
            return expr.args[0]
        return recv
    return None


def _first(call: ast.Call, name: str) -> ast.expr | None:
    args = positional(call)
    if args:
        return args[0]
    kw = keyword(call, name)
    return kw.value if kw is not None else None


def _dict_entry(expr: ast.expr) -> str | None:
    """`"probs"` of `out["probs"]` (also under shape-only calls and indexing, `out["probs"][:, 1]`):
    the constant string key the loss input reads from what it is peeled to."""
    entry = None
    while True:
        if isinstance(expr, ast.Call) and method_name(expr) in _SHAPE_METHODS and receiver(expr) is not None:
            expr = receiver(expr)  # type: ignore[assignment]
        elif isinstance(expr, ast.Subscript):
            slice_ = expr.slice
            entry = slice_.value if isinstance(slice_, ast.Constant) and isinstance(slice_.value, str) else None
            expr = expr.value
        else:
            return entry


def _peel(expr: ast.expr) -> ast.expr:
    """Through shape-only calls and indexing: `probs` for `probs.view(-1, C)[:, 0]`."""
    while True:
        if isinstance(expr, ast.Call) and method_name(expr) in _SHAPE_METHODS and receiver(expr) is not None:
            expr = receiver(expr)  # type: ignore[assignment]
        elif isinstance(expr, ast.Subscript):
            expr = expr.value
        else:
            return expr


def _module_alias(expr: ast.expr, qualify) -> bool:  # type: ignore[no-untyped-def]
    """`F` in `F.softmax`, `torch` in `torch.sigmoid`: a module, not a tensor."""
    name = dotted(expr)
    if name is None:
        return False
    full = qualify(name) or ""
    return full == "torch" or full.startswith("torch.")


def _holds(block: list[ast.stmt], stmt: ast.stmt, source) -> bool:  # type: ignore[no-untyped-def]
    """`stmt` is in `block` or nested in one of its statements."""
    current: ast.AST | None = stmt
    while current is not None:
        if isinstance(current, ast.stmt) and source.block_of(current) is block:
            return True
        current = source.owner_of(current) if isinstance(current, ast.stmt) else None
    return False


# regions that train ---------------------------------------------------------------------
def _is_no_grad(expr: ast.AST, qualify) -> bool:  # type: ignore[no-untyped-def]
    target = expr.func if isinstance(expr, ast.Call) else expr
    return bool(_NO_GRAD.search(qualify(dotted(target)) or ""))


# the text of a call named `backward` or `manual_backward`, also `(loss.backward)()` (a superset)
_BACKWARD_CALL = lazily(r"backward[\s\\)]*\(")


def _training_statements(model: ModuleModel) -> Iterator[tuple[ast.stmt, Scope, list[ast.AST]]]:
    """Simple statements (and compound headers) whose losses can reach a backward, each with
    the nodes it evaluates itself (`_header_nodes`, walked once per statement)."""
    source = model.source
    facts = model.facts
    qualify = qualifier(model)
    seen_functions: set[int] = set()
    seen_statements: set[int] = set()
    headers: dict[int, list[ast.AST]] = {}

    def header(stmt: ast.stmt) -> list[ast.AST]:
        found = headers.get(id(stmt))
        if found is None:
            found = headers[id(stmt)] = _header_nodes(stmt)
        return found

    def calls_backward(function: ast.AST) -> bool:
        text = source.segment(function)
        if "backward" not in text or _BACKWARD_CALL.search(text) is None:
            return False  # (`backward_prefetch=...`, "backward" in a docstring: no call)
        return any(
            isinstance(n, ast.Call) and method_name(n) in ("backward", "manual_backward") for n in own_nodes(function)
        )

    def body_of(suite: list[ast.stmt], scope: Scope, depth: int) -> Iterator[tuple[ast.stmt, Scope, list[ast.AST]]]:
        for stmt in suite:
            shape = stmt.__class__  # (`in` on the class, not `isinstance`: `source.DEFINITION_KINDS`)
            if shape in DEFINITION_KINDS:
                continue
            if shape in WITH_KINDS and any(_is_no_grad(i.context_expr, qualify) for i in stmt.items):
                continue
            if id(stmt) not in seen_statements:
                seen_statements.add(id(stmt))
                yield stmt, scope, header(stmt)
            for block in blocks_of(stmt):
                yield from body_of(block, scope, depth)
            if depth < 3:
                for helper in helpers(stmt):
                    yield from function(helper, depth + 1)

    def helpers(stmt: ast.stmt) -> Iterator[ast.AST]:
        for node in header(stmt):
            if node.__class__ is not ast.Call:  # (as isinstance, without its cost when it fails)
                continue
            func = node.func
            info = None
            if isinstance(func, ast.Name):
                info = facts.module_functions.get(func.id)
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
                for methods in facts.methods.values():
                    if func.attr in methods:
                        info = methods[func.attr]
                        break
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in facts.classes:
                # `Loss.compute(out, y)`: a static or class method of a class of the file
                info = facts.methods.get(func.value.id, {}).get(func.attr)
                if info is not None and not static_or_class(info.node):
                    info = None
            if info is None and isinstance(func, (ast.Name, ast.Attribute)):
                info = called_forward(func)
            if info is not None and (info.source is None or info.source is source):
                if info.lambda_:
                    continue  # `loss_fn = lambda o, t: ...`: read in place, where a fix can edit it (`probability_inputs`)
                if _EVALUATION.search(info.node.name) and not calls_backward(info.node):
                    continue
                yield info.node

    has_forward = any("forward" in methods for methods in facts.methods.values())

    def called_forward(func: ast.expr):  # type: ignore[no-untyped-def]
        """`criterion(out, y)`, `self.loss_fn(out, y)`, `model(x, labels=y)`: an object a
        class of the module builds (every binding of the name), whose `forward` the call runs
        (a criterion `nn.Module`, a model computing its own loss)."""
        key = dotted(func)
        if key is None or key == "self" or not has_forward:
            return None
        found = None
        for call in assigned_calls(model, key):
            methods = facts.methods.get(dotted(call.func) or "")
            forward = methods.get("forward") if methods else None
            if forward is None or (found is not None and forward is not found):
                return None
            found = forward
        return found

    def function(node: ast.AST, depth: int) -> Iterator[tuple[ast.stmt, Scope, list[ast.AST]]]:
        if id(node) in seen_functions:
            return
        seen_functions.add(id(node))
        if any(_is_no_grad(d, qualify) for d in getattr(node, "decorator_list", ())):
            return
        yield from body_of(node.body, node, depth)  # type: ignore[attr-defined]

    for loop in model.loops:
        scope = loop.function if loop.function is not None else source.tree
        yield from body_of(loop.node.body, scope, 0)
    for node in source.statements:  # (the functions in `source.nodes`' order, without walking every node)
        if node.__class__ in FUNCTION_KINDS and calls_backward(node):  # (as isinstance: no subclass)
            yield from function(node, 0)
    for hook in _framework_loss_hooks(model):
        yield from function(hook, 0)
    for differentiated in _differentiated_functions(model, qualify):
        yield from function(differentiated, 0)


def _framework_loss_hooks(model: ModuleModel) -> Iterator[ast.AST]:
    """The methods whose loss a framework backpropagates without the method calling a
    backward: a LightningModule's `training_step` (automatic optimization), an HF Trainer
    subclass's `compute_loss`."""
    facts = model.facts
    for class_name, node in facts.classes.items():
        entry = frameworks.framework_of(node, facts.imports.qualify) if node.bases else None
        if entry is None:
            continue
        methods = facts.methods.get(class_name, {})
        for hook, role in entry.hooks.items():
            info = methods.get(hook)
            if info is None or (info.source is not None and info.source is not model.source):
                continue
            if role == "loss" or (role == "training-step" and frameworks.Effect.BACKWARD in entry.framework_effects):
                yield info.node


# torch.func's transforms that differentiate the function they are handed (its first argument)
_DIFFERENTIATING = frozenset({"torch.func.grad", "torch.func.grad_and_value", "functorch.grad", "functorch.grad_and_value"})


def _differentiated_functions(model: ModuleModel, qualify) -> Iterator[ast.AST]:  # type: ignore[no-untyped-def]
    """Plain functions of the file handed to `torch.func.grad` / `grad_and_value`
    (`grad(batch_loss)`, `vmap(grad(sample_loss), ...)`): the loss they return is what the
    transform differentiates, a backward pass without a `backward` call."""
    source = model.source
    text = source.text
    if "func" not in text or ("torch.func" not in text and "functorch" not in text):
        return
    functions = model.facts.module_functions
    for call in source.of_type(ast.Call):
        if not call.args or not isinstance(call.args[0], ast.Name):  # type: ignore[attr-defined]
            continue
        if qualify(dotted(call.func)) not in _DIFFERENTIATING:  # type: ignore[attr-defined]
            continue
        info = functions.get(call.args[0].id)  # type: ignore[attr-defined]
        if info is not None and (info.source is None or info.source is source):
            yield info.node


def _class_of(scope: Scope, model: ModuleModel) -> ast.ClassDef | None:
    """The class a method scope is defined in (directly)."""
    if not isinstance(scope, FUNCTIONS):
        return None
    for class_name, methods in model.facts.methods.items():
        info = methods.get(scope.name)
        if info is not None and info.node is scope:
            return model.facts.classes.get(class_name)
    return None


def _header_nodes(stmt: ast.stmt) -> list[ast.AST]:
    """The nodes a statement evaluates itself (a compound statement's header only), but the
    lambdas (their insides are kept), in `ast_walk` order per field: walked as lists
    (`ast_nodes`), without a generator per statement and per field."""
    if isinstance(stmt, DEFINITIONS):
        return []
    found: list[ast.AST] = []
    for name in stmt._fields:
        if name in ("body", "orelse", "finalbody", "handlers", "cases"):
            continue
        value = getattr(stmt, name, None)
        for item in value if isinstance(value, list) else (value,):
            if isinstance(item, ast.AST) and not isinstance(item, ast.stmt):
                found += [sub for sub in ast_nodes(item) if sub.__class__ is not ast.Lambda]  # (as isinstance)
    return found


def probability_inputs(model: ModuleModel) -> list[ProbabilityInput]:
    """Every loss call that can reach a backward and receives probabilities."""
    text = model.source.text
    activations = any(word in text for word in _ACTIVATION_WORDS)
    if not activations and (not _builds_project_names(model) or not _project_says_activation(model)):
        return []  # (without the words, only a model class of another module can end with one)
    if not any(word in text for word in _LOSS_WORDS) and not _imports_project_loss(model):
        # without the words, only a loss object an imported module of the project builds, a
        # factory or a base class of another module, or a caller in another file of the
        # project handing it in (named there) can be the loss
        handed_in = model.facts.project is not None and "backward" in text
        if not (activations and (handed_in or _loss_built_elsewhere(model))):
            return []
    finder = _Finder(model)
    out: list[ProbabilityInput] = []
    seen: set[int] = set()
    lambdas: list[Binding] = []
    says_lambda = "lambda" in text  # (asked once, not at every call: a search of the whole text)
    for stmt, scope, header in _training_statements(model):
        for node in header:
            if isinstance(node, ast.Call) and id(node) not in seen:
                seen.add(id(node))
                found = finder.probability_input(node, stmt, scope)
                if found is not None:
                    out.append(found)
                elif says_lambda and isinstance(node.func, ast.Name):
                    bindings = finder.index.bindings(node.func.id, scope)
                    if len(bindings) == 1 and isinstance(bindings[0].value, ast.Lambda) and bindings[0] not in lambdas:
                        lambdas.append(bindings[0])
                elif (
                    says_lambda and model.facts.bound_in_class and node.func.__class__ is ast.Attribute
                    and node.func.value.__class__ is ast.Name and node.func.value.id == "self"  # type: ignore[attr-defined]
                ):  # fmt: skip
                    # `self.loss_fn(out, y)` of `self.loss_fn = lambda o, t: ...` in `__init__`,
                    # bound once (the facts' `_self_lambda`): the lambda, as a name's above
                    bindings = finder.index.bindings(f"self.{node.func.attr}", scope)  # type: ignore[attr-defined]
                    if (
                        len(bindings) == 1 and isinstance(bindings[0].value, ast.Lambda) and bindings[0] not in lambdas
                        and any(node.func.attr in bound for bound in model.facts.bound_in_class.values())  # type: ignore[attr-defined]
                    ):  # fmt: skip
                        lambdas.append(bindings[0])
    if "create_supervised_trainer" in text or "supervised_training_step" in text:
        out.extend(_library_steps(model, finder))
    for binding in lambdas:
        # `loss_fn = lambda o, t: F.cross_entropy(F.softmax(o, 1), t)` called in the loop: the
        # activation written in the lambda itself (its parameters are not the scope's names)
        for node in ast_walk(binding.value.body):  # type: ignore[union-attr]
            if isinstance(node, ast.Call) and id(node) not in seen:
                seen.add(id(node))
                found = finder.probability_input(node, binding.statement, binding.scope)
                if found is not None and found.where == "inline":
                    out.append(found)
    return out


# Ignite's builders of a training step that run `loss_fn(model_transform(model_fn(model, x)), y)`
# and backpropagate it (ignite/engine/__init__.py, pytorch-ignite 0.5.5)
_IGNITE_STEPS = frozenset({
    "create_supervised_trainer", "supervised_training_step", "supervised_training_step_amp",
    "supervised_training_step_apex", "supervised_training_step_tpu",
})  # fmt: skip


def _library_steps(model: ModuleModel, finder: _Finder) -> Iterator[ProbabilityInput]:
    """`create_supervised_trainer(model, opt, nn.CrossEntropyLoss())` (or one of Ignite's
    `supervised_training_step*`) with a `model` whose last layer is an activation the loss
    applies itself: the step Ignite builds feeds the model's output to the loss unchanged, unless
    a `model_transform=` or `model_fn=` is handed in (then not read)."""
    qualify = model.facts.imports.qualify
    for stmt in model.source.statements:
        if not isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Expr, ast.Return)):
            continue
        for node in ast_walk(stmt):
            if not isinstance(node, ast.Call):
                continue
            name = qualify(call_name(node)) or ""
            if not name.startswith("ignite.") or name.rsplit(".", 1)[-1] not in _IGNITE_STEPS:
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            if None in keywords or "model_transform" in keywords or "model_fn" in keywords:
                continue
            if any(isinstance(a, ast.Starred) for a in node.args):
                continue
            net = node.args[0] if node.args else keywords.get("model")
            loss = node.args[2] if len(node.args) > 2 else keywords.get("loss_fn")
            if net is None or loss is None or dotted(net) is None:
                continue
            scope = finder.index.scope_of(stmt)
            kind = finder.handed_loss_kind(loss, scope)
            if kind is None:
                continue
            applied = ast.Call(func=net, args=[], keywords=[])  # what the step runs: `model(x)`
            applied.lineno, applied.col_offset = node.lineno, node.col_offset
            applied.end_lineno, applied.end_col_offset = node.end_lineno, node.end_col_offset
            for wrong in WRONG_INPUT[kind]:
                module = finder._model_with_activation(applied, scope, wrong)
                if module is not None:
                    yield ProbabilityInput(
                        node, _input_kind(kind, wrong), net, stmt, scope, "model", None, net,
                        model_key=module, fixable=False, handed_loss=loss,
                    )
                    break


_NOT_PROJECT = MODELLED_LIBRARIES | {"torchvision", "torchaudio", "torchtext", "datasets"}


_LOSS_WORDS = ("cross_entropy", "nll_loss", "CrossEntropy", "NLLLoss", "with_logits", "WithLogits", "kl_div", "KLDiv")
_LOSS_BYTES = tuple(word.encode() for word in _LOSS_WORDS)


_ACTIVATION_WORDS = ("softmax", "sigmoid", "Softmax", "Sigmoid", "expit")  # (every name of `ACTIVATION_*` says one)
# what the words have in common, as `Project.saying` looks for them: `oftmax` for both spellings
_ACTIVATION_STEMS = (b"oftmax", b"igmoid", b"expit")
# a project of more files is not searched: its search would cost more than it saves (the
# large ones say the words somewhere anyway)
_SEARCHED_PROJECT_FILES = 64


def _project_says_activation(model: ModuleModel) -> bool:
    """Some file of the project says an activation word (or the project is not searched: too
    large). A file that says none reaches an activation only through another module of the
    project (`_builds_project_names`): a model class or builder there, or a caller there
    handing in a model built there; when no file of the project says one, none ends with one.
    Asked with `Project.saying` (once per steady run for each word, and a dependency of the
    result)."""
    project = model.facts.project
    if project is None or len(project.files()) > _SEARCHED_PROJECT_FILES:
        return True
    return any(project.saying(stem) for stem in _ACTIVATION_STEMS)


def _builds_project_names(model: ModuleModel) -> bool:
    """The file calls a name it imports from a module of the project (`from models import
    Net`; `Net(...)`), which may build a model ending with an activation."""
    return next(_project_names(model), None) is not None


def _project_names(model: ModuleModel, bases: bool = False) -> Iterator[str]:
    """The names (qualified) the file imports from modules of the project and calls, or reads
    an attribute of; with `bases`, those it calls and those a class of the file derives from
    (`class Trainer(BaseTrainer)`)."""
    if model.facts.project is None:
        return
    text = model.source.text
    stdlib = stdlib_names()
    used: set[str | None] = set()
    if bases:  # (the names called and derived from, found in one pass over the file)
        used = {dotted(base) for node in model.facts.classes.values() for base in node.bases}
        used.update(re.findall(r"(?<![\w.])(\w+)[ \t]*\(", text))
    for local, qualified in model.facts.imports.aliases.items():
        root = qualified.lstrip(".").split(".", 1)[0]
        if root in LIBRARY_ROOTS or root in _NOT_PROJECT or root in stdlib:
            continue
        if (local in used) if bases else (local + "(" in text or local + "." in text):
            yield qualified



def _loss_built_elsewhere(model: ModuleModel) -> bool:
    """A module of the project the file calls into or derives from says a loss word: a loss
    factory there (`from losses import build_criterion`), or a base class whose body binds the
    criterion (`class BaseTrainer: criterion = nn.CrossEntropyLoss()`)."""
    project = model.facts.project
    modules = {qualified.rpartition(".")[0] for qualified in _project_names(model, bases=True)}
    for module in sorted(m for m in modules if m.strip(".")):
        path = project.module_file(module, model.source.path or None)  # type: ignore[union-attr]
        data = project.read(path) if path is not None else None  # type: ignore[union-attr]
        if data is not None and any(word.encode() in data for word in _LOSS_WORDS):
            return True
    return False


def _imports_project_loss(model: ModuleModel) -> bool:
    """A module of the project the file imports (by name or with `from losses import *`) says a
    loss word: a loss object may come from it (`from losses import criterion` with `criterion =
    nn.CrossEntropyLoss()` there), whatever the file itself says."""
    return any(word in data for data in imported_project_bytes(model, stars=True) for word in _LOSS_BYTES)


def name_reads(name: str, scope: Scope) -> list[ast.Name]:
    """Every read of `name` in the scope (nested functions and lambdas included), but for those
    in a nested function, lambda or comprehension that binds a `name` of its own (a parameter,
    an assignment, a comprehension's variable: `for p in m.parameters()` in a helper is not the
    module's `p`)."""
    if not any(isinstance(n, _NESTED_SCOPES) for n in ast_walk(scope) if n is not scope):
        return [n for n in ast_walk(scope) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
    found: list[ast.Name] = []
    stack: list[ast.AST] = [scope]
    while stack:
        node = stack.pop()
        if node is not scope and isinstance(node, (*FUNCTIONS, ast.Lambda)) and _binds_locally(node, name):
            args = node.args
            # decorators and defaults run in the scope around
            stack.extend([*getattr(node, "decorator_list", ()), *args.defaults, *(d for d in args.kw_defaults if d is not None)])
            continue
        if node is not scope and isinstance(node, _COMPREHENSIONS) and any(
            isinstance(t, ast.Name) and t.id == name for g in node.generators for t in ast_walk(g.target)
        ):
            stack.append(node.generators[0].iter)  # (the first iterable runs in the scope around)
            continue
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            found.append(node)
        stack.extend(child_nodes(node))
    return found


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_NESTED_SCOPES = (*FUNCTIONS, ast.Lambda, *_COMPREHENSIONS)


def _binds_locally(function: ast.AST, name: str) -> bool:
    """`name` is local to the function or lambda: a parameter, or bound in its own body (not
    declared `global` or `nonlocal`)."""
    args = function.args  # type: ignore[attr-defined]
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    if any(a is not None and a.arg == name for a in params):
        return True
    if isinstance(function, ast.Lambda):
        return False
    bound = False
    targets: set[int] = set()  # a comprehension's variables are its own, not the function's
    for node in own_nodes(function):  # (parents before their children)
        if isinstance(node, _COMPREHENSIONS):
            targets.update(id(t) for g in node.generators for t in ast_walk(g.target))
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        elif isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, (ast.Store, ast.Del)) and id(node) not in targets:
            bound = True
    return bound


def rebound_between(names: set[str], start: ast.stmt, end: ast.stmt, scope: Scope, index: Assignments) -> bool:
    """One of `names` is bound by a statement that starts after `start` and before `end`."""
    lo = (start.end_lineno, start.end_col_offset)  # type: ignore[attr-defined]
    hi = (end.lineno, end.col_offset)
    for name in names:
        for binding in index.bindings(name, scope):
            if binding.scope is not scope:
                continue
            where = (binding.statement.lineno, binding.statement.col_offset)
            if lo <= where < hi:
                return True
            if isinstance(binding.statement, LOOPS) and (binding.statement.lineno, binding.statement.col_offset) < hi:
                # a loop target bound around both: rebound each iteration, but before `start` runs
                continue
    return False
