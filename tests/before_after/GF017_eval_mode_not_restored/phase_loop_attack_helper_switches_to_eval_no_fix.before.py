import torch
import torch.nn.functional as F
from torch import nn


def perturb(net, inputs, eps=0.03, steps=2):
    """Adversarial inputs made with the network in eval mode, which it never switches back."""
    net.eval()
    inputs = inputs.clone().requires_grad_(True)
    scores = net(inputs)
    for _ in range(steps):
        scores.norm().backward()
        inputs = (inputs + eps * inputs.grad.sign()).detach().requires_grad_(True)
        scores = net(inputs)
    return inputs.detach()


def fit(net, optimizer, loaders, epochs):
    for epoch in range(epochs):
        for phase in ("train", "val"):
            if phase == "train":
                net.train(True)
            else:
                net.train(False)  # validation: the train phase switches back
            for step, (images, labels) in enumerate(loaders[phase]):
                optimizer.zero_grad()
                if phase == "val":
                    with torch.no_grad():
                        scores = net(images)
                else:
                    scores = net(images)
                adversarial = perturb(net, images)  # leaves `net` in eval mode for the train phase
                loss = F.cross_entropy(scores, labels) + F.cross_entropy(net(adversarial), labels)
                if phase == "train":
                    loss.backward()
                    optimizer.step()
