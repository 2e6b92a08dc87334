import torch


def train(model, optimizer, loader):
    for x, y in loader:
        optimizer.zero_grad()
        x.requires_grad_(True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        (grad_x,) = torch.autograd.grad(loss, x, create_graph=True, retain_graph=True)
        (loss + grad_x.pow(2).sum()).backward()
        optimizer.step()
