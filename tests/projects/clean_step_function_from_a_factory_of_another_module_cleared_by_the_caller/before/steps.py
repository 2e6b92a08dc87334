"""Builds the training step: the returned function keeps the model and optimizer it was given."""
import torch.nn.functional as F


def build_step(net, opt, clip=1.0):
    def step(inputs, targets):
        loss = F.mse_loss(net(inputs), targets)
        loss.backward()
        opt.step()
        return loss.detach()

    return step
