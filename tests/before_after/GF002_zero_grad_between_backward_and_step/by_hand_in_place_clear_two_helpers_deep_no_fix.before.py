# The by-hand clear (`p.grad.zero_()` under `if p.grad is not None:`) sits two helpers deep,
# reached with other parameter names; it still clears every parameter the stepped optimizer
# covers. Reported at the call in the loop, without a fix.
import torch
import torch.nn.functional as F


def zero_all(module):
    for p in module.parameters():
        if p.grad is not None:
            p.grad.zero_()


def after_backward(net, stats):
    stats.append(len(stats))
    zero_all(net)


model = torch.nn.Linear(16, 4)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
stats = []
for x, y in [(torch.randn(2, 16), torch.tensor([0, 1]))]:
    opt.zero_grad()
    F.cross_entropy(model(x), y).backward()
    after_backward(model, stats)
    opt.step()
