import torch


class Finetuner:
    def __init__(self, net, samples, accum_steps=4):
        self.net = net
        self.samples = samples
        self.accum_steps = accum_steps
        self.opt = torch.optim.AdamW(net.parameters(), lr=1e-4)

    def run(self, samples):
        for k in range(len(samples)):
            inputs, targets = samples[k]
            if not torch.isfinite(inputs).all():
                continue
            self.opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(self.net(inputs), targets)
            (loss / self.accum_steps).backward()
            if (k + 1) % self.accum_steps == 0:
                self.opt.step()
