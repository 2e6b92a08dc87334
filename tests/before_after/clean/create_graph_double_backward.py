import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward(create_graph=True, retain_graph=True)
        penalty = sum(p.grad.pow(2).sum() for p in model.parameters())
        penalty.backward()
        optimizer.step()
