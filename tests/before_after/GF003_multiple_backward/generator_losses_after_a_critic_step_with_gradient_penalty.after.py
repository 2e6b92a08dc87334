import torch
from torch import nn


def penalty(critic, real, fake):
    t = torch.rand(real.size(0), 1)
    blend = (t * real + (1 - t) * fake).requires_grad_(True)
    grad = torch.autograd.grad(critic(blend).sum(), blend, create_graph=True)[0]
    return ((grad.norm(dim=1) - 1) ** 2).mean()


maker = nn.Sequential(nn.Linear(3, 6), nn.Tanh())
critic = nn.Linear(6, 1)
opt_m = torch.optim.Adam(maker.parameters(), lr=1e-4)
opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4)
pool = torch.randn(64, 6)

for it in range(10):
    real = pool[torch.randint(0, 64, (8,))]
    fake = maker(torch.randn(8, 3))
    opt_c.zero_grad(set_to_none=True)
    (critic(fake.detach()).mean() - critic(real).mean() + 10 * penalty(critic, real, fake.detach())).backward()
    opt_c.step()
    opt_m.zero_grad(set_to_none=True)
    adversarial = -critic(fake).mean()
    spread = -fake.std(dim=0).mean()
    total_loss = adversarial + spread
    total_loss.backward()
    opt_m.step()
