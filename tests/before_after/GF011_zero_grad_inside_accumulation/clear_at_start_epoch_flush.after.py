import torch


def train(model, loader, optimizer, criterion, epochs, accumulation_steps=4):
    for epoch in range(epochs):
        for i, (images, labels) in enumerate(loader):
            loss = criterion(model(images), labels) / accumulation_steps
            loss.backward()
            if (i + 1) % accumulation_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
        # leftover micro-batches
        if (i + 1) % accumulation_steps != 0:
            optimizer.step()
            optimizer.zero_grad()
