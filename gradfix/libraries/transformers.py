"""The Hugging Face `Trainer` and subclasses that override `training_step` / `compute_loss`.

Read from the installed transformers 5.24.0 wheel (imports and trains without torchvision)
and proven by tests/libraries/test_transformers.py on a tiny model built in code.

Version matters here. In 5.24.0 the Trainer builds its Accelerator with
`GradientAccumulationPlugin(num_steps=1)` ("The Trainer handles GAS itself"), so
`self.accelerator.backward` inside a Trainer divides by 1, and `Trainer.training_step`
divides by the accumulation count itself. In 4.54.1 (read from its wheel, not run) the
Accelerator got no count, so it divided by 1 too unless `accelerate launch
--gradient_accumulation_steps K` set ACCELERATE_GRADIENT_ACCUMULATION_STEPS, which is
the double division of huggingface/transformers#40052 and huggingface/accelerate#3533.
"""

from __future__ import annotations

from .schema import AccumulationSetting, CallbackClass, Effect, FrameworkClass, Library, Method

VERSION = "5.24.0"
_SRC = f"transformers {VERSION}: transformers/"
_PROOF = "tests/libraries/test_transformers.py::"

ACCUMULATION = AccumulationSetting(
    name="gradient_accumulation_steps",
    keywords=("gradient_accumulation_steps",),
    attribute="args.gradient_accumulation_steps",
    default=1,
    note=(
        "a TrainingArguments field, read inside a subclass as self.args.gradient_accumulation_steps; "
        "Trainer.training_step divides by self.current_gradient_accumulation_steps (the same count, smaller "
        "for the epoch's short last window)"
    ),
)

FRAMEWORKS = (
    FrameworkClass(
        qualname="transformers.Trainer",
        aliases=("transformers.trainer.Trainer", "transformers.Seq2SeqTrainer", "transformers.trainer_seq2seq.Seq2SeqTrainer"),
        hooks={
            "training_step": "training-step",
            "compute_loss": "loss",
            "create_optimizer": "builds-optimizers",
            "optimizer_step": "step-override",
        },
        framework_effects=(Effect.CLIPS, Effect.STEPS, Effect.SCHEDULER_STEPS, Effect.CLEARS),
        accumulation=ACCUMULATION,
        source=_SRC + "trainer.py Trainer._inner_training_loop / training_step / create_accelerator_and_postprocess",
        proof=_PROOF + "test_trainer_clears_after_each_optimizer_step",
        note=(
            "the Trainer's loop calls training_step once per micro-batch and, at each window end, clips "
            "(max_grad_norm), steps the optimizer and scheduler and clears with model.zero_grad(): a subclass "
            "never needs its own step or clear. The base training_step divides compute_loss's result by the "
            "accumulation count unless loss_is_scaled_for_ga (class attribute) is True, or, when it is None, "
            "the model's forward takes **kwargs and the batch has labels, or compute_loss_func is given "
            "(test_training_step_divides_by_accumulation_steps, test_loss_is_scaled_for_ga_true_is_not_divided). "
            "So a compute_loss override that divides by self.args.gradient_accumulation_steps is divided twice: "
            "GF016 (test_compute_loss_override_dividing_by_accumulation_is_divided_again). A training_step "
            "override replaces that division: it must divide by the count itself before "
            "self.accelerator.backward, which divides by 1 (test_training_step_override_owns_the_division). "
            "The base leaves the loss undivided when the model takes **kwargs and the Trainer counted the "
            "window's items (num_items_in_batch, passed on to the model, which divides by it); an override "
            "calling self.compute_loss(model, inputs) without num_items_in_batch gets the micro-batch mean even "
            "then, and must divide; one passing it on must not "
            "(test_training_step_override_without_num_items_is_undivided_for_a_loss_kwargs_model; GF005). "
            "An override written whole (its own backward, no super().training_step, no step "
            "or clear) is one micro-batch's iteration: a loss it appends to an attribute keeps that graph "
            "across batches (GF009), and two backwards of one graph, the first with retain_graph=True, train "
            "like one backward of their sum (GF003; test_whole_training_step_override_is_one_micro_batch). "
            "A compute_loss override is called once per micro-batch too, its returned loss backpropagated "
            "after it returns: a loss it appends to an attribute keeps that graph across batches (GF009; "
            "test_compute_loss_override_runs_once_per_micro_batch_before_the_backward)."
        ),
    ),
)

