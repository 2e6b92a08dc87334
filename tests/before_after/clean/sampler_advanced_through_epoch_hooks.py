import torch
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def train(model, dataset, epochs):
    sampler = DistributedSampler(dataset, shuffle=True)
    loader = DataLoader(dataset, batch_size=16, sampler=sampler)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    epoch_start_hooks = [sampler.set_epoch, lambda epoch: print("epoch", epoch)]
    for epoch in range(epochs):
        for hook in epoch_start_hooks:
            hook(epoch)
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
