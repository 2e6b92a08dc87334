from __future__ import annotations

from gradfix import syntax as ast
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.spent_iterators import spent_iterators
from gradfix.transforms.base import Finding, Fix, ReplaceNode, Rule, Safety

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class OptimizerOverSpentIterator(Rule):
    """
    Parameters bound once as a one-shot iterator are handed to a second optimizer.

    ## What it does
    Finds a name (a local, a module's global, or `self.<attr>` of a class) bound once to a
    one-shot iterator of parameters -- `filter(lambda p: p.requires_grad, model.parameters())`,
    `model.parameters()` or `model.named_parameters()` itself, a generator expression
    `(p for n, p in model.named_parameters() if ...)`, `map(...)`, `itertools.chain(...)` --
    that names parameters (its text says `param`: not `filter(f, trainable)`, whose
    argument gradfix does not follow), and that is handed to an optimizer of torch or of an
    imported library (not a class or a factory of the module, which may take anything; a
    module that defines its own `parameters()` is left alone: that may hand back a list;
    but a function of the module whose one statement returns such an optimizer built over its
    first parameter, `def make_optimizer(params, lr): return torch.optim.SGD(params, lr=lr)`, or a
    name of its top level bound once to such a lambda, `make = lambda ps, lr: SGD(ps, lr=lr)`
    -- also such a `def` or lambda written in the function that calls it, the file's one
    local function of that name, bound once there --, called with the name first, spends it as that optimizer would; so does one of several
    statements that builds it at its top level (`optimizer = SGD(params, lr=lr)` beside a
    scheduler, `return optimizer, scheduler`), its one `return` last, no `raise`, `yield` or
    nested function, and no other read of that parameter; or several `return`s, each of such an
    optimizer, `if kind == "sgd": return SGD(params, lr=lr)` then `return AdamW(params, lr=lr)`,
    every path through the body ending in one of them, none in a loop, `with` or `try`),
    as its `params`, or as a group's `{"params": params, ...}`,
    `dict(params=params)`, also through `add_param_group`), more than once: two optimizers
    built over it, or one built again in a loop (`for epoch ...:` or `while ...:`, an
    optimizer rebuilt each epoch for a new learning rate) that does not bind the name again.
    Two reads in other arms of an `if`, a conditional expression, a `match` or a `try`'s body
    and handler are never both run and are not reported; neither is a read in a function
    nested in the binding's one (when it runs is not followed), a read followed by a `return`
    or `raise` before the other (`if kind == "sgd": return SGD(params)`, then `return
    Adam(params)`), a read under a condition inside the loop (`if optimizer is None:`, an
    optimizer built lazily once), a loop that always leaves after one pass (an
    unconditional `break`, `return` or `raise` in its body), two reads of `self.<attr>` in two
    methods neither of which binds it (`configure_sgd`, `configure_adam`: alternatives), a
    name bound more than once, or an iterator read once.

    Also an iterator read to its end before the one optimizer that takes it, in the same
    function and both run (not in other arms, no `return` or `raise` between): a `for` over it
    with no `break`, `return` or `raise` in its body, a list, set or dict comprehension over it,
    or a generator expression over it (or the name itself) handed alone to `sum`, `len`,
    `list`, `tuple`, `sorted`, `max`, `min`... (`n_params = sum(p.numel() for p in params)`
    before `SGD([{"params": params}])`): the optimizer gets nothing. Fixed by the same `list(...)`
    (the whole read then reads the list), safe when the read comes right after the binding.

    ## Why is this bad?
    An iterator is spent by its first reader. The first optimizer takes every parameter; the
    second one gets none. torch (checked on 2.13) raises `ValueError: optimizer got an empty
    parameter list` only when the spent iterator is the whole `params` argument -- at the
    second build, which for an optimizer rebuilt at an epoch's end comes after a full epoch
    of training. An empty parameter group in a list of groups
    (`Adam([{"params": head_params, "lr": 1e-3}, {"params": backbone.parameters()}])`, even
    a list of that one group) and an empty group handed to `add_param_group` are accepted
    silently: from then on those parameters get gradients but no step, and the model trains
    only what the other groups hold.

    ## Example
    ```python
    head_params = filter(lambda p: p.requires_grad, model.head.parameters())
    optimizer = torch.optim.Adam([{"params": head_params, "lr": lr}, {"params": model.backbone.parameters(), "lr": lr / 10}])
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        lr = lr * 0.9
        optimizer = torch.optim.Adam([{"params": head_params, "lr": lr}, {"params": model.backbone.parameters(), "lr": lr / 10}])
    ```

    ## Use instead
    ```python
    head_params = list(filter(lambda p: p.requires_grad, model.head.parameters()))
    optimizer = torch.optim.Adam([{"params": head_params, "lr": lr}, {"params": model.backbone.parameters(), "lr": lr / 10}])
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        lr = lr * 0.9
        optimizer = torch.optim.Adam([{"params": head_params, "lr": lr}, {"params": model.backbone.parameters(), "lr": lr / 10}])
    ```

    ## Fix safety
    The fix reads the iterator whole where it is bound: `params = list(filter(...))` (a
    generator expression becomes `list(p for p in ...)`). It is offered only when every read of
    the name is an optimizer's or a parameter group's (a list is no iterator: `next(params)`
    would fail). It is safe when the first optimizer reads the name in the statements right
    after its binding, with only plain assignments between that say nothing of
    `requires_grad` or freezing: the list then holds exactly the parameters the first optimizer
    took. Otherwise (the first read in another method or later in the function, after code
    that may freeze or replace parameters: a `filter` on `requires_grad` is evaluated when it
    is read, the list when it is bound) it is unsafe. The rebuilt optimizer still starts with
    fresh state each time (Adam's moments reset); that is GF030's concern, not this rule's.

    Two groups of one optimizer over the same iterator (`AdamW([{"params": backbone},
    {"params": backbone, "weight_decay": 0.0}])`, or `opt = SGD(trainable)` then
    `opt.add_param_group({"params": trainable, ...})`) are reported without a fix: the
    second group is empty, but a list would put the same parameters in both groups, which
    torch refuses (`ValueError: some parameters appear in more than one parameter group`,
    checked on 2.13); which parameters each group should hold is the author's to say.
    """

    code = "GF035"
    name = "optimizer-over-spent-iterator"
    message = (
        "`{key}` is a one-shot iterator ({form}) already spent by the optimizer at line {line}: "
        "this {reader} gets none of its parameters, which stop training; bind it with `list(...)`"
    )
    drained_message = (
        "`{key}` is a one-shot iterator ({form}) already read to its end at line {line}: "
        "this {reader} gets none of its parameters, which stop training; bind it with `list(...)`"
    )
    loop_message = (
        "`{key}` is a one-shot iterator ({form}) read by an optimizer in a loop: the first pass spends it, "
        "and each optimizer built after that gets none of its parameters, which stop training; bind it with `list(...)`"
    )
    group_message = (
        "`{key}` is a one-shot iterator ({form}) already spent by the same optimizer at line {line}: "
        "this group is empty, so its settings reach no parameter; a list would put the parameters in both groups, "
        "which torch refuses: give each group its own parameters"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        source = model.source
        for found in spent_iterators(model):
            if found.one_optimizer:
                line = found.first.lineno  # type: ignore[attr-defined]
                yield Finding(self.code, self.group_message.format(key=found.key, form=found.form, line=line), found.again, related=(found.binding,))
                continue
            if found.drained:
                reader = "parameter group" if found.again.__class__ is ast.Dict or not _optimizer_named(found.again) else "optimizer"
                message = self.drained_message.format(key=found.key, form=found.form, line=found.first.lineno, reader=reader)  # type: ignore[attr-defined]
            elif found.in_loop:
                message = self.loop_message.format(key=found.key, form=found.form)
            else:
                reader = "parameter group" if found.again.__class__ is ast.Dict or not _optimizer_named(found.again) else "optimizer"
                message = self.message.format(key=found.key, form=found.form, line=found.first.lineno, reader=reader)  # type: ignore[attr-defined]
            fix = None
            if found.only_optimizers:
                value = found.value
                text = source.segment(value)
                new = f"list{text}" if value.__class__ is ast.GeneratorExp else f"list({text})"
                edit = ReplaceNode(value, new, found.binding, span=(source.start(value), source.end(value)))
                fix = Fix([edit], Safety.SAFE if found.read_right_after else Safety.UNSAFE)
            yield Finding(self.code, message, found.again, fix=fix, related=(found.binding,))


def _optimizer_named(node: ast.AST) -> bool:
    """An optimizer's call, not `dict(params=...)`."""
    func = getattr(node, "func", None)
    return not (func.__class__ is ast.Name and func.id == "dict")  # type: ignore[union-attr]
