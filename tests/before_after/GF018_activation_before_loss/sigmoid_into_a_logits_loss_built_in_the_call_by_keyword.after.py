import torch
import torch.nn as nn


def train_on(model, optimizer, batch, loss_fn):
    inputs, targets = batch
    optimizer.zero_grad()
    scores = model(inputs).squeeze(1)
    loss_fn(scores, targets).backward()
    optimizer.step()


model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(2):
    for batch in [(torch.randn(5, 3), torch.rand(5).round()) for _ in range(4)]:
        train_on(model, optimizer, batch, loss_fn=nn.BCEWithLogitsLoss())
