import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10), nn.Softmax(dim=1))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

for epoch in range(10):
    for images, labels in loader:
        optimizer.zero_grad()
        loss = criterion(model(images.view(-1, 784)), labels)
        loss.backward()
        optimizer.step()
