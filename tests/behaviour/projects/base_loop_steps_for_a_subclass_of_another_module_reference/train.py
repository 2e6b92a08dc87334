"""A regression trainer whose base loop (engine/base.py) steps after each `training_step`
that regression.py writes; nothing clears the gradients, so each step applies the sum of all
batches' gradients so far."""
import hashlib
import json

import torch

from regression import RegressionTrainer

torch.manual_seed(0)
torch.set_num_threads(1)
model = torch.nn.Linear(8, 2)
inputs = torch.randn(96, 8)
targets = inputs @ torch.randn(8, 2)
loader = [(inputs[i : i + 16], targets[i : i + 16]) for i in range(0, 96, 16)]
trainer = RegressionTrainer(model, lr=0.02)
trainer.fit(loader, 12)
with torch.no_grad():
    losses = [float(torch.nn.functional.mse_loss(model(x), y)) for x, y in loader]

digest = hashlib.sha256()
for param in model.parameters():  # raw float32 bytes, in parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
