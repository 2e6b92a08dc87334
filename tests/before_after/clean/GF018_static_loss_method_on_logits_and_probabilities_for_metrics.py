import torch
from torch import nn


class Objectives:
    @staticmethod
    def classification(logits, labels):
        return nn.functional.cross_entropy(logits, labels)

    @staticmethod
    def confidence(logits):
        return torch.softmax(logits, dim=-1).max(-1).values.mean()


def train(model, loader, optimizer):
    for images, labels in loader:
        optimizer.zero_grad()
        out = model(images)
        loss = Objectives.classification(out, labels)
        loss.backward()
        optimizer.step()
        print(Objectives.confidence(out.detach()).item())
