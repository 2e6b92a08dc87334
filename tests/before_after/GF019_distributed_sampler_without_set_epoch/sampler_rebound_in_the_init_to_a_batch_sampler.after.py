import torch
from torch.utils.data import BatchSampler, DataLoader
from torch.utils.data.distributed import DistributedSampler


class Student:
    def __init__(self, corpus, model, cfg):
        picks = DistributedSampler(corpus, drop_last=True)
        picks = BatchSampler(sampler=picks, batch_size=cfg.batch_size, drop_last=True)
        self.stream = DataLoader(dataset=corpus, batch_sampler=picks)
        self.model = model
        self.cfg = cfg
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)

    def learn(self, tokens, labels):
        loss = torch.nn.functional.cross_entropy(self.model(tokens), labels)
        self.update(loss)

    def update(self, loss):
        loss.backward()
        self.opt.step()
        self.opt.zero_grad()

    def run(self):
        for epoch in range(self.cfg.epochs):
            self.stream.batch_sampler.sampler.set_epoch(epoch)
            for tokens, labels in self.stream:
                self.learn(tokens, labels)
