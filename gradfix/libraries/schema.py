"""The shape of a library table: plain, frozen data the loop model can ask questions of.

Nothing here knows a syntax tree. Names are dotted strings as they would be written after
imports are resolved (``accelerate.Accelerator``), methods are looked up by the *kind* of
the object they are called on (``"accelerator"``) and their name (``"backward"``).

Every entry says where its claim was read (``source``: library, version, file and
function) and which test proves it against the running library (``proof``: a pytest node
id under ``tests/libraries/``). ``stand_in=True`` marks a proof that runs our own minimal
stand-in of a library that cannot be installed or imported here, written from the
library's documentation and source; tests/libraries/test_tables.py checks that every
proof exists.
"""

from __future__ import annotations

from enum import Enum

from gradfix.records import dataclass, field


class Effect(str, Enum):
    """What a call does to the gradients of the parameters it concerns, in the order it does it."""

    BACKWARD = "backward"  # differentiates a loss and *adds* into .grad
    DIVIDES_LOSS = "divides-loss"  # divides the loss by an accumulation count before BACKWARD
    UNSCALES = "unscales"  # divides .grad by a mixed-precision loss scale (once per step)
    CLIPS = "clips"  # rescales or clamps .grad
    STEPS = "steps"  # applies .grad to the parameters (optimizer.step)
    CLEARS = "clears"  # sets .grad to None (or zero)
    SCHEDULER_STEPS = "scheduler-steps"  # advances a learning-rate scheduler
    NONE = "none"  # leaves gradients, parameters and the optimizer alone
    UNKNOWN = "unknown"  # runs user code gradfix cannot see (callbacks, hooks)


class Gate(str, Enum):
    """When a call's effects actually happen."""

    ALWAYS = "always"
    SYNC_STEPS = "sync-steps"  # only when the library says this micro-batch ends a window
    ACCUMULATION_BOUNDARY = "accumulation-boundary"  # engine-counted window end (DeepSpeed)
    CONFIGURED = "configured"  # only if a setting asks for it (e.g. a clip value in a config)


@dataclass(frozen=True)
class AccumulationSetting:
    """Where an object's accumulation count comes from, so a divisor can be matched to it.

    ``keywords``: constructor keywords that set it (``gradient_accumulation_steps``).
    ``via``: (keyword, object constructor, its keyword), for a plugin object passed in
    (``gradient_accumulation_plugin=GradientAccumulationPlugin(num_steps=N)``).
    ``config_key``: the key in a config dict or JSON file (DeepSpeed).
    ``attribute``: the attribute that reads it back from the built object.
    ``env``: an environment variable that overrides it at launch time (then no static
    value is certain). ``default``: the count when nothing sets it.
    """

    name: str
    keywords: tuple[str, ...] = ()
    via: tuple[tuple[str, str, str], ...] = ()
    config_key: str | None = None
    attribute: str | None = None
    env: str | None = None
    default: int | None = 1
    note: str = ""


@dataclass(frozen=True)
class Constructor:
    """A call that builds an object of a known kind (or a tuple of them)."""

    qualname: str
    kind: str | None  # None: see `returns`
    source: str
    proof: str
    aliases: tuple[str, ...] = ()
    returns: tuple[str | None, ...] = ()  # kinds of a returned tuple, in order (None: not tracked)
    accumulation: AccumulationSetting | None = None
    stand_in: bool = False
    note: str = ""


ARGUMENT_KINDS = "<same kinds as the arguments, in order>"


@dataclass(frozen=True)
class Method:
    """A method called on an object of `kind` (``"__call__"`` for calling the object itself)."""

    kind: str
    name: str
    effects: tuple[Effect, ...]
    source: str
    proof: str
    gate: Gate = Gate.ALWAYS
    loss_argument: int | str | None = None  # position or keyword of the loss, for BACKWARD
    divides_by: str | None = None  # AccumulationSetting.name of the receiver's kind
    # a keyword that, given any value but a literal True, may turn the division off
    # (`engine.backward(loss, scale_wrt_gas=False)`): no division is then assumed
    divides_unless: str | None = None
    # where a CLIPS method is given the parameters it clips: a position, then the same argument's
    # keyword (`accelerator.clip_grad_norm_(D.parameters(), 1.0)`); empty: not read
    clips_parameters: tuple[int | str, ...] = ()
    returns: str | None = None  # kind of the result, or ARGUMENT_KINDS
    # (kind in, kind out) for ARGUMENT_KINDS: an argument of the first kind comes back as the
    # second, a narrower kind of the same thing (an optimizer comes back an accelerated-optimizer)
    refines: tuple[tuple[str, str], ...] = ()
    stand_in: bool = False
    note: str = ""


@dataclass(frozen=True)
class Context:
    """``with <kind>.<name>(...):`` and what it changes for the calls in its body."""

    kind: str
    name: str
    changes: tuple[str, ...]  # sentences, each a fact the loop model can rely on
    source: str
    proof: str
    gates_prepared_optimizers: bool = False  # step()/zero_grad() of prepared optimizers only on sync steps
    syncs_on_last_batch: bool = False  # the last batch of a prepared dataloader ends a window
    needs_tail_flush: bool | None = None  # does a loop using it need a flush after the last batch?
    effects_on_exit: tuple[Effect, ...] = ()
    stand_in: bool = False
    note: str = ""


