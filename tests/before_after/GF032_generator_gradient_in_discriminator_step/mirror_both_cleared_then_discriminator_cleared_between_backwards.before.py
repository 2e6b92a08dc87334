import torch
import torch.nn.functional as F


def train(gen, disc, loader):
    gen_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
    disc_opt = torch.optim.Adam(disc.parameters(), lr=2e-4)
    for real, z in loader:
        fake = gen(z)
        gen_opt.zero_grad()
        disc_opt.zero_grad()
        gen_loss = -disc(fake).mean()
        gen_loss.backward(retain_graph=True)
        disc_opt.zero_grad()
        disc_loss = F.relu(1 - disc(real)).mean() + F.relu(1 + disc(fake)).mean()
        disc_loss.backward()
        gen_opt.step()
        disc_opt.step()
