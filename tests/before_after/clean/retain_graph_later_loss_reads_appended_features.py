"""The encoder's features reach the later regulariser through a list they were appended
to: its backward walks the encoder's graph again, so the classifier loss's
`retain_graph=True` is needed (and the head's step does not touch the encoder)."""

import json

import torch
from torch import nn


def train(encoder, head, batches):
    enc_opt = torch.optim.SGD(encoder.parameters(), lr=0.1)
    head_opt = torch.optim.SGD(head.parameters(), lr=0.1)
    history = []
    for x, y in batches:
        enc_opt.zero_grad()
        head_opt.zero_grad()
        features = []
        features.append(encoder(x))
        loss = nn.functional.cross_entropy(head(features[0]), y)
        loss.backward(retain_graph=True)
        head_opt.step()
        reg = torch.cat(features).pow(2).mean()
        reg.backward()
        enc_opt.step()
        history.append([loss.item(), reg.item()])
    return history


def main():
    torch.manual_seed(0)
    encoder = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 4))
    head = nn.Linear(4, 3)
    batches = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(3)]
    print(json.dumps({"losses": train(encoder, head, batches)}))


if __name__ == "__main__":
    main()
