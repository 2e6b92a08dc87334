import torch


def alternate(net, opt, batches):
    step = 0
    while step < len(batches):
        xb, yb, kind = batches[step]
        step += 1
        loss = torch.nn.functional.mse_loss(net(xb), yb)
        loss.backward()
        if kind == "aux":
            opt.zero_grad(set_to_none=True)
        opt.step()


class Runner:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.1)

    def run(self, loader, epoch):
        for i, (xb, yb) in enumerate(loader):
            self.optimizer.zero_grad(set_to_none=True)
            self.net(xb).sub(yb).pow(2).mean().backward()
            if epoch > 3:
                pass
            else:
                self.optimizer.zero_grad(set_to_none=True)
            self.optimizer.step()

