import torch.nn.functional as F


def probe_pairs(pairs, batches, rounds):
    for _ in range(rounds):
        for xb, yb in batches:
            for net, trace in pairs:
                F.mse_loss(net(xb), yb).backward()
                trace.append([w.grad.abs().sum().item() for w in net.parameters()])
    return [trace for _, trace in pairs]
