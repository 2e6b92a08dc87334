import torch
import torch.nn as nn


def prune_and_finetune(model, loader, keep=0.5, epochs=3):
    first = model.features[0]
    scores = first.weight.detach().abs().flatten(1).sum(1)
    kept = scores.argsort(descending=True)[: int(keep * scores.numel())]
    first.weight = nn.Parameter(first.weight.detach()[kept].clone())
    first.bias = nn.Parameter(first.bias.detach()[kept].clone())
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            with torch.no_grad():
                first.weight.data.clamp_(-1, 1)


def tie_after_building(model, loader):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    model.decoder.weight = model.encoder.weight  # tied: the same parameter, already in the optimizer
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
