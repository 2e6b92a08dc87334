import torch
import torch.nn as nn

EPOCHS = 20


class Schedule:
    @classmethod
    def setup(cls, model):
        cls.model = model
        cls.criterion = nn.CrossEntropyLoss()
        cls.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        cls.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(cls.optimizer, T_max=EPOCHS)

    @classmethod
    def train_batch(cls, x, y):
        cls.optimizer.zero_grad()
        logits = cls.model(x)
        loss = cls.criterion(logits, y)
        loss.backward()
        cls.optimizer.step()
        return logits.softmax(dim=-1).argmax(-1)

    @classmethod
    def end_epoch(cls):
        cls.scheduler.step()


def main(model, loader):
    Schedule.setup(model)
    for epoch in range(EPOCHS):
        for x, y in loader:
            Schedule.train_batch(x, y)
        Schedule.end_epoch()
