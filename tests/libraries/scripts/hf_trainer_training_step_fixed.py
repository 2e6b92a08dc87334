"""Hand-fixed hf_trainer_training_step_clears.py: the training_step override divides by the
accumulation count and backpropagates; the Trainer steps and clears at each window's end.

Output contract (tests/behaviour/harness.py): one JSON line on stdout,
{"losses": [per micro-batch], "weights_sha256": "...", "extra": {...}}.
"""

import contextlib
import hashlib
import json
import os
import sys
import tempfile
import warnings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

import torch

# stdout carries only the result line: the Trainer prints its run summary there, and importing it
# may print DeepSpeed's accelerator notice (when DeepSpeed is installed)
with contextlib.redirect_stdout(sys.stderr):
    from transformers import Trainer, TrainingArguments

torch.manual_seed(0)
torch.set_num_threads(1)
warnings.filterwarnings("ignore")


class Regressor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(10, 1)

    def forward(self, x, labels=None):
        return self.net(x)


class RegressionTrainer(Trainer):
    losses = []

    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        loss = torch.nn.functional.mse_loss(model(inputs["x"]), inputs["labels"])
        self.losses.append(loss.item())
        loss = loss / self.args.gradient_accumulation_steps
        self.accelerator.backward(loss)
        return loss.detach()


def build_dataset():
    inputs = torch.randn(64, 10)
    targets = inputs @ torch.randn(10, 1) + 0.1 * torch.randn(64, 1)
    return [{"x": inputs[i], "labels": targets[i]} for i in range(64)]


def digest(model):
    sha = hashlib.sha256()
    for tensor in model.parameters():
        sha.update(tensor.detach().to(torch.float32).contiguous().numpy().tobytes())
    return sha.hexdigest()


def main():
    model = Regressor()
    with tempfile.TemporaryDirectory() as output_dir, contextlib.redirect_stdout(sys.stderr):
        args = TrainingArguments(
            output_dir=output_dir,
            per_device_train_batch_size=4,
            gradient_accumulation_steps=4,
            num_train_epochs=1,
            learning_rate=0.05,
            optim="sgd",
            lr_scheduler_type="constant",
            weight_decay=0.0,
            max_grad_norm=0.0,
            report_to=[],
            save_strategy="no",
            logging_strategy="no",
            use_cpu=True,
            seed=0,
            disable_tqdm=True,
        )
        trainer = RegressionTrainer(model=model, args=args, train_dataset=build_dataset())
        trainer.train()
    print(json.dumps({"losses": RegressionTrainer.losses, "weights_sha256": digest(model), "extra": {}}))


if __name__ == "__main__":
    main()
