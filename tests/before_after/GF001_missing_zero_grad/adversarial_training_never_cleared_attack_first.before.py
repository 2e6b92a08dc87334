# Adversarial training that never clears: and the attack's own backward (for the input's
# gradient) also fills the parameters' gradients. A clear at the top of the iteration would
# keep the attack's gradient in the step; it belongs after the attack. The fix is unsafe.
import torch.nn.functional as F


def fgsm(model, x, y, eps=0.03):
    x = x.clone().requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    return (x + eps * x.grad.sign()).detach()


def train(model, optimizer, loader, epochs):
    model.train()
    for epoch in range(epochs):
        for x, y in loader:
            x_adv = fgsm(model, x, y)
            loss = F.cross_entropy(model(x_adv), y)
            loss.backward()
            optimizer.step()
