import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self, n_in, n_cat):
        super().__init__()
        self.fc1 = nn.Linear(n_in, 32)
        self.fc2 = nn.Linear(32, n_cat)
        self.softmax = nn.LogSoftmax(dim=-1)  # log-probabilities, whatever the name says

    def forward(self, x):
        return self.softmax(self.fc2(torch.relu(self.fc1(x))))


model = Net(10, 3)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
data = [(torch.randn(64, 10), torch.randint(0, 3, (64,))) for _ in range(4)]

for epoch in range(5):
    for x, y in data:
        optimizer.zero_grad()
        loss = F.nll_loss(model(x), y)
        loss.backward()
        optimizer.step()
