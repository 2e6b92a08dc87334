import torch
from torch import nn


def train(trunk, heads, optimizer, batches):
    total = 0.0
    for features, targets, mask in batches:
        shared = trunk(features)
        loss = 0.0
        for index, head in enumerate(heads):
            if mask[index]:
                loss += nn.functional.l1_loss(head(shared), targets)
        if torch.is_tensor(loss):
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        total += loss
    return total
