import torch


def pgd_attack(model, images, labels, eps=8 / 255, alpha=2 / 255, steps=10):
    adv = images.clone().detach()
    for _ in range(steps):
        adv.requires_grad_(True)
        loss = torch.nn.functional.cross_entropy(model(adv), labels)
        loss.backward()
        with torch.no_grad():
            adv = adv + alpha * adv.grad.sign()
            adv = torch.min(torch.max(adv, images - eps), images + eps).clamp(0, 1)
        adv = adv.detach()
    return adv
