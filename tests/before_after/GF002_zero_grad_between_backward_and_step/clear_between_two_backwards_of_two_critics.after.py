# One optimizer trains two critics; the second clear, between the first critic's backward and
# the second's, wipes the first critic's gradients before the shared step: it never trains.
# The optimizer is already cleared before the first backward, so the second clear goes.
import torch
from torch import nn

gen = nn.Linear(8, 4)
critic_x = nn.Linear(4, 1)
critic_y = nn.Linear(4, 1)
g_opt = torch.optim.Adam(gen.parameters())
c_opt = torch.optim.Adam([*critic_x.parameters(), *critic_y.parameters()])
scaler = torch.cuda.amp.GradScaler()
for epoch in range(3):
    for z, real in loader:
        g_opt.zero_grad(set_to_none=True)
        fake = gen(z)
        g_loss = -(critic_x(fake).mean() + critic_y(fake).mean())
        scaler.scale(g_loss).backward()
        scaler.step(g_opt)
        scaler.update()

        c_opt.zero_grad(set_to_none=True)
        loss_x = critic_x(fake.detach()).mean() - critic_x(real).mean()
        scaler.scale(loss_x).backward()

        loss_y = critic_y(fake.detach()).mean() - critic_y(real).mean()
        scaler.scale(loss_y).backward()
        scaler.step(c_opt)
        scaler.update()
