import torch
from torch import nn
from torch.nn import functional as F


class VAE(nn.Module):
    def __init__(self, dim=20, latent=4):
        super().__init__()
        self.encoder = nn.Linear(dim, 2 * latent)
        self.decoder = nn.Linear(latent, dim)

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
        return self.decoder(z), mu, logvar


vae = VAE()
optimizer = torch.optim.Adam(vae.parameters(), lr=1e-3)
batches = [torch.randn(32, 20) for _ in range(25)]
for epoch in range(50):
    kl_terms = []
    for x in batches:
        recon, mu, logvar = vae(x)
        kl = -0.5 * torch.mean(torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1))
        loss = F.mse_loss(recon, x) + 0.5 * kl
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        kl_terms.append(kl)
    print(epoch, torch.stack(kl_terms).mean().item())
