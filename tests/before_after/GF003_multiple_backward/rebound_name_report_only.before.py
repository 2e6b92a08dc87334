import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = torch.nn.functional.mse_loss(out, y)
        loss.backward(retain_graph=True)
        loss = out.abs().mean()
        loss.backward()
        optimizer.step()
