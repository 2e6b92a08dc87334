import torch
from torch.optim.lr_scheduler import StepLR

model = torch.nn.Linear(10, 2)
criterion = torch.nn.CrossEntropyLoss()

for images, labels in train_loader:
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = StepLR(optimizer, step_size=100, gamma=0.5)
    optimizer.zero_grad()
    criterion(model(images), labels).backward()
    optimizer.step()
    scheduler.step()
