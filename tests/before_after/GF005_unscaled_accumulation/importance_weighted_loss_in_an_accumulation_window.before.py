import torch


def train(model, diffusion, sampler, loader, accum_steps=4):
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    for step, x in enumerate(loader):
        t, w = sampler.sample(x.size(0))
        terms = diffusion.training_losses(model, x, t)
        loss = (terms["mse"] * w).mean()
        loss.backward()
        if (step + 1) % accum_steps == 0:
            opt.step()
            opt.zero_grad()
