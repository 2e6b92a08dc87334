# Two backwards per micro-batch over the same model: the task loss divided by the window's
# count, a regulariser backpropagated whole. The regulariser's weight is the author's to set
# (as in `ce / ACCUM + reg`): nothing to report.
import torch

ACCUM = 4
model = Net().cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for i, (x, y) in enumerate(loader):
    (torch.nn.functional.cross_entropy(model(x), y) / ACCUM).backward()
    (1e-4 * sum(p.pow(2).sum() for p in model.parameters())).backward()
    if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
        optimizer.step()
        optimizer.zero_grad()
