import torch

from custom import CustomLearner
from plain import PlainLearner


def run(net, data, plain=False):
    kind = PlainLearner if plain else CustomLearner
    kind(net, torch.optim.AdamW(net.parameters(), lr=1e-3)).train(data, 2)
