import torch
import torch.nn as nn
import torch.nn.functional as F

generator = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 6))
critic = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1))
gen_optimizer = torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.5, 0.999))
critic_optimizer = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
base_lr = 2e-4

for epoch in range(20):
    if epoch in (10, 15):
        for optim in [gen_optimizer, critic_optimizer]:
            optim.lr = base_lr * 0.1
            for param_group in optim.param_groups:
                param_group["lr"] = optim.lr
    for real in torch.randn(4, 16, 6).unbind():
        critic_optimizer.zero_grad()
        fake = generator(torch.randn(16, 4))
        critic_loss = critic(fake.detach()).mean() - critic(real).mean()
        critic_loss.backward()
        critic_optimizer.step()
        gen_optimizer.zero_grad()
        gen_loss = -critic(fake).mean()
        gen_loss.backward()
        gen_optimizer.step()
