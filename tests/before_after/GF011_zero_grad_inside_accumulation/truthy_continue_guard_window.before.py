import torch
from torch import nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
ACC = 4

for epoch in range(2):
    for i, (x, y) in enumerate(data):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y) / ACC
        loss.backward()
        if (i + 1) % ACC:
            continue
        opt.step()
