import torch
import torch.nn.functional as F


def fit(model, optimizer, batches, steps):
    seen = 0
    totals = {"recon": 0.0}
    kl_total = 0.0
    while seen < steps:
        for x in batches:
            recon, mu, logvar = model(x)
            parts = {
                "recon": F.mse_loss(recon, x),
                "kl_term": -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp()),
            }
            loss = sum(parts.values())
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            totals["recon"] += parts["recon"].detach()
            kl_total += parts["kl_term"].detach()
            seen += 1
    return totals, kl_total
