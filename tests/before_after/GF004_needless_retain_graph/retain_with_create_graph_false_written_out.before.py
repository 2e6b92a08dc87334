import torch


def train(model, optimizer, loader):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward(retain_graph=True, create_graph=False)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
