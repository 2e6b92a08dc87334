# The sampler is handed to a hook object of another module, and the epoch loop calls the hook
# (its `__call__` sets the sampler's epoch): correct, nothing to add.
import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

from hooks import EpochHook

dataset = TensorDataset(torch.randn(32, 4), torch.randint(0, 2, (32,)))
sampler = DistributedSampler(dataset, num_replicas=1, rank=0, shuffle=True)
loader = DataLoader(dataset, batch_size=8, sampler=sampler)
model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
hook = EpochHook(sampler=sampler)
for epoch in range(3):
    hook.on_epoch_start(epoch)
    for inputs, targets in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(inputs), targets).backward()
        optimizer.step()
