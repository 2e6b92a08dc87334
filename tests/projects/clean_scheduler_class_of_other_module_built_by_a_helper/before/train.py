# The scheduler, built by lr_helper.get_scheduler, is a class of the project that sets the
# rate of the coming iteration: stepping it first is its contract, not PyTorch's order.
import torch
import torch.nn.functional as F

from lr_helper import get_scheduler


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    lr_scheduler = get_scheduler(optimizer, max_iter=epochs * len(loader))
    for epoch in range(epochs):
        for images, labels in loader:
            lr_scheduler.step()
            loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
