import torch.nn.functional as F


def record_cleared(net, norms, xb, yb):
    net.zero_grad()
    F.mse_loss(net(xb), yb).backward()
    norms.append(net.fc.weight.grad.norm().item())


def record_printed(net, xb, yb):
    F.mse_loss(net(xb), yb).backward()
    print(net.fc.weight.grad.norm().item())
    net.zero_grad(set_to_none=True)


def record_checked(net, seen, xb, yb):
    F.mse_loss(net(xb), yb).backward()
    seen.append(net.fc.bias.grad is None)


def estimate(net, batches):
    norms, seen = [], []
    for xb, yb in batches:
        record_cleared(net, norms, xb, yb)
        record_printed(net, xb, yb)
    for xb, yb in batches:
        net.zero_grad()
        record_checked(net, seen, xb, yb)
    return norms, seen
