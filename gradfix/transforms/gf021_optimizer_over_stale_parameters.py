from __future__ import annotations

from gradfix import syntax as ast
from gradfix.analysis.loops import ModuleModel
from gradfix.analysis.staleness import stale_optimizers
from gradfix.transforms.base import Finding, Rule, Safety

TYPE_CHECKING = False  # `typing` costs start-up time; only type checkers need these names
if TYPE_CHECKING:
    from typing import Iterator


class OptimizerOverStaleParameters(Rule):
    """
    The model changes its parameters after the optimizer was built over them.

    ## What it does
    Finds an optimizer built over a model's parameters (`Adam(model.parameters())`, timm's
    `create_optimizer_v2(model, "adamw")`,
    `SGD(model.head.parameters())`, a `requires_grad` filter; also one a builder function of the
    file or of another module of the project returns, `opt = build_optimizer(cfg, model)` (a
    builder named with `opt`, or, of the file, any function whose text says `optim`, decorated
    or not, `@once def build(model)`) with
    every `return` of it a `torch.optim` optimizer over the parameters of the module passed
    for one of its parameters (or over that parameter itself, `def build(params, lr): return
    torch.optim.Adam(params, lr=lr)`, called `O.build(model.parameters())` from a module of
    optimizers, `from . import optim as O`), or, for a builder of the file, an entry of a registry of torch's
    optimizer classes, `return OPTIMIZERS[cfg.optim](model.parameters(), ...)`, or such an entry
    called directly, `OPTIMIZERS["sgd"](model.parameters())`, `OPTIMIZERS.get(name)(...)`; also
    `getattr(torch.optim, cfg["optim"])(model.parameters(), ...)`; also one a function of the
    file returns together with the model, unpacked by the caller in either order (`model, opt =
    setup(cfg)`, every `return` of `setup` a tuple of that length holding, at `opt`'s place, a
    `torch.optim` optimizer over the parameters of the name it returns at another place, that
    name a parameter of `setup` or bound once in it, or an attribute of `self` it binds once
    at most, before the optimizer, `self.net = Net(); return self.net, SGD(self.net.parameters())`;
    or a method of the class doing so (or of a base class of the file, when no base before it
    is one gradfix cannot read), called on
    `self`, `cls` or the class, `self.model, self.opt = self.build()` or `model, opt =
    self.make(3)` of a `@staticmethod`, unless a subclass of the file overrides it; the model's
    class read from the builder for `reset_classifier`); also over `net.parameters()`
    after `net = model`, each name bound once in the function; also over a method's parameter
    the method stores, `self.backbone = backbone`, the one binding of that attribute, changed
    as `self.backbone.fc = ...`) when, later in the same
    function and before the optimizer is used again (also through another name bound once to it
    or to its `step`/`zero_grad`, `opt = optimizer`, `step = opt.step`; also an optimizer kept on a
    state object the function binds and hands whole to a call after the change, `step =
    functools.partial(train_step, model, state)`, read there as `state.opt`), the model or a submodule is replaced
    (`model.fc = nn.Linear(512, 10)`, also through a function of the file whose one statement
    returns such a call, `model.fc = make_head(512, 10)`, `setattr(model, "fc", nn.Linear(512, 10))`, `model[2] = nn.Linear(512, 10)` (or `setattr(model, "2", ...)`), `model[-1] = ...`, `model = Net()`,
    `model = torch.load(path)` (`encoder, decoder = torch.load(path)`: one finding naming each
    module the optimizer holds), `model = checkpoint["model"]` with `checkpoint = torch.load(path)`,
    `model.reset_classifier(10)` when the model's class, of the file or of another module of the
    project, has that method assign a newly built module to an attribute of `self`, or when the
    model is bound only to `timm.create_model(...)` (also a parameter of a function of the
    module that every call in the project hands such a model, `def finetune(net, n)` called as
    `finetune(timm.create_model(...), 10)`): every timm model's `reset_classifier(n)`
    builds a new classifier, reported as `model.get_classifier()`; not `reset_classifier(0)`,
    an `nn.Identity`), or
    parameters the optimizer left out because they were frozen are unfrozen
    (`p.requires_grad = True` over `model.backbone.parameters()`, also in a loop over the
    module's blocks or `modules()` with no condition between, `setattr(p, "requires_grad",
    True)`, `[p.requires_grad_() for p in ...]`, `model.backbone.requires_grad_(True)`, and
    `model.backbone.apply(fn)` or `fn(model.backbone)` with a lambda or a function of the file
    that unfreezes every parameter of the module it is given, under no condition).
    The change may also sit in another method of the class whose `__init__` builds the
    optimizer (`self.opt = SGD(self.model.parameters())`, the one binding of that attribute in
    the file, no parameter group added anywhere -- leaving out another class of the file that
    no inheritance ties to this one and that binds only its own `self.opt` and adds groups only
    to its own optimizers, a second trainer that rebuilds): a method that steps nothing and binds no
    optimizer (`def new_head(self, n): self.model[2] = nn.Linear(16, n)`), called on an
    instance (`t = Trainer()`, `t.new_head(3)`) before a call on that object of a method of
    the class that steps the optimizer (`t.fit(loader)`).

    ## Why is this bad?
    An optimizer holds the `Parameter` objects it was given. A new layer's parameters are
    not among them, and neither are parameters that were filtered out while frozen: they
    receive gradients that no `step()` applies, so they never train, and the optimizer keeps
    updating tensors the model no longer uses. Nothing fails; the new head or the unfrozen
    backbone just stays at its initial weights.

    ## Example
    ```python
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    model.fc = nn.Linear(512, 10)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    ```

    ## Use instead
    ```python
    model.fc = nn.Linear(512, 10)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    ```

    ## Fix safety
    No fix (detection only): whether to rebuild the optimizer (losing its state) or to add
    a parameter group is the author's choice. Never reported for a change in another arm of
    an `if` (or `match`) than the one that builds the optimizer (`if train: model = Net();
    opt = SGD(...)` / `else: model = Net()`: the two never both run), nor for rebindings that keep the
    parameters — `.to()`, `.cuda()`, `.half()`, DDP/DataParallel (also of a conditional
    expression whose two branches are the old model, `DDP(model if on_gpu else model.cuda())`), `torch.compile`,
    `accelerator.prepare`, the `.module` a DDP/DataParallel wrapper hands back
    (`model_without_ddp = model.module`), anything that reads the old model and adds no parameters — nor for a torch module that holds
    no parameters (`model.fc = nn.Identity()`, `nn.Dropout`, an activation, a pooling) or a
    module class of the file that builds none (`class Scale(nn.Module)` storing a float) — nor for a setting written on
    the model (`model.temperature = args.temperature`, `model.scale = SCALE` with `SCALE = 2`:
    a name or attribute is reported only when it may hold a module, bound to a call that
    builds one or, when gradfix cannot see its value, named like one -- but not a name that says
    a count or a setting, `num_layers`, `n_blocks`, `max_grad_norm`, `embed_dim`, `hidden_size`,
    `dropout_rate`, nor a parameter of the function annotated with a plain type, `max_norm:
    Optional[float] = None`, or defaulting to a number, string or bool literal, `depth=4`; a
    parameter defaulting to `None` alone may still be a module, `head=None`), nor for an attribute
    that may hand back the old module (`pruner = Pruner(model)` or `holder.model = model`, then
    `model = pruner.model`), nor for the old submodule put back (`codec = model.codec`, `model.codec =
    None` to hide it from a copy, then `model.codec = codec`), nor for `load_state_dict`
    (in place), nor when the optimizer is rebuilt or given the new parameters
    (`add_param_group`, or written into a group's list: `opt.param_groups[0]["params"].extend(...)`,
    `.append`, `+=`) after the change, nor when the optimizer already holds the
    unfrozen parameters (built over all of them, without a `requires_grad` filter).
    Unfreezing is reported only when the same parameters were frozen before the optimizer
    was built.

    A model rebound to its own deep copy (`model = copy.deepcopy(model)`, `prepare_qat(model)`,
    torch's `fuse_modules(model, ...)` or `fuse_modules_qat(model, ...)` without
    `inplace=True`, also through a function of the module whose every `return` makes
    such a copy of its first parameter) is replaced; a model wrapped by FSDP after the optimizer was built
    (`model = FSDP(model)`, FSDP2's `fully_shard(model)`) is reported too: FSDP swaps its
    parameters for flat, sharded ones, and torch's documentation asks for the optimizer to be
    built after wrapping; so is a layer's `weight` or `bias` replaced by a new `nn.Parameter`
    (structured pruning: `model.fc.weight = nn.Parameter(pruned)`), and a leaf tensor the optimizer holds that is rebound
    to a moved copy of itself (`log_alpha = log_alpha.to(device)`). An optimizer built in the
    `__init__` of a base class of the file is made stale by the `__init__` of a subclass that
    changes the model after its `super().__init__(...)` (`self.net.fc = nn.Linear(...)`), when
    that call runs the base's `__init__` (the bases between define none, or run it in turn
    through their own `super().__init__(...)`); each such subclass is reported at its own
    change. So is an optimizer handed, after it was built,
    to a function of the file that changes the module handed with it and then steps it
    (`opt = SGD(model.parameters())`, then `train(model, loader, opt)` whose body begins with
    `model[-1] = nn.Linear(16, 3)`): the call a statement after the construction (`f(...)` or
    `x = f(...)`) passing the plain names, neither rebound between the two, the function
    defined once at the module's top level and binding neither parameter again; it is repaired
    as above, in the function. An optimizer built and made
    stale in `__init__` (or in another method, a `prepare`) counts as used when another method
    of the class reads it (`fit`) without building it again; so does an optimizer kept on an
    object the function is handed or builds and returns (`def setup(ctx)`: `ctx.opt =
    SGD(ctx.model.parameters())`, then `ctx.model[3] = nn.Linear(...)`) when another function of
    the file reads that attribute of one of its parameters (`def batch(ctx, x, y)`:
    `ctx.opt.step()`) and no other function binds that attribute on any object (also a
    function of another module of the project the function hands the object to by name
    after the change, `train_step(model, st, x, y)` with `from .engine.steps import
    train_step`, reading `st.opt` and binding no such attribute itself);
    the optimizer handed back to its own name by a library that wraps it (`model, opt =
    accelerator.prepare(model, opt)`, Fabric's `setup(model, opt)` or `opt = fabric.setup_optimizers(opt)`)
    is the same optimizer, not one built again: a change before that call is reported;
    reading its `state_dict()` or `param_groups` (a checkpoint saved after the best copy of the
    model was put back, a learning rate logged) is no use. An optimizer kept as an attribute
    of the module that is replaced (`model.optimizer = SGD(model.parameters())`, then `model =
    Net()`) is not reported: a later `model.optimizer` is read from the new module. A loss
    module set after the optimizer (`self.loss = nn.CrossEntropyLoss()`) holds no parameters. A
    submodule added after the optimizer was built (`model.add_module("head", nn.Linear(...))`,
    `layers.append(nn.Linear(...))`, `insert`) is reported as well.

    A new module moved, cast or wrapped in the expression that builds it
    (`model.fc = nn.Linear(16, 3).to(device)`, `.half()`, `model = torch.compile(Net())`) is a
    replacement like the bare one. A wrapper that reads the old module but also holds new
    parameters is reported as a new submodule: a torch container given a parameterised torch
    layer (`model = nn.Sequential(model, nn.ReLU(), nn.Linear(5, 3))`), or a module class of the
    file whose `__init__` sets a new `nn.Parameter` or parameterised torch layer on `self` (a
    LoRA wrapper); `nn.Sequential(model.fc, nn.Dropout())` is not, nor is a container over
    the old module's own layers (`nn.Sequential(*list(model.classifier.children())[:-1])`,
    `nn.Sequential(*model.features[:-1])`, or a list bound once from them that only gains
    parameter-free layers, `layers.append(nn.ReLU())`); a new layer added to such a list is
    reported. A new module given an optimizer of its own after the change, which is stepped
    (`model.top_layer = nn.Linear(...)`, then `SGD(model.top_layer.parameters())` in the
    scope or in a function of the file the scope calls with the model: DeepCluster's new head of
    each epoch), trains and is not reported. Weight normalisation applied
    after the optimizer (`torch.nn.utils.parametrizations.weight_norm(model.fc)`, the legacy
    `torch.nn.utils.weight_norm`) swaps the weight for new parameters and is reported;
    `spectral_norm` and `orthogonal` keep the original `Parameter` and are not.

    A tensor set on a submodule each epoch (`model.module.conv0.t = t`, a binarised layer's
    annealed temperature) is no module: `t` bound to a function of the file, even one named
    with a capital (`def Log_UP(k_min, k_max, epoch)`, nested or not), whose every `return`
    hands back a tensor a torch function builds (`torch.tensor([v]).float().cuda()`), or to a
    conditional whose arms are arithmetic or such tensors (`k = 1 / t if t < 1 else
    torch.tensor([1.0])`), is not reported.
    """

    code = "GF021"
    name = "optimizer-over-stale-parameters"
    replaced_message = (
        "`{module}` is replaced after `{opt}` was built over the model's parameters: the new parameters are not "
        "in the optimizer and never train; build the optimizer after the change"
    )
    replaced_several_message = (
        "{modules} are replaced after `{opt}` was built over their parameters: the new parameters are not "
        "in the optimizer and never train; build the optimizer after the change"
    )
    unfrozen_message = (
        "`{module}` is unfrozen after `{opt}` was built without its frozen parameters: they get gradients but "
        "no step; add them with `{opt}.add_param_group(...)` or rebuild the optimizer"
    )
    grown_message = (
        "`{module}` is given a new submodule after `{opt}` was built over the model's parameters: its parameters "
        "are not in the optimizer and never train; build the optimizer after the change"
    )
    sharded_message = (
        "`{module}` is sharded by FSDP after `{opt}` was built over its parameters: FSDP replaces them with "
        "sharded ones, so the optimizer steps tensors the model no longer uses; build the optimizer after wrapping"
    )
    message = replaced_message
    safety = Safety.DISPLAY

    def check(self, model: ModuleModel) -> Iterator[Finding]:
        for found in stale_optimizers(model):
            template = {"replaced": self.replaced_message, "grown": self.grown_message, "sharded": self.sharded_message}.get(
                found.kind, self.unfrozen_message
            )
            if found.kind == "replaced" and isinstance(found.node, (ast.Tuple, ast.List)):
                # `encoder, decoder = torch.load(path)`: each module the optimizer holds is named
                names = [f"`{name}`" for name in found.module.split(", ")]
                modules = f"{', '.join(names[:-1])} and {names[-1]}"
                yield Finding(self.code, self.replaced_several_message.format(modules=modules, opt=found.optimizer), found.node)
                continue
            yield Finding(self.code, template.format(module=found.module, opt=found.optimizer), found.node)
