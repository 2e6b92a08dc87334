import torch
from torch import nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]
ACC = 4

for epoch in range(2):
    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y)
        (loss / ACC).backward()
        if (i + 1) % ACC:  # a remainder: not the window's last micro-batch
            continue
        opt.step()
        opt.zero_grad()
