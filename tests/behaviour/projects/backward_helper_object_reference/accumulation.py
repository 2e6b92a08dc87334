"""A gradient accumulator object: `backward(loss)` backpropagates a micro-batch's loss and
counts it; the loop steps when a window is full."""


class GradientAccumulator:
    def __init__(self, params):
        self.params = list(params)
        self.micro_batches = 0

    def backward(self, loss):
        loss.backward()
        self.micro_batches += 1
