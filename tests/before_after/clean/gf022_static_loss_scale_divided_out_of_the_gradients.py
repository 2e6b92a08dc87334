# Correct: the loop scales the loss by hand with a static factor and divides the factor back
# out of every gradient before the step, which is what a GradScaler does for float16.
import torch

LOSS_SCALE_FACTOR = 2.0**12


def train(net, batches, opt, loss_fn):
    net.train()
    for inputs, labels in batches:
        opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            out = loss_fn(net(inputs.cuda()), labels.cuda())
        (out * LOSS_SCALE_FACTOR).backward()
        for param in net.parameters():
            if param.grad is not None:
                param.grad.div_(LOSS_SCALE_FACTOR)
        opt.step()
