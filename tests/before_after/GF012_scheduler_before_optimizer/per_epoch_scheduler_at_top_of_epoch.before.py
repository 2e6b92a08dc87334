import torch
from torch import optim


def train(model, loader, epochs):
    optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.1)
    for epoch in range(epochs):
        # decay the learning rate every 30 epochs
        scheduler.step()
        model.train()
        for images, target in loader:
            output = model(images)
            loss = torch.nn.functional.cross_entropy(output, target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(f"epoch {epoch} done")
