import torch
import torch.nn.functional as F


def train(inpainter, critic, loader):
    g_opt = torch.optim.Adam(inpainter.parameters(), lr=1e-4)
    c_opt = torch.optim.Adam(critic.parameters(), lr=4e-4)
    for masked, target in loader:
        filled = inpainter(masked)
        c_loss = F.relu(1 - critic(target)).mean() + F.relu(1 + critic(filled.detach())).mean()
        g_loss = F.l1_loss(filled, target) - 0.01 * critic(filled).mean()
        total = c_loss + g_loss
        g_opt.zero_grad()
        c_opt.zero_grad()
        total.backward()
        g_opt.step()
        c_opt.step()
