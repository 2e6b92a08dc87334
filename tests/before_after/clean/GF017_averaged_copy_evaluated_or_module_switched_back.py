import torch
from torch import nn
from torch.optim.swa_utils import AveragedModel


def train(net, batches, checks, epochs=5):
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    averaged = AveragedModel(net)
    for epoch in range(epochs):
        for inputs, targets in batches:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(net(inputs), targets).backward()
            optimizer.step()
        averaged.update_parameters(net)
        # the averaged copy is evaluated: the trained module keeps its mode
        averaged.eval()
        with torch.no_grad():
            score = sum((averaged(inputs).argmax(1) == targets).float().mean().item() for inputs, targets in checks)
        print(epoch, score)


def train_switching_back(net, batches, epochs=5):
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    averaged = AveragedModel(net)
    for epoch in range(epochs):
        for inputs, targets in batches:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(net(inputs), targets).backward()
            optimizer.step()
        net.eval()
        averaged.update_parameters(net)
        net.train()


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.Dropout(0.2), nn.ReLU(), nn.Linear(32, 4))
data = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(4)]
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
swa = AveragedModel(model)
for epoch in range(5):
    for inputs, targets in data:
        opt.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(model(inputs), targets).backward()
        opt.step()
    swa.update_parameters(model)
    swa.eval()
    with torch.no_grad():
        print(sum(nn.functional.cross_entropy(swa(inputs), targets).item() for inputs, targets in data))
