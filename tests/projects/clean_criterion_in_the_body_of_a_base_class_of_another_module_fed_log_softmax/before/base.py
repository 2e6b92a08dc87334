from torch import nn


class BaseTrainer:
    criterion = nn.NLLLoss()
    aux_criterion = nn.CrossEntropyLoss()

    def __init__(self, model, head, optimizer):
        self.model = model
        self.head = head
        self.optimizer = optimizer
