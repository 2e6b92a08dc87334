import torch
from torch.optim import lr_scheduler

model = torch.nn.Linear(10, 2)
criterion = torch.nn.CrossEntropyLoss()

for epoch in range(20):
    for images, labels in train_loader:
        optimizer = torch.optim.NAdam(model.parameters(), lr=2e-3)
        scheduler = lr_scheduler.OneCycleLR(optimizer, max_lr=2e-3, total_steps=len(train_loader))
        optimizer.zero_grad()
        criterion(model(images), labels).backward()
        optimizer.step()
        scheduler.step()
