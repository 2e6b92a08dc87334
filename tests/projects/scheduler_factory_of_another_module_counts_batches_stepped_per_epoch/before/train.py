import torch

from utils.optim import make_scheduler

EPOCHS = 4
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(5, 3), torch.randn(5, 1)) for _ in range(6)]
scheduler = make_scheduler(optimizer, EPOCHS * len(loader))
for epoch in range(EPOCHS):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    scheduler.step()
