import torch
from torch import nn

model = nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 5))
loss_fn = nn.CrossEntropyLoss()
optim = torch.optim.Adam(model.parameters(), lr=1e-3)
batches = [(torch.randn(16, 10), torch.randint(0, 5, (16,))) for _ in range(8)]

for epoch in range(3):
    for inputs, targets in batches:
        probabilities = torch.softmax(model(inputs), dim=-1)
        prediction = probabilities
        loss = loss_fn(prediction, targets)
        optim.zero_grad()
        loss.backward()
        optim.step()
