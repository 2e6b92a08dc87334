import torch
from torch import nn

from amp import backward_and_step

model = nn.Linear(4, 2)
head = nn.Linear(2, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt_head = torch.optim.SGD(head.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
for x, y in [(torch.randn(8, 4), torch.randn(8, 2))] * 4:
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    backward_and_step(scaler, loss, opt)
