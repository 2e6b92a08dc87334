import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler
from tqdm import tqdm


def fit_one_epoch(net, data, opt, epoch_no):
    net.train()
    bar = tqdm(iterable=enumerate(data), total=len(data), desc=f"epoch {epoch_no}")
    for step, (inputs, targets) in bar:
        opt.zero_grad()
        nn.functional.mse_loss(net(inputs), targets).backward()
        opt.step()


def main(n_epochs=4):
    points = TensorDataset(torch.randn(32, 3), torch.randn(32, 1))
    shuffler = DistributedSampler(points, num_replicas=2, rank=0)
    data = DataLoader(points, batch_size=4, sampler=shuffler)
    net = nn.Linear(3, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    for epoch_no in range(n_epochs):
        fit_one_epoch(net, data, opt, epoch_no)
