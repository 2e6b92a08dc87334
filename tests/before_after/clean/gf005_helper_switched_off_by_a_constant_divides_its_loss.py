import torch
from torch import nn


def run(model, batch, train, accum_steps):
    inputs, labels = batch
    loss = nn.functional.cross_entropy(model(inputs), labels)
    if train:
        (loss / accum_steps).backward()
    return loss


def main(total=12, accum_steps=3):
    model = nn.Linear(5, 3)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    stream = iter([(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(total)])
    probe = (torch.randn(4, 5), torch.randint(0, 3, (4,)))
    seen = 0
    while seen < total:
        run(model, next(stream), True, accum_steps)
        seen += 1
        with torch.no_grad():
            run(model, probe, False, accum_steps)
        if seen % accum_steps == 0:
            opt.step()
            opt.zero_grad()
