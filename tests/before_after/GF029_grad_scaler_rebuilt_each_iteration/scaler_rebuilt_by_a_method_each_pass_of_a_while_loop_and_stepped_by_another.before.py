import torch


class Learner:
    def __init__(self, net, opt, data):
        self.net = net
        self.opt = opt
        self.data = data

    def begin_epoch(self):
        self.net.train()
        self.scaler = torch.amp.GradScaler("cuda", init_scale=2.0**10)

    def train_batch(self, x, y):
        self.opt.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.mse_loss(self.net(x), y)
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)
        self.scaler.update()
        return loss.item()

    def fit(self, epochs):
        epoch = 0
        while epoch < epochs:
            self.begin_epoch()
            for x, y in self.data:
                self.train_batch(x, y)
            epoch += 1
