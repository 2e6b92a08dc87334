import torch
import torch.nn.functional as F


class MultiTask:
    def __init__(self, encoder, heads, lr):
        self.encoder = encoder
        self.heads = heads
        self.opt_cls = torch.optim.Adam([*encoder.parameters(), *heads["cls"].parameters()], lr=lr)
        self.opt_reg = torch.optim.Adam([*encoder.parameters(), *heads["reg"].parameters()], lr=lr)

    def step(self, task, x, y):
        opt = getattr(self, f"opt_{task}")
        opt.zero_grad(set_to_none=True)
        out = self.heads[task](self.encoder(x))
        loss = F.cross_entropy(out, y) if task == "cls" else F.mse_loss(out, y)
        loss.backward()
        opt.step()
        return loss.item()

    def fit(self, batches):
        for task, x, y in batches:
            self.step(task, x, y)


class Single:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.1)

    def train_epoch(self, loader):
        optimizer = self.optimizer
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            F.mse_loss(self.net(x), y).backward()
            optimizer.step()
