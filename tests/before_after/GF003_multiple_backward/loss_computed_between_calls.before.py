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
            recon_loss.backward(retain_graph=True)
            kl = kl_term(mu, logvar)
            (kl - 0.1 * logvar.mean()).backward()  # then the prior
            optimizer.step()
