from __future__ import annotations

from gradfix import syntax as ast
import re

from gradfix.analysis.facts import looks_like_scaler_name, looks_like_scheduler_name
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.names import dotted, last_name, method_name, positional, root_name
from gradfix.patterns import lazily
from gradfix.source import FUNCTIONS, MATCH_CASE
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety
from gradfix.walk import ast_walk, child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

_NAMES = ("step", "zero_grad", "backward", "train", "eval", "update", "unscale_")
_METHODS = rb"(?:" + "|".join(_NAMES).encode() + rb")"
# a line that ends right after one of the methods' names (a comment or `;` may follow): the
# text gate. The pattern starts with its literal dot: a search tries it only there.
_NAMED_AT_LINE_END = lazily(rb"\." + _METHODS + rb"[ \t]*(?:[;#\r\n]|\Z)")
# methods of `torch.nn.Module` that only a module (not a tensor, a dataset split...) has
_MODULE_METHODS = (
    "train", "eval", "parameters", "named_parameters", "state_dict", "load_state_dict", "modules", "children",
    "named_modules", "requires_grad_", "zero_grad",
)  # fmt: skip

_EFFECTS = {
    ("optimizer", "step"): "the parameters are never updated",
    ("optimizer", "zero_grad"): "the gradients are never cleared and add up from step to step",
    ("any", "zero_grad"): "the gradients are never cleared and add up from step to step",
    ("any", "backward"): "no gradient is computed",
    ("engine", "backward"): "no gradient is computed",
    ("scheduler", "step"): "the learning rate never changes",
    ("module", "train"): "the module is not switched to training mode",
    ("module", "eval"): "the module stays in training mode (dropout stays on, batch-norm statistics keep changing)",
    ("scaler", "update"): "the loss scale is never updated",
    ("scaler", "step"): "the optimizer is never stepped",
    ("scaler", "unscale_"): "the gradients stay multiplied by the loss scale",
}


class TrainingMethodNotCalled(Rule):
    """
    A training method named in a statement of its own but never called: `optimizer.step`.

    ## What it does
    Finds an expression statement that is only an attribute, the name of a method whose call
    trains, without the `()` that calls it:
    - `step` and `zero_grad` of an optimizer (built by an optimizer's constructor, a factory
      gradfix reads as one, or a name the file clears with `.zero_grad()` or steps with
      `.step()` elsewhere); `step` of a learning-rate scheduler (built by a scheduler's
      constructor, or a name that says so: `lr_sched`); `update`, `step` and `unscale_` of a
      `GradScaler` (also a name that says `scaler`); an entry of a dict or a list is named
      for what its container holds (`self.schedulers["net"].step`, `opts[name].zero_grad`);
    - `zero_grad` and `backward` of anything (`loss.backward`, `model.zero_grad`,
      `scaler.scale(loss).backward`): nothing but a method is named so, and `accelerator.backward`
      of a training library's engine;
    - `train` and `eval` of a module: a name whose module methods the file calls elsewhere
      (`model.parameters()`, `model.eval()`, `model.state_dict()` ...; not a method of that
      name a class of the file defines, a trainer's `state_dict()`).

    ## Why is this bad?
    Naming a method does not call it: the statement reads the bound method and drops it, and
    Python raises nothing. `opt.step` leaves the model as it was built, whatever the loss
    does; `opt.zero_grad` lets gradients add up across steps; `loss.backward` computes no
    gradient; `scheduler.step` keeps the first learning rate; `model.eval` keeps dropout on
    during evaluation. Training runs, prints losses and just does not learn (or not as meant).
    The loop is then also not what gradfix reads as training (no step, no backward), so the
    other rules miss what else is wrong in it until the call is written.

    ruff (B018 `useless-expression`, among the default rules of ruff 0.17.6; no fix) and
    pylint (W0104 `pointless-statement`, on by default; no fix) report every such statement as
    a useless expression, whatever it names; this rule says what the missing call does to
    training and writes it.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    The fix writes `()` after the name, and it is safe when the call needs no argument: an
    optimizer of torch's (but `LBFGS`, whose `step` needs a closure) or one the file steps with
    `.step()` elsewhere, a scheduler of torch's or transformers' (but `ReduceLROnPlateau`,
    whose `step` needs the metric) or one the file steps with `.step()`, `zero_grad`, `train`,
    `eval`, a `GradScaler`'s `update` (built so, or one the file calls `.scale(loss)` on), and
    `backward` of a loss (a name that says `loss`, a
    `scaler.scale(...)`, or a name the file backpropagates with `.backward()` elsewhere). It is
    unsafe for an optimizer, scheduler or scaler of another library (timm's schedulers take the
    epoch) and for `backward` of another name. No fix when the call needs an argument (`LBFGS`'s
    `step`, `ReduceLROnPlateau`'s `step`, `scaler.step`, `scaler.unscale_`,
    `accelerator.backward`, an optimizer the file steps with a closure), for `train` or
    `eval` when a class of the file defines a method of that name (a trainer's `train()` may
    run a whole training), or when the statement shares its line with another statement.
    Other rules' fixes wait for a pass after this one, which reads the loop as it was meant.

    Not reported for attributes that are not methods (`model.training`, `opt.param_groups`,
    `model.weight`), for a name the file defines as a `property` or assigns as an attribute
    (`self.backward = nn.LSTM(...)`), for a receiver gradfix
    cannot tell (`x.step`, `data.train`), nor for a name of an imported module
    (`torch.Tensor.backward`).
    """

    code = "GF026"
    name = "training-method-not-called"
    message = "`{code}` names the method without calling it: the statement does nothing, so {effect}; call it: `{call}`"
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        source = model.source
        data = source.data
        if _NAMED_AT_LINE_END.search(data) is None:
            return
        not_methods: tuple[set[tuple[str | None, str]], set[str]] | None = None
        for statement, functions in _bare_attributes(source.tree):
            attribute: ast.Attribute = statement.value  # type: ignore[assignment]
            method = attribute.attr
            judged = _judge(attribute, method, functions, model)
            if judged is None:
                continue
            if not_methods is None:  # (asked once, for the first candidate: most files have none)
                not_methods = _not_methods(source.tree)
            stored, named = not_methods
            key = dotted(attribute.value)
            if (key, method) in stored or (method in named and not _built_by_torch(key, functions, model)):
                continue
            kind, safety = judged
            code = source.code(attribute)
            fix = None
            if safety is not None and source.alone_on_lines(statement):
                end = source.end(attribute)
                fix = Fix([ReplaceNode(attribute, "()", statement, span=(end, end))], safety, alone=True)
            call = f"{code}()" if safety is not None else f"{code}(...)"  # no fix: the call needs an argument
            yield Finding(self.code, self.message.format(code=code, effect=_EFFECTS[(kind, method)], call=call), attribute, fix=fix)


