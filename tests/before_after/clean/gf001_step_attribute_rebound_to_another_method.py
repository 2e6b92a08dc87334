# Correct as far as gradfix can tell: the step attribute is rebound after `__init__` to a
# method that clears (`enable_accumulation`), so which method the loop runs is not known; the
# rule stays silent.
import torch


class Fitter:
    def __init__(self, model, batches):
        self.model = model
        self.batches = batches
        self.opt = torch.optim.Adam(model.parameters())
        self.update = self.plain_update
        self.count = 0

    def enable_accumulation(self):
        self.update = self.windowed_update

    def plain_update(self, batch):
        self.model(batch).mean().backward()
        self.opt.step()

    def windowed_update(self, batch):
        self.model(batch).mean().backward()
        self.count += 1
        if self.count % 4 == 0:
            self.opt.step()
            self.opt.zero_grad()

    def run(self):
        for batch in self.batches:
            self.update(batch)
