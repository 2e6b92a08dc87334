# The epoch reaches the samplers: through the batch sampler the loader holds, and through the
# loader's own sampler under a `hasattr` guard. The constant `set_epoch(0)` is for a warm-up
# pass before the epochs.
import torch
from torch.utils.data import BatchSampler, DataLoader, DistributedSampler


def train(model, labeled, unlabeled, opt, epochs):
    train_sampler = DistributedSampler(labeled)
    train_loader = DataLoader(labeled, batch_sampler=BatchSampler(train_sampler, 32, drop_last=True))
    aux_sampler = DistributedSampler(unlabeled)
    aux_loader = DataLoader(unlabeled, batch_size=32, sampler=aux_sampler)
    aux_sampler.set_epoch(0)
    for x, _ in aux_loader:
        model.calibrate(x)
    for epoch in range(epochs):
        train_loader.batch_sampler.sampler.set_epoch(epoch)
        if hasattr(aux_loader.sampler, "set_epoch"):
            aux_loader.sampler.set_epoch(epoch)
        for (x, y), (u, _) in zip(train_loader, aux_loader):
            opt.zero_grad()
            (torch.nn.functional.cross_entropy(model(x), y) + model(u).var()).backward()
            opt.step()
