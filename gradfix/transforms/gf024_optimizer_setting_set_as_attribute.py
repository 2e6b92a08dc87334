from __future__ import annotations

from gradfix import syntax as ast

from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.members import loop_member_infos
from gradfix.analysis.model import ObjectInfo
from gradfix.analysis.names import call_name, dotted, positional
from gradfix.libraries.torch_extras import SCHEDULE_FREE_OPTIMIZERS, ZERO_REDUNDANCY_OPTIMIZERS
from gradfix.patterns import lazily
from gradfix.source import FUNCTIONS, MATCH_CASE, Source
from gradfix.transforms.base import Finding, Fix, InsertStatements, Rule, Safety, code_lines
from gradfix.walk import ast_walk, child_nodes

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator

    from gradfix.analysis.model import ObjectInfo

# the settings each of torch's optimizers keeps per parameter group (its constructor's
# keywords); `lr` is one of every optimizer's
_SETTINGS: dict[str, frozenset[str]] = {
    "SGD": frozenset({"momentum", "dampening", "weight_decay", "nesterov"}),
    "Adam": frozenset({"betas", "eps", "weight_decay", "amsgrad"}),
    "AdamW": frozenset({"betas", "eps", "weight_decay", "amsgrad"}),
    "RMSprop": frozenset({"alpha", "eps", "weight_decay", "momentum", "centered"}),
    "Adagrad": frozenset({"lr_decay", "weight_decay", "eps"}),
    "Adadelta": frozenset({"rho", "eps", "weight_decay"}),
}
_SETTING_NAMES = rb"(?:lr|momentum|dampening|weight_decay|nesterov|betas|eps|amsgrad|alpha|centered|lr_decay|rho)"
_WRITTEN = lazily(rb"\." + _SETTING_NAMES + rb"[ \t]*(?:[-+*/%@&|^]|//|\*\*|<<|>>)?=(?!=)")
# `setattr(opt, "lr", value)`
_SETATTR = lazily(rb"setattr\([^,()]+,[ \t]*[\"']" + _SETTING_NAMES + rb"[\"']")


_ANY_SETTING = frozenset({"lr"}).union(*_SETTINGS.values())


