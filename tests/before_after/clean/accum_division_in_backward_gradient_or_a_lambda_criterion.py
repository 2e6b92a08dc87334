import torch
import torch.nn.functional as F

ACCUM = 2
model = torch.nn.Linear(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(2, 4), torch.randint(0, 3, (2,)))] * 8
scale = torch.tensor(1.0 / ACCUM)  # the gradient backward starts from: the window's mean
for i, (x, y) in enumerate(loader):
    loss = F.cross_entropy(model(x), y)
    loss.backward(scale)
    if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
        opt.step()
        opt.zero_grad(set_to_none=True)

window_ce = lambda out, y: F.cross_entropy(out, y) / ACCUM  # noqa: E731
for i, (x, y) in enumerate(loader):
    window_ce(model(x), y).backward()
    if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
        opt.step()
        opt.zero_grad(set_to_none=True)
