# A network that builds its own optimizer, then sets its loss module: a loss has no
# parameters, nothing goes stale.
import torch
from torch import nn, optim


class Classifier(nn.Module):
    def __init__(self, lr=1e-3):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 4)
        self.optimizer = optim.Adam(self.parameters(), lr=lr)
        self.loss = nn.CrossEntropyLoss()
        self.mse_loss = torch.nn.MSELoss()

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))

    def learn(self, loader):
        self.train()
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = self.loss(self.forward(x), y)
            loss.backward()
            self.optimizer.step()
