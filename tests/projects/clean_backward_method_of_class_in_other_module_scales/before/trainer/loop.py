import torch

from trainer import accumulation as acc


def train(model, loader, window=4, lr=1e-3):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    backprop = acc.WindowBackpropagator(window)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        backprop.backward(loss)
        if (i + 1) % window == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % window != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
