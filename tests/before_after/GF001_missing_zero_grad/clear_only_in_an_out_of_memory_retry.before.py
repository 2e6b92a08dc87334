import torch
from torch import nn


def fit(model, batches, epochs=2):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for inputs, target in batches:
            try:
                out = model(inputs)
                loss = nn.functional.mse_loss(out, target)
                loss.backward()
                opt.step()
            except RuntimeError as exc:
                if "out of memory" not in str(exc):
                    raise
                opt.zero_grad(set_to_none=True)
                continue
    return model
