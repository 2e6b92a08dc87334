# Autocasts entered on an `ExitStack`: float16 with a GradScaler scaling the loss (`Regressor`),
# and bfloat16 with no scaler (`train_bf16`): both correct.
import contextlib

import torch


class Regressor:
    def __init__(self, net, lr=1e-3):
        self.net = net.cuda()
        self.optim = torch.optim.Adam(self.net.parameters(), lr=lr)
        self.scaler = torch.amp.GradScaler("cuda")

    def train_steps(self, stream, limit):
        done = 0
        while done < limit:
            inputs, targets = next(stream)
            with contextlib.ExitStack() as contexts:
                contexts.enter_context(torch.autocast(device_type="cuda", dtype=torch.float16))
                error = torch.nn.functional.l1_loss(self.net(inputs.cuda()), targets.cuda())
            self.optim.zero_grad(set_to_none=True)
            self.scaler.scale(error).backward()
            self.scaler.step(self.optim)
            self.scaler.update()
            done += 1


def train_bf16(net, loader):
    optim = torch.optim.SGD(net.parameters(), lr=0.01)
    for inputs, targets in loader:
        with contextlib.ExitStack() as contexts:
            contexts.enter_context(torch.autocast(device_type="cuda", dtype=torch.bfloat16))
            error = torch.nn.functional.l1_loss(net(inputs), targets)
        optim.zero_grad()
        error.backward()
        optim.step()
