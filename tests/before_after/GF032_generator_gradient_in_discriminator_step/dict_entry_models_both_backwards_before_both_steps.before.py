import torch
import torch.nn as nn


def adversarial_epoch(models, loader):
    optim = dict()
    optim["gen"] = torch.optim.SGD(models["gen"].parameters(), lr=0.1)
    optim["dis"] = torch.optim.SGD(models["dis"].parameters(), lr=0.1)
    bce = nn.BCEWithLogitsLoss()
    for real, z in loader:
        optim["gen"].zero_grad()
        optim["dis"].zero_grad()
        fake = models["gen"](z)
        scored = models["dis"](fake)
        gen_loss = bce(scored, torch.ones_like(scored))
        gen_loss.backward()
        dis_loss = bce(models["dis"](real), torch.ones_like(scored)) + bce(models["dis"](fake.detach()), torch.zeros_like(scored))
        dis_loss.backward()
        optim["gen"].step()
        optim["dis"].step()
