import torch


def train(encoder, generator, loader, opt_e, opt_g, l1):
    for epoch in range(10):
        for i, (a, b) in enumerate(loader):
            opt_e.zero_grad()
            opt_g.zero_grad()
            code = encoder(b)
            fake_b = generator(a, code)
            loss_ge = l1(fake_b, b) + code.pow(2).mean()
            loss_ge.backward(retain_graph=True)
            opt_e.step()
            loss_latent = l1(encoder(fake_b), code.detach())
            loss_latent.backward()
            opt_g.step()
