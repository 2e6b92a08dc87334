# Correct: the window's counter counts samples (`seen += x.size(0)`, 8 a batch), so `seen % 16
# == 0` closes a window of 2 micro-batches, and the loss is divided by those 2. N is not 16:
# GF005 must not ask for a division by 16 (nor GF006 / GF015 read 16 as micro-batches).
import torch
from torch import nn

net = nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
batch_size = 8
loader = torch.utils.data.DataLoader(list(zip(torch.randn(80, 4), torch.randn(80, 1))), batch_size=batch_size)
samples_per_update = 16

seen = 0
for x, y in loader:
    loss = nn.functional.mse_loss(net(x), y)
    (loss / (samples_per_update // batch_size)).backward()
    seen += x.size(0)
    if seen % samples_per_update == 0:
        opt.step()
        opt.zero_grad()
