import torch
import torch.nn.functional as F


def fisher_per_model(models, loader, fishers):
    for epoch in range(2):
        for images, labels in loader:
            for model in models:
                F.nll_loss(model(images), labels).backward()
                for name, weight in model.named_parameters():
                    fishers[id(model)][name] += weight.grad.detach() ** 2
    return fishers
