import torch
import torch.nn.functional as F


def connection_saliency(network, loader):
    kernels = [w for key, w in network.named_parameters() if key.endswith("weight")]
    saliency = [torch.zeros_like(w) for w in kernels]
    step = 0
    while step < len(loader):
        x, y = loader[step]
        F.mse_loss(network(x), y).backward()
        for s, w in zip(saliency, kernels):
            s.add_((w.grad * w.detach()).abs())
        step += 1
    return saliency
