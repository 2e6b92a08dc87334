import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

ds = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
train_sampler = DistributedSampler(ds, num_replicas=2, rank=0)
val_sampler = DistributedSampler(ds, num_replicas=2, rank=0, shuffle=False)
loader = DataLoader(ds, batch_size=8, sampler=train_sampler)
val_loader = DataLoader(ds, batch_size=8, sampler=val_sampler)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(3):
    val_sampler.set_epoch(epoch)  # the training sampler never gets its epoch
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    with torch.no_grad():
        val = sum(nn.functional.mse_loss(model(x), y).item() for x, y in val_loader)
