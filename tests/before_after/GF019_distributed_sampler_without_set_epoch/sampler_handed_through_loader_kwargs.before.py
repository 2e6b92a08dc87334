import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def main(rank=0, world=1, epochs=3):
    data = TensorDataset(torch.randn(48, 5), torch.randn(48, 1))
    shard = DistributedSampler(data, num_replicas=world, rank=rank)
    common = {"batch_size": 8, "sampler": shard, "drop_last": True}
    batches = DataLoader(data, **common)
    net = nn.Linear(5, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    for epoch in range(epochs):
        for x, y in batches:
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()


if __name__ == "__main__":
    main()
