"""The same leak written otherwise: a trainer's `run` method counts its optimizer steps in a
local `done` in a `while` loop; its nested `one_step` switches the network back to train mode only when
`done == 0` and backpropagates through `accelerator.backward(loss)`; the periodic validation
on the main process switches the network to eval and leaves it there."""

import torch
from accelerate import Accelerator
from torch import nn


class Trainer:
    def __init__(self, net, optimizer, data, total_steps, validate_every, eval_dropout=False):
        self.accelerator = Accelerator()
        self.net, self.optimizer, self.data = self.accelerator.prepare(net, optimizer, data)
        self.total_steps = total_steps
        self.validate_every = validate_every
        self.eval_dropout = eval_dropout

    def run(self):
        net, accelerator = self.net, self.accelerator
        done = 0

        def one_step(inputs, targets):
            if done == 0:
                net.train()
            if self.eval_dropout:
                net.eval()
            return nn.functional.cross_entropy(net(inputs), targets)

        batches = iter(self.data)
        while done < self.total_steps:
            inputs, targets = next(batches)
            with accelerator.accumulate(net):
                loss = one_step(inputs, targets)
                accelerator.backward(loss)
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
            if accelerator.sync_gradients:
                done += 1
                if done % self.validate_every == 0 and accelerator.is_main_process:
                    net.eval()
                    with torch.no_grad():
                        accuracy = (net(inputs).argmax(-1) == targets).float().mean()
                    accelerator.print(f"step {done}: accuracy {accuracy:.3f}")
