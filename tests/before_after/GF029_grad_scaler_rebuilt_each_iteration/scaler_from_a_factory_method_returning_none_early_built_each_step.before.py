import torch
from torch.amp import GradScaler


class Runner:
    def __init__(self, net, opt, fp16=True):
        self.net = net
        self.opt = opt
        self.fp16 = fp16

    def _new_scaler(self):
        if not self.fp16:
            return None
        return GradScaler("cuda", init_scale=2.0**14)

    def run(self, batches, max_steps):
        step = 0
        while step < max_steps:
            self.scaler = self._new_scaler()
            x, y = batches[step % len(batches)]
            self.opt.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.float16, enabled=self.fp16):
                loss = torch.nn.functional.l1_loss(self.net(x), y)
            if self.scaler is not None:
                self.scaler.scale(loss).backward()
                self.scaler.step(self.opt)
                self.scaler.update()
            else:
                loss.backward()
                self.opt.step()
            step += 1