class OptimizerSettingSetAsAttribute(Rule):
    """
    A learning rate (or another setting) assigned as an attribute of a torch optimizer.

    ## What it does
    Finds an assignment like `optimizer.lr = new_lr` (also `setattr(optimizer, "lr", new_lr)`,
    and `optimizer.lr *= 0.1` where the same function also sets `optimizer.lr`) where
    `optimizer` is built by one of
    torch's optimizer classes (`torch.optim.SGD(...)`, `optim.Adam(...)`, or a schedule-free
    optimizer, `schedulefree.SGDScheduleFree(...)`, `AdamWScheduleFree`, `RAdamScheduleFree`, which
    read `group["lr"]` too: only `lr` is reported for them, and the fix is unsafe; or torch's
    `ZeroRedundancyOptimizer`, which hands its groups to its local optimizer at every step: only
    `lr` is reported; or timm's factory, `create_optimizer_v2(model, "sgd", lr=...)` (also its
    older `create_optimizer`), whose every optimizer is a torch `Optimizer` reading `group["lr"]`:
    only `lr` is reported, unless its `opt` is a literal naming one of torch's classes, `"sgd"`
    (also when absent: timm's default), `"momentum"`, `"adam"`, `"adamw"`, `"rmsprop"`,
    `"adagrad"`, `"adadelta"`: then that class's settings too, the fix unsafe, timm having split
    the model's parameters into groups of their own decay), also as an attribute
    of `self`, another name the same scope binds once to it, `opt = optimizer`, a `@property`
    (or `functools.cached_property`) of a class returning only `self._opt`, bound lazily to
    such an optimizer and to nothing else but `None`, or a parameter of a function of the module that every call of it in the module
    passes such an optimizer for; also `optimizer = build_optimizer(model)`, a builder of the
    file or the project whose every `return` is torch's optimizer over its argument's
    parameters (or, for a builder of the file, an entry of such a registry as below); also
    `net, opt = kit()`, the one binding of the name, unpacking a function of the file (plain
    or cached by `functools.lru_cache`) every `return` of which is a tuple as long holding at
    that place one torch optimizer it built (written there, or a name it binds once); also
    `getattr(torch.optim, cfg["optim"])(model.parameters(), ...)`, a class of torch's optimizers
    a setting names (also through a name the function binds once to it, `optim_cls =
    getattr(torch.optim, name)`, then `optim_cls(model.parameters(), ...)`); also `opt = OPTIMIZERS[cfg["name"]](model.parameters(), ...)` (or
    `OPTIMIZERS.get(name)(...)`), a registry whose entries are statically known: a dict
    literal of torch's optimizer classes bound once at the top of the module, or of a module
    of the project it is imported from, never written to (`OPTIMIZERS[k] = ...`,
    `.update(...)`) in either; also `o` of `for o in (opt_g, opt_d):` written in that loop (optimizers
    of different classes too, when the setting is one of every class), `opt` of `for model, opt
    in members:` written in that loop, with `members` a list the function builds in plain
    sight and never changes (`[build_member() for _ in range(3)]`, a function of the file
    whose one `return` is `model, opt`, or a list of tuple literals), or of `for m, o in
    zip(models, opts):` with `opts = [torch.optim.SGD(m.parameters()) for m in models]`, an entry by a
    constant key of a dict the model knows, `opts["main"]`, and `agent.optim` with `agent =
    Agent()` and `self.optim = torch.optim.RMSprop(...)` the one binding of `Agent`; also
    `self.optim` of a trainer class that stores its `__init__` parameter there, `self.optim =
    optim` or a `@dataclass` field, when every construction of the class in the module passes
    such an optimizer; also the `optimizer` parameter of a LightningModule's `optimizer_step`
    override, a LightningOptimizer over the optimizers the class's `configure_optimizers`
    builds, each one of torch's, when that method makes no other call but torch's schedulers
    and plain helpers: the attribute stays on the wrapper; also a name a method of such a class
    binds once, at its top level, to `self.optimizers()` when `configure_optimizers` builds one
    torch optimizer: the same wrapper, or to `self.optimizers(use_pl_optimizer=False)`: the
    optimizer itself; also `self.optimizers().lr = ...` written on the call, when no other `).lr`
    of the file reads it back: every call hands back the same object); also, in a hook of a
    Lightning `Callback` of the file, `trainer.optimizers[0]` (its `trainer` parameter's entry by
    a constant index, or a name the hook binds once to it, at its top level) when every
    LightningModule of the file (one at least) builds only torch optimizers in
    `configure_optimizers`: the entry is such an optimizer itself, not a wrapper; written on the
    entry, only when no other `trainer.optimizers[0].lr` of the file reads it back), and the attribute is a setting of that optimizer: `lr` for
    every one, `momentum`, `weight_decay`, `betas`, `eps` and the other keywords of SGD, Adam,
    AdamW, RMSprop, Adagrad and Adadelta.

    ## Why is this bad?
    torch's optimizers read their settings from `optimizer.param_groups`, one dict per group,
    on every `step()`. An attribute of the optimizer object is never read: the assignment
    creates it and nothing changes. A learning-rate decay written this way never happens, and
    nothing warns; training just runs at the first learning rate.

    ## Example
    ```python
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        optimizer.lr = 0.1 * 0.1 ** (epoch // 30)
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    ```

    ## Use instead
    ```python
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for param_group in optimizer.param_groups:
            param_group["lr"] = 0.1 * 0.1 ** (epoch // 30)
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
    ```

    ## Fix safety
    The fix keeps the assignment and writes the value into every parameter group right after
    it (`for param_group in optimizer.param_groups: param_group["lr"] = optimizer.lr`), so code
    that reads the attribute back still finds it. It is safe when the optimizer was built over
    one iterable of parameters (`model.parameters()`, a `filter(...)`): a single group, which
    the assignment meant to change. It is unsafe when the optimizer was built over a list of
    parameter groups, which may each have their own rate (a backbone at a tenth of the head's):
    one value for all of them may not be what was meant. No fix when the assignment shares its
    line with another statement, or when the loop's name is taken in the module.

    Not reported when the module writes parameter groups anywhere (`group["lr"] = ...`,
    `add_param_group`, a loop over the groups that calls anything, binds an alias of a group or
    stores into an item or attribute: `for g in opt.param_groups: pass` or `lr = g["lr"]` writes
    none) or reads the attribute back from the optimizer (`optimizer.lr`, or the
    same attribute of a parameter of a function in the module, which may hand it on to the
    groups, unless every call of it in the module passes a parsed command line for it, like
    `args` of `adjust_learning_rate(optimizer, epoch, args)` (also through a function of the
    module that returns it, `args = get_args()`), or a name bound only to an object of
    a class of the module that derives from nothing else (`settings = Settings()`), or it is annotated with a class of
    the module that derives from nothing else, `cfg: TrainConfig`, a dataclass of settings, or such an object built in the
    call's argument list, `train(parse_args())`, `run(Settings())`; also `getattr(optimizer, "lr")`); nor `optimizer.lr *= 0.1` alone (with no
    `optimizer.lr` set before it, it raises rather than trains); nor for an optimizer of a class that is not torch's (a project's optimizer may
    define the attribute), nor for one gradfix cannot tell from its name alone. A parameter of a function
    of the module is the optimizer every call of it in the module passes (held in a name, or
    built in the call's argument list: `run(net, torch.optim.Adam(net.parameters()))`); for a
    function nested in another (`def adjust_learning_rate(optimizer, epoch)` inside `main()`),
    every call of it in the function around it.
    """

    code = "GF024"
    name = "optimizer-setting-set-as-attribute"
    message = (
        "`{target}` sets an attribute that `{opt}.step()` never reads: torch's optimizers take `{attr}` from "
        "`{opt}.param_groups`; write it into each parameter group"
    )
    safety = Safety.SAFE

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        source = model.source
        if not _assigns_a_setting(source.data):
            return
        read: tuple[set[tuple[str, str]], dict[str, list[tuple[ast.AST, int]]]] | None = None
        found = list(_assignments(source.tree))
        # `opt.lr *= 0.1` reads the attribute first: only where the function also sets it
        # (`opt.lr = base_lr`; anywhere in the module for `self.opt.lr`) is there one to read;
        # else it raises, loudly
        set_plainly = {_where_set(t, functions) for node, t, functions in found if not isinstance(node, ast.AugAssign)}
        for node, target, functions in found:
            if isinstance(target, ast.Attribute):
                receiver, attr, shown = target.value, target.attr, source.code(target)
            else:  # `setattr(opt, "lr", value)`
                receiver, attr = target.args[0], target.args[1].value  # type: ignore[attr-defined]
                shown = f'setattr({source.code(receiver)}, "{attr}", ...)'
            key = dotted(receiver)
            if key is None and _named_entry(receiver) and not isinstance(node, ast.AugAssign):
                key = source.key(receiver)  # `opts["main"].lr = ...`, as the model names the entry
            direct = (
                key is None and not isinstance(node, ast.AugAssign) and isinstance(target, ast.Attribute) and functions
                and _optimizers_call(receiver, functions[-1]) and source.text.count(f").{attr}") == 1
            )  # fmt: skip
            if direct:  # `self.optimizers().lr = ...`, the attribute read nowhere (`).lr` written once)
                key = source.code(receiver)
            entry = (
                not isinstance(node, ast.AugAssign) and isinstance(target, ast.Attribute) and functions
                and _trainer_entry(receiver, functions[-1])
            )  # fmt: skip
            if entry and source.text.count(f"{source.code(receiver)}.{attr}") != 1:
                continue  # `trainer.optimizers[0].lr = ...` in a Callback hook, read back
            if key is None or key == "self" or attr not in _ANY_SETTING:
                continue
            if isinstance(node, ast.AugAssign) and _where_set(target, functions) not in set_plainly:
                continue
            infos = _torch_optimizers(key, functions, model) if not direct else _framework_wrapped_optimizers(key, functions[-1], model, True)
            also: list[str] = []  # other names of the same optimizers, whose reads read it back
            if not infos and (model.facts.info_in(key, functions) is None or (b" in " in source.data and _members_loop(key, node, model))):
                infos, also = _known_elsewhere(key, node, functions, model)
            if not infos and key.startswith("self."):
                infos = _stored_optimizers(key, node, model)
            if not infos and "." not in key and functions:
                infos = _framework_wrapped_optimizers(key, functions[-1], model)
            if not infos and functions and (entry or "." not in key) and b"optimizers[" in source.data:
                infos = _callback_trainer_optimizers(key, receiver, functions[-1], model)
            if not infos and "." not in key and functions:
                infos = _unpacked_optimizers(key, functions[-1], model)  # `net, opt = kit()`
            if not infos and "." not in key and b"__getattr__" in source.data:
                infos = _proxied_optimizers(key, attr, model)  # `opt = Delegating(torch.optim.SGD(...))`
            classes = {_torch_class(info.constructor) for info in infos}
            if not classes or None in classes:
                continue
            # several optimizers of different classes (`for o in (adam, sgd): o.lr = ...`): the
            # setting must be one of every class (`lr` is)
            kinds = {c.rsplit(".", 1)[-1] for c in classes}  # type: ignore[union-attr]
            if attr != "lr" and classes & _TIMM_FACTORIES:
                kinds = {kind for kind in kinds if kind not in _TIMM_KINDS}
                picked = _timm_class(key, functions, model)
                if picked is None:
                    continue
                kinds.add(picked)
            if attr != "lr" and any(attr not in _SETTINGS.get(kind, frozenset()) for kind in kinds):
                continue
            if read is None:  # (asked once, for the first assignment to an optimizer)
                if b"param_group" in source.data and _writes_groups(source.tree):
                    return
                read = _attribute_reads(source)
            reads, parameters = read
            if any((k, attr) in reads for k in (key, *also)) or any(
                (p, attr) in reads and _may_hold_an_optimizer(p, at, model) for p, at in parameters.items()
            ):
                continue
            yield Finding(
                self.code,
                self.message.format(target=shown, opt=key, attr=attr),
                target,
                fix=_fix(node, key, attr, infos, model),
            )