def _bare_attributes(tree: ast.Module) -> Iterator[tuple[ast.Expr, tuple[ast.AST, ...]]]:
    """Expression statements that are only an attribute of one of the methods' names, with
    the functions around each, outermost first."""
    todo: list[tuple[ast.AST, tuple[ast.AST, ...]]] = [(tree, ())]
    names = frozenset(_NAMES)
    while todo:
        node, functions = todo.pop()
        for child in child_nodes(node):
            if isinstance(child, ast.Expr):
                value = child.value
                if isinstance(value, ast.Attribute) and value.attr in names:
                    yield child, functions
                continue
            if isinstance(child, (ast.stmt, ast.excepthandler, MATCH_CASE)):
                todo.append((child, (*functions, child) if isinstance(child, FUNCTIONS) else functions))


def _not_methods(tree: ast.Module) -> tuple[set[tuple[str | None, str]], set[str]]:
    """What the file makes something other than a plain method: (receiver, name) of each
    attribute it assigns (`self.backward = nn.LSTM(...)`), and the names of its classes'
    properties and class-body bindings (`@property def step(self)`, `backward = -1`): reading
    such an attribute may be all a statement means."""
    stored: set[tuple[str | None, str]] = set()
    named: set[str] = set()
    for node in ast_walk(tree):
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            if node.attr in _NAMES:
                stored.add((dotted(node.value), node.attr))
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, FUNCTIONS) and any("property" in (dotted(d) or "") for d in item.decorator_list):
                    named.add(item.name)
                targets = item.targets if isinstance(item, ast.Assign) else [item.target] if isinstance(item, ast.AnnAssign) else []
                named.update(t.id for t in targets if isinstance(t, ast.Name))
    return stored, named & set(_NAMES)


