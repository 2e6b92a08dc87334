import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

SHUFFLE = False
torch.manual_seed(0)
ds = TensorDataset(torch.randn(64, 8), torch.randint(0, 3, (64,)))
model = nn.Linear(8, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(ds, batch_size=8, sampler=DistributedSampler(ds, num_replicas=2, rank=0, shuffle=SHUFFLE))
for epoch in range(3):
    for x, y in loader:
        opt.zero_grad()
        F.cross_entropy(model(x), y).backward()
        opt.step()
