import torch
import torch.nn as nn

from losses import WindowCrossEntropy

data = [(torch.randn(6, 5), torch.randint(0, 3, (6,))) for _ in range(10)]
model = nn.Linear(5, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ACC = 4
crit = WindowCrossEntropy(ACC)  # divides by ACC itself
for ep in range(2):
    for i, (x, y) in enumerate(data):
        loss = crit(model(x), y)
        loss.backward()
        if (i + 1) % ACC == 0 or i + 1 == len(data):
            opt.step()
            opt.zero_grad()
