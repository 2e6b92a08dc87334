"""Proofs for gradfix/libraries/transformers.py: the Hugging Face Trainer (and subclasses that override
training_step / compute_loss) trains a tiny model built in code, on the CPU, with no hub access.

The Trainer shuffles its data, so each test records the batches in the order the Trainer fed
them and replays that order in the hand-written torch loop it is compared with.
"""

from __future__ import annotations

import os

import pytest

torch = pytest.importorskip("torch")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
transformers = pytest.importorskip("transformers")

from . import _tiny  # noqa: E402

pytestmark = [pytest.mark.xdist_group("transformers"), pytest.mark.filterwarnings("ignore")]

GAS = 2


class Regressor(torch.nn.Module):
    """forward(x, labels) -> {"loss"}; no **kwargs, so the Trainer does not count loss items."""

    def __init__(self) -> None:
        super().__init__()
        self.net = _tiny.linear()

    def forward(self, x, labels):
        return {"loss": torch.nn.functional.mse_loss(self.net(x), labels)}


def _dataset(count: int = 12) -> list[dict]:
    xs, ys = _tiny.batches(1, size=count)[0]
    return [{"x": xs[i], "labels": ys[i]} for i in range(count)]


def _args(tmp_path, **extra):
    values = dict(
        output_dir=str(tmp_path),
        per_device_train_batch_size=2,
        gradient_accumulation_steps=GAS,
        num_train_epochs=1,
        learning_rate=0.1,
        optim="sgd",
        lr_scheduler_type="constant",
        weight_decay=0.0,
        max_grad_norm=0.0,  # no clipping, so the hand loop needs none
        report_to=[],
        save_strategy="no",
        logging_strategy="no",
        use_cpu=True,
        dataloader_num_workers=0,
        seed=0,
        disable_tqdm=True,
    )
    values.update(extra)
    return transformers.TrainingArguments(**values)


def _recording(base):
    """A Trainer subclass that records each micro-batch and the .grad it found there."""

    class Recording(base):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.seen: list[tuple[torch.Tensor, torch.Tensor]] = []
            self.grads_before: list[list[torch.Tensor | None]] = []

        def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
            self.seen.append((inputs["x"].detach().clone(), inputs["labels"].detach().clone()))
            self.grads_before.append(_tiny.grads(model.net))
            return super().compute_loss(model, inputs, return_outputs, num_items_in_batch)

    return Recording


def _hand(seen, divisor: float, window: int = GAS) -> torch.nn.Module:
    model = _tiny.linear()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, batch in enumerate(seen):
        (_tiny.mse(model, batch) / divisor).backward()
        if (i + 1) % window == 0 or i + 1 == len(seen):
            opt.step()
            opt.zero_grad()
    return model


def _train(trainer_class, tmp_path, **extra):
    trainer = trainer_class(model=Regressor(), args=_args(tmp_path, **extra), train_dataset=_dataset())
    trainer.train()
    return trainer


def test_trainer_accelerator_does_not_divide(tmp_path) -> None:
    trainer = transformers.Trainer(model=Regressor(), args=_args(tmp_path), train_dataset=_dataset())
    assert trainer.args.gradient_accumulation_steps == GAS
    assert trainer.accelerator.gradient_accumulation_steps == 1
    batch = _tiny.batches(1)[0]
    model = trainer.model
    trainer.accelerator.backward(_tiny.mse(model.net, batch))
    by_hand = _tiny.linear()
    _tiny.mse(by_hand, batch).backward()
    assert _tiny.same(_tiny.grads(model.net), _tiny.grads(by_hand))


def test_training_step_divides_by_accumulation_steps(tmp_path) -> None:
    trainer = _train(_recording(transformers.Trainer), tmp_path)
    assert len(trainer.seen) == 6
    assert _tiny.same(_tiny.weights(trainer.model.net), _tiny.weights(_hand(trainer.seen, GAS)))


def test_trainer_clears_after_each_optimizer_step(tmp_path) -> None:
    trainer = _train(_recording(transformers.Trainer), tmp_path)
    # None at the first micro-batch of every window, present at the others
    assert [all(g is None for g in grads) for grads in trainer.grads_before] == [True, False] * 3


def test_compute_loss_override_dividing_by_accumulation_is_divided_again(tmp_path) -> None:
    """GF016 in a Trainer subclass: compute_loss divides by the accumulation count and the base
    training_step divides again: gradients are 1/GAS of the intended size."""

    class DividesInComputeLoss(_recording(transformers.Trainer)):
        def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
            loss = super().compute_loss(model, inputs, return_outputs, num_items_in_batch)
            return loss / self.args.gradient_accumulation_steps

    trainer = _train(DividesInComputeLoss, tmp_path)
    assert _tiny.same(_tiny.weights(trainer.model.net), _tiny.weights(_hand(trainer.seen, GAS * GAS)))
    assert not _tiny.same(_tiny.weights(trainer.model.net), _tiny.weights(_hand(trainer.seen, GAS)))


def test_loss_is_scaled_for_ga_true_is_not_divided(tmp_path) -> None:
    class AlreadyScaled(_recording(transformers.Trainer)):
        loss_is_scaled_for_ga = True

    trainer = _train(AlreadyScaled, tmp_path)
    assert _tiny.same(_tiny.weights(trainer.model.net), _tiny.weights(_hand(trainer.seen, 1)))


def test_training_step_override_owns_the_division(tmp_path) -> None:
    """A training_step override replaces the base one: the Trainer still clears and steps around it,
    self.accelerator.backward divides by 1, so the override must divide by the count itself."""

    def override(divide: bool):
        class Override(_recording(transformers.Trainer)):
            def training_step(self, model, inputs, num_items_in_batch=None):
                model.train()
                loss = self.compute_loss(model, inputs)
                if divide:
                    loss = loss / self.args.gradient_accumulation_steps
                self.accelerator.backward(loss)
                return loss.detach()

        return Override

    divided = _train(override(True), tmp_path / "a")
    assert _tiny.same(_tiny.weights(divided.model.net), _tiny.weights(_hand(divided.seen, GAS)))
    undivided = _train(override(False), tmp_path / "b")
    assert _tiny.same(_tiny.weights(undivided.model.net), _tiny.weights(_hand(undivided.seen, 1)))
