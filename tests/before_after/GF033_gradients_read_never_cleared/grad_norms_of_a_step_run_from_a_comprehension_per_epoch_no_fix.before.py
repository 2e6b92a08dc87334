import torch
import torch.nn as nn


def saliency(model, loader, epochs=2):
    scores = {}
    for epoch in range(epochs):

        def visit(batch):
            x, y = batch
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            for name, p in model.named_parameters():
                scores[name] = scores.get(name, 0.0) + p.grad.abs().sum().item()
            return loss.item()

        values = [visit(b) for b in loader]
        print(epoch, sum(values) / len(values))
    return scores
