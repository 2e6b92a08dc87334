from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.samplers import UnseededSampler, constant_epoch, epoch_variable, sampler_call, unseeded_samplers
from gradfix.analysis.assignments import assignments
from gradfix.source import TRIES, Source
from gradfix.transforms._common import new_statement
from gradfix.transforms.base import Edit, Finding, Fix, InsertStatements, ReplaceNode, Rule, Safety
from gradfix.walk import ast_walk

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class DistributedSamplerWithoutSetEpoch(Rule):
    """
    A shuffling `DistributedSampler` feeds an epoch loop that never calls `set_epoch`.

    ## What it does
    Finds a `DistributedSampler` (shuffling, the default; also built through a name bound once
    to a `functools.partial` of it, `make_sampler = partial(DistributedSampler, shuffle=True)`;
    also returned by a plain function named like a sampler factory, of another module of the project that never says
    `set_epoch`, `sampler = build_sampler(dataset)` with `from utils.dist import build_sampler`,
    its one `return` a `DistributedSampler(...)` that shuffles for that call)
    given to a loader's `sampler=`
    (or batched by the `BatchSampler` given to its `batch_sampler=`, the sampler written
    inline in it or bound to a name)
    when that loader (a name, or an entry of a dict literal under a constant key:
    `loaders["train"]`, the sampler written inline or bound to a name first, also of a dict comprehension over a list of names, `{x:
    DataLoader(sets[x], sampler=samplers[x]) for x in ["train", "val"]}`, or over the items of
    a dict of samplers bound once to a dict literal or comprehension of string keys, `{x:
    DataLoader(sets[x], sampler=s) for x, s in samplers.items()}`, read as
    `loaders[phase]` inside `for phase in ["train", "val"]:` for its `"train"` entry) is iterated by a training loop inside an epoch loop (also through a progress bar or an
    enumeration of it, written inline or bound once to a name first in the same function: `bar =
    tqdm(enumerate(loader), total=n)`, `for i, batch in bar:`; also one that
    draws its batches with `next(it)` from `it = iter(loader)` bound in the epoch loop's own body (or through a function of the module it hands `it` to, `train_batch(it, model, opt)` saying `next(it)`); also
    one consumed by a comprehension of the epoch loop's own code, no loop between, with one
    generator over it, whose element calls a function of the file (a closure defined in the
    epoch loop too) saying `.step(` (`losses = [train_step(i, b) for i, b in
    enumerate(loader)]`, `sum(train_batch(model, opt, b) for b in loader)`); directly, or in
    a helper the loader is passed to or that reads the module's loader itself, or in a
    function of the module every call of which is handed that loader: `fit(model, loader,
    opt, epochs)`, or in a method of a class of the module every call of which, on an
    instance built in the module, is handed that loader (`Fitter(model).fit(loader)`) or
    whose `__init__` stores it (`Trainer(model, loader)`), fixed with
    `if isinstance(loader.sampler, DistributedSampler): loader.sampler.set_epoch(epoch)` at the
    top of its epoch loop; also a module-level function whose every call, at least one, is made
    in other modules of the project, each handing a loader it builds (bound once, or written in
    the call) over a shuffling `DistributedSampler` and calling no `set_epoch`: reported in the
    function's module, guarded through its own `import torch`, else fixed unguarded as an
    unsafe fix) and nothing in the file calls `set_epoch`.

    ## Why is this bad?
    `DistributedSampler` seeds its shuffle with `seed + epoch`, and `epoch` only changes
    through `set_epoch`. Without it every epoch visits the data in exactly the same order
    on every process: shuffling silently becomes a fixed permutation, which hurts
    convergence and generalisation (a classic multi-GPU-only regression).

    ## Example
    ```python
    sampler = DistributedSampler(dataset, shuffle=True)
    loader = DataLoader(dataset, batch_size=64, sampler=sampler)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    ```

    ## Use instead
    ```python
    sampler = DistributedSampler(dataset, shuffle=True)
    loader = DataLoader(dataset, batch_size=64, sampler=sampler)
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    ```

    ## Fix safety
    Safe. `sampler.set_epoch(epoch)` (or `loader.sampler.set_epoch(epoch)` when the sampler
    is built inside the loader call; `loader.batch_sampler.sampler` when the loader batches it
    with torch's `BatchSampler` given to `batch_sampler=`; no fix for a batch sampler of another
    class) becomes the first statement of the epoch loop, whose
    variable must be the epoch number: the target of `for epoch in range(...)` (also
    through `tqdm`/`trange`), or the only `epoch += 1` counter of a `while` loop. A loop
    written `for _ in range(...)` ("unused") gets its variable named `epoch` (or `epoch_idx`,
    ... when the file names that already) when the file never reads `_`; otherwise `_` is given
    as it is, and no fix when the body binds `_` again. When the
    sampler may also be `None` (`DistributedSampler(ds) if distributed else None`) the call
    is guarded by `if sampler is not None:`; when it may be another sampler, by
    `isinstance(sampler, DistributedSampler)` (also when an `if` statement binds it in one arm
    and `None` or another sampler in the other, or a `try` falls back to `None` in its `except`;
    a loader built in each arm of an `if` is guarded with `isinstance(loader.sampler,
    DistributedSampler)`). No fix when the sampler or the loader is
    built inside the epoch loop. Not reported: `shuffle=False` (also through a module constant,
    `SHUFFLE = False`, a parameter of the function building the sampler that every call of it
    in the module leaves `False`, or possibly in `**kwargs`; a dict written out in the file and
    bound once, only ever spread, is read: `**{"rank": 0}`, `**opts` with `opts = {"rank": 0}`, or
    `**cfg["sampler"]`, which shuffle unless a `"shuffle"` key says `False`), a sampler built inside a loop
    with a `seed=` that reads the loop's variable (`DistributedSampler(ds, seed=epoch)`: a new
    order each epoch; also one call away, a loader bound in the loop to a factory of the file
    handed the loop's variable that seeds its sampler from it or calls `sampler.set_epoch(epoch)`
    on it: `train_loader = get_dataloader(ds, epoch)`), files that call
    `set_epoch` (or a `set_*epoch` helper) anywhere, loaders handed to a library that owns
    them (`accelerator.prepare`, `fabric.setup_dataloaders`, a `Trainer`), loops over
    `itertools.cycle(loader)`, epoch loops that pass the loader or sampler to a call
    gradfix cannot see into or call an object built over the sampler (`hook =
    EpochHook(sampler)` ... `hook(epoch)`: a callback that may set the epoch), and batch loops that step nothing (a pass that backpropagates only
    to read gradients, such as a head-importance score).

    A file whose every `set_epoch` call names its sampler (`aux_sampler.set_epoch(...)`, bound
    only to a `DistributedSampler`) or its loader's (`loader.sampler.set_epoch(...)`) is silent
    only for those; the others are reported (`loader.batch_sampler.sampler.set_epoch(epoch)` names
    the loader's, and so does `batches.sampler.set_epoch(epoch)` on the `BatchSampler` the
    loader is handed as `batch_sampler=batches`). A `set_epoch` given a number written out (`sampler.set_epoch(0)`: the same
    epoch every time) or called on torch's `DataLoader` itself (which has no such method: under
    `hasattr(loader, "set_epoch")` it never runs) gives no sampler an epoch, nor does one called
    only on one process (under `if rank == 0:`, `if dist.get_rank() == 0:`, `if not rank:`, `if local_rank in (-1, 0):`,
    `if is_main_process:`, `if accelerator.is_main_process:`: every other rank
    replays its first epoch's order; the fix sets it on every rank); no fix when such a
    constant call is in the epoch loop, where it would undo the epoch the fix sets. A sampler bound in one arm only (`if data_parallel:
    sampler = DistributedSampler(...)`, in a function or at module level, also under `if
    __name__ == "__main__":`) is given the epoch through the loader's own sampler,
    under `isinstance`. A sampler bound to a name of the method that stores the loader
    (`sampler = DistributedSampler(ds)` and `self.loader = DataLoader(ds, sampler=sampler)` in
    `__init__`, the epoch loop in another method), the method reading the name nowhere else, is
    given the epoch through the loader (`self.loader.sampler.set_epoch(epoch)`, under
    `isinstance` when the name is bound more than once or in an arm of an `if`); so is one whose
    name is bound again to the batch sampler over it before the loader is built (`sampler =
    BatchSampler(sampler, 64, False)`, `DataLoader(ds, batch_sampler=sampler)`: at the loop the
    name holds the batch sampler), through `loader.batch_sampler.sampler`. A trainer's own
    counter, `self.epoch = 0` in a method of a class of the file with no base (or only
    `object`), writes no sampler's epoch. A loader handed to a trainer class of the file and kept as
    `self.train_loader` (its `__init__` stores the parameter as it is, also in a tuple assignment,
    and every construction passes that loader) is followed into the class's epoch loop.

    A loader built and returned by a factory is followed to where it is bound: a function of
    the file (one `return`, or one in each arm of an `if`, the other arm's loader guarded with
    `isinstance`), a method called on `self` (`loader = self.make_loader(ds, is_train=True)`),
    or a function of another module of the project (`from data import build_loaders`;
    `train_loader, val_loader = build_loaders(cfg)`) that builds torch's `DataLoader` over a
    shuffling `DistributedSampler` — not `shuffle=False`, nor a parameter of the factory that
    the call leaves `False` — and whose module never says `set_epoch`. The finding and the fix
    are in the file with the epoch loop; a factory that may return another sampler gets the
    guard `isinstance(loader.sampler, torch.utils.data.DistributedSampler)` when that file
    imports `torch` (no fix otherwise). So is a sampler a function of the file returns
    (`sampler = shard_sampler(ds)` with `def shard_sampler(d): return DistributedSampler(d)`),
    handed to the loader by name or called in its `sampler=` argument
    (`DataLoader(ds, sampler=shard_sampler(ds))`). A loader class of the project's own is not followed.
    A sampler a class stores (`self.sampler = DistributedSampler(ds)`) is followed into the loader
    another method of the class returns over it (`self.loader = self._make_loader()`), fixed with
    `self.sampler.set_epoch(epoch)`; a loader built right in the call of the training function
    (`train(model, DataLoader(ds, sampler=DistributedSampler(ds)), epochs)`) is followed into it
    as its parameter, like a loader passed by name. A loader a class of the file stores once
    (`self.train_loader = DataLoader(ds, sampler=self.train_sampler)`) is followed to the loop that
    iterates it on an instance (`data = Data(ds)`; `for x, y in data.train_loader:`, or through a
    name of the loop's function bound once to it, `loader = data.train_loader`), fixed with
    `data.train_sampler.set_epoch(epoch)` when the class stores the sampler once too.
    """

    code = "GF019"
    name = "distributed-sampler-without-set-epoch"
    message = (
        "`{loader}` draws from a `DistributedSampler` that is never given the epoch: every epoch repeats the "
        "same order; call `{call}` at the start of each epoch"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        for found in unseeded_samplers(model):
            target = found.sampler or found.loader_sampler
            if found.sampler is not None and _rebound_before_loop(found, model):
                target = found.loader_sampler
            variable = epoch_variable(found.epoch_loop, model) or "epoch"
            if variable == "_":
                variable = _renamed_epoch(found.epoch_loop.node, model) or ("epoch" if _underscore_rebound(found.epoch_loop.node) else "_")
            yield Finding(
                self.code,
                self.message.format(loader=found.loader, call=f"{target}.set_epoch({variable})"),
                found.epoch_loop.node,
                fix=_fix(found, model),
                related=(found.epoch_loop.node,),
            )


def _fix(found: UnseededSampler, model: ModuleModel) -> Fix | None:
    source = model.source
    loop = found.epoch_loop.node
    if source.inline_block(loop.body):
        return None
    variable = epoch_variable(found.epoch_loop, model)
    if variable is None:
        return None
    if found.sampler is not None and _rebound_before_loop(found, model):
        # `sampler = DistributedSampler(val_ds, shuffle=False)` after the training loader was
        # built: at the loop the name holds another sampler; the loader's own is the one
        target = found.loader_sampler
        guard = None
    elif found.sampler is not None:
        binding = found.sampler_binding
        if binding is None or _inside(binding.statement, loop):
            return None
        target = found.sampler
        if found.foreign:
            # `sampler = build_sampler(ds)`: a function of another module whose one return is
            # the sampler (a guard names the class through `torch`, for a name bound otherwise too)
            guard = None if len(found.sampler_values) == 1 else _torch_guard(target, model) or ""
        else:
            guard = _guard(target, found.sampler_values, found.constructor, model)
        scope = found.epoch_loop.function
        inside = _inside(binding.statement, scope) if scope is not None else _at_module_level(binding.statement, source)
        if len(found.sampler_values) == 1 and inside and not _reaches(binding.statement, loop, source):
            # bound in one arm only (`if data_parallel: sampler = DistributedSampler(...)`, also
            # at module level, under `if __name__ == "__main__":`): the name may be unbound at
            # the loop; the loader's own sampler always is
            target = found.loader_sampler
            guard = _torch_guard(target, model) if found.foreign else _isinstance_guard(target, found.constructor, model)
            if guard is None:
                return None
    else:
        target = found.loader_sampler
        guard = None
        scope_node = found.epoch_loop.function if found.epoch_loop.function is not None else source.tree
        bindings = assignments(model).bindings(found.loader, scope_node)
        if found.inline_alternative or len(bindings) > 1:
            # `sampler=DistributedSampler(...) if ... else other`, or a loader built in each arm
            # of an `if` (`DataLoader(ds, shuffle=True)` in the other): another sampler may be in it
            guard = _torch_guard(target, model) if found.foreign else _isinstance_guard(target, found.constructor, model)
            if guard is None:
                return None
            if found.literal_alternative or any(
                b.value is not None and not isinstance(b.value, (ast.Call, ast.Name, ast.Attribute)) for b in bindings
            ):
                # `aux_loader = [None] * n` in the other arm (here, or where the loader handed
                # to this function is built): the name may hold no loader at all
                if target != f"{found.loader}.sampler":
                    return None
                guard = guard.replace(f"isinstance({target},", f'isinstance(getattr({found.loader}, "sampler", None),', 1)
    safety = Safety.SAFE
    if found.across and guard is None:
        # a function handed its loader by other modules' calls, each over a `DistributedSampler`:
        # guarded when this module imports `torch`; else given the epoch as the callers' loaders
        # need, an unsafe fix (a caller written later may hand a loader of another kind)
        guard = _torch_guard(target, model)
        if guard is None:
            safety = Safety.UNSAFE
    if guard == "":
        return None
    if found.foreign_batches and target == found.loader_sampler:
        return None  # a batch sampler of another class: where it keeps the sampler is unknown
    rebuilt = found.sampler if found.sampler is not None else found.loader
    if any(isinstance(node, ast.Call) and constant_epoch(node) for node in ast_walk(loop)):
        return None  # `sampler.set_epoch(0)` in the loop would undo the epoch given at its top
    for statement in ast_walk(loop):
        if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and _binds_root(statement, rebuilt, source):
            return None  # built again inside the epoch loop: not bound yet at its top
    edits: list[Edit] = []
    if variable == "_":
        # `for _ in range(epochs):`: `_` says "unused"; the loop variable is named for what it now holds
        renamed = _renamed_epoch(loop, model)
        if renamed is not None:
            edits.append(ReplaceNode(loop.target, renamed, loop))  # type: ignore[attr-defined]
            variable = renamed
        elif _underscore_rebound(loop):
            return None  # `_` bound again in the body and the file reads `_`: no name to give the epoch
    call = f"{target}.set_epoch({variable})"
    code = call if guard is None else f"{guard}\n{source.unit_at(loop.body[0])}{call}"
    return Fix([*edits, InsertStatements(loop.body, "start", new_statement(code))], safety)


def _underscore_rebound(loop: ast.AST) -> bool:
    """The body of a `for _ in ...` loop binds `_` again (`_, pred = out.max(1)`)."""
    target = getattr(loop, "target", None)
    return any(isinstance(n, ast.Name) and n.id == "_" and not isinstance(n.ctx, ast.Load) and n is not target for n in ast_walk(loop))


_EPOCH_NAMES = ("epoch", "epoch_idx", "epoch_index", "ep")


def _renamed_epoch(loop: ast.AST, model: ModuleModel) -> str | None:
    """The name a `for _ in range(...)` epoch loop's variable can take: `epoch` (or another of
    `_EPOCH_NAMES`) when the file names nothing so (no name, parameter, `global`, import) and
    never reads `_` (the loop body, or later code that would see the loop's last value, or a
    `_` bound to something else, such as gettext's)."""
    if not isinstance(loop, ast.For) or not isinstance(loop.target, ast.Name) or loop.target.id != "_":
        return None
    source = model.source
    used: set[str] = set()
    for node in source.of_type(ast.Name):
        used.add(node.id)  # type: ignore[attr-defined]
        if node.id == "_" and isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
            return None
    used.update(a.arg for a in source.of_type(ast.arg))  # type: ignore[attr-defined]
    for kind in (ast.Global, ast.Nonlocal):
        for node in source.of_type(kind):
            used.update(node.names)  # type: ignore[attr-defined]
    for kind in (ast.Import, ast.ImportFrom):
        for node in source.of_type(kind):
            used.update((alias.asname or alias.name).split(".", 1)[0] for alias in node.names)  # type: ignore[attr-defined]
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        used.update(node.name for node in source.of_type(kind))  # type: ignore[attr-defined]
    if "eval" in used or "exec" in used or "locals" in used or "vars" in used:
        return None  # (code that reads names by their spelling)
    return next((name for name in _EPOCH_NAMES if name not in used), None)


def _rebound_before_loop(found: UnseededSampler, model: ModuleModel) -> bool:
    """The sampler's name is bound again between its binding and the epoch loop (another
    sampler for the validation loader)."""
    binding = found.sampler_binding
    if binding is None or found.sampler is None:
        return False
    source = model.source
    scope = found.epoch_loop.function if found.epoch_loop.function is not None else source.tree
    first, last = binding.statement.lineno, found.epoch_loop.node.lineno
    return any(
        isinstance(node, (ast.Assign, ast.AnnAssign)) and first < node.lineno < last and _binds_root(node, found.sampler, source)
        and not _alternatives(binding.statement, node, scope)
        for node in ast_walk(scope)
    )


def _alternatives(a: ast.AST, b: ast.AST, scope: ast.AST) -> bool:
    """`a` and `b` run in alternatives of one statement, never one after the other: the two
    arms of an `if` (`if distributed: sampler = DistributedSampler(ds)` / `else: sampler =
    None`), or a `try` body and one of its `except` handlers."""
    def holds(block: list[ast.stmt], node: ast.AST) -> bool:
        return any(stmt.lineno <= node.lineno <= (stmt.end_lineno or stmt.lineno) for stmt in block)  # type: ignore[attr-defined]

    for node in ast_walk(scope):
        if isinstance(node, ast.If) and node.orelse:
            if (holds(node.body, a) and holds(node.orelse, b)) or (holds(node.body, b) and holds(node.orelse, a)):
                return True
        elif isinstance(node, TRIES) and holds(node.body, a) and any(holds(h.body, b) for h in node.handlers):
            return True
    return False


def _reaches(binding: ast.stmt, loop: ast.AST, source: Source) -> bool:
    """The binding runs whenever the loop does: the loop is a later statement of the binding's
    own block, or inside one."""
    block = source.block_of(binding)
    if block is None:
        return False
    later = False
    for stmt in block:
        if stmt is binding:
            later = True
        elif later and (stmt is loop or _inside(loop, stmt)):  # type: ignore[arg-type]
            return True
    return False


def _inside(stmt: ast.stmt, loop: ast.AST) -> bool:
    return any(node is stmt for node in ast_walk(loop))


def _at_module_level(stmt: ast.stmt, source: Source) -> bool:
    """The statement runs at the module's top level (maybe under `if`, `with`, `try`...), not
    in a function or class body (`self.sampler = ...` in a data class's `__init__`)."""
    owner = source.owner_of(stmt)
    for _ in range(1000):
        if owner is None or owner is source.tree:
            return owner is source.tree
        if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return False
        owner = source.owner_of(owner)  # type: ignore[arg-type]
    return False


def _binds_root(stmt: ast.stmt, key: str, source: Source) -> bool:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]  # type: ignore[attr-defined]
    for target in targets:
        for node in ast_walk(target):
            if isinstance(node, (ast.Name, ast.Attribute)) and source.key(node) == key:
                return True
    return False


