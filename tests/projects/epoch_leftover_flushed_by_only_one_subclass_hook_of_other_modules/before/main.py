import torch

from loops.adam import AdamLoop
from loops.sgd import SGDLoop


def main(net, batches, adam=False):
    if adam:
        AdamLoop(net, torch.optim.Adam(net.parameters())).run(batches, 5)
    else:
        SGDLoop(net, torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)).run(batches, 5)
