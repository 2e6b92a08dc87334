import torch.nn.functional as F


def averaged_loss(model, batch, accumulation_steps):
    inputs, labels = batch
    return F.cross_entropy(model(inputs), labels) / accumulation_steps
