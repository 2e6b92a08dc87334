# The samples are consumed in chunks of `accum` (`range(0, len(samples), accum)`), a method
# accumulating each chunk's gradients and stepping the optimizer and the schedule once; the
# schedule's horizon counts every sample of every epoch, so it covers only 1/accum of its cycle.
import torch
import torch.nn.functional as F


class ChunkTrainer:
    def __init__(self, model, epochs=3, accum=4):
        self.model = model
        self.epochs = epochs
        self.accum = accum
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def _update(self, chunk):
        for inputs, labels in chunk:
            (F.cross_entropy(self.model(inputs), labels) / len(chunk)).backward()
        self.opt.step()
        self.schedule.step()
        self.opt.zero_grad()

    def fit(self, samples):
        self.schedule = torch.optim.lr_scheduler.OneCycleLR(self.opt, max_lr=0.5, total_steps=self.epochs * len(samples))
        for epoch in range(self.epochs):
            for start in range(0, len(samples), self.accum):
                self._update(samples[start:start + self.accum])
