# The base class of the project's trainers: `reduced_loss` turns a loss into a float for the log.
import torch


class BaseTrainer:
    def __init__(self, model, criterion, lr=0.1):
        self.model = model
        self.criterion = criterion
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)

    def reduced_loss(self, loss):
        return round(loss.item(), 6)
