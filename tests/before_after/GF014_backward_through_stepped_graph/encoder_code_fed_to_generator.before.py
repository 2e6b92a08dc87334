"""An encoder's code conditions the generator; the encoder steps, then a latent loss on the
generated batch is backpropagated. Its graph runs through the generator into the code and
back into the encoder's forward pass from before the step."""

import json

import torch
from torch import nn


def train(encoder, generator, pairs):
    e_opt = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    g_opt = torch.optim.Adam(generator.parameters(), lr=1e-3)
    history = []
    for a, b in pairs:
        e_opt.zero_grad()
        g_opt.zero_grad()
        code = encoder(b)
        fake_b = generator(torch.cat([a, code], dim=1))
        loss_ge = (fake_b - b).abs().mean() + code.pow(2).mean()
        loss_ge.backward(retain_graph=True)
        e_opt.step()

        loss_latent = (encoder(fake_b) - code.detach()).abs().mean()
        loss_latent.backward()
        g_opt.step()
        history.append(loss_ge.item() + loss_latent.item())
    return history


def main():
    torch.manual_seed(0)
    encoder = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 2))
    generator = nn.Sequential(nn.Linear(7, 16), nn.Tanh(), nn.Linear(16, 5))
    pairs = [(torch.randn(8, 5), torch.randn(8, 5)) for _ in range(3)]
    print(json.dumps({"losses": train(encoder, generator, pairs)}))


if __name__ == "__main__":
    main()
