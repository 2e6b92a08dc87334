# A list of callbacks runs every batch, but none of them clears: still reported.
import torch
import torch.nn.functional as F

net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
seen = []
before_batch = [net.train, seen.clear]
for x, y in [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(5)]:
    opt.zero_grad(set_to_none=True)
    for callback in before_batch:
        callback()
    F.mse_loss(net(x), y).backward()
    opt.step()
