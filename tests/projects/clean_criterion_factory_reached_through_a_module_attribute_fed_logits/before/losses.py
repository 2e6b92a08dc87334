from torch import nn


def build(name, smoothing=0.0):
    if name == "ce":
        return nn.CrossEntropyLoss(label_smoothing=smoothing)
    return nn.MSELoss()


def make_criterion(device):
    return nn.CrossEntropyLoss().to(device)
