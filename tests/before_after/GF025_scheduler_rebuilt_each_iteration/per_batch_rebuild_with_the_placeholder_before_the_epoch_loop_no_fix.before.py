import torch

net = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(5)]
warm = None
for epoch in range(3):
    for inputs, targets in batches:
        warm = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=15)
        opt.zero_grad()
        torch.nn.functional.mse_loss(net(inputs), targets).backward()
        opt.step()
        warm.step()
