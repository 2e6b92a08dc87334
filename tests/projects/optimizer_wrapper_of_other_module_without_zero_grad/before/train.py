import torch
from torch import nn

from optim import StepOnly

model = nn.Linear(12, 1)
optim = StepOnly(model.parameters(), 1e-2, 5.0)
batches = [(torch.randn(16, 12), torch.randn(16, 1)) for _ in range(5)]

for epoch in range(3):
    for x, y in batches:
        model.zero_grad()
        for part in x.split(4):
            loss = nn.functional.mse_loss(model(part).mean(0), y.mean(0))
            loss.backward()
            optim.step()  # steps on the parts before this one too: the optimizer it holds is cleared
