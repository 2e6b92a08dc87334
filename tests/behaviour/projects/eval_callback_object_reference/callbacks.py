"""A per-epoch callback that scores held-out batches and leaves the network in eval mode (the
bug, for the loop in train.py)."""
import torch


class HeldOutScorer:
    def __init__(self, batches):
        self.batches = batches

    def after_epoch(self, net):
        net.eval()
        with torch.no_grad():
            return sum(float((net(x).argmax(1) == y).float().mean()) for x, y in self.batches)
