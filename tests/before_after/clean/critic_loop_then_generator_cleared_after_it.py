import torch
from torch import nn

critic = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
generator = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 6))
critic_opt = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
gen_opt = torch.optim.RMSprop(generator.parameters(), lr=5e-5)
real_batches = [torch.randn(8, 6) for _ in range(20)]

for real in real_batches:
    for _ in range(5):
        critic_opt.zero_grad()
        fake = generator(torch.randn(real.size(0), 4)).detach()
        critic_loss = critic(fake).mean() - critic(real).mean()
        critic_loss.backward()
        critic_opt.step()
    gen_opt.zero_grad()
    gen_loss = -critic(generator(torch.randn(real.size(0), 4))).mean()
    gen_loss.backward()
    gen_opt.step()
