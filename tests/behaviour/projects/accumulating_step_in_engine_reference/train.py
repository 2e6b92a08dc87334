"""TinyMLP trained by epoch and batch loops that hand engine.accumulating_step the batch index;
each epoch starts with its gradients cleared."""
import hashlib
import json

import torch
from torch import nn

from engine import ACCUM, accumulating_step

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
inputs = torch.randn(640, 32)
labels = (inputs @ torch.randn(32, 3)).argmax(1)
batches = [(inputs[i : i + 64], labels[i : i + 64]) for i in range(0, 640, 64)]

losses = []
for epoch in range(3):
    optimizer.zero_grad(set_to_none=True)
    for i, batch in enumerate(batches):
        losses.append(accumulating_step(model, optimizer, batch, i, len(batches)))

digest = hashlib.sha256()
for param in model.parameters():  # raw float32 bytes, in model.parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest(), "accum": ACCUM}))