def _proxied_optimizers(key: str, attr: str, model: ModuleModel) -> list[ObjectInfo]:
    """`opt = Delegating(torch.optim.SGD(...))`, every binding of `key` in the module a call of
    one class of this module (no base, no `__setattr__`, `__getattribute__` or `__slots__`,
    nothing of its own named `attr`) whose `__getattr__` ends by handing every name on to one
    attribute (`return getattr(self.inner, name)`) that `__init__` alone binds, to the
    argument the call gives it, a torch optimizer: `opt.lr = ...` sets the proxy's own
    attribute and the optimizer never reads it. Those optimizers; empty otherwise."""
    from gradfix.analysis.assignments import assigned_values, forwarded_argument

    facts = model.facts
    values = assigned_values(model, key)
    found: list[ObjectInfo] = []
    for value in values:
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)) or any(isinstance(a, ast.Starred) for a in value.args):
            return []
        held = forwarded_argument(value, facts.classes.get(value.func.id), attr)
        if held is None:
            return []
        if isinstance(held, ast.Call):
            callee = dotted(held.func)
            qualified = facts.imports.qualify(callee) or callee if callee else None
            params = held.args[0] if held.args and not isinstance(held.args[0], ast.Starred) else None
            info: ObjectInfo | None = ObjectInfo(key, "optimizer", qualified, params, True) if _torch_class(qualified) else None
        else:
            info = facts.objects.get(dotted(held) or "")
        if info is None or info.kind != "optimizer" or not info.strong:
            return []
        found.append(info)
    return found


def _assigns_a_setting(data: bytes) -> bool:
    """The text assigns an attribute named like a setting to something other than `self`
    (`self.eps = eps` is a module's own setting). The pattern starts with its literal dot: a
    search tries it only there."""
    for match in _WRITTEN.finditer(data):
        start = match.start()
        if not (data[start - 4 : start] == b"self" and (start < 5 or not (data[start - 5 : start - 4].isalnum() or data[start - 5 : start - 4] in b"_."))):
            return True
    return _SETATTR.search(data) is not None


def _where_set(target: ast.Attribute | ast.Call, functions: tuple[ast.AST, ...]) -> tuple[int, str | None, object]:
    """(the function, the receiver, the attribute) an assignment or `setattr` sets: the function
    is that of a plain name (a local optimizer), none for a dotted one (`self.optimizer`)."""
    if isinstance(target, ast.Attribute):
        key, attr = dotted(target.value), target.attr
    else:
        key, attr = dotted(target.args[0]), target.args[1].value  # type: ignore[attr-defined]
    scope = id(functions[-1]) if functions and key is not None and "." not in key else 0
    return scope, key, attr


def _assignments(tree: ast.Module) -> Iterator[tuple[ast.stmt, ast.Attribute | ast.Call, tuple[ast.AST, ...]]]:
    """`x.attr = value` statements (one target), `x.attr += value`, and `setattr(x, "attr",
    value)` statements, each with what it sets (the attribute, or the `setattr` call) and the
    functions around it, outermost first."""
    todo: list[tuple[ast.AST, tuple[ast.AST, ...]]] = [(tree, ())]
    while todo:
        node, functions = todo.pop()
        for child in child_nodes(node):
            if isinstance(child, ast.Assign):
                if len(child.targets) == 1 and isinstance(child.targets[0], ast.Attribute):
                    yield child, child.targets[0], functions
                continue
            if isinstance(child, ast.AugAssign):
                if isinstance(child.target, ast.Attribute):
                    yield child, child.target, functions
                continue
            if isinstance(child, ast.Expr):
                call = child.value
                if (
                    isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "setattr"
                    and len(call.args) == 3 and not call.keywords and not any(isinstance(a, ast.Starred) for a in call.args)
                    and isinstance(call.args[1], ast.Constant) and isinstance(call.args[1].value, str)
                ):
                    yield child, call, functions
                continue
            if isinstance(child, (ast.stmt, ast.excepthandler, MATCH_CASE)):
                todo.append((child, (*functions, child) if isinstance(child, FUNCTIONS) else functions))


def _writes_groups(tree: ast.Module) -> bool:
    """The module writes into parameter groups: a store into a subscript (`group["lr"] = v`,
    `opt.param_groups[0]["lr"] *= 0.1`), a dict's `update(...)` in a loop over groups, or
    `add_param_group`."""
    for node in ast_walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor)) and "param_group" in ast.dump(node.iter) and not _only_reads_groups(node):
            return True
        if (
            isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp))
            and any("param_group" in ast.dump(gen.iter) for gen in node.generators)
            and any(isinstance(inner, (ast.Call, ast.NamedExpr)) for inner in ast_walk(node))
        ):
            # (a comprehension that only reads the groups, `all(g["lr"] > 0 for g in
            # opt.param_groups)`, calling nothing, writes none)
            return True
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and "param_group" in ast.dump(node):
            return True
        if isinstance(node, ast.Attribute) and node.attr == "add_param_group":
            return True
    return False


