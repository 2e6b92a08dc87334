import torch

net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for epoch in range(10):
    for _ in range(4):
        opt.zero_grad()
        net(torch.randn(2, 3)).sum().backward()
        opt.step()
    opt.lr = 0.1 * 0.9 ** epoch
    [g.update(lr=opt.lr) for g in opt.param_groups]
