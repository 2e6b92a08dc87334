import torch
from torch import nn

from nets.classifiers import LogitsMLP, SmallCNN, make_head


def fit(loader, epochs=2):
    net = SmallCNN(classes=10)
    baseline = LogitsMLP(classes=10)
    head = make_head(28 * 28, 10)
    criterion = nn.CrossEntropyLoss()
    params = [*net.parameters(), *baseline.parameters(), *head.parameters()]
    optimizer = torch.optim.Adam(params, lr=1e-3)
    for epoch in range(epochs):
        for images, labels in loader:
            optimizer.zero_grad(set_to_none=True)
            loss = criterion(net(images), labels)  # softmax twice: SmallCNN ends with one
            loss = loss + criterion(baseline(images), labels)
            loss = loss + criterion(head(images.flatten(1)), labels)
            loss.backward()
            optimizer.step()
