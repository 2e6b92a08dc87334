"""GF005 under Lightning Fabric, the window written with an `and` for the last batch
(`is_accumulating = (i + 1) % N != 0 and i + 1 < len(loader)`): every micro-batch's full loss
is backpropagated.

18 micro-batches of a 10-feature regression, a window of 4 (the last window holds 2), SGD lr
0.05: each step applies the sum of the window's gradients instead of their mean.

Output contract (tests/behaviour/harness.py): one JSON line on stdout,
{"losses": [per micro-batch], "weights_sha256": "...", "extra": {...}}.
"""

import hashlib
import json

import torch
from lightning_fabric import Fabric
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
torch.set_num_threads(1)

ACCUMULATION_STEPS = 4


def build_loader():
    inputs = torch.randn(72, 10)
    targets = inputs @ torch.randn(10, 1) + 0.1 * torch.randn(72, 1)
    return DataLoader(TensorDataset(inputs, targets), batch_size=4, shuffle=False)


def digest(model):
    sha = hashlib.sha256()
    for tensor in model.parameters():
        sha.update(tensor.detach().to(torch.float32).contiguous().numpy().tobytes())
    return sha.hexdigest()


def main():
    fabric = Fabric(accelerator="cpu", devices=1)
    model = torch.nn.Linear(10, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    model, optimizer = fabric.setup(model, optimizer)
    losses = []
    loader = build_loader()
    for i, (inputs, targets) in enumerate(loader):
        is_accumulating = (i + 1) % ACCUMULATION_STEPS != 0 and i + 1 < len(loader)
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            fabric.backward(loss)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()
        losses.append(loss.item())
    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {"weights": [w for p in model.parameters() for w in p.detach().flatten().tolist()]}}))


if __name__ == "__main__":
    main()
