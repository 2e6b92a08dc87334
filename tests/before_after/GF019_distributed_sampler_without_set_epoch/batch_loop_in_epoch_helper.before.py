import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def train_one_epoch(net, data, opt):
    net.train()
    for x, y in data:
        opt.zero_grad()
        torch.nn.functional.mse_loss(net(x), y).backward()
        opt.step()


def main(dataset, net, num_epochs):
    sampler = DistributedSampler(dataset, shuffle=True, seed=42)
    data = DataLoader(dataset, batch_size=16, sampler=sampler)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(num_epochs):
        train_one_epoch(net, data, opt)
