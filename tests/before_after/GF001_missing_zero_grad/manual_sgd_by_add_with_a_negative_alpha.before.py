import torch
import torch.nn as nn
import torch.nn.functional as F


def train(net: nn.Module, batches, lr: float = 0.1) -> None:
    for inputs, labels in batches:
        loss = F.cross_entropy(net(inputs), labels)
        loss.backward()
        for p in net.parameters():
            p.data.add_(p.grad.data, alpha=-lr)  # plain SGD by hand
