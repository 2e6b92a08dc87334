import torch

from .accumulation import Fp32GradientAccumulator


def train(model, loader, accum_steps=4, lr=1e-3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    grad_acc = Fp32GradientAccumulator(model.parameters())
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        grad_acc.backward(loss)
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % accum_steps != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
