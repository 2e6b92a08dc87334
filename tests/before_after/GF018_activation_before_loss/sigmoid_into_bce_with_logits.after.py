import torch
import torch.nn as nn

model = Discriminator()
bce = nn.BCEWithLogitsLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=2e-4)

for real, label in loader:
    optimizer.zero_grad()
    loss = bce(model(real).squeeze(1), label)
    loss.backward()
    optimizer.step()
