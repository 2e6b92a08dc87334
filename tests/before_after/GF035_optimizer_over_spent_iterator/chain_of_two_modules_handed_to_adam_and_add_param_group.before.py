import itertools

import torch


def train(encoder, decoder, critic, loader, epochs):
    autoencoder = itertools.chain(encoder.parameters(), decoder.parameters())
    opt_g = torch.optim.Adam(autoencoder, lr=2e-4, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(critic.parameters(), lr=2e-4)
    opt_d.add_param_group({"params": autoencoder, "lr": 1e-5})
    for epoch in range(epochs):
        for x in loader:
            opt_g.zero_grad()
            opt_d.zero_grad()
            recon = decoder(encoder(x))
            (recon - x).pow(2).mean().backward()
            opt_g.step()
            opt_d.step()
