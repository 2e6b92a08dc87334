from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.activations import (
    ProbabilityInput,
    name_reads,
    probability_inputs,
    rebound_between,
)
from gradfix.analysis.assignments import assignments
from gradfix.analysis.loops import ModuleModel
from gradfix.source import Source
from gradfix.transforms.base import (
    Finding,
    Fix,
    RemoveStatement,
    ReplaceNode,
    Rule,
    Safety,
)
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

_LOSS_NAMES = {"cross_entropy": "cross-entropy", "nll": "NLL", "bce_with_logits": "BCE-with-logits"}
_ATOMS = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)


class ActivationBeforeLoss(Rule):
    """
    Probabilities are fed to a loss that expects logits (or log-probabilities).

    ## What it does
    Finds a loss that backpropagates and receives the output of an activation it applies
    (or expects) itself: `softmax` then `nn.CrossEntropyLoss` / `F.cross_entropy` (or timm's
    `SoftTargetCrossEntropy` / `LabelSmoothingCrossEntropy`, which apply `log_softmax` too),
    `sigmoid` then `nn.BCEWithLogitsLoss` / `F.binary_cross_entropy_with_logits` (or timm's
    `BinaryCrossEntropy`, whose forward is that loss), and `softmax` then `nn.NLLLoss` / `F.nll_loss` or `nn.KLDivLoss` / `F.kl_div` (which need
    log-probabilities as input); the loss function may be held in a name (`criterion =
    F.cross_entropy`, or a `functools.partial` of it; a name or `self.<attr>` bound to another
    that holds one, `crit = self.criterion`; `self.criterion` bound in the `__init__` of a base
    class of the file when the method's class binds it nowhere, the bases above are all of the
    file (or `object`, `ABC`, `nn.Module`), one alone binds it, and no class below rebinds it; a parameter of the loss's function that
    its calls fill, also through `step = functools.partial(train_step, model, opt, criterion)`
    bound once and called as `step(x, y)`, and a loss object built right in the call or the
    partial, `train_step(net, opt, nn.CrossEntropyLoss(), x, y)`), picked by a constant key from a dict
    literal (or `nn.ModuleDict`) of losses that no statement writes into (`losses["ce"](...)`;
    also a dict bound once at the top of a module of the project it is imported from, `from
    losses import LOSSES`, that neither module writes into), or be a lambda called in the loop whose own body applies the activation (`loss_fn = lambda
    o, t: F.cross_entropy(F.softmax(o, 1), t)`), and the loss object may be imported from a
    module of the project that builds it at its top (`from losses import criterion` with
    `criterion = nn.CrossEntropyLoss()` there; also through `from losses import *`, and whether
    or not the training file names the loss anywhere), or be built by a plain function of the file (or
    of another module of the project, `from losses import build_criterion`, or `losses.build_criterion(...)` after `import losses`) every `return` of
    which builds a torch loss of one kind (`criterion = make_criterion(cfg)` with `def
    make_criterion(s): return nn.CrossEntropyLoss(label_smoothing=s)`, also moved, `return
    nn.CrossEntropyLoss().to(device)`, or bound to a name it returns, `crit =
    nn.CrossEntropyLoss(); return crit`, or torch's loss function itself, `return
    F.cross_entropy`, also in `functools.partial`; or unpacked from a tuple that every `return`
    of a plain function of the file builds with such a loss at the name's place, `model,
    criterion, loader = build()` with `return net, nn.CrossEntropyLoss(), loader`, also when
    the unpacked name is handed on to a training function, a closure's factory or a trainer's
    `__init__`, and also when the calls that hand it sit in a function that mentions no
    training, `main()` calling `make_epoch_runner(model, criterion, loader)`; not a
    generator); a factory that picks among
    losses by a parameter, `if name == "xent": return nn.CrossEntropyLoss()`, is followed only when
    called with a string literal for it that its `if`/`elif` tests send to such an arm,
    `get_loss("xent")`, and reported without a fix), or be a class attribute read through `self`
    (`class Trainer: criterion = nn.NLLLoss()`, when no method binds `self.criterion` and neither
    another class's body nor `Trainer.criterion = ...` binds it; or the body of its base class,
    of the file or of another module of the project, when the file binds it nowhere), or be a
    parameter of the function that every call of it in the file fills with a name bound to one
    kind of torch loss (for a function nested in another, every call of it there; when no call in the file does: every call in the other files of the
    project that import it, one at least, with such a name or the constructor itself, `fit(model,
    loader, criterion=nn.CrossEntropyLoss())` in main.py), or be a parameter of the factory that
    defines the loss's closure (`def make_step(net, loss_fn): ... def one_batch(x, y): loss =
    loss_fn(...)`, `step = make_step(net, nn.CrossEntropyLoss())`), bound nowhere in the factory
    nor in the functions inside it, that every call of the factory fills so, or be a field of a
    `@dataclass` state of the file (`state.criterion(...)` with `state` a parameter annotated
    with the class, `def train_epoch(state: TrainState)`, or a name bound only to constructions
    of it) that every construction of the class hands one kind of torch loss, by keyword or by
    position, when no other statement writes the field and no other call names it as a keyword
    (`dataclasses.replace(state, criterion=...)`) or calls `setattr`, or be a loss wrapper of the file that hands its
    input, unchanged and for nothing else, to such a torch loss (one hop): a function, `def
    ce(pred, y): return F.cross_entropy(pred, y)` called as `ce(F.softmax(out, 1), y)`, or an
    object a class of the file builds whose `forward` does so (`self.bce(pred, target)` with
    `self.bce = nn.BCEWithLogitsLoss()`, or with `self.loss = loss` storing a parameter of
    `__init__`, written nowhere else, that every construction of the class hands one kind of
    torch loss: `LossWrapper(nn.CrossEntropyLoss())`). The
    activation may be written in the loss call (`criterion(F.softmax(out, dim=1), y)`),
    assigned just before it (`probs = out.softmax(-1)`; also passed on through another name,
    `pred = probs`, or bound in one arm of an `if` that runs before the loss, `if flag: out =
    F.softmax(out, 1)`, when the other arm does not bind it -- wrong whenever that arm runs --:
    reported without a fix), be called through a name bound only to torch's
    function (`sm = F.softmax`; `sm(out, 1)`), be an `nn.Softmax()` module, or be
    the last layer of the model (`nn.Sequential(..., nn.Softmax(dim=1))`, also built from a
    list whose last `.append(...)`, `.extend([...])` or `+= [...]` is the activation, or
    written after a starred list, `nn.Sequential(*layers, nn.Softmax(dim=-1))`, or a last layer that
    is itself such a model, `nn.Sequential(backbone, nn.Sequential(nn.Linear(16, 3), nn.Softmax(dim=1)))`, or returned by a builder function of the
    module or of another module of the project (`from models import Net`), read with that
    module's imports; a `forward` that returns `F.softmax(...)`, or assigns it to the name it returns
    on the next line (or returns a dict literal with constant keys whose entry the loss reads,
    `out["probs"]`, is one: reported without a fix), or returns `self.layers(x)` with `self.layers` such a `Sequential`; or a
    function of the module the loss input calls, `def
    predict(x): return F.softmax(net(x), -1)` (or a name bound once to a lambda, `head = lambda z:
    z.softmax(-1)`, read as that function); when the model is built in several places, as in `if args.model
    == "mlp": model = MLP() else: model = CNN()`, one class that ends so is enough: that choice
    trains wrongly; a forward that returns a tuple, `return self.dec(z), mu, logvar`, is read at
    the element the loss receives, `recon, mu, logvar = model(x)`; when it is rebound statement after statement at the module's top level, as a
    notebook does cell after cell, the last binding before the loop is the one it trains). A model
    ending so handed with such a loss to Ignite's `create_supervised_trainer(model, opt, loss_fn)`
    (or `supervised_training_step(...)`, whose update runs `loss_fn(model(x), y)` and backpropagates
    it) is reported on that call, without a fix, unless a `model_transform=` or `model_fn=` is given. A `sigmoid` before a cross-entropy is reported too (its outputs lie in
    (0, 1), so the logits the loss sees differ by at most 1). The probabilities may carry a
    small floor on the way (`F.softmax(out, 1) + 1e-8`, `+ eps`, `.clamp(1e-6, 1)`,
    `.clamp(min=eps)`, `torch.clamp(p, ...)`): still probabilities. `log_softmax` before a
    cross-entropy is never reported, nor is the log of floored probabilities given to `NLLLoss`
    (`torch.log(F.softmax(out, 1) + eps)`).

    ## Why is this bad?
    `CrossEntropyLoss` applies `log_softmax` itself: on probabilities it computes a softmax
    of a softmax, squashed into a narrow range, so the loss cannot approach zero and its
    gradients shrink; training stalls early at a worse accuracy with no error.
    `BCEWithLogitsLoss` applies a sigmoid itself in the same way. `NLLLoss` takes
    log-probabilities: on probabilities its gradient is the wrong sign and scale.

    ## Example
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        probs = F.softmax(logits, dim=1)
        loss = F.cross_entropy(probs, y)
        loss.backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        loss.backward()
        optimizer.step()
    ```

    ## Fix safety
    Safe when the activation and the loss are in the same function and the probabilities
    are not used otherwise: the activation written in the loss call is replaced by its input
    (for `NLLLoss` and `KLDivLoss`: `softmax` becomes `log_softmax`); an assigned activation is dropped from
    its assignment, which is removed and the loss reads the logits
    (`probs = F.softmax(logits, 1)`; `loss = criterion(probs, y)` becomes
    `loss = criterion(logits, y)`), or which keeps only the activation's input when that is
    a call (`probs = F.softmax(model(x), 1)` becomes `probs = model(x)`); an assignment that
    rebinds the logits' own name (`out = out.softmax(1)`) is removed.
    Unsafe when the probabilities are also used elsewhere (accuracy, logging): the loss
    then reads the logits' name instead, if that name still holds them. No fix when the
    activation is the model's last layer or an `nn.Softmax` module attribute, when the loss
    comes from the arm of a factory its literal argument picks, when the
    logits are an expression that would run twice, for `NLLLoss` on a `softmax` imported
    bare, or when the probabilities carry a floor (`+ 1e-8`, `.clamp(...)`: whether it should
    go, or become a `log_softmax`, is the author's call). Only losses that can reach a backward are looked at (in training loops, in
    functions that call `backward`, in the losses a framework backpropagates -- a
    LightningModule's `training_step`, where `self(x)` runs the class's own `forward`, and an
    HF Trainer subclass's `compute_loss`, a function of the file handed to `torch.func.grad` or `grad_and_value`, `vmap(grad(sample_loss))`, whose loss the transform differentiates -- and in helpers these call, including the `forward`
    of an object every binding of which a class of the file builds: a criterion `nn.Module`
    called as `criterion(out, y)`, a model computing its own loss), never code under
    `torch.no_grad()`.
    """

    code = "GF018"
    name = "activation-before-loss"
    messages = {
        "cross_entropy": "`{loss}` applies log-softmax itself but receives softmax probabilities: pass the logits (the gradients shrink and training stalls)",
        "cross_entropy_sigmoid": "`{loss}` applies log-softmax itself but receives sigmoid outputs, squashed into (0, 1): pass the logits (the loss cannot approach zero and the gradients shrink)",
        "nll": "`{loss}` expects log-probabilities but receives softmax probabilities: use `log_softmax`",
        "bce_with_logits": "`{loss}` applies the sigmoid itself but receives sigmoid outputs: pass the logits (the gradients shrink and training stalls)",
    }
    model_message = "; `{module}` already ends with the activation"
    arm_message = "; the activation runs when the condition `{condition}` (line {line}) {holds}"
    message = messages["cross_entropy"]
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        for found in probability_inputs(model):
            loss_text = _short(model.source.code(found.loss_call.func)) + "(...)"
            if found.handed_loss is not None:
                # the loss handed to Ignite's `create_supervised_trainer(...)`, which calls it itself
                loss_text = _short(model.source.code(found.handed_loss)) + "` run by `" + loss_text
            message = self.messages[found.loss_kind].format(loss=loss_text)
            if found.where == "model":
                message += self.model_message.format(module=found.model_key)
            elif found.where == "if_arm" and found.branch is not None:
                message += self.arm_message.format(
                    line=found.branch.lineno, holds="holds" if found.branch_holds else "does not hold",
                    condition=_short(model.source.code(found.branch.test)),
                )
            yield Finding(self.code, message, found.loss_call, fix=_fix(found, model))


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _fix(found: ProbabilityInput, model: ModuleModel) -> Fix | None:
    source = model.source
    activation = found.activation
    if activation is None or activation.call is None or not found.fixable:
        return None
    if found.where == "inline":
        edit = _undo(activation, found, source, found.statement)
        return Fix([edit], Safety.SAFE) if edit is not None else None
    binding = found.binding
    assert binding is not None
    stmt = binding.statement
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return None
    name = stmt.targets[0].id
    if name != binding.key or binding.value is not stmt.value:
        return None  # `acc = ((p := F.softmax(out, 1)).argmax(1) == y)...`: `p` is bound by a walrus inside
    if activation.pre is not None and _changed_in_place_between(activation.pre, stmt, found, model):
        return None  # `logits.mul_(2)` after `probs = logits.softmax(1)`: the loss would see the change
    inside = {id(n) for n in ast_walk(stmt)}
    reads = [n for n in name_reads(name, found.scope) if n is not found.node and id(n) not in inside]
    if not reads:
        # the probabilities only feed the loss: the loss reads the logits instead
        if found.loss_kind != "nll" and _same_name(activation.pre, name):
            if stmt.value is activation.call and source.alone_on_lines(stmt):
                return Fix([RemoveStatement(stmt)], Safety.SAFE)  # `out = out.softmax(1)`
            return None
        if found.loss_kind != "nll" and stmt.value is activation.call and _plain(activation.pre, stmt, found, model):
            assert activation.pre is not None
            if source.alone_on_lines(stmt):
                return Fix(
                    [RemoveStatement(stmt), ReplaceNode(found.node, _text(activation.pre, source), found.statement)],
                    Safety.SAFE,
                )
        edit = _undo(activation, found, source, stmt)
        return Fix([edit], Safety.SAFE) if edit is not None else None
    if found.loss_kind == "nll" or not _plain(activation.pre, stmt, found, model) or _same_name(activation.pre, name):
        return None
    assert activation.pre is not None
    return Fix([ReplaceNode(found.node, _text(activation.pre, source), found.statement)], Safety.UNSAFE)


