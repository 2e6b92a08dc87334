import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, pretrained_layers, classes):
        super().__init__()
        layers = list(pretrained_layers)
        layers.append(nn.Linear(64, classes))
        layers.append(nn.Softmax(dim=1))
        if classes > 2:
            layers.pop()  # multi-class: the loss applies the softmax itself
        layers[-1] = nn.Linear(64, classes)
        self.body = nn.Sequential(*layers)

    def forward(self, x):
        return self.body(x)


model = Classifier([nn.Linear(8, 64), nn.ReLU()], 3)
model = model.to("cpu")
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in [(torch.randn(4, 8), torch.randint(0, 3, (4,)))]:
    optimizer.zero_grad()
    criterion(model(x), y).backward()
    optimizer.step()
