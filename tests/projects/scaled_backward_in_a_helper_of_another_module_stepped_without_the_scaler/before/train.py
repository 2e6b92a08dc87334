import torch
from torch import nn

from amp import backward_scaled

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
for x, y in [(torch.randn(8, 4), torch.randn(8, 2))] * 4:
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    backward_scaled(scaler, loss)
    opt.step()
