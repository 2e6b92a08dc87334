import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def main(model, optimizer, datasets, epochs):
    loaders = {
        "train": DataLoader(datasets["train"], batch_size=32, sampler=DistributedSampler(datasets["train"])),
        "val": DataLoader(datasets["val"], batch_size=64),
    }
    for epoch in range(epochs):
        model.train()
        for x, y in loaders["train"]:
            optimizer.zero_grad(set_to_none=True)
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
