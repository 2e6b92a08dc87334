import torch


def fit(model, loader, optim, n_accum):
    for it, (x, y) in enumerate(loader):
        loss = torch.nn.functional.l1_loss(model(x), y) / n_accum
        loss.backward()
        if not it % n_accum or it == len(loader) - 1:
            optim.step()
            optim.zero_grad()
