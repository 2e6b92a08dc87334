import torch


def train(generator, critic, loader):
    shared = filter(lambda p: p.requires_grad, generator.parameters())
    opt_gen, opt_warm = torch.optim.Adam(shared, lr=2e-4), torch.optim.SGD(shared, lr=1e-2)
    for step, x in enumerate(loader):
        opt = opt_warm if step < 100 else opt_gen
        opt.zero_grad()
        critic(generator(x)).mean().backward()
        opt.step()
