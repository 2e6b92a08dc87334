import torch


class GeneratorTrainer:
    def __init__(self, net, every):
        self.net = net
        self.every = every
        self.gen_opt = torch.optim.Adam(net.parameters(), lr=1e-4)

    def fit(self, batches):
        for n, (noise, target) in enumerate(batches, 1):
            if not n % self.every:
                self.gen_opt.zero_grad()
            out = self.net(noise)
            torch.nn.functional.mse_loss(out, target).backward()
            self.gen_opt.step()
