from torch import nn


def build_classifier(width=16):
    return nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, 4), nn.Softmax(dim=-1))
