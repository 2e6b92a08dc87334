"""Buggy (GF002): an Ignite Engine runs a trainer's bound method, which clears the gradients
between `backward()` and `step()`: SGD then applies zeros and the model never learns.

16 micro-batches of a 10-feature regression, SGD lr 0.05, the clear each iteration.

Output contract (tests/behaviour/harness.py): one JSON line on stdout,
{"losses": [per micro-batch], "weights_sha256": "...", "extra": {...}}.
"""

import hashlib
import json

import torch
from ignite.engine import Engine, Events
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


class Trainer:
    def __init__(self):
        self.model = torch.nn.Linear(10, 1)
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)
        self.engine = Engine(self.train_step)

    def train_step(self, engine, batch):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.zero_grad()
        self.opt.step()
        return loss.item()


def main():
    trainer = Trainer()
    losses = []

    @trainer.engine.on(Events.ITERATION_COMPLETED)
    def record(engine):
        losses.append(engine.state.output)

    trainer.engine.run(build_loader(), max_epochs=1)
    print(json.dumps({"losses": losses, "weights_sha256": digest(trainer.model), "extra": {}}))


if __name__ == "__main__":
    main()
