import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

dataset = TensorDataset(torch.randn(256, 8), torch.randn(256, 1))
sampler = DistributedSampler(dataset)
loader = DataLoader(dataset, sampler=sampler, batch_size=16)
val_loader = DataLoader(dataset, batch_size=64, sampler=DistributedSampler(dataset, shuffle=False))
model = torch.nn.Linear(8, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def train_one_epoch(epoch):
    sampler.set_epoch(epoch)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def validate():
    with torch.no_grad():
        return sum(torch.nn.functional.mse_loss(model(x), y).item() for x, y in val_loader)


def train_local(batches):
    loader = batches  # a local loader of its own, not the module's
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


for epoch in range(10):
    train_one_epoch(epoch)
    print(validate())
    train_local([(torch.randn(4, 8), torch.randn(4, 1))])
