# Correct: the base trainer accumulates `ACCUM` micro-batches per step and, after each pass over
# the data, calls the hook `self.on_pass_end()`, a stub in the base; the one subclass of the
# module (the only class it builds) overrides the hook to step on the micro-batches left over.
# GF006 must stay silent (a flush after the loop would step them twice).
import torch

ACCUM = 3


class BaseTrainer:
    def __init__(self, model, opt):
        self.model, self.opt = model, opt

    def on_pass_end(self):
        pass

    def fit(self, loader, passes):
        for _ in range(passes):
            for i, (x, y) in enumerate(loader):
                loss = torch.nn.functional.cross_entropy(self.model(x), y)
                (loss / ACCUM).backward()
                if (i + 1) % ACCUM == 0:
                    self.opt.step()
                    self.opt.zero_grad()
            self.on_pass_end()


class FlushingTrainer(BaseTrainer):
    def on_pass_end(self):
        self.opt.step()
        self.opt.zero_grad()


def main(model, loader):
    FlushingTrainer(model, torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)).fit(loader, 4)
