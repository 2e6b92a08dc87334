import torch

from custom import CustomLearner


def run(net, data):
    CustomLearner(net, torch.optim.AdamW(net.parameters(), lr=1e-3)).train(data, 2)
