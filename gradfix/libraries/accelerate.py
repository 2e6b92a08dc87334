"""Hugging Face Accelerate: what `Accelerator` and the objects it prepares do to gradients.

Read from the installed accelerate 1.15.0 wheel (file paths below are inside the package)
and proven by tests/libraries/test_accelerate.py, which runs it on the CPU.
"""

from __future__ import annotations

from .schema import (
    ARGUMENT_KINDS,
    AccumulationSetting,
    Constructor,
    Context,
    Effect,
    Gate,
    Library,
    Method,
)

VERSION = "1.15.0"
_SRC = f"accelerate {VERSION}: accelerate/"
_PROOF = "tests/libraries/test_accelerate.py::"

ACCUMULATION = AccumulationSetting(
    name="gradient_accumulation_steps",
    keywords=("gradient_accumulation_steps",),
    via=(("gradient_accumulation_plugin", "accelerate.utils.GradientAccumulationPlugin", "num_steps"),),
    attribute="gradient_accumulation_steps",
    env="ACCELERATE_GRADIENT_ACCUMULATION_STEPS",
    default=1,
    note=(
        "Passing both the keyword (other than 1) and a plugin raises ValueError. Without a plugin, "
        "ACCELERATE_GRADIENT_ACCUMULATION_STEPS (set by `accelerate launch --gradient_accumulation_steps`) "
        "overrides the keyword, so a literal keyword is certain only when no launcher sets the variable; "
        "`accelerator.gradient_accumulation_steps` always reads the value in force. Under DeepSpeed, the "
        "DeepSpeed config's value replaces it."
    ),
)

CONSTRUCTORS = (
    Constructor(
        qualname="accelerate.Accelerator",
        aliases=("accelerate.accelerator.Accelerator",),
        kind="accelerator",
        accumulation=ACCUMULATION,
        source=_SRC + "accelerator.py Accelerator.__init__ (gradient_accumulation_plugin / parse_choice_from_env)",
        proof=_PROOF + "test_accelerator_keyword_sets_accumulation_steps",
        note="the launcher's environment variable wins over the keyword: test_environment_overrides_accumulation_keyword",
    ),
    Constructor(
        qualname="accelerate.utils.GradientAccumulationPlugin",
        aliases=("accelerate.utils.dataclasses.GradientAccumulationPlugin",),
        kind="accumulation-plugin",
        source=_SRC + "utils/dataclasses.py GradientAccumulationPlugin (num_steps, sync_with_dataloader=True)",
        proof=_PROOF + "test_gradient_accumulation_plugin_sets_accumulation_steps",
        note="passed as `Accelerator(gradient_accumulation_plugin=...)`; its `num_steps` is the count",
    ),
)

_NONE_NOTE = "bookkeeping: no effect on .grad, parameters or optimizer state"

