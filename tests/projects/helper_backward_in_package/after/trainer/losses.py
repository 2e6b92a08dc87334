import torch


def forward_backward(model, batch, weight=1.0):
    inputs, targets = batch
    loss = weight * torch.nn.functional.mse_loss(model(inputs), targets)
    loss.backward()
    return loss.detach()
