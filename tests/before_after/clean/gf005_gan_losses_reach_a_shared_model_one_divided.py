# The generator's loss runs through the critic too: both backwards reach the critic's
# parameters, and gradfix cannot tell how the author meant them to be weighted. Silent.
import torch

ACCUM = 2
gen = Generator().cuda()
critic = Critic().cuda()
opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4)
opt_c = torch.optim.Adam(critic.parameters(), lr=2e-4)
for i, (real, z) in enumerate(loader):
    fake = gen(z)
    (critic_loss(critic(real), critic(fake.detach())) / ACCUM).backward()
    generator_loss(critic(fake)).backward()
    if (i + 1) % ACCUM == 0 or i + 1 == len(loader):
        opt_c.step()
        opt_g.step()
        opt_c.zero_grad()
        opt_g.zero_grad()
