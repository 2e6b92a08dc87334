import torch


def fit(model, loader, optim):
    for i, (x, y) in enumerate(loader, start=1):
        loss = torch.nn.functional.l1_loss(model(x), y) / 4
        loss.backward()
        if (i + 1) % 4 == 0 or i == len(loader):
            optim.step()
            optim.zero_grad()
