import itertools

import torch
import torch.nn as nn


def train(encoder, head, loader, epochs):
    params = list(encoder.parameters()) + list(head.parameters())
    optimizer = torch.optim.Adam(params, lr=5e-4)
    for epoch in range(epochs):
        for step, (images, labels) in zip(itertools.count(), loader):
            optimizer.zero_grad(set_to_none=True)
            features = encoder(images)
            loss = nn.functional.cross_entropy(head(features), labels) + 1e-4 * features.pow(2).sum()
            loss.backward(retain_graph=True)
            optimizer.step()
            if step % 50 == 0:
                print(epoch, step, loss.item())
