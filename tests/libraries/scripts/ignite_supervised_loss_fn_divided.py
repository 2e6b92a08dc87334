"""GF016 under Ignite: the loss function handed to `create_supervised_trainer(...,
gradient_accumulation_steps=4)` divides by 4 itself, and the update the builder makes divides
the loss by 4 again: every gradient is 1/16 of the micro-batch's instead of 1/4.

16 micro-batches of a 10-feature regression, SGD lr 0.05. The recorded output is the loss
the update multiplies back by 4: the divided one.

Output contract (tests/behaviour/harness.py): one JSON line on stdout,
{"losses": [per micro-batch], "weights_sha256": "...", "extra": {...}}.
"""

import hashlib
import json

import torch
from ignite.engine import Events, create_supervised_trainer
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
torch.set_num_threads(1)


def build_loader():
    inputs = torch.randn(64, 10)
    targets = inputs @ torch.randn(10, 1) + 0.1 * torch.randn(64, 1)
    return DataLoader(TensorDataset(inputs, targets), batch_size=4, shuffle=False)


def digest(model):
    sha = hashlib.sha256()
    for tensor in model.parameters():
        sha.update(tensor.detach().to(torch.float32).contiguous().numpy().tobytes())
    return sha.hexdigest()


ACCUMULATION_STEPS = 4


def loss_fn(prediction, target):
    return torch.nn.functional.mse_loss(prediction, target) / ACCUMULATION_STEPS


def main():
    model = torch.nn.Linear(10, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    trainer = create_supervised_trainer(model, optimizer, loss_fn, gradient_accumulation_steps=ACCUMULATION_STEPS)
    losses = []

    @trainer.on(Events.ITERATION_COMPLETED)
    def record(engine):
        losses.append(engine.state.output)

    trainer.run(build_loader(), max_epochs=1)
    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {}}))


if __name__ == "__main__":
    main()