@dataclass(frozen=True)
class FrameworkClass:
    """A base class whose subclasses' methods are called by a framework's own training loop.

    ``hooks`` maps a method name a subclass may define to its role (``"training-step"``: one
    call per micro-batch, ``"loss"``: returns the loss the framework backpropagates...).
    ``framework_effects`` are what the framework does around one call of the step hook when
    the subclass leaves it to the framework; ``manual_switch`` names the attribute that
    hands backward/step/clear to the user, under which ``manual_effects`` apply.
    ``batch_counters`` pairs a hook with the position of its parameter (``self`` is 0) that the
    framework passes the batch's index within the epoch, counted from 0 afresh each epoch.
    ``batch_arguments`` pairs a hook with the position of its parameter (``self`` is 0) through
    which the framework hands the batch as its data loader yields it: data, no autograd graph.
    ``optimizer_arguments`` pairs a hook with the position of its parameter (``self`` is 0)
    through which the framework passes a wrapper of an optimizer the ``"builds-optimizers"``
    hook returns: an attribute set on the wrapper stays on it, its ``param_groups`` are the
    wrapped optimizer's.
    ``iteration_counters`` pairs a hook with the position of the argument the framework calls it
    with (``self`` not counted), the attribute path read from that argument that counts the
    calls, and the value it holds at the first call; it goes on counting across epochs (Ignite's
    ``engine.state.iteration``: ``("<process_function argument>", 0, "state.iteration", 1)``).
    """

    qualname: str
    hooks: dict[str, str]
    framework_effects: tuple[Effect, ...]
    source: str
    proof: str
    aliases: tuple[str, ...] = ()
    accumulation: AccumulationSetting | None = None
    manual_switch: str | None = None
    manual_effects: tuple[Effect, ...] = ()
    user_must_clear_when_manual: bool = False
    batch_counters: tuple[tuple[str, int], ...] = ()
    batch_arguments: tuple[tuple[str, int], ...] = ()
    optimizer_arguments: tuple[tuple[str, int], ...] = ()
    iteration_counters: tuple[tuple[str, int, str, int], ...] = ()
    stand_in: bool = False
    note: str = ""


@dataclass(frozen=True)
class CallbackClass:
    """A base class of callbacks whose methods a framework's loop calls at fixed points around
    each optimizer step (transformers' `TrainerCallback`).

    ``hooks`` maps a method name a subclass may define to its place in one optimizer step:
    ``"before-step"`` (after the window's backward passes and the framework's clip, right before
    ``optimizer.step()``: a clear there leaves the step nothing to apply),
    ``"after-step"`` (right after ``optimizer.step()``, before the framework clears: a clip there
    changes no step), ``"after-clear"`` (after the framework's clear: a clear there is harmless),
    ``"window-start"`` (before the window's first backward), ``"micro-batch-end"`` (after a
    backward that ends no window). ``arguments`` pairs a keyword the framework passes every hook
    with what it is (``("model", "model")``: the framework's model, the one it clears;
    ``("optimizer", "optimizer")``: the optimizer it steps). Every hook of one table is called
    with the same arguments, so a hook renamed to another of its table still gets what it used.
    """

    qualname: str
    hooks: dict[str, str]
    source: str
    proof: str
    aliases: tuple[str, ...] = ()
    arguments: tuple[tuple[str, str], ...] = ()
    stand_in: bool = False
    note: str = ""


@dataclass(frozen=True)
class OptimizerClass:
    """An optimizer class whose `zero_grad` does not take torch's arguments.

    ``clear_keywords`` are the keyword arguments its `zero_grad` accepts (``()``: none at all;
    torch.optim.Optimizer's takes ``set_to_none``). A clear gradfix writes or rewrites for an
    instance passes none that is not listed: `opt.zero_grad(set_to_none=True)` raises a
    TypeError on a class whose `zero_grad(self)` takes nothing.
    """

    qualname: str
    clear_keywords: tuple[str, ...]
    source: str
    proof: str
    aliases: tuple[str, ...] = ()
    stand_in: bool = False
    note: str = ""


@dataclass(frozen=True)
class Library:
    """One library's table."""

    name: str
    version: str  # the version every entry was read from and proven with
    import_names: tuple[str, ...]
    constructors: tuple[Constructor, ...] = ()
    methods: tuple[Method, ...] = ()
    contexts: tuple[Context, ...] = ()
    frameworks: tuple[FrameworkClass, ...] = ()
    callbacks: tuple[CallbackClass, ...] = ()
    optimizers: tuple[OptimizerClass, ...] = ()
    kinds: dict[str, str] = field(default_factory=dict)  # kind -> what it is
    runs_here: bool = True  # False: proofs use a stand-in
    note: str = ""
