import torch
import torch.nn.functional as F


class Loop:
    def __init__(self, net, loader, epochs):
        self.net = net
        self.loader = loader
        self.epochs = epochs

    def run(self):
        """`while True` over states: "work" runs once per batch and builds a new StepLR each time."""
        opt = torch.optim.Adam(self.net.parameters(), lr=1e-3)
        state = "open"
        rounds = 0
        it = None
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
        while True:
            if state == "open":
                it = iter(self.loader)
                state = "work"
            elif state == "work":
                batch = next(it, None)
                if batch is None:
                    state = "close"
                    continue
                x, y = batch
                opt.zero_grad()
                F.mse_loss(self.net(x), y).backward()
                opt.step()
                sched.step()
            elif state == "close":
                rounds += 1
                if rounds == self.epochs:
                    break
                state = "open"
