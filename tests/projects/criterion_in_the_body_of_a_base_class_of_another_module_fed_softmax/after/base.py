from torch import nn


class BaseTrainer:
    criterion = nn.CrossEntropyLoss()

    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