def _guard(target: str, values: list[ast.expr | None], constructor: ast.Call, model: ModuleModel) -> str | None:
    """None: no guard needed; "": cannot guard; else the `if` line."""
    kinds: set[str] = set()
    for value in values:
        for item in (value.body, value.orelse) if isinstance(value, ast.IfExp) else (value,):
            if isinstance(item, ast.Call) and (model.facts.imports.qualify(_name(sampler_call(item, model))) or "").endswith("DistributedSampler"):
                kinds.add("sampler")
            elif isinstance(item, ast.Constant) and item.value is None:
                kinds.add("none")
            else:
                kinds.add("other")
    if kinds == {"sampler"}:
        return None
    if kinds == {"sampler", "none"}:
        return f"if {target} is not None:"
    return _isinstance_guard(target, constructor, model) or ""


def _name(call: ast.Call) -> str | None:
    from gradfix.analysis.names import call_name

    return call_name(call)


def _isinstance_guard(target: str, constructor: ast.Call, model: ModuleModel) -> str | None:
    """`if isinstance(target, DistributedSampler):`, spelling the class as the constructor
    call does, when that spelling is imported at module level."""
    text = model.source.segment(sampler_call(constructor, model).func)  # (`DistributedSampler` of a `partial` of it)
    root = text.split(".", 1)[0]
    for stmt in model.source.tree.body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                bound = alias.asname or alias.name.split(".", 1)[0]
                if bound == root:
                    return f"if isinstance({target}, {text}):"
    return None


def _torch_guard(target: str, model: ModuleModel) -> str | None:
    """`if isinstance(target, torch.utils.data.DistributedSampler):` for a sampler another
    module builds, when this one imports `torch` itself at module level."""
    for stmt in model.source.tree.body:
        if isinstance(stmt, ast.Import) and any(alias.name == "torch" and alias.asname is None for alias in stmt.names):
            return f"if isinstance({target}, torch.utils.data.DistributedSampler):"
    return None
