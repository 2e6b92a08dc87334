import torch
import torch.nn as nn
import torchvision

model = torchvision.models.resnet18(weights="IMAGENET1K_V1")
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
model.fc = nn.Linear(model.fc.in_features, 10)
model = model.to("cuda")

for epoch in range(10):
    for images, labels in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(images.cuda()), labels.cuda()).backward()
        optimizer.step()
