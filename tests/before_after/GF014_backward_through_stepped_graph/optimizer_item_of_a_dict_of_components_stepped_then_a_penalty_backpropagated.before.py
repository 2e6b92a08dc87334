import torch
from torch import nn


def build():
    parts = {"net": nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 2)), "loss_fn": nn.MSELoss()}
    parts["optim"] = torch.optim.SGD(parts["net"].parameters(), lr=0.1, momentum=0.9)
    return parts


def fit(parts, batches, epochs=2):
    for _ in range(epochs):
        for xb, yb in batches:
            parts["optim"].zero_grad(set_to_none=True)
            pred = parts["net"](xb)
            loss = parts["loss_fn"](pred, yb)
            penalty = 1e-3 * pred.abs().sum()
            loss.backward(retain_graph=True)
            parts["optim"].step()
            parts["optim"].zero_grad(set_to_none=True)
            penalty.backward()
            parts["optim"].step()


if __name__ == "__main__":
    torch.manual_seed(0)
    data = [(torch.randn(4, 6), torch.randn(4, 2)) for _ in range(3)]
    fit(build(), data)
