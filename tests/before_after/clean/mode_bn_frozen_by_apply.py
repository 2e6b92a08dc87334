import torch
import torch.nn as nn


def set_bn_eval(module):
    if isinstance(module, nn.BatchNorm2d):
        module.eval()


model = Detector()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
model.train()
model.apply(set_bn_eval)
for epoch in range(epochs):
    for images, targets in loader:
        optimizer.zero_grad()
        model(images, targets)["loss"].backward()
        optimizer.step()
    model.eval()
    evaluate_inline = [model(images) for images, _ in val_loader]
