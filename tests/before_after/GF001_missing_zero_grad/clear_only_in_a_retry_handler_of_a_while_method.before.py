import torch
import torch.nn.functional as F


class Runner:
    def __init__(self, net, loader):
        self.net = net
        self.loader = loader
        self.optim = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

    def run(self, steps):
        done = 0
        stream = iter(self.loader)
        while done < steps:
            batch = next(stream)
            done += 1
            try:
                F.cross_entropy(self.net(batch["x"]), batch["y"]).backward()
            except torch.cuda.OutOfMemoryError:
                self.optim.zero_grad()
                torch.cuda.empty_cache()
                continue
            self.optim.step()
