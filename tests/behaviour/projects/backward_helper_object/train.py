"""The seed accumulation scenario (784-128-10 MLP, SGD with momentum, batch 32, windows of 4,
30 batches per epoch with the leftover 2 flushed, 2 epochs), backpropagating through a
GradientAccumulator object of accumulation.py. The losses are not divided by the window."""
import hashlib
import json

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from accumulation import GradientAccumulator

torch.manual_seed(0)
torch.set_num_threads(1)
accumulation_steps = 4

images = torch.rand(960, 1, 28, 28)
labels = (images.flatten(1) @ (torch.randn(28 * 28, 10) / 28.0)).argmax(dim=1)
loader = DataLoader(TensorDataset(images, labels), batch_size=32, shuffle=False)
model = nn.Sequential(nn.Flatten(), nn.Linear(28 * 28, 128), nn.ReLU(), nn.Linear(128, 10))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
criterion = nn.CrossEntropyLoss()
grad_acc = GradientAccumulator(model.parameters())

losses = []
for epoch in range(2):
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        losses.append(loss.item())
        grad_acc.backward(loss)
        if (i + 1) % accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % accumulation_steps != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

digest = hashlib.sha256()
for param in model.parameters():  # raw float32 bytes, in model.parameters() order
    digest.update(bytes(param.detach().to(torch.float32).contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest(), "extra": {"micro_batches": grad_acc.micro_batches}}))
