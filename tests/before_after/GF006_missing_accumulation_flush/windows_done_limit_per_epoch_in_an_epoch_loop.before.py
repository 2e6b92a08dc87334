import torch


class Recipe:
    def __init__(self, model, opt, accum, max_steps_per_epoch, epochs):
        self.model = model
        self.opt = opt
        self.accum = accum
        self.max_steps_per_epoch = max_steps_per_epoch
        self.epochs = epochs

    def train(self, loader):
        for epoch in range(self.epochs):
            for idx, batch in enumerate(loader):
                loss = self.model(batch).mean() / self.accum
                loss.backward()
                if (idx + 1) % self.accum == 0:
                    self.opt.step()
                    self.opt.zero_grad()
                if (idx + 1) // self.accum == self.max_steps_per_epoch:
                    break  # the index starts again each epoch: right after a step every time
