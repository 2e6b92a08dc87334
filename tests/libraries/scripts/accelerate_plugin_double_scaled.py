"""GF016 under Accelerate with a GradientAccumulationPlugin: the loss is divided by the
plugin's `num_steps`, then again by `accelerator.backward`, which divides by that count itself.

16 micro-batches, gradient_accumulation_steps = 4, SGD lr 0.05: every gradient is 1/16 of
the micro-batch gradient instead of 1/4, so training moves 4 times too slowly. The logged
loss is the divided one (the harness compares it with loss_scale=4, exact for 4).

Output contract (tests/behaviour/harness.py): one JSON line on stdout,
{"losses": [per micro-batch], "weights_sha256": "...", "extra": {...}}.
"""

import hashlib
import json

import torch
from accelerate import Accelerator
from accelerate.utils import GradientAccumulationPlugin
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
torch.set_num_threads(1)

ACCUMULATION_STEPS = 4


def build_loader():
    inputs = torch.randn(64, 10)
    targets = inputs @ torch.randn(10, 1) + 0.1 * torch.randn(64, 1)
    return DataLoader(TensorDataset(inputs, targets), batch_size=4, shuffle=False)


def digest(model):
    sha = hashlib.sha256()
    for tensor in model.parameters():
        sha.update(tensor.detach().to(torch.float32).contiguous().numpy().tobytes())
    return sha.hexdigest()


def main():
    plugin = GradientAccumulationPlugin(num_steps=ACCUMULATION_STEPS)
    accelerator = Accelerator(cpu=True, gradient_accumulation_plugin=plugin)
    model = torch.nn.Linear(10, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    model, optimizer, loader = accelerator.prepare(model, optimizer, build_loader())
    losses = []
    for inputs, targets in loader:
        with accelerator.accumulate(model):
            loss = torch.nn.functional.mse_loss(model(inputs), targets) / plugin.num_steps
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        losses.append(loss.item())
    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {"weights": [w for p in model.parameters() for w in p.detach().flatten().tolist()]}}))


if __name__ == "__main__":
    main()
