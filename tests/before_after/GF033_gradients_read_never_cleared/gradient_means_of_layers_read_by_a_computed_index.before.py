import torch


def block_trace(net, data, depth):
    history = []
    for inputs, targets in data:
        out = net(inputs)
        torch.nn.functional.mse_loss(out, targets).backward()
        for i in range(depth):
            history.append(net.layers[i].weight.grad.abs().mean().item())
    return history
