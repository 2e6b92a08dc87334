import torch.nn.functional as F


class Trainer:
    def __init__(self, model, opt, log_every=10):
        self.model, self.opt = model, opt
        self.log_every = log_every

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for i, (x, y) in enumerate(loader):
                self.opt.zero_grad()
                loss = F.cross_entropy(self.model(x), y)
                loss.backward()
                if i % self.log_every == 0:
                    print(epoch, i, loss.item())
                self.model.zero_grad()
                self.opt.step()
