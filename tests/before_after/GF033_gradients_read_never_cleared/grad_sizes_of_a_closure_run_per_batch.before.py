import torch
import torch.nn.functional as F


def gradient_sizes(net, batches):
    sizes = {}

    def probe(pair):
        inputs, labels = pair
        F.nll_loss(net(inputs).log_softmax(-1), labels).backward()
        for name, weight in net.named_parameters():
            sizes[name] = sizes.get(name, 0.0) + weight.grad.norm().item()

    for pair in batches:
        probe(pair)
    return sizes
