import torch

EPOCHS = 20


class Schedule:
    @classmethod
    def setup(cls, model):
        cls.model = model
        cls.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        cls.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(cls.optimizer, T_max=EPOCHS)

    @classmethod
    def train_batch(cls, x, y):
        cls.optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(cls.model(x), y)
        loss.backward()
        cls.optimizer.step()
        cls.scheduler.step()
        return loss.item()


def main(model, loader):
    Schedule.setup(model)
    for epoch in range(EPOCHS):
        for x, y in loader:
            Schedule.train_batch(x, y)
