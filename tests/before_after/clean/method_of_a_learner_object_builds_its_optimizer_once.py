import torch
import torch.nn as nn


class Learner:
    def __init__(self, model):
        self.model = model
        self.optimizer = None

    def fit_batch(self, inputs, targets):
        if self.optimizer is None:
            self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.optimizer.zero_grad()
        loss = nn.functional.mse_loss(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()


learner = Learner(nn.Linear(4, 1))
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
for inputs, targets in data:
    learner.fit_batch(inputs, targets)
