import torch
from accelerate import Accelerator


class Runner:
    def __init__(self, net, data, steps):
        self.accelerator = Accelerator(gradient_accumulation_steps=steps)
        self.opt = torch.optim.SGD(net.parameters(), lr=0.01)
        self.net, self.opt, self.data = self.accelerator.prepare(net, self.opt, data)

    def train(self):
        step = 0
        while step < 1000:
            for x, y in self.data:
                with self.accelerator.accumulate(self.net):
                    loss = torch.nn.functional.cross_entropy(self.net(x), y)
                    self.accelerator.backward(loss)
                    self.opt.step()
                    self.opt.zero_grad()
                    if step % 100 == 0:
                        self.opt.zero_grad()
                step += 1
