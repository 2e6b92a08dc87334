import torch.nn.functional as F


def train_step(model, opt, x, y):
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()
