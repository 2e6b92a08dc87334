"""A point-cloud trainer in the layout of 3D Gaussian-splatting code: the backward runs every
iteration, the step under `if iteration < iterations:` inside `torch.no_grad()`, and nothing
ever clears: every step applies the gradients of all iterations so far."""
import torch


class PointCloud:
    def __init__(self, count):
        self.xyz = torch.nn.Parameter(torch.randn(count, 3))
        self.opacity = torch.nn.Parameter(torch.zeros(count, 1))
        self.optimizer = None

    def setup(self, lr):
        groups = [{"params": [self.xyz], "lr": lr, "name": "xyz"}, {"params": [self.opacity], "lr": lr, "name": "opacity"}]
        self.optimizer = torch.optim.Adam(groups, lr=0.0, eps=1e-15)

    def render(self):
        return (self.xyz.sum(1, keepdim=True) * torch.sigmoid(self.opacity)).mean()


def train(iterations):
    cloud = PointCloud(100)
    cloud.setup(0.01)
    for iteration in range(1, iterations + 1):
        loss = (cloud.render() - 1.0) ** 2
        loss.backward()
        with torch.no_grad():
            if iteration < iterations:
                cloud.optimizer.step()


train(30)
