# Correct: every optimizer of one model's parameter groups is cleared at the top of the batch,
# then each steps after its own backward.
import torch


def train(model, opts, loader):
    for x, y in loader:
        for o in opts:
            o.zero_grad()
        for opt in opts:
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