def _only_reads_groups(loop: ast.For | ast.AsyncFor) -> bool:
    """A loop over parameter groups that cannot write one: its variable a plain name, read
    only as `group["lr"]` (no alias of a group kept, handed on or returned), and its body
    calling nothing and storing into no item or attribute (`for g in opt.param_groups: pass`,
    `lr = g["lr"]`)."""
    if not isinstance(loop.target, ast.Name):
        return False
    name = loop.target.id
    items = set()
    for stmt in (*loop.body, *loop.orelse):
        for node in ast_walk(stmt):
            if isinstance(node, (ast.Call, ast.NamedExpr, ast.Lambda, *FUNCTIONS, ast.ClassDef, ast.Global, ast.Nonlocal)):
                return False
            if isinstance(node, (ast.Subscript, ast.Attribute)) and not isinstance(node.ctx, ast.Load):
                return False
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name:
                items.add(id(node.value))
    return all(
        id(node) in items for stmt in (*loop.body, *loop.orelse) for node in ast_walk(stmt)
        if isinstance(node, ast.Name) and node.id == name
    )  # fmt: skip


def _attribute_reads(source: Source) -> tuple[set[tuple[str, str]], dict[str, list[tuple[ast.AST, int]]]]:
    """(receiver, attribute) of every read of an attribute (`optimizer.lr` in an expression),
    and the parameters of the module's functions: each name's (function, position) pairs."""
    reads: set[tuple[str, str]] = set()
    parameters: dict[str, list[tuple[ast.AST, int]]] = {}
    for node in ast_walk(source.tree):
        if isinstance(node, (*FUNCTIONS, ast.Lambda)):
            named = (*node.args.posonlyargs, *node.args.args)
            others = (*node.args.kwonlyargs, node.args.vararg, node.args.kwarg)
            for index, arg in enumerate(named):  # -1: a lambda's, or not positional
                parameters.setdefault(arg.arg, []).append((node, -1 if isinstance(node, ast.Lambda) else index))
            for arg in others:
                if arg is not None:
                    parameters.setdefault(arg.arg, []).append((node, -1))
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            reads.add((dotted(node.value) or (source.key(node.value) if _named_entry(node.value) else ""), node.attr))
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
        ):
            reads.add((dotted(node.args[0]) or "", node.args[1].value))  # `getattr(opt, "lr")`
    parameters.pop("self", None)
    parameters.pop("cls", None)
    return reads, parameters


def _may_hold_an_optimizer(parameter: str, functions: list[tuple[ast.AST, int]], model: ModuleModel) -> bool:
    """A parameter whose attribute read may read an optimizer's back: unless it is a positional
    parameter of the module's own functions only, and each call of them in the module passes
    for it something known not to be an optimizer (`args` of `adjust_learning_rate(optimizer,
    epoch, args)`, bound to `parser.parse_args()`)."""
    for function, index in functions:
        if _annotated_as_a_plain_class(function, parameter, model):
            continue  # `def __init__(self, cfg: TrainConfig)`: a config of the file, not an optimizer
        name = getattr(function, "name", None)
        if index < 0:
            return True
        found = model.facts.module_functions.get(name) if name else None
        scope: ast.AST = model.source.tree
        if found is None and name:
            # a function nested in another (`def adjust_learning_rate(optimizer, epoch, args)` in
            # `main()`): the calls in the function around it
            scope, found = _enclosing(function, name, model)  # type: ignore[assignment]
        if found is None or found.node is not function:
            return True  # a method, or a function defined twice
        # (an argument written as a call is read as the value it builds: `run(parser.parse_args())`)
        passed = _passed_for(name, index, parameter, scope, built=True)  # type: ignore[arg-type]
        if not passed or any(
            argument is None or not (_not_an_optimizer_value(argument, model) if isinstance(argument, ast.Call) else _not_an_optimizer(argument, model))
            for argument in passed
        ):
            return True
    return False


_NOT_OPTIMIZERS = frozenset({"parse_args", "Namespace", "SimpleNamespace"})


def _annotated_as_a_plain_class(function: ast.AST, parameter: str, model: ModuleModel) -> bool:
    """The function's parameter is annotated with a class of the module (`cfg: TrainConfig`, a
    dataclass of settings) that derives from nothing but `object` or other such classes: it
    holds no optimizer, and its `.lr` is its own."""
    args = getattr(function, "args", None)
    if args is None:
        return False
    found = [a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == parameter]
    if len(found) != 1 or found[0].annotation is None:
        return False
    annotation = found[0].annotation
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        name = annotation.value.strip()
    else:
        name = dotted(annotation) or ""
    return _plain_class(name, model.source.tree, set())


def _plain_class(name: str, tree: ast.Module, seen: set[str]) -> bool:
    if not name.isidentifier() or name in seen:
        return False
    seen.add(name)
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name]
    if len(classes) != 1 or classes[0].keywords:
        return False
    return all(dotted(base) == "object" or _plain_class(dotted(base) or "", tree, seen) for base in classes[0].bases)


def _not_an_optimizer(key: str, model: ModuleModel) -> bool:
    """`key` is bound only to a parsed command line (`parser.parse_args()`, also through a
    function of the module returning it, `args = get_args()`), a namespace, or an object of a
    plain class of the module (`settings = Settings()`)."""
    from gradfix.analysis.assignments import assigned_values

    values = assigned_values(model, key)
    return bool(values) and all(_not_an_optimizer_value(value, model) for value in values)


def _not_an_optimizer_value(value: ast.AST, model: ModuleModel) -> bool:
    """`parser.parse_args()`, `get_args()` (a function of the module returning it), a namespace,
    or `Settings()` (a plain class of the module): what `_not_an_optimizer` accepts a key bound to."""
    return isinstance(value, ast.Call) and (
        (call_name(value) or "").rsplit(".", 1)[-1] in _NOT_OPTIMIZERS
        or (isinstance(value.func, ast.Name) and (_plain_class(value.func.id, model.source.tree, set()) or _returns_parsed(value.func.id, model)))
    )


def _returns_parsed(name: str, model: ModuleModel) -> bool:
    """A function of the module whose every `return` gives a parsed command line or a
    namespace (`def get_args(): ...; return parser.parse_args()`)."""
    from gradfix.walk import own_nodes

    info = model.facts.module_functions.get(name)
    if info is None:
        return False
    returns = [n for n in own_nodes(info.node) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Call) and (call_name(r.value) or "").rsplit(".", 1)[-1] in _NOT_OPTIMIZERS for r in returns
    )


