"""GF010 under Accelerate: the clip sits between backward and step inside
`accelerator.accumulate`, but without the `if accelerator.sync_gradients:` guard: it runs on
every micro-batch and clips the partial sums, while the prepared optimizer steps only on every
4th micro-batch.

The same 16 micro-batches, gradient_accumulation_steps = 4, SGD lr 0.05, max norm 0.5.

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


def main():
    accelerator = Accelerator(cpu=True, gradient_accumulation_steps=ACCUMULATION_STEPS)
    model = torch.nn.Linear(10, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    model, optimizer, loader = accelerator.prepare(model, optimizer, build_loader())
    losses = []
    for inputs, targets in loader:
        with accelerator.accumulate(model):
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            accelerator.backward(loss)
            accelerator.clip_grad_norm_(model.parameters(), 0.5)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        losses.append(loss.item())
    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {"weights": [w for p in model.parameters() for w in p.detach().flatten().tolist()]}}))


if __name__ == "__main__":
    main()
