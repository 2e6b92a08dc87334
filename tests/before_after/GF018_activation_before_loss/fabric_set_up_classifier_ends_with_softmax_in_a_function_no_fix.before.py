# A classifier ending in `nn.Softmax` is handed to `fabric.setup` and bound again under its own
# name inside the training function; `CrossEntropyLoss` then receives probabilities. No fix: the
# softmax is a layer of the model.
import torch
import torch.nn as nn
from lightning.fabric import Fabric


def fit(loader, epochs=3):
    fabric = Fabric(accelerator="cpu")
    classifier = nn.Sequential(nn.Flatten(), nn.Linear(784, 128), nn.ReLU(), nn.Linear(128, 10), nn.Softmax(dim=1))
    optimizer = torch.optim.SGD(classifier.parameters(), lr=0.1)
    classifier, optimizer = fabric.setup(classifier, optimizer)
    loader = fabric.setup_dataloaders(loader)
    criterion = nn.CrossEntropyLoss()
    for _ in range(epochs):
        for images, labels in loader:
            optimizer.zero_grad()
            loss = criterion(classifier(images), labels)
            fabric.backward(loss)
            optimizer.step()
