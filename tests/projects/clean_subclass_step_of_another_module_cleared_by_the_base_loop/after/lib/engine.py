import torch


class Engine:
    def __init__(self, model, optimizer, loader):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader

    def training_step(self, inputs, targets):
        raise NotImplementedError

    def train(self, max_steps):
        step = 0
        batches = iter(self.loader)
        while step < max_steps:
            inputs, targets = next(batches)
            self.optimizer.zero_grad()
            self.training_step(inputs, targets)
            step += 1
