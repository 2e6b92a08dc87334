import torch

from loops.sgd import SGDLoop


def main(net, batches):
    SGDLoop(net, torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)).run(batches, 5)
