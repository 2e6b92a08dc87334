import torch


def train(runner, model, loader, names):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    kept = [value for name in names if (value := getattr(runner, name, None)) is not None]
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    return kept
