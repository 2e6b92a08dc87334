import torch


def block_trace(net, data, depth):
    history = []
    for inputs, targets in data:
        torch.nn.functional.mse_loss(net(inputs), targets).backward()
        for i in range(depth):
            layer = net.layers[i]
            history.append(layer.weight.grad.abs().mean().item())
    return history
