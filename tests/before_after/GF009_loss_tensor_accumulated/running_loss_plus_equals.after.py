import torch
from torch import nn

model = nn.Linear(8, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
loss_fn = nn.MSELoss()

running_loss = 0.0
for x, y in loader:
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
    running_loss += loss.detach()  # summed for the log
print(running_loss.item() / len(loader))
