import torch.nn.functional as F


class Runner:
    def __init__(self, net, opt, plugins=()):
        self.net = net
        self.opt = opt
        self.plugins = tuple(plugins)

    def run(self, batches, epochs):
        step = 0
        while step < epochs * len(batches):
            inputs, targets = batches[step % len(batches)]
            self.opt.zero_grad()
            loss = F.cross_entropy(self.net(inputs), targets)
            loss.backward()
            for plugin in self.plugins:
                plugin.after_batch(self)
            step += 1