def _plain(pre: ast.expr | None, stmt: ast.stmt, found: ProbabilityInput, model: ModuleModel) -> bool:
    """The logits are an expression without calls (reading it again computes nothing) whose
    names keep their values between the activation and the loss."""
    if pre is None or any(isinstance(n, (ast.Call, ast.Starred, ast.NamedExpr, ast.Await, ast.Yield)) for n in ast_walk(pre)):
        return False
    roots = {n.id for n in ast_walk(pre) if isinstance(n, ast.Name)}
    return bool(roots) and not rebound_between(roots, stmt, found.statement, found.scope, assignments(model))


def _changed_in_place_between(pre: ast.expr, stmt: ast.stmt, found: ProbabilityInput, model: ModuleModel) -> bool:
    """A name the logits are read from is changed in place by a statement of the scope after
    the activation's and before the loss's (`logits.mul_(2.0)`, `logits += 1`, `logits[:, 0] =
    0`): the probabilities were computed before it, the logits read in their place would not be."""
    roots = {n.id for n in ast_walk(pre) if isinstance(n, ast.Name)}
    lo = (stmt.end_lineno, stmt.end_col_offset)  # type: ignore[attr-defined]
    hi = (found.statement.lineno, found.statement.col_offset)
    for node in ast_walk(found.scope):
        position = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        if not lo <= position < hi:
            continue
        if isinstance(node, ast.AugAssign):
            target = node.target
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, ast.Store):
            target = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.endswith("_") and not node.func.attr.startswith("__"):
            target = node.func.value
        else:
            continue
        while isinstance(target, (ast.Subscript, ast.Attribute)):
            target = target.value
        if isinstance(target, ast.Name) and target.id in roots:
            return True
    return False


def _text(expr: ast.expr, source: Source) -> str:
    text = source.outer_segment(expr)
    if not isinstance(expr, _ATOMS) and not source.parenthesized(expr):
        text = f"({text})"
    return text


def _same_name(pre: ast.expr | None, name: str) -> bool:
    return isinstance(pre, ast.Name) and pre.id == name


def _undo(activation, found: ProbabilityInput, source: Source, statement: ast.stmt) -> ReplaceNode | None:  # type: ignore[no-untyped-def]
    """The edit that turns the activation call into what the loss needs."""
    call = activation.call
    if found.loss_kind == "nll":
        if activation.form not in ("function", "method") or not isinstance(call.func, ast.Attribute):
            return None
        text = source.segment(call.func)
        if not text.endswith("softmax"):
            return None
        return ReplaceNode(call.func, text[: -len("softmax")] + "log_softmax", statement, span=(source.start(call.func), source.end(call.func)))
    pre = activation.pre
    if pre is None:
        return None
    if any(isinstance(n, ast.Starred) for n in ast_walk(pre)):
        return None
    return ReplaceNode(call, _text(pre, source), statement)
