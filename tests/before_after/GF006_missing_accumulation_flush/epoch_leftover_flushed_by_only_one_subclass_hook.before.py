# The hook `self.on_pass_end()` after the accumulation pass is a stub of the base trainer; one
# subclass overrides it with a flush of the micro-batches left over, the other only logs: a
# LoggingTrainer drops them (GF006), but a flush after the loop would step a FlushingTrainer
# twice. Reported without a fix.
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


class LoggingTrainer(BaseTrainer):
    def on_pass_end(self):
        print("pass done")


def main(model, loader, log_only=False):
    kind = LoggingTrainer if log_only else FlushingTrainer
    kind(model, torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)).fit(loader, 4)
