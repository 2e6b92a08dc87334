# The clear runs through a list of callbacks that holds the optimizer's bound method.
import torch
import torch.nn.functional as F

net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
before_batch = [opt.zero_grad]
for x, y in [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(5)]:
    for callback in before_batch:
        callback()
    F.mse_loss(net(x), y).backward()
    opt.step()
