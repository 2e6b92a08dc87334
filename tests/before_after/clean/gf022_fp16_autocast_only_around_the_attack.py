# Correct: float16 autocast speeds up only the attack's forward, whose loss is differentiated
# with respect to the input by torch.autograd.grad; the training step runs in float32, so no
# parameter gradient is computed in float16 and no GradScaler is needed.
import torch
import torch.nn.functional as F


def train_fast_adversarial(model, optimizer, loader, epsilon=8 / 255, alpha=2 / 255, steps=3):
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        delta = torch.zeros_like(x, requires_grad=True)
        for _ in range(steps):
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                attack_loss = F.cross_entropy(model(x + delta), y)
            grad, = torch.autograd.grad(attack_loss, delta)
            delta = (delta + alpha * grad.sign()).clamp(-epsilon, epsilon).detach().requires_grad_(True)
        optimizer.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model(x + delta.detach()), y)
        loss.backward()
        optimizer.step()
