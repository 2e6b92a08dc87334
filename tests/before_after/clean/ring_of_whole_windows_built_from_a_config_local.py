import random

import torch


class Learner:
    def __init__(self, net, cfg):
        self.net = net
        self.cfg = cfg
        self.opt = torch.optim.SGD(net.parameters(), lr=cfg.lr)
        self.ring = self.cfg.micro_batches * [None]

    def update(self, sample, slot):
        inputs, targets = sample
        out = self.net(inputs)
        loss = torch.nn.functional.cross_entropy(out, targets) / self.cfg.micro_batches
        loss.backward()
        if (slot + 1) % self.cfg.micro_batches == 0:
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)
        return loss.item()

    def run(self, stream, rounds):
        for t, sample in enumerate(stream):
            self.ring[t % len(self.ring)] = sample
            if (t + 1) % len(self.ring) != 0:
                continue
            for _ in range(rounds):
                random.shuffle(self.ring)
                for slot, kept in enumerate(self.ring):
                    last = self.update(kept, slot)
            print(last)
