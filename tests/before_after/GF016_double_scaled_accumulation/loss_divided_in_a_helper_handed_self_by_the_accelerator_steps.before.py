import torch
from accelerate import Accelerator

STEPS_PER_UPDATE = 8


def micro_step(runner, inputs, labels):
    with runner.acc.accumulate(runner.net):
        out = runner.net(inputs)
        loss = torch.nn.functional.mse_loss(out, labels)
        runner.acc.backward(loss / STEPS_PER_UPDATE)
        runner.opt.step()
        runner.opt.zero_grad()


class Runner:
    def __init__(self, net, data):
        self.acc = Accelerator(gradient_accumulation_steps=STEPS_PER_UPDATE)
        self.net, self.opt, self.data = self.acc.prepare(net, torch.optim.SGD(net.parameters(), lr=0.01), data)

    def run(self, epochs):
        epoch = 0
        while epoch < epochs:
            for inputs, labels in self.data:
                micro_step(self, inputs, labels)
            epoch += 1
