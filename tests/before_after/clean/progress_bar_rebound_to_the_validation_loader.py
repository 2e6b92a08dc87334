import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler
from tqdm import tqdm

points = TensorDataset(torch.randn(32, 3), torch.randn(32, 1))
train_data = DataLoader(points, batch_size=4, shuffle=True)
held_out = DataLoader(points, batch_size=4, sampler=DistributedSampler(points, num_replicas=2, rank=0))
net = nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
for epoch_no in range(4):
    bar = tqdm(enumerate(held_out), total=len(held_out))
    for step, (inputs, targets) in bar:
        print(step, nn.functional.mse_loss(net(inputs), targets).item())
    bar = tqdm(enumerate(train_data), total=len(train_data))
    for step, (inputs, targets) in bar:
        opt.zero_grad()
        nn.functional.mse_loss(net(inputs), targets).backward()
        opt.step()
