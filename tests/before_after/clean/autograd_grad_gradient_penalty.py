import torch


def train_critic(critic, loader, optimizer, lam):
    for real, fake in loader:
        optimizer.zero_grad()
        alpha = torch.rand(real.size(0), 1)
        mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        scores = critic(mixed)
        grads = torch.autograd.grad(scores.sum(), mixed, create_graph=True, retain_graph=True)[0]
        gp = lam * ((grads.norm(2, dim=1) - 1) ** 2).mean()
        w_loss = critic(fake).mean() - critic(real).mean()
        w_loss.backward(retain_graph=True)
        gp.backward()
        optimizer.step()
