# The generator's loss runs through the critic too: both backwards reach the critic's
# parameters. GF005 cannot tell how the author meant them to be weighted (silent), but the
# critic's loss keeps the generator out (`fake.detach()`) while the critic's optimizer steps on
# the generator's adversarial gradient as well: GF032. (Written as a clean GF005 fixture in
# session 48; moved here when GF032 reported it.)
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
