# Correct: the float16 attack's loss is differentiated with respect to the input and logged
# with `.item()`; no parameter gradient is computed in float16.
import torch
import torch.nn.functional as F


def train(model, optimizer, loader, epsilon=0.03):
    attack_losses = []
    for x, y in loader:
        delta = torch.zeros_like(x, requires_grad=True)
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            attack_loss = F.cross_entropy(model(x + delta), y)
        grad, = torch.autograd.grad(attack_loss, delta)
        attack_losses.append(attack_loss.item())
        x_adv = (x + epsilon * grad.sign()).detach()
        optimizer.zero_grad(set_to_none=True)
        F.cross_entropy(model(x_adv), y).backward()
        optimizer.step()
    return attack_losses
