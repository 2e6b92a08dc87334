"""The `DistributedSampler` is batched by the `BatchSampler` given to the loader's
`batch_sampler=`, and the loader is handed to a `fit` helper holding the epoch loop: the
loader's own `sampler` is then a sequential one, so the fix reaches the distributed sampler
through `loader.batch_sampler.sampler`."""
import torch
from torch.utils.data import BatchSampler, DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def fit(model, loader, optimizer, epochs):
    for ep in range(epochs):
        if isinstance(loader.batch_sampler.sampler, DistributedSampler):
            loader.batch_sampler.sampler.set_epoch(ep)
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


dataset = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
sampler = DistributedSampler(dataset, num_replicas=1, rank=0, shuffle=True)
loader = DataLoader(dataset, batch_sampler=BatchSampler(sampler, batch_size=8, drop_last=True))
model = torch.nn.Linear(4, 1)
fit(model, loader, torch.optim.SGD(model.parameters(), lr=0.01), 3)
