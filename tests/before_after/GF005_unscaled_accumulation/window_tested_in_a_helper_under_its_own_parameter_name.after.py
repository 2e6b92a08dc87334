import torch.nn.functional as F

GRAD_ACCUM = 4


def maybe_step(opt, index, every):
    if (index + 1) % every == 0:
        opt.step()
        opt.zero_grad()


def train(model, opt, loader):
    for index, (features, target) in enumerate(loader):
        loss = F.mse_loss(model(features), target)
        (loss / GRAD_ACCUM).backward()
        maybe_step(opt, index, GRAD_ACCUM)
