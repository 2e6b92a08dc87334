import torch
from torch import nn
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Finetuner:
    def __init__(self, net, use_ddp):
        self.net = net
        self.use_ddp = use_ddp

    def _loader(self, dataset, training):
        sampler = DistributedSampler(dataset, shuffle=training) if self.use_ddp else None
        return DataLoader(dataset, batch_size=32, sampler=sampler, shuffle=training and sampler is None)

    def _one_epoch(self, loader, opt):
        self.net.train()
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(self.net(x), y).backward()
            opt.step()

    def finetune(self, train_set, epochs):
        loader = self._loader(train_set, training=True)
        opt = torch.optim.SGD(self.net.parameters(), lr=0.01, momentum=0.9)
        for epoch in range(epochs):
            if isinstance(loader.sampler, DistributedSampler):
                loader.sampler.set_epoch(epoch)
            self._one_epoch(loader, opt)