# Where `Trainer._inner_training_loop` calls each hook of the callbacks it was given
# (`Trainer(callbacks=[...])`, `trainer.add_callback(...)`), at a window's end: clip
# (max_grad_norm > 0), on_pre_optimizer_step, optimizer.step(), on_optimizer_step,
# lr_scheduler.step(), model.zero_grad(), on_step_end; after a micro-batch that ends no window,
# on_substep_end; on_step_begin before a window's first training_step. CallbackHandler.call_event
# passes every hook model=, optimizer= (the Trainer's own, refreshed when train() starts).
CALLBACKS = (
    CallbackClass(
        qualname="transformers.TrainerCallback",
        aliases=("transformers.trainer_callback.TrainerCallback",),
        hooks={
            "on_step_begin": "window-start",
            "on_substep_end": "micro-batch-end",
            "on_pre_optimizer_step": "before-step",
            "on_optimizer_step": "after-step",
            "on_step_end": "after-clear",
        },
        arguments=(("model", "model"), ("optimizer", "optimizer")),
        source=_SRC + "trainer.py Trainer._inner_training_loop; trainer_callback.py CallbackHandler.call_event",
        proof=_PROOF + "test_callback_hooks_run_around_the_optimizer_step",
        note=(
            "on_pre_optimizer_step sees the window's summed (and, with max_grad_norm > 0, clipped) gradients "
            "and the weights before the step; on_optimizer_step the same gradients and the stepped weights; "
            "on_step_end no gradients (model.zero_grad() ran); the model= and optimizer= keywords are the "
            "Trainer's model and optimizer (test_callback_hooks_run_around_the_optimizer_step). A clip in "
            "on_optimizer_step changes no step: training is that of no clip at all, and the same clip in "
            "on_pre_optimizer_step (the same parameters) clips the step "
            "(test_clip_in_the_optimizer_step_hook_changes_no_step; GF010). A clear in on_pre_optimizer_step "
            "(model.zero_grad(), optimizer.zero_grad()) leaves the step no gradient: SGD leaves the weights "
            "as they were; a clear in on_step_end changes nothing "
            "(test_clear_in_the_pre_optimizer_step_hook_wipes_the_step; GF002). on_substep_end (never called "
            "with gradient_accumulation_steps=1) sees a window's partial sum: model.zero_grad() there wipes the "
            "window's earlier micro-batches; the optimizer= there is Accelerate's AcceleratedOptimizer, whose "
            "zero_grad does nothing while sync_gradients is False, so its clear changes nothing "
            "(test_clear_in_the_substep_end_hook_wipes_the_windows_earlier_micro_batches; GF011); a clip there "
            "clips the partial sums (test_clip_in_the_substep_end_hook_clips_partial_sums; GF010). A torch "
            "scheduler handed in `Trainer(..., optimizers=(opt, sched))` becomes its lr_scheduler and is stepped "
            "after every optimizer step, not once per epoch: a horizon counted in epochs runs out in the first "
            "epoch (test_scheduler_handed_in_optimizers_steps_after_every_optimizer_step; GF020)."
        ),
    ),
)

METHODS = (
    Method(
        kind="hf-trainer",
        name="accelerator",
        effects=(Effect.NONE,),
        returns="hf-trainer-accelerator",
        source=_SRC + "trainer.py Trainer.create_accelerator_and_postprocess",
        proof=_PROOF + "test_trainer_accelerator_does_not_divide",
        note="an attribute, not a call: the Trainer's own Accelerator",
    ),
    Method(
        kind="hf-trainer-accelerator",
        name="backward",
        effects=(Effect.BACKWARD,),
        loss_argument=0,
        source=_SRC + "trainer.py Trainer.create_accelerator_and_postprocess (num_steps=1); accelerate Accelerator.backward",
        proof=_PROOF + "test_trainer_accelerator_does_not_divide",
        note=(
            "`self.accelerator.backward(loss)` inside a Trainer subclass: the Trainer's Accelerator has "
            "gradient_accumulation_steps == 1, so it does not divide (with DeepSpeed the Trainer passes "
            "scale_wrt_gas=False)"
        ),
    ),
    Method(
        kind="hf-trainer",
        name="training_step",
        effects=(Effect.DIVIDES_LOSS, Effect.BACKWARD),
        divides_by=ACCUMULATION.name,
        source=_SRC + "trainer.py Trainer.training_step",
        proof=_PROOF + "test_training_step_divides_by_accumulation_steps",
        note=(
            "the base method, e.g. reached by super().training_step(...) from an override; it backpropagates, "
            "and the Trainer steps right after the override returns (at a window's last micro-batch): a clear "
            "written after the base call wipes the step (test_clear_after_the_base_training_step_wipes_the_step; GF002)"
        ),
    ),
)

LIBRARY = Library(
    name="transformers",
    version=VERSION,
    import_names=("transformers",),
    methods=METHODS,
    frameworks=FRAMEWORKS,
    callbacks=CALLBACKS,
    kinds={
        "hf-trainer": "`self` inside a transformers.Trainer subclass",
        "hf-trainer-accelerator": "`self.accelerator` of a Trainer: an accelerate.Accelerator whose count is 1",
    },
)
