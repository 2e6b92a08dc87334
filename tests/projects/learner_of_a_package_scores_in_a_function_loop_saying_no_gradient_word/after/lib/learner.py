import torch


class Learner:
    def __init__(self, network, opt, loss_fn):
        self.network = network
        self.opt = opt
        self.loss_fn = loss_fn

    def fit_one(self, batch):
        inputs, targets = batch
        self.opt.zero_grad(set_to_none=True)
        self.loss_fn(self.network(inputs), targets).backward()
        self.opt.step()

    @torch.no_grad()
    def score(self, batch):
        self.network.eval()
        inputs, targets = batch
        return (self.network(inputs).argmax(-1) == targets).float().mean().item()
