import torch
from torch import nn


def run(model, batch, train):
    inputs, labels = batch
    loss = nn.functional.cross_entropy(model(inputs), labels)
    if train:
        loss.backward()
    else:
        print("val", loss.item())
    return loss


def main(total=12, accum_steps=3):
    model = nn.Linear(5, 3)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    stream = iter([(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(total)])
    probe = (torch.randn(4, 5), torch.randint(0, 3, (4,)))
    seen = 0
    while seen < total:
        run(model, next(stream), True)
        seen += 1
        with torch.no_grad():
            run(model, probe, False)
        if seen % accum_steps == 0:
            opt.step()
            opt.zero_grad()
