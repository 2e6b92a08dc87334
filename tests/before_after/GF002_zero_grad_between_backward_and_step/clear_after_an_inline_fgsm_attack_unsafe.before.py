import torch
import torch.nn.functional as F


def adversarial_epoch(model, loader, optimizer, eps=8 / 255):
    model.train()
    for images, labels in loader:
        images.requires_grad_(True)
        F.cross_entropy(model(images), labels).backward()
        adv = (images + eps * images.grad.sign()).clamp(0, 1).detach()
        loss = F.cross_entropy(model(adv), labels)
        loss.backward()
        optimizer.zero_grad()
        optimizer.step()
