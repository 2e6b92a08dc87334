import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU())
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc(self.backbone(x))


def train_one_epoch(model, optimizer):
    model.eval()
    for it in range(5):
        x = torch.randn(16, 8)
        y = torch.randint(0, 4, (16,))
        with torch.no_grad():
            feats = model.backbone(x)
        loss = F.cross_entropy(model.fc(feats), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


torch.manual_seed(0)
model = Net()
optimizer = torch.optim.SGD(model.fc.parameters(), lr=0.1)
for epoch in range(3):
    train_one_epoch(model, optimizer)
