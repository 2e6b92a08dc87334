import torch


def train(model, loader, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    n = len(loader)
    for i, (x, y) in enumerate(loader):
        for p in model.parameters():
            p.grad *= 0
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0 or i + 1 == n:
            opt.step()