def _enclosing(function: ast.AST, name: str, model: ModuleModel):  # type: ignore[no-untyped-def]
    """(the function around a nested function, the nested function's info), or (None, None)."""
    from gradfix.analysis.facts import enclosing_function

    found = enclosing_function(model.facts, function)
    return found if found is not None else (None, None)


def _named_entry(expr: ast.expr) -> bool:
    """`opts["main"]`, `opts[0]`: an entry of a named container by a constant key."""
    return isinstance(expr, ast.Subscript) and dotted(expr.value) is not None and isinstance(expr.slice, ast.Constant)


def _known_elsewhere(key: str, node: ast.stmt, functions: tuple[ast.AST, ...], model: ModuleModel) -> tuple[list[ObjectInfo], list[str]]:
    """Optimizers the model knows under other names: `o` of `for o in (opt_g, opt_d):` written
    in that loop's body (each a torch optimizer), and `agent.optim` with `agent = Agent()` and
    `self.optim = torch.optim.RMSprop(...)` the one binding in `Agent`; with those names."""
    if "." not in key:
        loop = model.source.owner_of(node)
        members = _members_loop(key, node, model)
        if members is not None:
            infos = loop_member_infos(key, members, model)
            if infos is None or any(info.kind != "optimizer" or not info.strong for info in infos):
                return [], []
            return infos, []
        if not (
            isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(loop.target, ast.Name) and loop.target.id == key
            and isinstance(loop.iter, (ast.Tuple, ast.List)) and loop.iter.elts
        ):  # fmt: skip
            return [], []
        if any(isinstance(n, ast.Name) and n.id == key and not isinstance(n.ctx, ast.Load) for stmt in loop.body for n in ast_walk(stmt)):
            return [], []  # rebound in the loop
        names = [dotted(element) for element in loop.iter.elts]
        infos = [model.facts.info_in(name, functions) if name else None for name in names]
        if any(info is None or info.kind != "optimizer" or not info.strong for info in infos):
            return [], []
        return infos, names  # type: ignore[return-value]
    from gradfix.analysis.assignments import held_attribute

    held = held_attribute(key, functions[-1] if functions else model.source.tree, model)  # type: ignore[arg-type]
    info = model.facts.info(held.key) if held is not None else None
    if info is None or info.kind != "optimizer" or not info.strong:
        return [], []
    return [info], [info.key]


def _members_loop(key: str, node: ast.stmt, model: ModuleModel) -> ast.For | ast.AsyncFor | None:
    """The loop around `node` (in the same function) whose tuple target binds `key`, `for
    model, opt in members:`, when nothing in it rebinds `key`; else None."""
    source = model.source
    owner = source.owner_of(node)
    while owner is not None and not isinstance(owner, (*FUNCTIONS, ast.ClassDef, ast.Module)):
        if isinstance(owner, (ast.For, ast.AsyncFor)) and any(isinstance(n, ast.Name) and n.id == key for n in ast_walk(owner.target)):
            if not isinstance(owner.target, (ast.Tuple, ast.List)):
                return None
            if any(isinstance(n, ast.Name) and n.id == key and not isinstance(n.ctx, ast.Load) for stmt in owner.body for n in ast_walk(stmt)):
                return None  # rebound in the loop
            return owner
        owner = source.owner_of(owner) if isinstance(owner, ast.stmt) else None
    return None


def _torch_optimizers(key: str, functions: tuple[ast.AST, ...], model: ModuleModel) -> list[ObjectInfo]:
    """What `key` holds where it is assigned: the optimizer it is bound to, or, for a parameter
    of a function of the module, those the module's calls of it pass (each strongly an
    optimizer); empty when gradfix cannot tell."""
    info = model.facts.info_in(key, functions)
    if info is not None and _bound_here_to_something_else(key, functions, model):
        info = None  # (what the module's bindings say is another function's `opt`)
    if info is not None and info.kind == "optimizer" and info.strong and _torch_class(info.constructor) is None:
        # `opt = build_optimizer(model)`: what it returns; `opt: torch.optim.Optimizer`, a
        # parameter known by its annotation only: what the module's calls pass
        return _built_by_builders(key, functions, model) or _passed_optimizers(key, functions, model)
    if info is not None and info.kind == "optimizer" and info.strong:
        return [info]
    return _passed_optimizers(key, functions, model) or _built_from_a_registry(key, functions, model)


def _bound_here_to_something_else(key: str, functions: tuple[ast.AST, ...], model: ModuleModel) -> bool:
    """The innermost function binds the plain name `key` itself, to nothing the module's facts
    classified there (`opt = OPTIMIZER_TABLE[name](...)` beside `opt = torch.optim.SGD(...)` in
    another function of the module, which `facts.objects` holds)."""
    if "." in key or not functions or not isinstance(functions[-1], FUNCTIONS):
        return False
    if key in model.facts.local_objects.get(id(functions[-1]), {}):
        return False
    from gradfix.analysis.assignments import assignments

    return any(binding.scope is functions[-1] for binding in assignments(model).bindings(key, functions[-1]))  # type: ignore[arg-type]


def _built_from_a_registry(key: str, functions: tuple[ast.AST, ...], model: ModuleModel) -> list[ObjectInfo]:
    """`opt = OPTIMIZERS[cfg["name"]](model.parameters(), **kw)` (every binding of `key` the
    assignment can see), with a registry whose entries are statically known: a dict literal of
    torch's optimizer classes, never written to (`staleness.registry_classes`). One optimizer
    per entry, each as if built right there."""
    if "." in key or b"](" not in model.source.data and b".get(" not in model.source.data:
        return []
    from gradfix.analysis.assignments import assignments
    from gradfix.analysis.model import ObjectInfo
    from gradfix.analysis.staleness import registry_classes

    scope = functions[-1] if functions else model.source.tree
    values = assignments(model).values(key, scope)  # type: ignore[arg-type]
    infos: list[ObjectInfo] = []
    for value in values:
        classes = registry_classes(value, model, "optimizer") if isinstance(value, ast.Call) else None
        if not classes:
            return []
        first = positional(value)  # type: ignore[arg-type]
        params = first[0] if first else next((k.value for k in value.keywords if k.arg == "params"), None)  # type: ignore[union-attr]
        infos += [ObjectInfo(key, "optimizer", name, params, strong=True) for name in classes]
    return infos


