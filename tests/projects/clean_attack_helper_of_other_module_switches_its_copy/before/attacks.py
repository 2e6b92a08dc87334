"""Input perturbations computed on a private copy of the network."""

from copy import deepcopy


def odfa(net, images, eps=0.05, steps=3):
    net = deepcopy(net)
    net.eval()
    images = images.clone().requires_grad_(True)
    for _ in range(steps):
        net(images).norm().backward()
        images = (images + eps * images.grad.sign()).detach().requires_grad_(True)
    return images.detach()
