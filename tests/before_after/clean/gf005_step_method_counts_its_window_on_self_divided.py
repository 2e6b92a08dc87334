# The step method counts its window on `self` and divides each micro-batch's loss by the
# window's size: the window's gradient is the mean over its micro-batches.
import torch
import torch.nn.functional as F


class Learner:
    def __init__(self, net, accumulate=4):
        self.net = net
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
        self.accumulate = accumulate
        self.seen = 0

    def learn(self, inputs, targets):
        loss = F.mse_loss(self.net(inputs), targets) / self.accumulate
        loss.backward()
        self.seen += 1
        if self.seen == self.accumulate:
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.seen = 0


learner = Learner(torch.nn.Linear(8, 1))
for inputs, targets in []:
    learner.learn(inputs, targets)
