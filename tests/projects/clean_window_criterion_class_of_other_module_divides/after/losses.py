import torch.nn as nn


class WindowCrossEntropy(nn.Module):
    """Cross-entropy divided by the number of micro-batches a step accumulates."""

    def __init__(self, micro_batches):
        super().__init__()
        self.micro_batches = micro_batches
        self.ce = nn.CrossEntropyLoss()

    def forward(self, out, y):
        return self.ce(out, y) / self.micro_batches