def _judge(attribute: ast.Attribute, method: str, functions: tuple[ast.AST, ...], model: ModuleModel) -> tuple[str, Safety | None] | None:
    """(what the receiver is, the fix's safety or None for no fix), or None: not reported."""
    facts = model.facts
    value = attribute.value
    key = dotted(value)
    named = key
    if key is None and isinstance(value, ast.Subscript) and dotted(value.value) is not None:
        # an entry of a dict or list (`self.schedulers["net"].step`): the source's key for it,
        # named for what its container holds
        key, named = model.source.key(value), dotted(value.value)
    if key is not None and root_name(key) in facts.imports.aliases:
        return None  # `torch.Tensor.backward`, `nn.Module.train`: a function of a library
    info = facts.info_in(key, functions) if key is not None else None
    kind = info.kind if info is not None else None
    if kind is None and named is not None:
        # a parameter or an attribute built out of sight: named for what it is (`lr_sched`
        # stepped elsewhere is a scheduler, not an optimizer)
        kind = "scheduler" if looks_like_scheduler_name(named) else "scaler" if looks_like_scaler_name(named) else None
    text = model.source.text
    if method == "backward":
        if key is not None and (kind == "engine" or facts.is_engine(key)):
            return "engine", None  # `accelerator.backward(loss)`
        if isinstance(value, ast.Call):
            scaled = method_name(value) == "scale" and len(positional(value)) == 1
            return "any", Safety.SAFE if scaled else Safety.UNSAFE
        if key is None:
            return None
        if "loss" in last_name(key).lower() or _called_bare(text, key, "backward"):
            return "any", Safety.SAFE
        return "any", Safety.UNSAFE
    if key is None:
        return None
    if method in ("step", "zero_grad") and (kind == "optimizer" or (kind is None and (key in facts.cleared or key in facts.stepped))):
        if method == "zero_grad":
            return "optimizer", Safety.SAFE
        if _steps_with_an_argument(text, key) or (info is not None and (info.constructor or "").endswith("LBFGS")):
            return "optimizer", None
        torch = info is not None and info.strong and (info.constructor or "").startswith("torch.optim.")
        return "optimizer", Safety.SAFE if torch or key in facts.stepped else Safety.UNSAFE
    if kind == "scheduler":
        if method != "step":
            return None
        constructor = (info.constructor or "") if info is not None else ""
        if constructor.endswith("ReduceLROnPlateau") or _steps_with_an_argument(text, key):
            return "scheduler", None
        known = constructor.startswith("torch.optim.lr_scheduler.") or constructor.startswith("transformers.")
        return "scheduler", Safety.SAFE if known or key in facts.stepped else Safety.UNSAFE
    if kind == "scaler":
        if method == "update":  # GradScaler's (built so, or handed the loss as `scaler.scale(loss)`)
            known = (info is not None and info.strong) or re.search(rf"(?<![\w.]){re.escape(key)}\.scale\(", text) is not None
            return "scaler", Safety.SAFE if known else Safety.UNSAFE
        return ("scaler", None) if method in ("step", "unscale_") else None
    if method == "zero_grad":
        return "any", Safety.SAFE
    if method in ("train", "eval") and kind in (None, "model"):
        # a method of those names a class of the file writes itself (a trainer's `def
        # train(self)`, which may run a whole training) is not evidence, and `()` may call it
        defined = {name for name in _MODULE_METHODS if any(name in methods for methods in facts.methods.values())}
        if _module_methods_called(text, key, [name for name in _MODULE_METHODS if name not in defined]):
            return "module", None if method in defined else Safety.SAFE
    return None


def _built_by_torch(key: str | None, functions: tuple[ast.AST, ...], model: ModuleModel) -> bool:
    """`key` holds an object of torch's own classes (no class of the file's properties)."""
    info = model.facts.info_in(key, functions) if key is not None else None
    return info is not None and info.strong and (info.constructor or "").startswith("torch.")


def _called_bare(text: str, key: str, method: str) -> bool:
    """The file calls `key.method()` with no argument somewhere."""
    return re.search(rf"(?<![\w.]){re.escape(key)}\.{method}\(\s*\)", text) is not None


def _steps_with_an_argument(text: str, key: str) -> bool:
    """`opt.step(closure)`, `scheduler.step(val_loss)`: the file steps `key` with an argument."""
    return re.search(rf"(?<![\w.]){re.escape(key)}\.step\(\s*[^\s)]", text) is not None


def _module_methods_called(text: str, key: str, methods: list[str]) -> bool:
    """The file calls one of `methods`, which only a module has, on `key` (or on `key.module`,
    DDP's)."""
    return bool(methods) and re.search(rf"(?<![\w.]){re.escape(key)}(?:\.module)?\.(?:{'|'.join(methods)})\(", text) is not None