def _passed_optimizers(key: str, functions: tuple[ast.AST, ...], model: ModuleModel) -> list[ObjectInfo]:
    """For a parameter of a function of the module: the optimizers the module's calls of it
    pass (each strongly an optimizer); empty when gradfix cannot tell."""
    function = functions[-1] if functions else None
    if not isinstance(function, FUNCTIONS) or "." in key:
        return []
    found = model.facts.module_functions.get(function.name)
    scope: ast.AST = model.source.tree
    outer: tuple[ast.AST, ...] = ()
    if found is None and len(functions) > 1 and isinstance(functions[-2], FUNCTIONS):
        # `def adjust_learning_rate(optimizer, epoch)` inside `main()`: the calls in `main`
        found = model.facts.local_functions.get(id(functions[-2]), {}).get(function.name)
        scope, outer = functions[-2], functions[:-1]
    if found is None or found.node is not function or key not in found.params:
        return []
    passed = _passed_for(function.name, found.params.index(key), key, scope, built=True)
    infos = [_passed_info(argument, key, model, outer) for argument in sorted(passed, key=_argument_order)]
    if not infos or any(info is None or info.kind != "optimizer" or not info.strong for info in infos):
        return []
    return infos  # type: ignore[return-value]


def _stored_optimizers(key: str, node: ast.stmt, model: ModuleModel) -> list[ObjectInfo]:
    """`self.optimizer` of a trainer class that stores its `__init__` parameter there
    (`stored_arguments`: also a `@dataclass` field): the optimizers every construction of the
    class passes (each strongly torch's optimizer); empty when gradfix cannot tell."""
    from gradfix.analysis.handed_in import stored_arguments

    passed = stored_arguments(key, node, model)
    if not passed:
        # `self.optimizer` a `@property` returning `self._optimizer`, stored from `__init__`
        # (also of a base class of the module whose subclasses only override methods)
        held = _property_of(key, node, model)
        passed = stored_arguments(held, node, model, subclasses=True) if held is not None else None
    if not passed:
        return []
    infos = [_passed_info(value if isinstance(value, ast.Call) else dotted(value), key, model) for value in passed]
    if any(info is None or info.kind != "optimizer" or not info.strong for info in infos):
        return []
    return infos  # type: ignore[return-value]


def _property_of(key: str, node: ast.stmt, model: ModuleModel) -> str | None:
    """`self.optimizer` read in a class of the module (or a base of the module) whose
    `@property` of that name only returns another attribute of `self` (`return
    self._optimizer`): that attribute's key. None otherwise, also when a subclass of the
    module defines the name again."""
    from gradfix.analysis.loops import _subclasses_of

    if not key.startswith("self.") or key.count(".") != 1:
        return None
    facts = model.facts
    name = key[5:]
    line = getattr(node, "lineno", 0)
    around = [c for c in facts.classes.values() if isinstance(c, ast.ClassDef) and c.lineno <= line <= (c.end_lineno or 0)]
    if len(around) != 1:
        return None
    owner: str | None = around[0].name
    for _ in range(4):
        if owner is None:
            return None
        info = facts.methods.get(owner, {}).get(name)
        if info is not None:
            break
        bases = [dotted(b) for b in facts.classes[owner].bases] if owner in facts.classes else []  # type: ignore[union-attr]
        owner = bases[0] if len(bases) == 1 and bases[0] in facts.classes else None
    else:
        return None
    function = info.node
    if not any(isinstance(d, ast.Name) and d.id == "property" for d in function.decorator_list):  # type: ignore[attr-defined]
        return None
    if any(name in facts.methods.get(sub, {}) for sub in _subclasses_of(facts, owner)):  # type: ignore[arg-type]
        return None
    body = [stmt for stmt in function.body if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]  # type: ignore[attr-defined]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    held = dotted(body[0].value)
    return held if held is not None and held.startswith("self.") and held.count(".") == 1 and held != key else None


def _argument_order(argument: str | ast.Call | None) -> tuple[int, str]:
    return (0, argument) if isinstance(argument, str) else (1, "")


def _passed_info(argument: str | ast.Call | None, key: str, model: ModuleModel, outer: tuple[ast.AST, ...] = ()) -> ObjectInfo | None:
    """What a call passes for a parameter: the object a dotted name holds (in the functions
    `outer` around a nested function's calls), or torch's optimizer built right in the argument
    list (`run(net, torch.optim.Adam(net.parameters()))`)."""
    if isinstance(argument, str):
        return model.facts.info_in(argument, outer) if outer else model.facts.info(argument)
    if not isinstance(argument, ast.Call):
        return None
    from gradfix.analysis.facts import classify_constructor
    from gradfix.analysis.model import ObjectInfo

    qualified = model.facts.imports.qualify(call_name(argument))
    if _torch_class(qualified) is None or classify_constructor(qualified) != "optimizer":
        return None
    first = positional(argument)
    return ObjectInfo(key, "optimizer", qualified, first[0] if first else None, strong=True)


def _unpacked_optimizers(key: str, function: ast.AST, model: ModuleModel) -> list[ObjectInfo]:
    """`net, opt = kit()` with a function of the file (maybe `functools.lru_cache`d) whose every
    `return` hands back, at `opt`'s place, one torch optimizer it built: that optimizer."""
    from gradfix.analysis.model import ObjectInfo
    from gradfix.analysis.staleness import _called_class, unpacked_optimizer

    call = unpacked_optimizer(key, function, model)  # type: ignore[arg-type]
    if call is None:
        return []
    return [ObjectInfo(key, "optimizer", _called_class(call, model.facts.imports.qualify), call.args[0] if call.args else None, strong=True)]


def _built_by_builders(key: str, functions: tuple[ast.AST, ...], model: ModuleModel) -> list[ObjectInfo]:
    """`opt = build_optimizer(model)` (every binding of `key` the assignment can see), with a
    builder of the file or the project that returns torch's optimizer over its argument's
    parameters: one optimizer each (as if built right there)."""
    if "." in key:
        return []
    from gradfix.analysis.assignments import assignments
    from gradfix.analysis.model import ObjectInfo
    from gradfix.analysis.staleness import built_optimizer

    scope = functions[-1] if functions else model.source.tree
    values = assignments(model).values(key, scope)  # type: ignore[arg-type]
    infos: list[ObjectInfo] = []
    for value in values:
        found = built_optimizer(value, model) if isinstance(value, ast.Call) else None
        if found is None:
            return []
        classes, params = found
        infos += [ObjectInfo(key, "optimizer", name, params, strong=True) for name in classes]
    return infos


