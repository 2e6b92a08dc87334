import torch


class Loop:
    def __init__(self, model, loader, passes):
        self.model = model
        self.loader = loader
        self.passes = passes
        self.opt = torch.optim.SGD(model.parameters(), lr=0.05)
        horizon = self.passes
        self.lr_plan = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=horizon)

    def fit(self):
        done = 0
        while done < self.passes:
            for features, labels in self.loader:
                self.opt.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.model(features), labels).backward()
                self.opt.step()
            self.lr_plan.step()
            done += 1


def train(net, batches, n_steps):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, n_steps)
    step = 0
    while step < n_steps:
        for x, y in batches:
            optimizer.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(net(x), y)
            loss.backward()
            optimizer.step()
            schedule.step()
            step += 1
            if step >= n_steps:
                break
