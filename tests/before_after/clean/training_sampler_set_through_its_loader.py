# Both samplers get their epoch: the training one through its loader, the auxiliary one by name.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def train(model, dataset, unlabeled, epochs, batch_size):
    train_loader = DataLoader(dataset, batch_size=batch_size, sampler=DistributedSampler(dataset))
    unlabeled_sampler = DistributedSampler(unlabeled, shuffle=True)
    unlabeled_loader = DataLoader(unlabeled, batch_size=batch_size, sampler=unlabeled_sampler)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        train_loader.sampler.set_epoch(epoch)
        unlabeled_sampler.set_epoch(epoch)
        model.train()
        for (images, targets), extra in zip(train_loader, unlabeled_loader):
            loss = model.supervised_loss(images, targets) + model.consistency_loss(extra)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
