import torch
from functools import partial


def mixed_precision_step(net, opt, inputs, labels):
    grad_scaler = torch.cuda.amp.GradScaler()
    opt.zero_grad(set_to_none=True)
    with torch.autocast("cuda"):
        loss = torch.nn.functional.cross_entropy(net(inputs), labels)
    grad_scaler.scale(loss).backward()
    grad_scaler.step(opt)
    grad_scaler.update()
    return loss


class Runner:
    def __init__(self, net):
        self.net = net

    def run(self, stream, steps):
        update = partial(mixed_precision_step, self.net, opt=torch.optim.AdamW(self.net.parameters(), lr=3e-4))
        done = 0
        while done < steps:
            inputs, labels = next(stream)
            update(inputs, labels)
            done += 1
