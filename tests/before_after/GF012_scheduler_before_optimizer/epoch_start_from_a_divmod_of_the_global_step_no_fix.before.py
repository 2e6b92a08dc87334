import torch


class Runner:
    def __init__(self, model, data, epochs):
        self.model = model
        self.data = data
        self.epochs = epochs
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        self.sched = torch.optim.lr_scheduler.MultiStepLR(self.opt, milestones=[3, 6], gamma=0.1)

    def run(self):
        per_epoch = len(self.data)
        for global_step in range(self.epochs * per_epoch):
            epoch, batch_idx = divmod(global_step, per_epoch)
            if batch_idx == 0:
                self.sched.step()
            x, y = self.data[batch_idx]
            self.opt.zero_grad()
            torch.nn.functional.mse_loss(self.model(x), y).backward()
            self.opt.step()
