import torch


def bias_trace(net, data):
    history = []
    for inputs, targets in data:
        out = net(inputs.clone().requires_grad_(True))
        torch.nn.functional.mse_loss(out, targets).backward()
        history.append(net.head.bias.grad.norm().item())
    return history
