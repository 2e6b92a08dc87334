import torch


def train(models, loader, accumulate_every):
    optimizers = {"g": torch.optim.Adam(models["g"].parameters())}
    for i, x in enumerate(loader):
        loss = models["g"](x).mean()
        loss.backward()
        if (i + 1) % accumulate_every == 0 or (i + 1) == len(loader):
            optimizers["g"].step()
            optimizers["g"].zero_grad()
