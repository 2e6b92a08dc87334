import torch
from torch import nn


class Runner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def run(self, stream, limit=50):
        seen = 0
        while seen < limit:
            item = next(stream)
            seen += 1
            match item:
                case [inputs, labels]:
                    amp_scaler = torch.amp.GradScaler("cuda")
                    self.opt.zero_grad()
                    with torch.autocast("cuda", dtype=torch.float16):
                        loss = nn.functional.cross_entropy(self.net(inputs), labels)
                    amp_scaler.scale(loss).backward()
                    amp_scaler.step(self.opt)
                    amp_scaler.update()
                case None:
                    continue
                case _:
                    continue
