"""torch beyond the plain optimizer loop: DDP and FSDP wrappers, schedule-free optimizers,
and optimizer classes a project derives from `torch.optim`.

Read from torch 2.13.0 (CPU build) and schedulefree 1.4.1, proven by
tests/libraries/test_torch_extras.py (DDP and FSDP in a one-process gloo group). timm's
Lookahead is in timm.py.
"""

from __future__ import annotations

from .schema import Constructor, Context, Effect, FrameworkClass, Library, Method

TORCH_VERSION = "2.13.0"
SCHEDULEFREE_VERSION = "1.4.1"
_TORCH = f"torch {TORCH_VERSION}: torch/"
_SF = f"schedulefree {SCHEDULEFREE_VERSION}: schedulefree/"
_PROOF = "tests/libraries/test_torch_extras.py::"

_SCHEDULEFREE = ("AdamWScheduleFree", "SGDScheduleFree", "RAdamScheduleFree", "ScheduleFreeWrapper")
# the schedule-free optimizers that are optimizers of their own (not ScheduleFreeWrapper, which
# wraps another): each reads its learning rate from its parameter groups (`group["lr"]`, the
# peak its warm-up scales) and keeps a state from step to step (the `z` sequence, the average's
# weight sum, Adam's second moments), which a new instance starts empty
SCHEDULE_FREE_OPTIMIZERS = frozenset(f"schedulefree.{name}" for name in _SCHEDULEFREE if name != "ScheduleFreeWrapper")
# torch's ZeroRedundancyOptimizer: an Optimizer whose `param_groups` (the learning rate with
# them) it hands to the local `optimizer_class` instance it builds at every `step()`
# (test_zero_redundancy_optimizer_reads_lr_from_its_groups_not_an_attribute), never an `lr`
# attribute, and whose new instance builds a new local optimizer with an empty state
# (test_zero_redundancy_optimizer_rebuilt_per_batch_restarts_its_state)
ZERO_REDUNDANCY_OPTIMIZERS = frozenset({
    "torch.distributed.optim.ZeroRedundancyOptimizer",
    "torch.distributed.optim.zero_redundancy_optimizer.ZeroRedundancyOptimizer",
})

CONSTRUCTORS = (
    Constructor(
        qualname="torch.nn.parallel.DistributedDataParallel",
        aliases=("torch.nn.parallel.distributed.DistributedDataParallel",),
        kind="ddp-model",
        source=_TORCH + "nn/parallel/distributed.py DistributedDataParallel",
        proof=_PROOF + "test_ddp_no_sync_leaves_local_gradients_alone",
        note="a model: backward through it all-reduces gradients (averages over processes), never divides by an accumulation count",
    ),
    Constructor(
        qualname="torch.distributed.fsdp.FullyShardedDataParallel",
        aliases=("torch.distributed.fsdp.fully_sharded_data_parallel.FullyShardedDataParallel",),
        kind="fsdp-model",
        source=_TORCH + "distributed/fsdp/fully_sharded_data_parallel.py FullyShardedDataParallel",
        proof=_PROOF + "test_fsdp_clip_grad_norm_clips_total_norm",
    ),
    *(
        Constructor(
            qualname=f"schedulefree.{name}",
            kind="optimizer",
            source=_SF + f"{name} (train/eval/step)",
            proof=_PROOF + "test_schedulefree_train_eval_leave_gradients_alone",
            note=(
                "an optimizer; zero_grad() clears and step() does not, like torch.optim. The three that are "
                "optimizers of their own (not ScheduleFreeWrapper) read the learning rate from their parameter groups, not an lr attribute "
                "(test_schedulefree_reads_lr_from_its_groups_not_an_attribute), and a new instance starts its "
                "state (z sequence, weight sum) again (test_schedulefree_optimizer_rebuilt_per_batch_restarts_its_state)"
            ),
        )
        for name in _SCHEDULEFREE
    ),
)

