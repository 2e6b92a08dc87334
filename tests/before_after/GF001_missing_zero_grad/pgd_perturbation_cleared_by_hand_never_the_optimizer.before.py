# A PGD attack clears its perturbation's gradient by hand (`delta.grad.zero_()`): that tensor is
# made in the iteration, no parameter, so it is not the optimizer's clear. The optimizer is never
# cleared: its step applies every batch's gradients, the attack's included. The clear belongs
# after the attack loop (the attack's backward fills the parameters' gradients too): unsafe.
import torch
import torch.nn.functional as F


def adversarial_epoch(net, optimizer, batches, eps=0.1, step_size=0.03, iters=4):
    for images, labels in batches:
        delta = torch.zeros_like(images, requires_grad=True)
        for _ in range(iters):
            F.cross_entropy(net(images + delta), labels).backward()
            delta.data = (delta + step_size * delta.grad.sign()).clamp(-eps, eps)
            delta.grad.zero_()
        loss = F.cross_entropy(net(images + delta.detach()), labels)
        loss.backward()
        optimizer.step()
