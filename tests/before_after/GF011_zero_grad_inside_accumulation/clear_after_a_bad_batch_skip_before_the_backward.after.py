import torch
import torch.nn.functional as F


class Runner:
    def __init__(self, net, micro_batches=4):
        self.net = net
        self.micro_batches = micro_batches
        self.opt = torch.optim.AdamW(net.parameters(), lr=3e-4)

    def epoch(self, batches):
        for k, (inputs, targets) in enumerate(batches):
            if not torch.isfinite(inputs).all():
                continue
            loss = F.cross_entropy(self.net(inputs), targets)
            (loss / self.micro_batches).backward()
            if (k + 1) % self.micro_batches == 0 or k + 1 == len(batches):
                self.opt.step()
                self.opt.zero_grad()
