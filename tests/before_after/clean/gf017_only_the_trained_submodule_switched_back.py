# Only the head is trained (its optimizer is over `model.head.parameters()`) and only the head
# is switched back to train mode after validation: the backbone stays in eval mode on purpose
# (a frozen feature extractor). Correct.
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
    opt = torch.optim.SGD(model.head.parameters(), lr=0.1)
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
        model.head.train()
