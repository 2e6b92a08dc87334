import torch

from optim.schedule import NoamOpt


def fit(model, loader, epochs):
    wrapped = NoamOpt(256, 2, 8000, optimizer=torch.optim.Adam(model.parameters(), lr=0.0))
    for _ in range(epochs):
        for x, y in loader:
            wrapped.optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            wrapped.advance()
