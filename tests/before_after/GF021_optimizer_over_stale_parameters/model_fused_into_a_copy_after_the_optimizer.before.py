# The model is fused for quantization-aware training after its optimizer was built:
# `fuse_modules_qat` returns a fused copy unless `inplace=True`, so the optimizer holds none
# of the parameters the loop trains.
import torch
from torch import nn
from torch.ao.quantization import fuse_modules_qat

model = nn.Sequential(nn.Conv2d(1, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Linear(144, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model = fuse_modules_qat(model, [["0", "1", "2"]])
for images, labels in [(torch.randn(4, 1, 8, 8), torch.randint(0, 3, (4,)))] * 3:
    optimizer.zero_grad()
    nn.functional.cross_entropy(model(images), labels).backward()
    optimizer.step()
