import torch
import torch.nn.functional as F


def kl_term(mu, logvar):
    return -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())


def train_vae(vae, loader, optimizer, epochs):
    for epoch in range(epochs):
        for images, _ in loader:
            optimizer.zero_grad()
            recon, mu, logvar = vae(images)
            recon_loss = F.binary_cross_entropy(recon, images)

            # reconstruction first
            kl = kl_term(mu, logvar)
            total_loss = recon_loss + (kl - 0.1 * logvar.mean())
            total_loss.backward()  # then the prior
            optimizer.step()
