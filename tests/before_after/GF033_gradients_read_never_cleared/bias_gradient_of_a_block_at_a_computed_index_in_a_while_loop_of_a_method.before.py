import torch


class Probe:
    def __init__(self, net, depth):
        self.net = net
        self.depth = depth

    def run(self, stream):
        seen = []
        it = iter(stream)
        while True:
            batch = next(it, None)
            if batch is None:
                break
            x, y = batch
            torch.nn.functional.mse_loss(self.net(x), y).backward()
            seen.append(self.net.blocks[self.depth - 1].bias.grad.norm().item())
        return seen
