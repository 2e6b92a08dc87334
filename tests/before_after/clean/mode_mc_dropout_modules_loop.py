import torch
import torch.nn as nn

model = Net()
optimizer = torch.optim.Adam(model.parameters())

for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    # Monte Carlo dropout estimate: dropout on, batch norm frozen
    model.eval()
    for m in model.modules():
        if isinstance(m, nn.Dropout):
            m.train()
    with torch.no_grad():
        samples = torch.stack([model(val_x) for _ in range(20)])
