"""Training over a loader with a DistributedSampler (hand-fixed reference).

Reference for examples/distributed_sampler_no_set_epoch.py: `sampler.set_epoch(epoch)`
at the start of every epoch gives each epoch its own order.

Output contract (read by gradfix's behaviour tests): one JSON line on stdout,
{"losses": [...], "weights_sha256": "...", "extra": {"orders": [[...], ...]}},
one loss per optimizer step; "orders" lists the sample indices of each epoch in
the order the loader yielded them.
"""

import hashlib
import json

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

torch.manual_seed(0)
torch.set_num_threads(1)

EPOCHS = 3


def digest(model):
    h = hashlib.sha256()
    for p in model.parameters():
        h.update(bytes(p.detach().float().contiguous().flatten().view(torch.uint8).tolist()))
    return h.hexdigest()


def main():
    x = torch.randn(96, 8)
    y = x @ torch.randn(8, 1) + 0.1 * torch.randn(96, 1)
    dataset = TensorDataset(x, y, torch.arange(96))
    sampler = DistributedSampler(dataset, num_replicas=1, rank=0, shuffle=True, seed=0)
    loader = DataLoader(dataset, batch_size=16, sampler=sampler)
    model = nn.Linear(8, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

    losses, orders = [], []
    for epoch in range(EPOCHS):
        sampler.set_epoch(epoch)
        order = []
        for xb, yb, index in loader:
            optimizer.zero_grad()
            loss = F.mse_loss(model(xb), yb)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
            order.extend(index.tolist())
        orders.append(order)

    print(json.dumps({"losses": losses, "weights_sha256": digest(model), "extra": {"orders": orders}}))


if __name__ == "__main__":
    main()
