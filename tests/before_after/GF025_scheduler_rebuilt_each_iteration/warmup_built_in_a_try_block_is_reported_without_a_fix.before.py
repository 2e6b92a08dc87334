import torch
from torch.optim import lr_scheduler as sch

net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.5, momentum=0.9)
data = [torch.randn(4, 3) for _ in range(2)]
epoch = 0
while True:
    try:
        warm = sch.LinearLR(opt, start_factor=0.1, total_iters=5)
    finally:
        pass
    for x in data:
        opt.zero_grad()
        net(x).sum().backward()
        opt.step()
    warm.step()
    epoch += 1
    if epoch == 4:
        break
