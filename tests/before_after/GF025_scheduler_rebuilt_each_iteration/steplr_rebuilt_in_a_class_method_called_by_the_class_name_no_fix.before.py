import torch
import torch.nn.functional as F


class Schedule:
    """`advance` builds a new StepLR on `cls` on every call; the loop calls it by the class's
    name once per batch, so the learning rate never decays."""

    net = None
    optim = None
    lr_plan = None

    @classmethod
    def start(cls, net):
        cls.net = net
        cls.optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    @classmethod
    def advance(cls, x, y):
        cls.lr_plan = torch.optim.lr_scheduler.StepLR(cls.optim, step_size=5, gamma=0.5)
        loss = F.mse_loss(cls.net(x), y)
        cls.optim.zero_grad()
        loss.backward()
        cls.optim.step()
        cls.lr_plan.step()
        return loss.item()


def fit(net, batches, rounds):
    Schedule.start(net)
    done = 0
    while done < rounds:
        for x, y in batches:
            Schedule.advance(x, y)
        done += 1
