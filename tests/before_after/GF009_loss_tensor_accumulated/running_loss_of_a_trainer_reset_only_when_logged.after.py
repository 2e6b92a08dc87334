import torch


class Trainer:
    def __init__(self, net, every=50):
        self.net = net
        self.every = every
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def run(self, stream, max_steps):
        step = 0
        while step < max_steps:
            if step % self.every == 0:
                running = 0
            inputs, targets = next(stream)
            self.opt.zero_grad()
            err = torch.nn.functional.mse_loss(self.net(inputs), targets)
            err.backward()
            self.opt.step()
            running = running + err.detach()
            step += 1
            if step % self.every == 0:
                print(step, running.item() / self.every)
