# The encoder is frozen and put in eval mode, `model.train()` follows, but only the head runs
# on features computed earlier: the encoder's mode plays no part. Silent.
import torch
from torch import nn


def fit(model, features, targets, epochs=3):
    opt = torch.optim.SGD(model.head.parameters(), lr=0.1)
    for epoch in range(epochs):
        model.encoder.eval()
        for p in model.encoder.parameters():
            p.requires_grad = False
        model.train()
        for f, t in zip(features, targets):
            opt.zero_grad()
            nn.functional.cross_entropy(model.head(f), t).backward()
            opt.step()
