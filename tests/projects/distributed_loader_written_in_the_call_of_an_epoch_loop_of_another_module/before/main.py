import torch
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

from lib.engine import run_training


def main():
    ds = TensorDataset(torch.randn(40, 5), torch.randn(40, 1))
    net = torch.nn.Linear(5, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    run_training(net, opt, DataLoader(ds, batch_size=8, sampler=DistributedSampler(ds, shuffle=True)), n_epochs=4)


if __name__ == "__main__":
    main()
