# The base trainer steps every `accu_grad` batches; `train_step` is a stub subclasses write.
import torch


class Trainer:
    def __init__(self, net, loader, accu_grad=4):
        self.net = net
        self.loader = loader
        self.accu_grad = accu_grad
        self.optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    def train_step(self, data):
        raise NotImplementedError()

    def start(self, epochs):
        for epoch in range(epochs):
            batch = -1  # the flush after the loop reads it, also when the loop runs no batch
            for batch, data in enumerate(self.loader):
                self.train_step(data)
                if batch % self.accu_grad == self.accu_grad - 1:
                    self.optim.step()
                    self.optim.zero_grad()

            # the last micro-batches did not fill a whole window: step on them too
            if batch % self.accu_grad != self.accu_grad - 1:
                self.optim.step()
                self.optim.zero_grad()
