import torch


class Backpropagator:
    def backward(self, loss):
        loss.backward()


class WindowBackpropagator(Backpropagator):
    """Divides each micro-batch's loss by the window before backpropagating it."""

    def __init__(self, window):
        self.window = window

    def backward(self, loss):
        scaled = loss / self.window
        scaled.backward()
