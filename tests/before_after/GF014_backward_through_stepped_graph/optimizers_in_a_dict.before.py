import json

import torch
from torch import nn

generator = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 4))
critic = nn.Sequential(nn.Linear(4, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
opts = {"G": torch.optim.Adam(generator.parameters(), lr=1e-3), "D": torch.optim.Adam(critic.parameters(), lr=1e-3)}
bce = nn.BCEWithLogitsLoss()


def train(loader):
    for real in loader:
        fake = generator(torch.randn(real.size(0), 2))
        scores_fake = critic(fake)
        opts["D"].zero_grad(set_to_none=True)
        d_loss = bce(critic(real), torch.ones(real.size(0), 1)) + bce(scores_fake, torch.zeros(real.size(0), 1))
        d_loss.backward(retain_graph=True)
        opts["D"].step()
        opts["G"].zero_grad(set_to_none=True)
        g_loss = bce(scores_fake, torch.ones(real.size(0), 1))
        g_loss.backward()
        opts["G"].step()


def main():
    torch.manual_seed(0)
    batches = [torch.randn(16, 4) + 2.0 for _ in range(3)]
    train(batches)
    print(json.dumps({"done": True}))


if __name__ == "__main__":
    main()
