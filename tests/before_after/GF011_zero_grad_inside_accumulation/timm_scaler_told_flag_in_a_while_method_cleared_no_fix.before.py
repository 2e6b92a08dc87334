# The same bug in a trainer method with a `while` loop: the flag handed as `need_update=` is
# the window's test (or the last batch), and `self.opt.zero_grad(set_to_none=True)` still runs on
# every micro-batch before the scaler's call. Reported without a fix.
import torch
from timm.utils import NativeScaler


class Trainer:
    def __init__(self, net, lr, update_freq):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)
        self.scaler = NativeScaler()
        self.update_freq = update_freq

    def run_epoch(self, batches):
        step = 0
        while step < len(batches):
            inputs, targets = batches[step]
            self.opt.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.mse_loss(self.net(inputs), targets) / self.update_freq
            update = (step + 1) % self.update_freq == 0 or step + 1 == len(batches)
            self.scaler(loss, self.opt, clip_grad=1.0, parameters=self.net.parameters(), need_update=update)
            step += 1
