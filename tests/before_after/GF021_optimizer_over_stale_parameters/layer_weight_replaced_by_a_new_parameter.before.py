import torch
import torch.nn as nn


def prune_and_finetune(model, loader, keep=0.5, epochs=3):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    first = model.features[0]
    scores = first.weight.detach().abs().flatten(1).sum(1)
    kept = scores.argsort(descending=True)[: int(keep * scores.numel())]
    model.features[0].weight = nn.Parameter(first.weight.detach()[kept].clone())
    model.features[0].bias = nn.Parameter(first.bias.detach()[kept].clone())
    for _ in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
