import torch


def train(model, loader, optimizer, n_accum):
    for i, (x, y) in enumerate(loader, start=1):
        loss = torch.nn.functional.l1_loss(model(x), y)
        torch.autograd.backward(loss / n_accum)
        if i % n_accum == 0 or i == len(loader):
            optimizer.step()
            optimizer.zero_grad()
