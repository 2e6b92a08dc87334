# The loader factory, called each epoch of a `while` loop with the epoch counter, builds its
# `DistributedSampler` with `seed=BASE_SEED + ep`: a new order every epoch, no `set_epoch` needed.
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

BASE_SEED = 17


class Runner:
    def __init__(self, model, dataset, optimizer, criterion):
        self.model, self.dataset = model, dataset
        self.optimizer, self.criterion = optimizer, criterion

    def make_loader(self, ep, batch_size=32):
        sampler = DistributedSampler(self.dataset, seed=BASE_SEED + ep)
        return DataLoader(self.dataset, batch_size=batch_size, sampler=sampler, drop_last=True)

    def run(self, max_epochs):
        epoch = 0
        while epoch < max_epochs:
            loader = self.make_loader(ep=epoch)
            for inputs, targets in loader:
                self.optimizer.zero_grad()
                self.criterion(self.model(inputs), targets).backward()
                self.optimizer.step()
            epoch += 1
