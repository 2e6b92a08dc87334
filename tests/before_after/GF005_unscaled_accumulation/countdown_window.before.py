# A window counted down (`remaining -= 1`, the step when it reaches 0, then `remaining =
# grad_accum` again): the loss is backpropagated whole, so each step applies the sum of
# `grad_accum` micro-batch gradients. The tail is flushed and the clear is in the window.
import torch


def fit(net, opt, batches, grad_accum=8):
    remaining = grad_accum
    for features, labels in batches:
        loss = torch.nn.functional.cross_entropy(net(features), labels)
        loss.backward()
        remaining -= 1
        if remaining <= 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
            remaining = grad_accum
    if remaining != grad_accum:
        opt.step()
        opt.zero_grad(set_to_none=True)
    return net
