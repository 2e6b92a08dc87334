import torch
from torch.optim.lr_scheduler import StepLR


class Learner:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.sched = None

    def learn(self, x, y):
        if self.sched is None:
            self.sched = StepLR(self.optimizer, step_size=2, gamma=0.5)
        self.optimizer.zero_grad()
        torch.nn.functional.mse_loss(self.model(x), y).backward()
        self.optimizer.step()
        self.sched.step()

    def fit(self, batches):
        for x, y in batches:
            self.learn(x, y)


Learner(torch.nn.Linear(4, 1)).fit([(torch.randn(6, 4), torch.randn(6, 1))] * 5)
