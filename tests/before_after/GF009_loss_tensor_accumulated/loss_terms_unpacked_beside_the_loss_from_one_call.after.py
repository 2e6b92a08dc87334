import torch
import torch.nn.functional as F


def vae_loss(recon, x, mu, logvar, beta=1.0):
    rec = F.binary_cross_entropy(recon, x, reduction="sum") / x.size(0)
    kld = -0.5 * torch.mean(torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1))
    total = rec + beta * kld
    return total, rec, kld


def train(vae, loader, optimizer, epochs):
    for epoch in range(epochs):
        rec_sum = kld_sum = 0.0
        batches = iter(loader)
        while True:
            try:
                x, _ = next(batches)
            except StopIteration:
                break
            recon, mu, logvar = vae(x)
            loss, rec, kld = vae_loss(recon, x, mu, logvar)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            rec_sum += rec.detach()
            kld_sum += kld.detach()
        print(epoch, float(rec_sum), float(kld_sum))
