import torch

HANDLERS = {}


def handler(name):
    def add(fn):
        HANDLERS[name] = fn
        return fn

    return add


@handler("mse")
def mse_batch(job, x, y):
    job.opt.zero_grad()
    torch.nn.functional.mse_loss(job.net(x), y).backward()
    job.opt.step()


class Job:
    def __init__(self, net, batches, holdout):
        self.net = net
        self.batches = batches
        self.holdout = holdout
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def run(self, epochs):
        self.net.train()
        epoch = 0
        while epoch < epochs:
            for x, y in self.batches:
                HANDLERS["mse"](self, x, y)
            self.net.train(False)
            with torch.no_grad():
                score = sum(float(torch.nn.functional.mse_loss(self.net(a), b)) for a, b in self.holdout)
            print(epoch, score)
            epoch += 1
