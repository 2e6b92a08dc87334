# Not GF001's plain case: the backward of the `else` arm accumulates into the window the `if`
# arm steps (Accelerate's `no_sync` idiom), and the step's arm clears after stepping.
import torch


def train(model, optimizer, loader, accumulation_steps):
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / accumulation_steps
        if (step + 1) % accumulation_steps == 0:
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
        else:
            with model.no_sync():
                loss.backward()
    if (step + 1) % accumulation_steps != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def train_wgan(generator, critic, opt_g, opt_c, loader, n_critic=5):
    for i, real in enumerate(loader):
        opt_c.zero_grad(set_to_none=True)
        loss_c = critic(generator(torch.randn(8, 64)).detach()).mean() - critic(real).mean()
        loss_c.backward()
        opt_c.step()
        if i % n_critic == 0:
            opt_g.zero_grad(set_to_none=True)
            loss_g = -critic(generator(torch.randn(8, 64))).mean()
            loss_g.backward()
            opt_g.step()
