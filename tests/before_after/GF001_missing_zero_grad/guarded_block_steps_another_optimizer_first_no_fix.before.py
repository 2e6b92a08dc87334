import torch


def train(G, D, opt_g, opt_d, loader, bce):
    for i, real in enumerate(loader):
        if i % 2 == 0:
            fake = G(torch.randn(real.size(0), 16))
            opt_d.zero_grad()
            loss_d = bce(D(real), torch.ones(real.size(0), 1)) + bce(D(fake), torch.zeros(real.size(0), 1))
            loss_d.backward(retain_graph=True)
            opt_d.step()
            loss_g = bce(D(fake), torch.ones(real.size(0), 1))
            loss_g.backward()
            opt_g.step()
