"""Hand-fixed fabric_window_and_last_undivided.py: the loss divided by the window's length,
the last (short) window too, as the fix writes it.

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
            fabric.backward(loss / ACCUMULATION_STEPS)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()
        losses.append(loss.item())
    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {"weights": [w for p in model.parameters() for w in p.detach().flatten().tolist()]}}))


if __name__ == "__main__":
    main()
