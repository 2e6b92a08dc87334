"""Correct: the process function given to an Ignite Engine never clears; a handler of
`Events.ITERATION_STARTED` does, before every update: gradfix must report nothing.

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


model = torch.nn.Linear(10, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)


def update(engine, batch):
    x, y = batch
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def main():
    trainer = Engine(update)
    losses = []

    @trainer.on(Events.ITERATION_STARTED)
    def clear(engine):
        optimizer.zero_grad()

    @trainer.on(Events.ITERATION_COMPLETED)
    def record(engine):
        losses.append(engine.state.output)

    trainer.run(build_loader(), max_epochs=1)
    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {}}))


if __name__ == "__main__":
    main()
