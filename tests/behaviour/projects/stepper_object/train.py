"""A small MLP trained through a WarmupStepper of stepping.py (SGD with momentum, batch 32,
30 batches per epoch, 2 epochs). The loop never clears the gradients the stepper's
optimizer applies."""
import hashlib
import json

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from stepping import WarmupStepper

torch.manual_seed(0)
torch.set_num_threads(1)

images = torch.rand(960, 1, 28, 28)
labels = (images.flatten(1) @ (torch.randn(28 * 28, 10) / 28.0)).argmax(dim=1)
loader = DataLoader(TensorDataset(images, labels), batch_size=32, shuffle=False)
model = nn.Sequential(nn.Flatten(), nn.Linear(28 * 28, 128), nn.ReLU(), nn.Linear(128, 10))
criterion = nn.CrossEntropyLoss()
stepper = WarmupStepper(torch.optim.SGD(model.parameters(), lr=0.0, momentum=0.9), base_lr=0.05, warmup=10)

losses = []
for epoch in range(2):
    for x, y in loader:
        loss = criterion(model(x), y)
        losses.append(loss.item())
        loss.backward()
        stepper.step()

digest = hashlib.sha256()
for param in model.parameters():  # raw float32 bytes, in model.parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {"steps": stepper.calls}}))
