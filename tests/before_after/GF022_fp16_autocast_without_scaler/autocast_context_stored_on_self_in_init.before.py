# A trainer stores a CUDA float16 autocast context on `self` in `__init__` and trains under
# `with self.fp16:` in another method; no scaler anywhere: small gradients underflow. Reported
# without a fix (the context is built away from the loop).
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, net, lr):
        self.net = net
        self.opt = torch.optim.AdamW(net.parameters(), lr=lr)
        self.fp16 = torch.autocast(device_type="cuda", dtype=torch.float16)

    def epoch(self, batches):
        for x, y in batches:
            self.opt.zero_grad(set_to_none=True)
            with self.fp16:
                loss = F.mse_loss(self.net(x), y)
            loss.backward()
            self.opt.step()
