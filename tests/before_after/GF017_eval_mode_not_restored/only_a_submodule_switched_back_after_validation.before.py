# Validation switches the whole model to eval mode, but only its backbone is switched back
# (`model.backbone.train()`); the optimizer trains every parameter of the model, so its head
# trains in eval mode from the second epoch on. Reported with an unsafe fix (the head may be
# kept in eval on purpose).
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU())
        self.head = nn.Sequential(nn.Dropout(0.3), nn.Linear(16, 2))

    def forward(self, x):
        return self.head(self.backbone(x))


def run(loader, val_loader, epochs):
    model = Net()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            correct = sum((model(x).argmax(1) == y).sum().item() for x, y in val_loader)
        print(epoch, correct)
        model.backbone.train()
