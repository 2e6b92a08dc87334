import torch
from torch import nn
from torch.optim.lr_scheduler import StepLR

model = nn.Linear(4, 1)

# the functions step an optimizer they are handed under the same name
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scheduler = StepLR(optimizer, step_size=1, gamma=0.5)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


def train_epoch(batches, optimizer, scheduler):
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    scheduler.step()


# the function builds its own
def fresh_epoch(batches):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


if __name__ == "__main__":
    for epoch in range(3):
        train_epoch([], optimizer, StepLR(optimizer, step_size=1))
        fresh_epoch([])
