import torch


class Learner:
    def __init__(self, net, cfg):
        self.net = net
        self.cfg = cfg
        self.opt = torch.optim.SGD(net.parameters(), lr=cfg.lr)
        self.ring = self.cfg.micro_batches * [None]

    def remember(self, sample):
        self.ring.append(sample)

    def update(self, sample, slot):
        inputs, targets = sample
        loss = torch.nn.functional.cross_entropy(self.net(inputs), targets) / self.cfg.micro_batches
        loss.backward()
        if (slot + 1) % self.cfg.micro_batches == 0:
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)

    def run(self, rounds):
        for _ in range(rounds):
            for slot, kept in enumerate(self.ring):
                self.update(kept, slot)
