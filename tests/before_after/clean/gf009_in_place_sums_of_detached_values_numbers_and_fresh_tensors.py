import torch
import torch.nn.functional as F


class Fitter:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt
        self.total = torch.zeros(())
        self.smooth = torch.zeros(())

    def run_epoch(self, batches, lr_probe):
        steps = torch.zeros(())
        for inputs, targets in batches:
            self.opt.zero_grad()
            err = F.l1_loss(self.net(inputs), targets)
            err.backward()
            self.opt.step()
            self.total.add_(err.detach())
            self.smooth.mul_(0.9).add_(err.detach(), alpha=0.1)
            steps.add_(1)
            with torch.no_grad():
                self.total.sub_(err * 0.0)
            fresh = torch.zeros(())
            fresh.add_(err)
            print(fresh.item())
        return self.total.item() / steps.item()


def sgd_by_hand(model, batches, lr):
    for x, y in batches:
        loss = F.mse_loss(model(x), y)
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p.add_(p.grad, alpha=-lr)
        total = torch.add(torch.zeros(()), loss.item())
        print(total)
