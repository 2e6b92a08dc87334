import torch


class Trainer(object):
    def __init__(self, model, optimizer, scheduler):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler

    def train(self, batches, epochs):
        for epoch in range(epochs):
            for inputs, targets in batches:
                loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
                loss.backward()
                self.scheduler.step()
                self.optimizer.step()
                self.optimizer.zero_grad()
