import torch
import torch.nn as nn


def sweep(net, data, objective, optimizer=None):
    if not optimizer:
        net.eval()
    running = 0.0
    for features, labels in data:
        loss = objective(net(features), labels)
        if optimizer:
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
        running += loss.item()
    return running


classifier = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.3), nn.Linear(16, 3))
adam = torch.optim.Adam(classifier.parameters(), lr=1e-3)
xent = nn.CrossEntropyLoss()
first_part = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(6)]
second_part = [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(2)]
for cycle in range(5):
    sweep(classifier, first_part, xent, adam)
    sweep(classifier, second_part, xent)
    classifier.train()
