import torch
import torch.nn.functional as F


def train(generator, critic, batches, steps):
    g_opt = torch.optim.Adam(generator.parameters(), lr=2e-4)
    c_opt = torch.optim.Adam(critic.parameters(), lr=2e-4)
    for _, (masked, target) in zip(range(steps), batches):
        filled = generator(masked)
        adversarial = -critic(filled).mean()
        g_total = F.l1_loss(filled, target) + 0.1 * adversarial
        c_total = F.relu(1 - critic(target)).mean() + F.relu(1 + critic(filled.detach())).mean()
        g_opt.zero_grad()
        c_opt.zero_grad()
        g_total.backward()
        c_total.backward()
        g_opt.step()
        c_opt.step()
