"""A loader builder takes `shuffle` and hands it to the `DistributedSampler`; every call of it
leaves the sampler unshuffled (one passes `False`, the other keeps the `False` default): with no
shuffle there is no per-epoch order for `set_epoch` to vary."""
import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def make_loader(dataset, batch_size, shuffle=False):
    sampler = DistributedSampler(dataset, num_replicas=1, rank=0, shuffle=shuffle)
    return DataLoader(dataset, batch_size=batch_size, sampler=sampler)


dataset = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
loader = make_loader(dataset, 8, shuffle=False)
probe_loader = make_loader(dataset, 16)
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for epoch in range(3):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
