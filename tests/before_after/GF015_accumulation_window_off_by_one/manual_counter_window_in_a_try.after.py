import torch


class Loop:
    def __init__(self, net, opt, accum=4):
        self.net, self.opt, self.accum = net, opt, accum

    def epoch(self, loader):
        micro = 0
        for batch in loader:
            try:
                loss = self.net(batch).mean() / self.accum
                loss.backward()
                if (micro + 1) % self.accum == 0:
                    self.opt.step()
                    self.opt.zero_grad()
            except RuntimeError:
                continue
            finally:
                pass
            micro += 1
