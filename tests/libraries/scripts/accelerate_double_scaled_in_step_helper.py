"""GF016 under Accelerate, the backward in a step helper: `training_step` divides the loss by
the accumulation count in its `accelerator.backward(loss / ACCUMULATION_STEPS)`, and
`accelerator.backward` divides by gradient_accumulation_steps again.

The same 16 micro-batches, gradient_accumulation_steps = 4, SGD lr 0.05 as
accelerate_accumulate_fixed.py, which is this script's hand fix (the helper's backward of the
undivided loss trains exactly like it). The logged loss is the undivided one.

Output contract (tests/behaviour/harness.py): one JSON line on stdout,
{"losses": [per micro-batch], "weights_sha256": "...", "extra": {...}}.
"""

import hashlib
import json

import torch
from accelerate import Accelerator
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


def training_step(accelerator, model, inputs, targets):
    loss = torch.nn.functional.mse_loss(model(inputs), targets)
    accelerator.backward(loss / ACCUMULATION_STEPS)
    return loss


def main():
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=ACCUMULATION_STEPS)
    model = torch.nn.Linear(10, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    model, optimizer, loader = accelerator.prepare(model, optimizer, build_loader())
    losses = []
    for inputs, targets in loader:
        with accelerator.accumulate(model):
            loss = training_step(accelerator, model, inputs, targets)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        losses.append(loss.item())
    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {"weights": [w for p in model.parameters() for w in p.detach().flatten().tolist()]}}))


if __name__ == "__main__":
    main()
