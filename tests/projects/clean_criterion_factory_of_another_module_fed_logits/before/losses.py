from torch import nn


def build_criterion(device, smoothing=0.0):
    crit = nn.CrossEntropyLoss(label_smoothing=smoothing)
    return crit.to(device)


def build_nll():
    return nn.NLLLoss()
