# `PRECISION = "bf16"` is bound once at the top; the conditional compares it with "fp16", which is
# False: autocast runs in bfloat16 (float32's range), which needs no scaler. The same for a flag
# bound once to False, and for an autocast context stored on `self` in bfloat16.
import torch
import torch.nn.functional as F

PRECISION = "bf16"
USE_FP16 = False
amp_dtype = torch.float16 if PRECISION == "fp16" else torch.bfloat16


class Runner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.01)
        self.ctx = torch.autocast("cuda", dtype=torch.float16 if USE_FP16 else torch.bfloat16)

    def run(self, batches):
        for x, y in batches:
            self.opt.zero_grad()
            with self.ctx:
                loss = F.cross_entropy(self.net(x), y)
            loss.backward()
            self.opt.step()


net = torch.nn.Linear(32, 4).cuda()
opt = torch.optim.SGD(net.parameters(), lr=0.01)
for x, y in batches:
    opt.zero_grad()
    with torch.autocast(device_type="cuda", dtype=amp_dtype):
        loss = F.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
