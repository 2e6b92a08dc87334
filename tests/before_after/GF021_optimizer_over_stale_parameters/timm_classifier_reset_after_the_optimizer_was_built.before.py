import timm
import torch
from timm.optim import create_optimizer_v2


def finetune(loader, classes, epochs):
    backbone = timm.create_model("convnext_atto", pretrained=True)
    optimizer = create_optimizer_v2(backbone, opt="adamw", lr=3e-4, weight_decay=0.05)
    backbone.reset_classifier(num_classes=classes)
    for epoch in range(epochs):
        for images, targets in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(backbone(images), targets).backward()
            optimizer.step()


encoder = timm.models.create_model("resnet10t")
sgd = torch.optim.SGD(encoder.parameters(), lr=0.1, momentum=0.9)
encoder.reset_classifier(7, global_pool="avg")
step = 0
while step < 100:
    images, targets = next(batches)
    sgd.zero_grad()
    torch.nn.functional.cross_entropy(encoder(images), targets).backward()
    sgd.step()
    step += 1
