import torch
from accelerate import Accelerator
from accelerate.utils import GradientAccumulationPlugin

ga_plugin = GradientAccumulationPlugin(num_steps=4, sync_with_dataloader=False)
acc = Accelerator(gradient_accumulation_plugin=ga_plugin)


class Runner:
    def __init__(self, net, batches):
        self.net, self.opt = acc.prepare(net, torch.optim.AdamW(net.parameters(), lr=1e-3))
        self.batches = batches

    def run(self):
        it = iter(self.batches)
        while True:
            try:
                inputs, targets = next(it)
            except StopIteration:
                break
            with acc.accumulate(self.net):
                loss = torch.nn.functional.cross_entropy(self.net(inputs), targets)
                loss /= ga_plugin.num_steps
                acc.backward(loss)
                self.opt.step()
                self.opt.zero_grad()
