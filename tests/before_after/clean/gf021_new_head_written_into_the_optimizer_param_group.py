# The head is replaced after the optimizer was built, and its parameters are then written into
# a parameter group of the optimizer (`+=`, `.append`): like `add_param_group`, they train.
import torch
import torch.nn as nn


def finetune(model, loader, criterion, num_classes, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model.classifier = nn.Linear(model.classifier.in_features, num_classes)
    optimizer.param_groups[0]["params"] += list(model.classifier.parameters())
    for _ in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            criterion(model(inputs), targets).backward()
            optimizer.step()


def adapt(net, batches, loss_fn, width):
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    net.proj = nn.Linear(width, width)
    for weight in net.proj.parameters():
        opt.param_groups[-1]["params"].append(weight)
    for inputs, targets in batches:
        opt.zero_grad()
        loss_fn(net(inputs), targets).backward()
        opt.step()
