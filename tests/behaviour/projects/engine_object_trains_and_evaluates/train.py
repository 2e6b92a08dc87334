"""A loop training through an `Engine` object of engine.py that scores every third batch with the
same object's `evaluate`, which leaves the network in eval mode: with dropout, the batches after
the first score train differently."""
import hashlib
import json

import torch
from torch import nn

from engine import Engine

torch.manual_seed(0)
network = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, 4))
engine = Engine(network, torch.optim.SGD(network.parameters(), lr=0.05, momentum=0.9))
inputs = torch.randn(256, 16)
labels = (inputs @ torch.randn(16, 4)).argmax(1)
batches = [(inputs[i : i + 32], labels[i : i + 32]) for i in range(0, 192, 32)]
held_x, held_y = inputs[192:], labels[192:]
losses = []
scores = []
for epoch in range(3):
    for step, (x, y) in enumerate(batches):
        losses.append(engine.update(x, y))
        if step % 3 == 2:
            scores.append(engine.evaluate(held_x, held_y))

digest = hashlib.sha256()
for param in network.parameters():  # raw float32 bytes, in parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
