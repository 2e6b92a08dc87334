import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, cfg):
        self.net = net
        self.cfg = cfg
        self.opt = torch.optim.AdamW(net.parameters(), lr=cfg.lr)

    def run(self, batches):
        step = 0
        while step < len(batches):
            xb, yb = batches[step]
            out = F.mse_loss(self.net(xb), yb)
            if self.cfg.grad_accum_steps >= 2:
                out.backward()
                if (step + 1) % self.cfg.grad_accum_steps == 0:
                    self.opt.step()
                    self.opt.zero_grad(set_to_none=True)
            step += 1
