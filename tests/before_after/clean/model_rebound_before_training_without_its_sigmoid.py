import torch
import torch.nn as nn

torch.manual_seed(0)
x, y = torch.randn(64, 4), torch.randint(0, 2, (64, 1)).float()

model = nn.Sequential(nn.Linear(4, 1), nn.Sigmoid())
model = nn.Sequential(nn.Linear(4, 1))
criterion = nn.BCEWithLogitsLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(5):
    optimizer.zero_grad()
    out = model(x)
    loss = criterion(out, y)
    loss.backward()
    optimizer.step()
    print(epoch, loss.item())
