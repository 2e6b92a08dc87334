import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

STATE = {}
DATA = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
STATE["sampler"] = DistributedSampler(DATA, num_replicas=2, rank=0, shuffle=True)
STATE["loader"] = DataLoader(DATA, batch_size=8, sampler=STATE["sampler"])
model = nn.Linear(4, 1)
STATE["opt"] = torch.optim.SGD(model.parameters(), lr=0.1)


def train_epoch():
    for x, y in STATE["loader"]:
        STATE["opt"].zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        STATE["opt"].step()


if __name__ == "__main__":
    for epoch in range(5):
        STATE["sampler"].set_epoch(epoch)
        train_epoch()
