import torch
from torch import nn

gen = nn.Sequential(nn.Linear(3, 5), nn.Tanh())
critic = nn.Linear(5, 1)
g_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
c_opt = torch.optim.Adam(critic.parameters(), lr=2e-4)
amp_scaler = torch.amp.GradScaler("cpu")
real_batches = [torch.randn(4, 5) for _ in range(6)]

for real in real_batches:
    noise = torch.randn(real.size(0), 3)
    fake = gen(noise)
    c_opt.zero_grad(set_to_none=True)
    critic_loss = critic(fake.detach()).mean() - critic(real).mean()
    amp_scaler.scale(critic_loss).backward()
    amp_scaler.unscale_(c_opt)
    nn.utils.clip_grad_norm_(critic.parameters(), 1.0)
    amp_scaler.step(c_opt)
    g_opt.zero_grad(set_to_none=True)
    gen_loss = -critic(fake).mean()
    amp_scaler.scale(gen_loss).backward()
    nn.utils.clip_grad_norm_(gen.parameters(), 1.0)  # still scaled: only the critic's were unscaled
    amp_scaler.step(g_opt)
    amp_scaler.update()
