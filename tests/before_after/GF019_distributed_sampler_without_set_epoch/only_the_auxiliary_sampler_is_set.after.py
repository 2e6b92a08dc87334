# The auxiliary loader's sampler is given a new epoch each time its iterator runs out; the
# training loader's sampler never is: every epoch repeats the same order on every rank.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def train(model, dataset, unlabeled, epochs, batch_size):
    train_sampler = DistributedSampler(dataset, shuffle=True)
    train_loader = DataLoader(dataset, batch_size=batch_size, sampler=train_sampler)
    unlabeled_sampler = DistributedSampler(unlabeled, shuffle=True)
    unlabeled_loader = DataLoader(unlabeled, batch_size=batch_size, sampler=unlabeled_sampler)
    unlabeled_iter = iter(unlabeled_loader)
    unlabeled_epoch = 0
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        train_sampler.set_epoch(epoch)
        model.train()
        for images, targets in train_loader:
            try:
                extra = next(unlabeled_iter)
            except StopIteration:
                unlabeled_epoch += 1
                unlabeled_sampler.set_epoch(unlabeled_epoch)
                unlabeled_iter = iter(unlabeled_loader)
                extra = next(unlabeled_iter)
            loss = model.supervised_loss(images, targets) + model.consistency_loss(extra)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
