import torch.nn.functional as F


def record(net, norms, xb, yb):
    F.mse_loss(net(xb), yb).backward()
    norms.append(net.fc.weight.grad.norm().item())


def estimate(net, batches):
    norms = []
    for xb, yb in batches:
        record(net, norms, xb, yb)
    return norms
