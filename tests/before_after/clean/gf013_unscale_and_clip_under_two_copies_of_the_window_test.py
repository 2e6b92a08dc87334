import torch
from torch import nn

net = nn.Linear(5, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu")
window = 2
for i in range(8):
    x, y = torch.randn(4, 5), torch.randn(4, 1)
    scaler.scale(nn.functional.mse_loss(net(x), y) / window).backward()
    if (i + 1) % window == 0:
        scaler.unscale_(opt)
    if (i + 1) % window == 0:
        nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        scaler.step(opt)
        scaler.update()
        opt.zero_grad(set_to_none=True)
