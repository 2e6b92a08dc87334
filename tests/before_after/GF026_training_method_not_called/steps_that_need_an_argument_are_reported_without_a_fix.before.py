import torch
from torch import nn
from accelerate import Accelerator

model = nn.Linear(3, 1)
x, y = torch.randn(10, 3), torch.randn(10, 1)

lbfgs = torch.optim.LBFGS(model.parameters())


def closure():
    lbfgs.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


for _ in range(5):
    lbfgs.step

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer)
accelerator = Accelerator()
model, optimizer = accelerator.prepare(model, optimizer)
for epoch in range(3):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    accelerator.backward
    optimizer.step()
    plateau.step
