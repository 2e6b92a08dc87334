"""A `while` loop over a step counter training through a `Trainer` object of trainer.py, which
validates every fifth update with the same object (leaving the model in eval mode). The script
says no gradient word and has no epoch loop: only the object it builds over an optimizer trains."""
import hashlib
import json

import torch
from torch import nn

from trainer import Trainer

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Dropout(0.25), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
t = Trainer(model, opt)
data = torch.randn(64, 4)
target = data.sum(1, keepdim=True)
losses = []
scores = []
step = 0
while step < 12:
    rows = slice((step % 4) * 16, (step % 4) * 16 + 16)
    losses.append(t.train_batch(data[rows], target[rows]))
    if step % 5 == 0:
        scores.append(t.validate(data, target))
        model.train()
    step += 1

digest = hashlib.sha256()
for param in model.parameters():  # raw float32 bytes, in parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
