import torch


def train(critic, gen, loader, z_dim, clip=0.01):
    opt = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
    for real in loader:
        opt.zero_grad()
        fake = gen(torch.randn(real.size(0), z_dim)).detach()
        loss = critic(fake).mean() - critic(real).mean()
        loss.backward()
        opt.step()
        for p in critic.parameters():
            p.data.clamp_(-clip, clip)
