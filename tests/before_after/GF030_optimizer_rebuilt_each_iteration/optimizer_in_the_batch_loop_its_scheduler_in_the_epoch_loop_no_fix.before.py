import torch

net = torch.nn.Linear(6, 3)
for epoch in range(30):
    for inputs, labels in batches:
        opt = torch.optim.Adagrad(net.parameters(), lr=0.05)
        opt.zero_grad()
        torch.nn.functional.cross_entropy(net(inputs), labels).backward()
        opt.step()
    warm = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=5)
    warm.step()
