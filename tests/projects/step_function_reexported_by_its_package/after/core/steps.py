import torch.nn.functional as F


def train_step(model, optimizer, x, y):
    optimizer.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()
