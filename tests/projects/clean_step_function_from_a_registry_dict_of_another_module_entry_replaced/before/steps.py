from torch import nn


def sup_step(model, opt, batch):
    x, y = batch
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def ssl_step(model, opt, batch):
    opt.zero_grad()
    x, _ = batch
    loss = model(x).pow(2).mean()
    loss.backward()
    opt.step()
    return loss.item()


STEPS = {"sup": sup_step, "ssl": ssl_step}
