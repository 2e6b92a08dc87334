from torch import nn


def step(model, batch, optimizer):
    optimizer.zero_grad(set_to_none=True)
    x, y = batch
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()
