import torch
from torch import nn
from torch.optim.lr_scheduler import MultiStepLR

net = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
decay = MultiStepLR(opt, milestones=[2, 3], gamma=0.5)
loss_fn = nn.CrossEntropyLoss()
batches = [(torch.randn(6, 5), torch.randint(0, 2, (6,))) for _ in range(3)]

epoch = 0
while epoch < 4:
    decay.step()  # epoch top: one step early
    for n, (x, y) in enumerate(batches):
        opt.zero_grad(set_to_none=True)
        loss_fn(net(x), y).backward()
        opt.step()
        current = decay.get_lr()[0]  # the next value from the step count: moving the step changes it
        print(epoch, n, current)
    epoch += 1
