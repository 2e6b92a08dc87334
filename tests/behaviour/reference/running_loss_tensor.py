"""Train a small regression MLP and report the average training loss (hand-fixed reference).

Reference for examples/running_loss_tensor.py: the running total adds
loss.detach(), so it no longer chains every step's graph together; training
itself is unchanged (same losses, same weights), only the live graph count
stays flat.

Besides the usual output, the script counts how many of the per-step loss
graphs are still alive at a few checkpoints: each step's loss.grad_fn gets a
small probe object in its metadata; the probe dies with the autograd graph
node, so the number of live probes is the number of loss graphs something
still holds on to.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {...}}, one loss per
optimizer step; "extra.live_loss_graphs" pairs with "extra.checkpoints".
"""

import hashlib
import json
import weakref

import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_num_threads(1)

NUM_STEPS = 120
CHECKPOINTS = (30, 60, 120)


class _GraphProbe:
    """Lives exactly as long as the autograd node whose metadata holds it."""


_probes: list[weakref.ref] = []


def track_graph(loss: torch.Tensor) -> None:
    probe = _GraphProbe()
    loss.grad_fn.metadata["gradfix_probe"] = probe
    _probes.append(weakref.ref(probe))


def live_graphs() -> int:
    return sum(ref() is not None for ref in _probes)


def sha256_params(model: nn.Module) -> str:
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def main() -> None:
    inputs = torch.randn(1024, 8)
    targets = torch.sin(2.0 * inputs[:, :1]) + 0.5 * inputs[:, 1:2]
    model = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    loss_fn = nn.MSELoss()

    losses = []
    live_at_checkpoint = []
    running_loss = 0.0
    for step in range(1, NUM_STEPS + 1):
        start = (step * 32) % inputs.shape[0]
        xb, yb = inputs[start:start + 32], targets[start:start + 32]

        optimizer.zero_grad()
        loss = loss_fn(model(xb), yb)
        track_graph(loss)
        loss.backward()
        optimizer.step()

        running_loss += loss.detach()
        losses.append(loss.item())
        if step in CHECKPOINTS:
            live_at_checkpoint.append(live_graphs())

    mean_loss = float(running_loss) / NUM_STEPS
    print(json.dumps({
        "losses": losses,
        "weights_sha256": sha256_params(model),
        "extra": {
            "mean_loss": mean_loss,
            "checkpoints": list(CHECKPOINTS),
            "live_loss_graphs": live_at_checkpoint,
        },
    }))


if __name__ == "__main__":
    main()
