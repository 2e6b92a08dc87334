# A PGD attack clears its perturbation's gradient by hand; the optimizer is cleared after the
# attack (whose backward filled the parameters' gradients too), before the training backward.
import torch
import torch.nn.functional as F


def adversarial_epoch(net, optimizer, batches, eps=0.1, step_size=0.03, iters=4):
    for images, labels in batches:
        delta = torch.zeros_like(images, requires_grad=True)
        for _ in range(iters):
            F.cross_entropy(net(images + delta), labels).backward()
            delta.data = (delta + step_size * delta.grad.sign()).clamp(-eps, eps)
            delta.grad = None
        optimizer.zero_grad()
        loss = F.cross_entropy(net(images + delta.detach()), labels)
        loss.backward()
        optimizer.step()
