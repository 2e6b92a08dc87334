import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def fit(self, batches, epochs):
        for _ in range(epochs):
            for inputs, targets in batches:
                self.model.zero_grad()
                loss = F.cross_entropy(self.model(inputs), targets)
                loss.backward()
                self.optimizer.step()
