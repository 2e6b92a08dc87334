"""A trainer subclassing base.py's `BaseTrainer`, which holds the optimizer and the scoring: its
loop scores on held-out batches every other step; with dropout, the steps after the first score
train differently once the network stays in eval mode."""
import hashlib
import json

import torch
from torch import nn

from base import BaseTrainer


class Trainer(BaseTrainer):
    def fit(self, batches, held_out, epochs):
        losses = []
        step = 0
        while step < epochs * len(batches):
            x, y = batches[step % len(batches)]
            self.optim.zero_grad()
            loss = nn.functional.cross_entropy(self.network(x), y)
            loss.backward()
            self.optim.step()
            losses.append(loss.item())
            step += 1
            if step % 2 == 0:
                self.score(held_out)
        return losses


torch.manual_seed(0)
network = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, 4))
inputs = torch.randn(256, 16)
labels = (inputs @ torch.randn(16, 4)).argmax(1)
batches = [(inputs[i : i + 32], labels[i : i + 32]) for i in range(0, 192, 32)]
held_out = [(inputs[i : i + 32], labels[i : i + 32]) for i in range(192, 256, 32)]
losses = Trainer(network).fit(batches, held_out, 3)

digest = hashlib.sha256()
for param in network.parameters():  # raw float32 bytes, in parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
