import torch


class DensityFitter:
    def __init__(self, flow, opt):
        self.flow = flow
        self.opt = opt
        self.log_liks = []

    def fit(self, batches, steps):
        step = 0
        while step < steps:
            x = next(batches)
            log_lik = self.flow.log_prob(x).mean()
            nll = -log_lik
            self.opt.zero_grad()
            nll.backward()
            torch.nn.utils.clip_grad_norm_(self.flow.parameters(), 5.0)
            self.opt.step()
            self.log_liks.append(log_lik)
            step += 1
