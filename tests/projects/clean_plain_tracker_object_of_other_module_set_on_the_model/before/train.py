import torch
from torch import nn
from tracker import RuntimeTracker


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 1)
        self.tracker = None

    def forward(self, x):
        return self.body(x)


model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
for epoch in range(3):
    model.train()
    for x, y in data:
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.tracker = RuntimeTracker(0.4)
    print(epoch, loss.item())
