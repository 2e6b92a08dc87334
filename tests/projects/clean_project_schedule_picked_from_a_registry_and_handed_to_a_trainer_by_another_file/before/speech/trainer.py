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
                # the schedule counts from 1: it sets the rate of the update that follows
                self.scheduler.step()
                self.optimizer.step()
                self.optimizer.zero_grad()
