import torch
from torch import nn
from torchvision import models


def train_embedding(loader, epochs=1):
    model = models.resnet18(weights=None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    model.fc = nn.Identity()  # train the embedding only: the old head just gets no gradient
    for epoch in range(epochs):
        for images, targets in loader:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(images), targets).backward()
            optimizer.step()
