import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.2), nn.Linear(32, 1)).to("cpu")
optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
loss_fn = nn.MSELoss()

epoch = 0
while epoch < 50:
    for inputs, targets in loader:
        optimizer.zero_grad()
        loss_fn(net(inputs), targets).backward()
        optimizer.step()
    net.eval()
    with torch.no_grad():
        score = sum(loss_fn(net(x), y).item() for x, y in holdout)
    epoch += 1
