import torch
import torch.nn.functional as F


def train(model, loader, opt, penalty=0.01):
    for x, y in loader:
        opt.zero_grad()
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        loss.backward(retain_graph=True)  # needed: the graph of `logits` is walked again below
        gnorm = sum(p.grad.norm() for p in model.parameters())
        torch.autograd.backward([penalty * gnorm.detach() * (logits**2).mean()])
        opt.step()
