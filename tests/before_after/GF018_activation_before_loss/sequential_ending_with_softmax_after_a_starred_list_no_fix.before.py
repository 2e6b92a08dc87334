import torch
import torch.nn as nn


def build_mlp(sizes):
    layers = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    layers.pop()
    return nn.Sequential(*layers, nn.Softmax(dim=-1))


def build_mlp2(sizes):
    layers = [nn.Linear(sizes[0], sizes[1]), nn.ReLU(), nn.Linear(sizes[1], sizes[2])]
    layers += [nn.Softmax(dim=-1)]
    return nn.Sequential(*layers)


model = build_mlp([8, 32, 3])
model2 = build_mlp2([8, 32, 3])
optimizer = torch.optim.SGD(list(model.parameters()) + list(model2.parameters()), lr=0.5)
criterion = nn.CrossEntropyLoss()
X = torch.randn(256, 8)
Y = (X[:, 0] > 0).long()
for epoch in range(5):
    optimizer.zero_grad()
    loss = criterion(model(X), Y) + criterion(model2(X), Y)
    loss.backward()
    optimizer.step()
