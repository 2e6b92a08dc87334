import torch
from torch import nn

num_epochs = 20
net = nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
decay = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[num_epochs // 2, int(0.75 * num_epochs)], gamma=0.1)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(25)]

for epoch in range(num_epochs):
    for x, y in batches:
        opt.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(x), y).backward()
        opt.step()
        decay.step()  # 25 steps per epoch: both milestones pass during the first epoch
