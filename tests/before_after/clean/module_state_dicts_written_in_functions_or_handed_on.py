import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

DATA = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

# an entry written again in a function: a new sampler each epoch, its seed the epoch
STATE = {}
STATE["sampler"] = DistributedSampler(DATA, num_replicas=2, rank=0, shuffle=True)


def reseed(epoch):
    STATE["sampler"] = DistributedSampler(DATA, num_replicas=2, rank=0, shuffle=True, seed=epoch)
    return DataLoader(DATA, batch_size=8, sampler=STATE["sampler"])


# the dict handed to a function that sets the epoch through it
SHARED = {}
SHARED["sampler"] = DistributedSampler(DATA, num_replicas=2, rank=0, shuffle=True)
SHARED["loader"] = DataLoader(DATA, batch_size=8, sampler=SHARED["sampler"])


def start_epoch(state, epoch):
    state["sampler"].set_epoch(epoch)


def train_epoch(loader):
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()


if __name__ == "__main__":
    for epoch in range(5):
        train_epoch(reseed(epoch))
    for epoch in range(5):
        start_epoch(SHARED, epoch)
        train_epoch(SHARED["loader"])
