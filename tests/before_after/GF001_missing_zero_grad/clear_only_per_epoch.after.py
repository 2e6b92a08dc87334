import torch
from torch.optim import Adam


def run(model, train_loader, criterion, num_epochs):
    optimizer = Adam(model.parameters(), lr=1e-3)
    for epoch in range(num_epochs):
        optimizer.zero_grad()
        for batch_idx, (images, labels) in enumerate(train_loader):
            optimizer.zero_grad(set_to_none=True)
            outputs = model(images)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            if batch_idx % 100 == 0:
                print(epoch, batch_idx, loss.item())
