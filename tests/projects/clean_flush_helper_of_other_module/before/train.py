import torch
from torch import nn

from steps import finish_epoch

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(10)]
ACC = 4

for epoch in range(2):
    for i, (x, y) in enumerate(data):
        loss = nn.functional.mse_loss(model(x), y) / ACC
        loss.backward()
        if (i + 1) % ACC == 0:
            opt.step()
            opt.zero_grad()
    finish_epoch(opt)  # the flush
