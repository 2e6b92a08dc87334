class SmoothedLoss:
    """An exponential moving average of the loss value, for the progress bar."""

    def __init__(self, beta=0.98):
        self.beta, self.value = beta, 0.0

    def __call__(self, loss_value):
        self.value = self.beta * self.value + (1 - self.beta) * float(loss_value)
        return self.value