def _passed_for(name: str, index: int, parameter: str, tree: ast.Module, built: bool = False) -> set:  # type: ignore[type-arg]
    """What the module's calls of its function `name` pass for the parameter at `index`
    (None: an argument that is no dotted name, or a call that may pass it by `*args`; with
    `built`, an argument that is a call is given as itself)."""
    passed: set = set()  # type: ignore[type-arg]
    for node in ast_walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
            named = next((kw.value for kw in node.keywords if kw.arg == parameter), None)
            if any(isinstance(arg, ast.Starred) for arg in node.args[: index + 1]) or any(kw.arg is None for kw in node.keywords):
                passed.add(None)
            elif named is not None or index < len(node.args):
                argument = named if named is not None else node.args[index]
                passed.add(argument if built and isinstance(argument, ast.Call) else dotted(argument))
    return passed


# calls `configure_optimizers` may make besides torch's optimizers and schedulers: what they
# return is no optimizer of another kind
_PLAIN_CALLS = frozenset({"parameters", "named_parameters", "filter", "list", "dict", "tuple", "len", "int", "float", "min", "max"})


def _framework_wrapped_optimizers(key: str, function: ast.AST, model: ModuleModel, direct: bool = False) -> list[ObjectInfo]:
    """`optimizer` of a LightningModule's `optimizer_step(self, epoch, batch_idx, optimizer,
    optimizer_closure)` (the framework's `optimizer_arguments`), not bound again there: a
    wrapper of the optimizers the class's `configure_optimizers` builds, each a torch
    optimizer built there (no other call there but torch's schedulers and plain helpers)."""
    from gradfix.analysis.frameworks import framework_of

    facts = model.facts
    owner = next(((name, methods) for name, methods in facts.methods.items() if any(m.node is function for m in methods.values())), None)
    if owner is None or owner[0] not in facts.classes:
        return []
    entry = framework_of(facts.classes[owner[0]], facts.imports.qualify)
    if entry is None or not entry.optimizer_arguments:
        return []
    args = function.args.args  # type: ignore[attr-defined]
    name = function.name  # type: ignore[attr-defined]
    hooked = not direct and any(hook == name and index < len(args) and args[index].arg == key for hook, index in entry.optimizer_arguments)
    wrapped = direct or (not hooked and _bound_to_optimizers_call(key, function))
    if not hooked and not wrapped:
        return []
    stores = [n for n in ast_walk(function) if isinstance(n, ast.Name) and n.id == key and not isinstance(n.ctx, ast.Load)]
    if not direct and len(stores) != (1 if wrapped else 0):
        return []  # bound again in the hook
    infos = _configured_optimizers(key, owner[1], entry, model)
    if wrapped and len(infos) != 1:
        return []  # `self.optimizers()` is then a list (or may be: one optimizer in each arm)
    return infos


def _configured_optimizers(key: str, methods: dict, entry, model: ModuleModel) -> list[ObjectInfo]:  # type: ignore[type-arg, no-untyped-def]
    """The torch optimizers the class's `"builds-optimizers"` hook (`configure_optimizers`)
    builds, when it makes no other call but torch's schedulers and plain helpers (none
    otherwise, or when the class has no such hook)."""
    facts = model.facts
    builders = [methods[hook] for hook, role in entry.hooks.items() if role == "builds-optimizers" and hook in methods]
    if len(builders) != 1:
        return []
    infos: list[ObjectInfo] = []
    for call in ast_walk(builders[0].node):
        if not isinstance(call, ast.Call):
            continue
        constructor = facts.imports.qualify(call_name(call))
        if constructor is not None and constructor.startswith("torch.optim.lr_scheduler."):
            continue
        if _torch_class(constructor) is not None:
            params = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "params"), None)
            infos.append(ObjectInfo(key, "optimizer", constructor, params, True))
        elif (call_name(call) or "").rsplit(".", 1)[-1] not in _PLAIN_CALLS:
            return []  # a call that may build (or hand back) another kind of optimizer
    return infos




def _trainer_entry(value: ast.AST, function: ast.AST) -> bool:
    """`trainer.optimizers[0]` (a constant index) with `trainer` the second parameter of the
    method (a Callback hook's `trainer`)."""
    args = getattr(getattr(function, "args", None), "args", None)
    return (
        isinstance(function, FUNCTIONS) and args is not None and len(args) >= 2
        and isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant) and isinstance(value.slice.value, int)
        and isinstance(value.value, ast.Attribute) and value.value.attr == "optimizers"
        and isinstance(value.value.value, ast.Name) and value.value.value.id == args[1].arg
    )  # fmt: skip


def _callback_trainer_optimizers(key: str, receiver: ast.expr, function: ast.AST, model: ModuleModel) -> list[ObjectInfo]:
    """An entry of `trainer.optimizers` in a hook of a Lightning `Callback` of the file
    (`opt = trainer.optimizers[0]`, bound once at the method's top level, or written on the
    entry itself): the torch optimizer a LightningModule's `configure_optimizers` returned,
    itself, not a wrapper (tests/libraries/test_lightning.py::
    test_callback_trainer_optimizers_are_the_configured_optimizers). Known only when every
    LightningModule of the file (one at least) builds torch optimizers only there: the entries
    are then those, whatever the index."""
    from gradfix.analysis.frameworks import LIGHTNING_CALLBACKS, framework_of

    facts = model.facts
    owner = next((name for name, methods in facts.methods.items() if any(m.node is function for m in methods.values())), None)
    node = facts.classes.get(owner) if owner is not None else None
    if node is None or not any(facts.imports.qualify(dotted(base) or "") in LIGHTNING_CALLBACKS for base in node.bases):
        return []
    if not _trainer_entry(receiver, function):
        stores = [n for n in ast_walk(function) if isinstance(n, ast.Name) and n.id == key and not isinstance(n.ctx, ast.Load)]
        bound = [
            stmt for stmt in function.body  # type: ignore[attr-defined]
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == key and _trainer_entry(stmt.value, function)
        ]  # fmt: skip
        if len(stores) != 1 or len(bound) != 1:
            return []
    infos: list[ObjectInfo] = []
    for name, methods in facts.methods.items():
        cls = facts.classes.get(name)
        entry = framework_of(cls, facts.imports.qualify) if cls is not None else None
        if entry is None or not entry.optimizer_arguments:
            continue  # (not a LightningModule)
        found = _configured_optimizers(key, methods, entry, model)
        if not found:
            return []  # a LightningModule whose optimizers are not known
        infos.extend(found)
    return infos


