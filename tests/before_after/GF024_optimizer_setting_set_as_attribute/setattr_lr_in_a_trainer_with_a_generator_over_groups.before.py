import torch


class Trainer:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=3e-4)

    def current_lr(self):
        return max(g["lr"] for g in self.opt.param_groups)

    def fit(self, batches, epochs):
        for epoch in range(epochs):
            for x in batches:
                self.opt.zero_grad()
                self.net(x).sum().backward()
                self.opt.step()
            setattr(self.opt, "lr", 3e-4 * 0.5 ** (epoch + 1))
            print(self.current_lr())
