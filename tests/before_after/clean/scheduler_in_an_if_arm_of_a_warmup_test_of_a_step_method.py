import torch


class Runner:
    """`step_once` binds the update count anew at each call: its `if` arm steps the schedule
    only once the warm-up's updates have run, each time after an earlier optimizer step."""

    def __init__(self, net, batches, warm, horizon):
        self.net, self.batches, self.warm, self.horizon = net, batches, warm, horizon
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
        self.decay = torch.optim.lr_scheduler.StepLR(self.opt, step_size=10, gamma=0.5)
        self.updates = 0

    def step_once(self, inputs, targets):
        done = self.updates
        if done < self.warm:
            for group in self.opt.param_groups:
                group["lr"] = 0.1 * (done + 1) / self.warm
        if done >= self.warm:
            self.decay.step()
        self.opt.zero_grad(set_to_none=True)
        torch.nn.functional.smooth_l1_loss(self.net(inputs), targets).backward()
        self.opt.step()
        self.updates += 1

    def run(self):
        for inputs, targets in self.batches:
            if self.updates >= self.horizon:
                break
            self.step_once(inputs, targets)
