import torch.nn.functional as F


def train_step(model, opt, x, y):  # the one `from engine import` finds
    F.cross_entropy(model(x), y).backward()
    opt.step()
