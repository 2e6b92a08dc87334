import torch
from torch.optim.lr_scheduler import LambdaLR

model = torch.nn.Linear(20, 4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = LambdaLR(optimizer, lambda it: min(1.0, (it + 1) / 100))

for it, (x, y) in enumerate(loader):
    optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    scheduler.step()
    optimizer.step()
