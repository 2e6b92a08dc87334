import torch
from torch import nn
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def fit(model, dataset, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sampler = DistributedSampler(dataset)
    loader = DataLoader(dataset, batch_size=32, sampler=sampler)
    for epoch in range(epochs):
        sampler.set_epoch(epoch)

        def train_step(i, batch):
            inputs, targets = batch
            optimizer.zero_grad(set_to_none=True)
            loss = nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
            optimizer.step()
            return loss.item()

        losses = [train_step(i, batch) for i, batch in enumerate(loader)]
        print(epoch, sum(losses) / len(losses))
