import torch


def train(model, loader, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    n = len(loader)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0 or i + 1 == n:
            opt.step()
            for p in model.parameters():
                p.grad.clamp_(-1, 1)
            opt.zero_grad()
