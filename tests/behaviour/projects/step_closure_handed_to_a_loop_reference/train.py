"""TinyMLP trained by loops.fit, handed the step function engine.make_train_step returns."""
import hashlib
import json

import torch
from torch import nn

from engine import make_train_step
from loops import fit

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 3))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3)
inputs = torch.randn(1024, 32)
labels = (inputs @ torch.randn(32, 3)).argmax(1)
batches = [(inputs[i : i + 64], labels[i : i + 64]) for i in range(0, 1024, 64)]
losses = fit(model, batches, step=make_train_step(model, optimizer))

digest = hashlib.sha256()
for param in model.parameters():  # raw float32 bytes, in model.parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
