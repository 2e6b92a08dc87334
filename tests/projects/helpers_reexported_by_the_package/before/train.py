import torch
from torch import nn

from trainkit import accuracy, make_loaders, train_one_epoch

model = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.2), nn.Linear(32, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_loader, val_loader = make_loaders(32)
for epoch in range(10):
    train_one_epoch(model, train_loader, optimizer)
    print(epoch, accuracy(model, val_loader))
