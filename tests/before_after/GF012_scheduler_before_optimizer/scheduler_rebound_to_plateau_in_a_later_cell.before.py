import torch
import torch.nn as nn
from torch.optim.lr_scheduler import StepLR, ReduceLROnPlateau

torch.manual_seed(0)
x_all, y_all = torch.randn(64, 4), torch.randint(0, 2, (64,))
train_loader = [(x_all[i:i + 16], y_all[i:i + 16]) for i in range(0, 64, 16)]
criterion = nn.CrossEntropyLoss()

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = StepLR(optimizer, step_size=1, gamma=0.1)
for epoch in range(3):
    scheduler.step()
    for images, labels in train_loader:
        optimizer.zero_grad()
        loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = ReduceLROnPlateau(optimizer, mode="min", factor=0.1, patience=0)
for epoch in range(3):
    for images, labels in train_loader:
        optimizer.zero_grad()
        loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()
    scheduler.step(loss.item())
