"""`accum = 1` everywhere: the periodic `if` is always true, there is no accumulation."""

import torch


def fit(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    accum = 1
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        if step % accum == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
