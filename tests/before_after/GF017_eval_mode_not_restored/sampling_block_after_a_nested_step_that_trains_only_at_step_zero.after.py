"""A step function nested in `fit` switches the model to train mode only while `updates == 0`
(and to eval under the caller's `frozen_norm` option, a deliberate setting); the sampling block
under `if updates % every == 0:` and `if is_main:` switches it to eval and nothing switches it
back: every step after the first sample trains in eval mode."""

import torch
from torch import nn


def fit(loader, epochs=2, every=50, is_main=True, **options):
    model = nn.Sequential(nn.Linear(16, 32), nn.Dropout(0.1), nn.Linear(32, 16))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    updates = 0

    def denoise_step(batch):
        if updates == 0:
            model.train()
        if options.get("frozen_norm", False):
            model.eval()
        noisy = batch + torch.randn_like(batch)
        return nn.functional.mse_loss(model(noisy), batch)

    for epoch in range(epochs):
        for batch in loader:
            loss = denoise_step(batch)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            updates += 1
            if updates % every == 0:
                if is_main:
                    model.eval()
                    with torch.no_grad():
                        sample = model(torch.randn(4, 16))
                    torch.save(sample, f"sample_{updates}.pt")
                    model.train()
    return model