METHODS = (
    Method(
        kind="accelerator",
        name="backward",
        effects=(Effect.DIVIDES_LOSS, Effect.BACKWARD),
        loss_argument=0,
        divides_by=ACCUMULATION.name,
        source=_SRC + "accelerator.py Accelerator.backward",
        proof=_PROOF + "test_backward_divides_by_gradient_accumulation_steps",
        note=(
            "divides by gradient_accumulation_steps on every call, inside `accumulate` or not, except under "
            "DeepSpeed, where the engine's backward divides by the DeepSpeed config's count instead and, on sync "
            "steps, accelerator.backward also runs engine.step() (clip, step, clear: "
            "tests/libraries/test_deepspeed.py::test_accelerate_backward_under_deepspeed_divides_once_and_steps_at_sync); with a "
            "GradScaler it backpropagates the scaled loss. Adds into .grad like loss.backward() "
            "(test_backward_adds_into_existing_gradients)."
        ),
    ),
    Method(
        kind="accelerator",
        name="prepare",
        effects=(Effect.NONE,),
        returns=ARGUMENT_KINDS,
        refines=(("optimizer", "accelerated-optimizer"),),
        source=_SRC + "accelerator.py Accelerator.prepare / _prepare_one",
        proof=_PROOF + "test_prepare_returns_its_arguments_kinds_in_order",
        note=(
            "returns its arguments in order, each of the same kind (optimizers become AcceleratedOptimizer, "
            "still torch.optim.Optimizer instances); unknown objects come back unchanged; a single argument "
            "comes back alone, not in a tuple. Optimizers that went through prepare() are 'prepared': see "
            "the `accumulate` context and the accelerated-optimizer methods. A prepared scheduler (one "
            "process, outside `accumulate`) advances once per `step()` like the bare one, so its horizon is "
            "its constructor's (test_prepared_scheduler_steps_like_the_bare_one_outside_accumulate)."
        ),
    ),
    Method(
        kind="accelerated-optimizer",
        name="step",
        effects=(Effect.STEPS,),
        gate=Gate.SYNC_STEPS,
        source=_SRC + "optimizer.py AcceleratedOptimizer.step",
        proof=_PROOF + "test_accumulate_gates_step_and_zero_grad_off_sync_steps",
        note=(
            "acts only when accelerator.sync_gradients is True; that flag is True outside `accumulate` "
            "(test_prepared_optimizer_acts_on_every_call_outside_accumulate); with a GradScaler it unscales "
            "(unless already unscaled), steps unless the gradients overflowed, and updates the scale"
        ),
    ),
    Method(
        kind="accelerated-optimizer",
        name="zero_grad",
        effects=(Effect.CLEARS,),
        gate=Gate.SYNC_STEPS,
        source=_SRC + "optimizer.py AcceleratedOptimizer.zero_grad",
        proof=_PROOF + "test_accumulate_gates_step_and_zero_grad_off_sync_steps",
        note="clears (set_to_none=True by default) only when accelerator.sync_gradients is True",
    ),
    Method(
        kind="accelerator",
        name="clip_grad_norm_",
        effects=(Effect.UNSCALES, Effect.CLIPS),
        clips_parameters=(0, "parameters"),
        source=_SRC + "accelerator.py Accelerator.clip_grad_norm_ / unscale_gradients",
        proof=_PROOF + "test_clip_grad_norm_unscales_first",
        note=(
            "unscales every prepared optimizer's gradients when fp16 with a GradScaler is on (a no-op "
            "otherwise), then clips; NOT gated by sync_gradients: it clips partial sums off sync steps "
            "(test_clip_grad_norm_is_not_gated_by_sync), hence the documented "
            "`if accelerator.sync_gradients:` guard. Under DeepSpeed it only returns the engine's norm. "
            "It clips the parameters it is given, like torch's: a clip after one optimizer's step is matched "
            "to that optimizer's parameters (test_clip_after_the_discriminator_step_fix_trains_like_the_hand_fix)."
        ),
    ),
    Method(
        kind="accelerator",
        name="clip_grad_value_",
        effects=(Effect.UNSCALES, Effect.CLIPS),
        clips_parameters=(0, "parameters"),
        source=_SRC + "accelerator.py Accelerator.clip_grad_value_",
        proof=_PROOF + "test_clip_grad_value_unscales_first",
        note="raises under DeepSpeed and FSDP",
    ),
    Method(
        kind="accelerator",
        name="unscale_gradients",
        effects=(Effect.UNSCALES,),
        source=_SRC + "accelerator.py Accelerator.unscale_gradients",
        proof=_PROOF + "test_clip_grad_norm_unscales_first",
    ),
    Method(
        kind="accelerator",
        name="sync_gradients",
        effects=(Effect.NONE,),
        source=_SRC + "accelerator.py Accelerator.sync_gradients / _do_sync",
        proof=_PROOF + "test_sync_gradients_is_true_at_window_ends",
        note=(
            "a property, not a call: True outside `accumulate` and, inside it, on the micro-batch that "
            "ends a window (every N-th `accumulate` entry, and the last batch of a prepared dataloader). "
            "`if accelerator.sync_gradients:` is the window-end condition."
        ),
    ),
    Method(
        kind="accelerator",
        name="optimizer_step_was_skipped",
        effects=(Effect.NONE,),
        source=_SRC + "accelerator.py Accelerator.optimizer_step_was_skipped / AcceleratedOptimizer.step_was_skipped",
        proof=_PROOF + "test_optimizer_step_was_skipped_after_overflow",
        note="a property: True when the GradScaler skipped the last step (inf/NaN gradients)",
    ),
    *(
        Method(
            kind="accelerator",
            name=name,
            effects=(Effect.NONE,),
            source=_SRC + f"accelerator.py Accelerator.{name}",
            proof=_PROOF + "test_bookkeeping_methods_leave_gradients_alone",
            note=_NONE_NOTE + (" (also resets the accumulate counter)" if name in ("free_memory", "clear") else ""),
        )
        for name in ("free_memory", "clear", "unwrap_model", "gather", "reduce", "wait_for_everyone", "print")
    ),
    Method(
        kind="accelerator",
        name="gather_for_metrics",
        effects=(Effect.NONE,),
        source=_SRC + "accelerator.py Accelerator.gather_for_metrics",
        proof=_PROOF + "test_collectives_hand_back_the_loss_with_its_graph_on_one_process",
        note=(
            "touches no gradients; on one process it (like gather) returns the tensor it is given, and reduce a "
            "copy still in its graph: a history of gathered losses keeps every step's graph (GF009)"
        ),
    ),
)

