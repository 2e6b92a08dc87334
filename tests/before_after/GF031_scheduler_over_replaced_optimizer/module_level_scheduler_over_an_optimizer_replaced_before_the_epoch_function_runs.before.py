import torch
from torch import nn
from torch.optim.lr_scheduler import StepLR

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
scheduler = StepLR(optimizer, step_size=1, gamma=0.5)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)


def train_epoch(batches):
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    scheduler.step()


if __name__ == "__main__":
    for epoch in range(3):
        train_epoch([])
