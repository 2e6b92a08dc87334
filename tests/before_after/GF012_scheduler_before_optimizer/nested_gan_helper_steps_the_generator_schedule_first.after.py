import torch
from torch import nn


def main(loader, epochs=3):
    def train(gen, dis, g_opt, d_opt, g_sched):
        for epoch in range(epochs):
            for z, real in loader:
                d_opt.zero_grad()
                nn.functional.softplus(dis(gen(z).detach()) - dis(real)).mean().backward()
                d_opt.step()
                g_opt.zero_grad()
                nn.functional.softplus(-dis(gen(z))).mean().backward()
                g_opt.step()
                g_sched.step()

    gen, dis = nn.Linear(4, 4), nn.Linear(4, 1)
    gen_opt = torch.optim.Adam(gen.parameters())
    dis_opt = torch.optim.Adam(dis.parameters())
    gen_sched = torch.optim.lr_scheduler.ExponentialLR(gen_opt, 0.99)
    train(gen, dis, gen_opt, dis_opt, gen_sched)
