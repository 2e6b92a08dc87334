# Buggy: the encoder and the head each have an optimizer, kept in a list; the loop over the
# list runs a forward, backward and step for each, but never clears: every step applies all
# the gradients so far. The clear goes first in the walk, for the optimizer it draws.
import torch


class Alternating:
    def __init__(self, encoder, head, lr):
        self.model = torch.nn.Sequential(encoder, head)
        self.optimizers = [torch.optim.SGD(encoder.parameters(), lr=lr), torch.optim.SGD(head.parameters(), lr=lr)]

    def fit(self, stream, steps):
        done = 0
        while done < steps:
            x, y = next(stream)
            for optimizer in self.optimizers:
                loss = torch.nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                optimizer.step()
            done += 1
