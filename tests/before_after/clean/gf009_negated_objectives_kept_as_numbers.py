import torch
import torch.nn.functional as F


def adapt(model, loader, optimizer):
    scores = []
    total = 0.0
    for view_a, view_b in loader:
        za = F.softmax(model(view_a), dim=1)
        zb = F.softmax(model(view_b), dim=1)
        agreement = F.cosine_similarity(za, zb, dim=1).mean()
        loss = -agreement
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scores.append(agreement.detach())
        total += agreement.item()
    print(total / max(len(scores), 1), torch.stack(scores).mean())


def fit_vae(vae, batches, opt, steps):
    history = []
    step = 0
    while step < steps:
        x = next(batches)
        recon, mu, logvar = vae(x)
        elbo = -F.mse_loss(recon, x, reduction="sum") + 0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        neg = -elbo
        opt.zero_grad()
        neg.backward()
        opt.step()
        history.append(float(elbo))
        step += 1
    print(history[-1])
