import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        logits = self.fc(x)
        return logits, F.softmax(logits, dim=1)  # the probabilities are for logging only


model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(4)]
for epoch in range(3):
    for x, y in data:
        logits, probs = model(x)
        loss = F.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
