"""Half-precision fine-tuning.

The reference recipe wraps the loss in a GradScaler and runs under an
Accelerator; this script does neither (see the README).
"""
import torch


def fit(net, batches, opt, loss_fn, epochs=3):
    epoch = 0
    while epoch < epochs:
        for inputs, targets in batches:
            with torch.autocast("cuda", dtype=torch.float16):
                loss = loss_fn(net(inputs), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
        epoch += 1
