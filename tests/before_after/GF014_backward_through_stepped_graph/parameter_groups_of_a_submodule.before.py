"""The optimizer holds parameter groups of the model's encoder and heads; the encoder's
features are computed once, the reconstruction loss keeps their graph, and the auxiliary
loss on the same features is backpropagated after the step."""

import json

import torch
from torch import nn


class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 4))
        self.decoder = nn.Linear(4, 6)
        self.classifier = nn.Linear(4, 2)


def train(model, batches):
    optimizer = torch.optim.Adam(
        [
            {"params": model.encoder.parameters()},
            {"params": model.decoder.parameters(), "lr": 1e-3},
        ],
        lr=3e-3,
    )
    head_opt = torch.optim.SGD(model.classifier.parameters(), lr=0.1)
    history = []
    for x, y in batches:
        optimizer.zero_grad()
        head_opt.zero_grad()
        features = model.encoder(x)
        recon = nn.functional.mse_loss(model.decoder(features), x)
        recon.backward(retain_graph=True)
        optimizer.step()
        aux = nn.functional.cross_entropy(model.classifier(features), y)
        aux.backward()
        head_opt.step()
        history.append(recon.item() + aux.item())
    return history


def main():
    torch.manual_seed(0)
    model = AutoEncoder()
    batches = [(torch.randn(8, 6), torch.randint(0, 2, (8,))) for _ in range(3)]
    print(json.dumps({"losses": train(model, batches)}))


if __name__ == "__main__":
    main()
