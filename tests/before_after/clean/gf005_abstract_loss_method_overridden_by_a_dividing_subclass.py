# The base class's loop backpropagates `self.window_loss(...)`, a `raise NotImplementedError`
# stub; the one subclass's override already divides by the window's size. Dividing at the
# backward would divide twice.
import torch
import torch.nn.functional as F


class AccumulatingTrainer:
    micro_batches = 4

    def __init__(self, net, optimizer):
        self.net, self.optimizer = net, optimizer

    def window_loss(self, batch):
        raise NotImplementedError

    def epoch(self, batches):
        self.optimizer.zero_grad()
        for n, batch in enumerate(batches, start=1):
            self.window_loss(batch).backward()
            if n % self.micro_batches == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
        if n % self.micro_batches != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()


class ImageTrainer(AccumulatingTrainer):
    def window_loss(self, batch):
        images, labels = batch
        return F.cross_entropy(self.net(images), labels) / self.micro_batches


net = torch.nn.Linear(12, 5)
trainer = ImageTrainer(net, torch.optim.SGD(net.parameters(), lr=0.1))
trainer.epoch([(torch.randn(4, 12), torch.randint(0, 5, (4,))) for _ in range(10)])
