import torch
import torch.nn.functional as F


class Fitter:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt
        self.epoch_loss = torch.zeros(())

    def run_epoch(self, batches):
        self.epoch_loss.zero_()
        for inputs, targets in batches:
            self.opt.zero_grad()
            err = F.l1_loss(self.net(inputs), targets)
            err.backward()
            self.opt.step()
            self.epoch_loss.add_(err)  # summed for the log line
        return self.epoch_loss.item() / len(batches)
