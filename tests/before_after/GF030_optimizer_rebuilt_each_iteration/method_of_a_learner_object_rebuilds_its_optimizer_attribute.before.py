import torch
import torch.nn as nn


class Learner:
    def __init__(self, model):
        self.model = model
        self.optimizer = None

    def fit_batch(self, inputs, targets):
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.optimizer.zero_grad()
        loss = nn.functional.mse_loss(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()


learner = Learner(nn.Linear(4, 1))
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
it = iter(data)
while (batch := next(it, None)) is not None:
    inputs, targets = batch
    learner.fit_batch(inputs, targets)
