import torch


def train(model, loader, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0:
            opt.step()
            for p in model.parameters():
                if p.grad is not None:
                    p.grad *= 0
