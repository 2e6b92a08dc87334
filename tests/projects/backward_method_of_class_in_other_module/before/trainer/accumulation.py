import torch


class Fp32GradientAccumulator:
    """Keeps a float32 copy of every gradient next to the half-precision parameters."""

    def __init__(self, params):
        self.params = [p for p in params if p.requires_grad]
        self.buffers = {}

    def backward(self, loss):
        loss.backward()
        self.calls = getattr(self, "calls", 0) + 1


class MicroBatchCounter:
    def __init__(self):
        self.seen = 0
