# A helper given the loader sets its sampler's epoch: whichever loader it is handed.
import torch, torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler
torch.manual_seed(0)
ds = TensorDataset(torch.randn(32, 4), torch.randn(32, 2))
sampler = DistributedSampler(ds, num_replicas=2, rank=0, shuffle=True)
loader = DataLoader(ds, batch_size=8, sampler=sampler)
model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

def begin_epoch(dl, epoch):
    if isinstance(dl.sampler, DistributedSampler):
        dl.sampler.set_epoch(epoch)

for epoch in range(3):
    begin_epoch(loader, epoch)
    for x, y in loader:
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
print(loss.item())
