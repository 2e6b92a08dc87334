import torch
from torch import nn


class TwoWay(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 2)

    def forward(self, x):
        out = self.fc(x)
        out = torch.sigmoid(out)  # "probabilities" of the two classes
        return out


model = TwoWay()
head = nn.Linear(6, 2)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD([*model.parameters(), *head.parameters()], lr=0.1)
for features, labels in [(torch.randn(16, 6), torch.randint(0, 2, (16,)))] * 3:
    optimizer.zero_grad()
    loss = criterion(model(features), labels)  # no fix: the model's own last step
    loss = loss + criterion(head(features).sigmoid(), labels)
    loss.backward()
    optimizer.step()