CONTEXTS = (
    Context(
        kind="accelerator",
        name="accumulate",
        changes=(
            "each entry counts one micro-batch; sync_gradients becomes True on every N-th entry "
            "(N = gradient_accumulation_steps) and on the last batch of a prepared dataloader",
            "step() and zero_grad() of optimizers that went through prepare() act only on sync steps, so "
            "`backward; step; zero_grad` inside it is a correct accumulation loop",
            "optimizers that were not prepared act on every call (test_unprepared_optimizer_is_not_gated_by_accumulate), "
            "and so does model.zero_grad(): it clears every micro-batch (test_model_zero_grad_is_not_gated_by_accumulate)",
            "where a clear may go: after step() in the body, or at the top of the loop outside the with-block "
            "(sync_gradients still holds the previous micro-batch's flag there) both clear once per window; a "
            "clear at the START of the body runs on the window's last micro-batch before its backward and wipes "
            "the window's first N-1 gradients (test_where_a_clear_may_go_under_accumulate)",
            "the loss is NOT divided by this context: accelerator.backward divides, inside or outside it",
            "the last batch of a prepared dataloader ends the window: no tail flush is needed after the loop",
            "in distributed runs, gradient sync of the given models is skipped off sync steps",
        ),
        gates_prepared_optimizers=True,
        syncs_on_last_batch=True,
        needs_tail_flush=False,
        source=_SRC + "accelerator.py Accelerator.accumulate / _do_sync; data_loader.py (end_of_dataloader)",
        proof=_PROOF + "test_last_batch_of_prepared_dataloader_syncs",
        note=(
            "also proven: test_accumulate_gates_step_and_zero_grad_off_sync_steps, "
            "test_accumulate_trains_like_the_hand_written_window, test_unprepared_optimizer_is_not_gated_by_accumulate. "
            "With a plain iterable (not a prepared dataloader) windows are counted only, so a short last window "
            "is not flushed."
        ),
    ),
    Context(
        kind="accelerator",
        name="no_sync",
        changes=(
            "skips DDP gradient all-reduce for the model's backward calls in the body (no-op on one process)",
            "local gradients still accumulate; nothing is divided, stepped or cleared",
        ),
        source=_SRC + "accelerator.py Accelerator.no_sync",
        proof=_PROOF + "test_no_sync_leaves_local_gradients_alone",
    ),
)

LIBRARY = Library(
    name="accelerate",
    version=VERSION,
    import_names=("accelerate",),
    constructors=CONSTRUCTORS,
    methods=METHODS,
    contexts=CONTEXTS,
    kinds={
        "accelerator": "accelerate.Accelerator",
        "accumulation-plugin": "accelerate.utils.GradientAccumulationPlugin",
        "accelerated-optimizer": "an optimizer returned by Accelerator.prepare (accelerate.optimizer.AcceleratedOptimizer)",
    },
)
