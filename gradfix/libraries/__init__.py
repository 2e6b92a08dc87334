"""What training libraries do to gradients, as data the loop model consults.

One module per library holds its table (see schema.py for the shape and docs/libraries.md
for every entry and the test that proves it). This package imports none of the libraries;
it only answers six questions, by qualified name or by kind:

    constructor("accelerate.Accelerator")          -> Constructor (kind, accumulation setting)
    method("accelerator", "backward")              -> Method (effects, divisor, gate)
    context("accelerator", "accumulate")           -> Context (what changes in the body)
    framework_class("pytorch_lightning.LightningModule") -> FrameworkClass (who clears and steps)
    callback_class("transformers.TrainerCallback")  -> CallbackClass (where each hook runs in a step)
    optimizer_class("apex.optimizers.FusedAdam")   -> OptimizerClass (what its zero_grad takes)

Rules never look at library names: the loop model turns these answers into events.
"""

from __future__ import annotations

from . import accelerate, apex, deepspeed, horovod, ignite, lightning, timm, torch_extras, transformers
from .schema import (
    ARGUMENT_KINDS,
    AccumulationSetting,
    CallbackClass,
    Constructor,
    Context,
    Effect,
    FrameworkClass,
    Gate,
    Library,
    Method,
    OptimizerClass,
)

LIBRARIES: tuple[Library, ...] = (
    accelerate.LIBRARY,
    lightning.LIBRARY,
    deepspeed.LIBRARY,
    timm.LIBRARY,
    torch_extras.LIBRARY,
    ignite.LIBRARY,
    transformers.LIBRARY,
    apex.LIBRARY,
    horovod.LIBRARY,
)


def _index_by_names(entries) -> dict[str, object]:
    index: dict[str, object] = {}
    for entry in entries:
        for name in (entry.qualname, *entry.aliases):
            if name in index and index[name] is not entry:
                raise ValueError(f"two library entries claim {name!r}")
            index[name] = entry
    return index


CONSTRUCTORS: dict[str, Constructor] = _index_by_names(c for lib in LIBRARIES for c in lib.constructors)  # type: ignore[assignment]
FRAMEWORK_CLASSES: dict[str, FrameworkClass] = _index_by_names(f for lib in LIBRARIES for f in lib.frameworks)  # type: ignore[assignment]
CALLBACK_CLASSES: dict[str, CallbackClass] = _index_by_names(c for lib in LIBRARIES for c in lib.callbacks)  # type: ignore[assignment]
# role -> the hook names that have it in some callback table (`"after-step"`: ("on_optimizer_step",))
CALLBACK_HOOKS_BY_ROLE: dict[str, tuple[str, ...]] = {}
for _callback in {id(c): c for c in CALLBACK_CLASSES.values()}.values():
    for _hook, _role in _callback.hooks.items():
        if _hook not in CALLBACK_HOOKS_BY_ROLE.get(_role, ()):
            CALLBACK_HOOKS_BY_ROLE[_role] = (*CALLBACK_HOOKS_BY_ROLE.get(_role, ()), _hook)
OPTIMIZER_CLASSES: dict[str, OptimizerClass] = _index_by_names(o for lib in LIBRARIES for o in lib.optimizers)  # type: ignore[assignment]
METHODS: dict[tuple[str, str], Method] = {}
CONTEXTS: dict[tuple[str, str], Context] = {}
for _lib in LIBRARIES:
    for _m in _lib.methods:
        if (_m.kind, _m.name) in METHODS:
            raise ValueError(f"two library entries claim method {_m.kind}.{_m.name}")
        METHODS[(_m.kind, _m.name)] = _m
    for _c in _lib.contexts:
        if (_c.kind, _c.name) in CONTEXTS:
            raise ValueError(f"two library entries claim context {_c.kind}.{_c.name}")
        CONTEXTS[(_c.kind, _c.name)] = _c
del _lib, _m, _c, _callback, _hook, _role


def constructor(qualname: str) -> Constructor | None:
    """What a call of this fully qualified name builds (`accelerate.Accelerator`, `deepspeed.initialize`)."""
    return CONSTRUCTORS.get(qualname)


def method(kind: str, name: str) -> Method | None:
    """What `<object of kind>.<name>(...)` does to gradients (`"__call__"`: calling the object)."""
    return METHODS.get((kind, name))


def context(kind: str, name: str) -> Context | None:
    """What `with <object of kind>.<name>(...):` changes for the calls in its body."""
    return CONTEXTS.get((kind, name))


def framework_class(qualname: str) -> FrameworkClass | None:
    """The framework contract of a base class (is a subclass's training_step run by a framework?)."""
    return FRAMEWORK_CLASSES.get(qualname)


def callback_class(qualname: str) -> CallbackClass | None:
    """The hook roles of a callback base class (where in an optimizer step each hook runs)."""
    return CALLBACK_CLASSES.get(qualname)


def optimizer_class(qualname: str) -> OptimizerClass | None:
    """An optimizer class whose `zero_grad` differs from torch's (`apex.optimizers.FusedAdam`)."""
    return OPTIMIZER_CLASSES.get(qualname)


def all_entries() -> list[tuple[Library, object]]:
    """Every entry of every table, with its library (for docs and the proof check)."""
    out: list[tuple[Library, object]] = []
    for lib in LIBRARIES:
        for entry in (*lib.constructors, *lib.methods, *lib.contexts, *lib.frameworks, *lib.callbacks, *lib.optimizers):
            out.append((lib, entry))
    return out


__all__ = [
    "ARGUMENT_KINDS",
    "AccumulationSetting",
    "CALLBACK_CLASSES",
    "CALLBACK_HOOKS_BY_ROLE",
    "CallbackClass",
    "CONSTRUCTORS",
    "CONTEXTS",
    "Constructor",
    "Context",
    "Effect",
    "FRAMEWORK_CLASSES",
    "FrameworkClass",
    "Gate",
    "LIBRARIES",
    "Library",
    "METHODS",
    "Method",
    "OPTIMIZER_CLASSES",
    "OptimizerClass",
    "all_entries",
    "callback_class",
    "constructor",
    "context",
    "framework_class",
    "method",
    "optimizer_class",
]
