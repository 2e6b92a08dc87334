# The optimizer is built over the model's parameters at module level and handed to the
# trainer by keyword; `self.model.zero_grad()` between the backward and the step wipes the
# gradients the step applies.
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                # reset before the update
                self.model.zero_grad()
                loss = F.cross_entropy(self.model(x), y)
                loss.backward()
                self.optimizer.step()


model = torch.nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
Trainer(model, optimizer=optimizer).fit([], 3)
