import torch
from torch import nn


def build():
    parts = {
        "encoder": nn.Sequential(nn.Linear(6, 12), nn.Tanh()),
        "head": nn.Linear(12, 2),
        "loss_fn": nn.MSELoss(),
    }
    parts["head_opt"] = torch.optim.SGD(parts["head"].parameters(), lr=0.1)
    parts["enc_opt"] = torch.optim.SGD(parts["encoder"].parameters(), lr=0.1)
    return parts


def fit_head_first(parts, batches):
    """The head steps first; the second backward runs through the encoder alone."""
    for xb, yb in batches:
        parts["head_opt"].zero_grad(set_to_none=True)
        parts["enc_opt"].zero_grad(set_to_none=True)
        feats = parts["encoder"](xb)
        loss = parts["loss_fn"](parts["head"](feats), yb)
        spread = 1e-2 * feats.pow(2).mean()
        loss.backward(retain_graph=True)
        parts["head_opt"].step()
        spread.backward()
        parts["enc_opt"].step()


def fit_forward_again(parts, batches):
    """A second loss from a fresh forward after the step."""
    for xb, yb in batches:
        parts["head_opt"].zero_grad(set_to_none=True)
        out = parts["head"](parts["encoder"](xb).detach())
        loss = parts["loss_fn"](out, yb)
        loss.backward()
        parts["head_opt"].step()
        parts["head_opt"].zero_grad(set_to_none=True)
        (1e-3 * parts["head"](parts["encoder"](xb).detach()).abs().sum()).backward()
        parts["head_opt"].step()


if __name__ == "__main__":
    torch.manual_seed(0)
    data = [(torch.randn(4, 6), torch.randn(4, 2)) for _ in range(3)]
    components = build()
    fit_head_first(components, data)
    fit_forward_again(components, data)
