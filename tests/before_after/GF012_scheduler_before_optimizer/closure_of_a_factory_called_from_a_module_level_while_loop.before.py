import torch
from torch import nn

data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]


def make_step():
    model = nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)

    def one_batch(x, y):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        scheduler.step()
        optimizer.step()

    return one_batch


one_batch = make_step()
n = 0
while n < 8:
    one_batch(*data[n % len(data)])
    n += 1
