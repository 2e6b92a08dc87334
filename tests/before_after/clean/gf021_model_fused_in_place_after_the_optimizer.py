# Fused in place (`inplace=True`): the module keeps the parameter objects the optimizer holds.
import torch
from torch import nn
from torch.ao.quantization import fuse_modules

model = nn.Sequential(nn.Conv2d(1, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Linear(144, 3)).eval()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model = fuse_modules(model, [["0", "1", "2"]], inplace=True)
for images, labels in [(torch.randn(4, 1, 8, 8), torch.randint(0, 3, (4,)))] * 3:
    optimizer.zero_grad()
    nn.functional.cross_entropy(model(images), labels).backward()
    optimizer.step()