METHODS = (
    Method(
        kind="fsdp-model",
        name="clip_grad_norm_",
        effects=(Effect.CLIPS,),
        source=_TORCH + "distributed/fsdp/fully_sharded_data_parallel.py FullyShardedDataParallel.clip_grad_norm_",
        proof=_PROOF + "test_fsdp_clip_grad_norm_clips_total_norm",
        note="clips the total norm over all shards (use it instead of torch.nn.utils.clip_grad_norm_ on FSDP)",
    ),
    Method(
        kind="optimizer",
        name="train",
        effects=(Effect.NONE,),
        source=_SF + "sgd_schedulefree.py / adamw_schedulefree.py ScheduleFree*.train",
        proof=_PROOF + "test_schedulefree_train_eval_leave_gradients_alone",
        note="schedule-free only: moves the weights back to the training point; .grad untouched; step() raises until called",
    ),
    Method(
        kind="optimizer",
        name="eval",
        effects=(Effect.NONE,),
        source=_SF + "sgd_schedulefree.py / adamw_schedulefree.py ScheduleFree*.eval",
        proof=_PROOF + "test_schedulefree_train_eval_leave_gradients_alone",
        note="schedule-free only: swaps in the averaged weights for evaluation; .grad untouched",
    ),
)

CONTEXTS = (
    Context(
        kind="ddp-model",
        name="no_sync",
        changes=(
            "backward calls in the body skip the all-reduce; the gradients still add up locally and are "
            "reduced by the first backward outside it",
            "the loss is NOT divided: an accumulation loop divides by its window itself (GF005), steps and "
            "clears after the synced backward",
        ),
        source=_TORCH + "nn/parallel/distributed.py DistributedDataParallel.no_sync",
        proof=_PROOF + "test_ddp_no_sync_leaves_local_gradients_alone",
        needs_tail_flush=True,
    ),
    Context(
        kind="fsdp-model",
        name="no_sync",
        changes=("as DistributedDataParallel.no_sync: local accumulation without reduction; nothing divided",),
        source=_TORCH + "distributed/fsdp/fully_sharded_data_parallel.py FullyShardedDataParallel.no_sync",
        proof=_PROOF + "test_fsdp_no_sync_leaves_local_gradients_alone",
    ),
)

FRAMEWORKS = (
    FrameworkClass(
        qualname="torch.optim.Optimizer",
        aliases=("torch.optim.optimizer.Optimizer",),
        hooks={"step": "step", "zero_grad": "clear"},
        framework_effects=(),
        source=_TORCH + "optim/optimizer.py Optimizer.zero_grad",
        proof=_PROOF + "test_project_optimizer_subclass_inherits_zero_grad",
        note=(
            "a class in the project that subclasses torch.optim.Optimizer, or any torch.optim class (SGD, AdamW...), "
            "builds optimizers: its instances are kind 'optimizer'. zero_grad() is inherited (clears to None) "
            "unless the class overrides it; step() is the class's own or the base's."
        ),
    ),
)

LIBRARY = Library(
    name="torch_extras",
    version=TORCH_VERSION,
    import_names=("torch", "schedulefree"),
    constructors=CONSTRUCTORS,
    methods=METHODS,
    contexts=CONTEXTS,
    frameworks=FRAMEWORKS,
    kinds={
        "ddp-model": "torch.nn.parallel.DistributedDataParallel(model)",
        "fsdp-model": "torch.distributed.fsdp.FullyShardedDataParallel(model)",
        "optimizer": "any torch.optim optimizer (and schedule-free, Lookahead, project subclasses)",
    },
    note=(
        "torch.distributed.optim.ZeroRedundancyOptimizer (ZERO_REDUNDANCY_OPTIMIZERS): its learning rate "
        "lives in its param_groups, never an `lr` attribute (GF024, "
        "tests/libraries/test_torch_extras.py::test_zero_redundancy_optimizer_reads_lr_from_its_groups_not_an_attribute), "
        "and a new instance builds "
        "a new local optimizer with an empty state (GF030, "
        "tests/libraries/test_torch_extras.py::test_zero_redundancy_optimizer_rebuilt_per_batch_restarts_its_state)"
    ),
)
