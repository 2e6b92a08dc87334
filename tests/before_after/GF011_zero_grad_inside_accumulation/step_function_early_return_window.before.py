import torch
from torch import nn

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(10)]
ACCUM = 4


class Trainer:
    def step(self, x, y, i):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y) / ACCUM
        loss.backward()
        if (i + 1) % ACCUM != 0:
            return loss.item()
        optimizer.step()
        return loss.item()


trainer = Trainer()
for epoch in range(3):
    for i, (x, y) in enumerate(loader):
        trainer.step(x, y, i)
    if len(loader) % ACCUM:
        optimizer.step()
        optimizer.zero_grad()
