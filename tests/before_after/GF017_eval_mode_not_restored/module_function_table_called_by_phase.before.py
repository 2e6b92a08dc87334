import torch
from torch import nn

model = nn.Sequential(nn.Linear(5, 10), nn.Dropout(0.3), nn.Linear(10, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
data = [(torch.randn(4, 5), torch.randint(0, 2, (4,)))]


def train_epoch(loader):
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()


def evaluate(loader):
    model.eval()
    with torch.no_grad():
        return sum(nn.functional.cross_entropy(model(x), y).item() for x, y in loader)


HANDLERS = {"train": train_epoch, "val": evaluate}

for epoch in range(3):
    for phase in ("train", "val"):
        HANDLERS[phase](data)
