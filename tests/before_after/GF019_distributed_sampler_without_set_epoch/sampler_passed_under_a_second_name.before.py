import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

pairs = TensorDataset(torch.randn(40, 3), torch.randint(0, 2, (40,)))
dist_sampler = DistributedSampler(pairs, num_replicas=1, rank=0, seed=7)
chosen = dist_sampler
feed = DataLoader(pairs, batch_size=5, sampler=chosen)
model = nn.Linear(3, 2)
adam = torch.optim.Adam(model.parameters())
epoch = 0
while epoch < 4:
    for inputs, labels in feed:
        adam.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(model(inputs), labels).backward()
        adam.step()
    epoch += 1
