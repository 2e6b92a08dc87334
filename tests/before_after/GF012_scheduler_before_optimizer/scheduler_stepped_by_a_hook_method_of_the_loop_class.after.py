# The scheduler is stepped by a method of the loop's class whose body is that step alone,
# called on `self` before the optimizer's step: the call moves after it, as the step would.
import torch
import torch.nn.functional as F


class Fitter:
    def __init__(self, net):
        self.net = net
        self.optim = torch.optim.SGD(net.parameters(), lr=0.05)
        self.lr_sched = torch.optim.lr_scheduler.StepLR(self.optim, step_size=3, gamma=0.5)

    def on_before_update(self):
        """Advance the learning-rate schedule."""
        self.lr_sched.step()

    def fit(self, batches, epochs):
        for epoch in range(epochs):
            n = 0
            while n < len(batches):
                x, y = batches[n]
                self.optim.zero_grad(set_to_none=True)
                F.mse_loss(self.net(x), y).backward()
                self.optim.step()
                self.on_before_update()
                n += 1
