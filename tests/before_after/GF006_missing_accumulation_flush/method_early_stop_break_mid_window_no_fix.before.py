import torch


class Runner:
    def __init__(self, net, accum):
        self.net = net
        self.accum = accum
        self.opt = torch.optim.Adam(net.parameters())

    def run_epoch(self, loader, stopper):
        for i, (x, y) in enumerate(loader):
            loss = torch.nn.functional.cross_entropy(self.net(x), y)
            (loss / self.accum).backward()
            if (i + 1) % self.accum == 0:
                self.opt.step()
                self.opt.zero_grad()
            if stopper.should_stop(loss.item()):
                break
