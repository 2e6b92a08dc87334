import torch


def block_trace(net, data, depth):
    history = []
    for inputs, targets in data:
        net.zero_grad(set_to_none=True)
        out = net(inputs)
        torch.nn.functional.mse_loss(out, targets).backward()
        for i in range(depth):
            history.append(net.layers[i].weight.grad.abs().mean().item())
    return history


class Probe:
    def __init__(self, net, depth):
        self.net = net
        self.depth = depth
        self.opt = torch.optim.SGD(net.parameters(), lr=0.01)

    def run(self, stream):
        seen = []
        it = iter(stream)
        while True:
            batch = next(it, None)
            if batch is None:
                break
            self.opt.zero_grad(set_to_none=True)
            x, y = batch
            torch.nn.functional.mse_loss(self.net(x), y).backward()
            seen.append(self.net.blocks[self.depth - 1].bias.grad.norm().item())
            self.opt.step()
        return seen


def picked_trace(net, data, depth):
    history = []
    for inputs, targets in data:
        net.layers.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(net(inputs), targets).backward()
        for i in range(depth):
            layer = net.layers[i]
            history.append(layer.weight.grad.abs().mean().item())
    return history