def _bound_to_optimizers_call(key: str, function: ast.AST) -> bool:
    """`optimizer = self.optimizers()` in a method of the class (its first parameter's
    `optimizers()`, no argument but `use_pl_optimizer`), a statement of the method's own top level, binding `key`
    alone: a LightningOptimizer over the one optimizer `configure_optimizers` returns, whose
    `param_groups` are the optimizer's (tests/libraries/test_lightning.py)."""
    args = getattr(getattr(function, "args", None), "args", None)
    if not args or not isinstance(function, FUNCTIONS):
        return False
    for stmt in function.body:  # type: ignore[attr-defined]
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
            continue
        if stmt.targets[0].id == key and _optimizers_call(stmt.value, function):
            return True
    return False


def _optimizers_call(value: ast.AST, function: ast.AST) -> bool:
    """`self.optimizers()` (the method's first parameter's), also `self.optimizers(use_pl_optimizer=
    False)` (or `True`): with one optimizer configured, the one LightningOptimizer over it every such
    call returns, or with `use_pl_optimizer=False` the torch optimizer itself; either way `.lr`
    set on it changes no learning rate (tests/libraries/test_lightning.py::
    test_optimizers_call_is_one_wrapper_and_use_pl_optimizer_false_the_optimizer_itself)."""
    args = getattr(getattr(function, "args", None), "args", None)
    if not args or not isinstance(function, FUNCTIONS):
        return False
    return (
        isinstance(value, ast.Call) and not value.args
        and all(k.arg == "use_pl_optimizer" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, bool) for k in value.keywords)
        and isinstance(value.func, ast.Attribute) and value.func.attr == "optimizers"
        and isinstance(value.func.value, ast.Name) and value.func.value.id == args[0].arg
    )  # fmt: skip


_TIMM_FACTORIES = frozenset({
    "timm.optim.create_optimizer_v2", "timm.optim._optim_factory.create_optimizer_v2",
    "timm.optim.create_optimizer", "timm.optim._optim_factory.create_optimizer",
})  # fmt: skip


_TIMM_KINDS = frozenset(name.rsplit(".", 1)[-1] for name in _TIMM_FACTORIES)
# the names timm's factory (timm 1.0.31, `_optim_factory.py`) maps to torch's own classes: a
# literal `opt=` of one of them (no `lookahead_` prefix) builds that class
_TIMM_TORCH_CLASSES = {
    "sgd": "SGD", "momentum": "SGD", "adam": "Adam", "adamw": "AdamW", "rmsprop": "RMSprop",
    "adagrad": "Adagrad", "adadelta": "Adadelta",
}  # fmt: skip


def _timm_class(key: str, functions: tuple[ast.AST, ...], model: ModuleModel) -> str | None:
    """The torch class timm's `create_optimizer_v2(model, "adamw", ...)` builds for `key`, bound
    once where the assignment sees it: its `opt` a literal naming one of torch's classes (absent:
    timm's default, `"sgd"`); None otherwise (a name from a setting, timm's own classes)."""
    from gradfix.analysis.assignments import assignments

    scope = functions[-1] if functions else model.source.tree
    values = assignments(model).values(key, scope)  # type: ignore[arg-type]
    if len(values) != 1 or not isinstance(values[0], ast.Call):
        return None
    call = values[0]
    name = model.facts.imports.qualify(call_name(call))
    if name not in ("timm.optim.create_optimizer_v2", "timm.optim._optim_factory.create_optimizer_v2"):
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    chosen = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "opt"), None)
    if chosen is None:
        return _TIMM_TORCH_CLASSES["sgd"]
    if not (isinstance(chosen, ast.Constant) and isinstance(chosen.value, str)):
        return None
    return _TIMM_TORCH_CLASSES.get(chosen.value)


def _torch_class(constructor: str | None) -> str | None:
    if constructor in SCHEDULE_FREE_OPTIMIZERS or constructor in ZERO_REDUNDANCY_OPTIMIZERS:
        return constructor  # `schedulefree.SGDScheduleFree`, torch's ZeRO: read `group["lr"]`, never an attribute
    if constructor in _TIMM_FACTORIES:
        # timm's factory (timm 1.0.31, `timm/optim/_optim_factory.py`): a torch `Optimizer` of one of
        # its classes, each reading `group["lr"]` and none an `lr` attribute; which class the `opt=`
        # string picks is not read, so only `lr` is reported (its settings are not all torch's)
        return constructor
    if constructor is None or not constructor.startswith("torch.optim."):
        return None
    last = constructor.rsplit(".", 1)[-1]
    return constructor if last[:1].isupper() and "lr_scheduler" not in constructor else None


def _fix(node: ast.Assign, key: str, attr: str, infos: list[ObjectInfo], model: ModuleModel) -> Fix | None:
    source = model.source
    owner = source.owner_of(node)
    if owner is not None and getattr(owner, "lineno", None) == node.lineno and not isinstance(owner, ast.Module):
        return None  # `if decay: opt.lr = 0.01` on one line
    block = _block_of(node, owner)
    if block is None or any(other is not node and _shares_a_line(other, node) for other in block):
        return None
    name = "param_group"
    if name.encode() in source.data and any(
        isinstance(node, ast.Name) and node.id == name or isinstance(node, ast.arg) and node.arg == name for node in ast_walk(source.tree)
    ):
        return None  # the loop's name is taken
    lines = code_lines(f"for {name} in {key}.param_groups:\n{source.unit_at(node)}{name}[\"{attr}\"] = {key}.{attr}")
    single = all(info.params is not None and _one_group(info.params) for info in infos)
    return Fix([InsertStatements(node, "after", lines)], Safety.SAFE if single else Safety.UNSAFE)


def _block_of(node: ast.stmt, owner: ast.AST | None) -> list[ast.stmt] | None:
    for field in ("body", "orelse", "finalbody", "handlers"):
        block = getattr(owner, field, None)
        if isinstance(block, list) and any(item is node for item in block):
            return block
    return None


def _shares_a_line(a: ast.stmt, b: ast.stmt) -> bool:
    return a.lineno <= (b.end_lineno or b.lineno) and b.lineno <= (a.end_lineno or a.lineno)


def _one_group(params: ast.expr) -> bool:
    """`model.parameters()`, `filter(lambda p: p.requires_grad, model.parameters())`: one group."""
    if not isinstance(params, ast.Call):
        return False
    name = call_name(params) or ""
    if name.endswith(".parameters") or name == "parameters":
        return True
    arguments = positional(params)
    return name == "filter" and len(arguments) == 2 and _one_group(arguments[1])
