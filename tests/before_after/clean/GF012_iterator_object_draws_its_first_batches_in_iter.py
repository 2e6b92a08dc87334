import torch
import torch.nn as nn

EPOCHS = 3


def batches(n=5):
    g = torch.Generator().manual_seed(7)
    return [(torch.randn(4, 10, generator=g), torch.randint(0, 3, (4,), generator=g)) for _ in range(n)]


class EpochStepper:
    def __init__(self, model, data):
        self.model = model
        self.data = data
        self.opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
        self.sched = torch.optim.lr_scheduler.StepLR(self.opt, step_size=1, gamma=0.7)
        self.epoch = 0
        self.pending = None

    def __iter__(self):
        self.pending = iter(self.data)
        return self

    def __next__(self):
        if self.pending is None:
            if self.epoch == EPOCHS:
                raise StopIteration
            self.start_epoch()
            self.pending = iter(self.data)
        try:
            inputs, targets = next(self.pending)
        except StopIteration:
            self.end_epoch()
            self.pending = None
            self.epoch += 1
            return self.__next__()
        return self.update(inputs, targets)

    def start_epoch(self):
        self.sched.step()

    def end_epoch(self):
        pass

    def update(self, inputs, targets):
        self.opt.zero_grad()
        loss = nn.functional.cross_entropy(self.model(inputs), targets)
        loss.backward()
        self.opt.step()
        return loss.item()


def train():
    torch.manual_seed(0)
    model = nn.Linear(10, 3)
    history = []
    for loss in EpochStepper(model, batches()):
        history.append(loss)
    return model, history
