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
