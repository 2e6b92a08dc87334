import torch
from torch import nn
from torch.optim.swa_utils import AveragedModel

model = nn.Linear(4, 1)
ema = AveragedModel(model)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(4, 4), torch.randn(4, 1)) for _ in range(8)]

for epoch in range(2):
    for x, y in data:
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        ema.update_parameters(model)  # averages the weights; touches no gradient
