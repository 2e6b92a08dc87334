import torch
import torch.nn as nn


def train(model, loader, criterion, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()


net = nn.Linear(4, 2)
data = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(3)]
opt2 = torch.optim.SGD(net.parameters(), lr=0.1)
sch2 = torch.optim.lr_scheduler.StepLR(opt2, step_size=2)
train(net, data, nn.CrossEntropyLoss(), opt2, sch2, 3)
