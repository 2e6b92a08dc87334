import torch
import torch.nn.functional as F


def fisher_list(model, loader):
    fisher = [torch.zeros_like(p) for p in model.parameters()]
    for x, y in loader:
        log_probs = F.log_softmax(model(x), dim=1)
        F.nll_loss(log_probs, y).backward()
        for f, p in zip(fisher, model.parameters()):
            f += p.grad.detach() ** 2
    return [f / len(loader) for f in fisher]
