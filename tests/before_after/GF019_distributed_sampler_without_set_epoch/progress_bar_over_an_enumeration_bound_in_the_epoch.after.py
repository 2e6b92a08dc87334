import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler
from tqdm import tqdm

points = TensorDataset(torch.randn(32, 3), torch.randn(32, 1))
data = DataLoader(points, batch_size=4, sampler=DistributedSampler(points, num_replicas=2, rank=0))
net = nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
for epoch_no in range(4):
    data.sampler.set_epoch(epoch_no)
    bar = tqdm(enumerate(data), total=len(data))
    for step, (inputs, targets) in bar:
        opt.zero_grad()
        nn.functional.mse_loss(net(inputs), targets).backward()
        opt.step()
