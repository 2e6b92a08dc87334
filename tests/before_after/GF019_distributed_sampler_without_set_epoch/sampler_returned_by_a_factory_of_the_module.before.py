import torch
import torch.distributed as dist
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def shard_sampler(dataset):
    return DistributedSampler(dataset, num_replicas=dist.get_world_size(), rank=dist.get_rank(), shuffle=True)


def main():
    dist.init_process_group("gloo")
    dataset = TensorDataset(torch.randn(512, 16), torch.randint(0, 4, (512,)))
    sampler = shard_sampler(dataset)
    loader = DataLoader(dataset, batch_size=32, sampler=sampler)
    model = nn.parallel.DistributedDataParallel(nn.Linear(16, 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(20):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()


if __name__ == "__main__":
    main()
