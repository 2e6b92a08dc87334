# The float16 autocast is entered on an `ExitStack` (imported by name) rather than in a `with` of
# its own, in a method's `while` loop; no GradScaler scales the loss.
from contextlib import ExitStack

import torch


class Regressor:
    def __init__(self, net, lr=1e-3):
        self.net = net.cuda()
        self.optim = torch.optim.Adam(self.net.parameters(), lr=lr)

    def train_steps(self, stream, limit):
        done = 0
        while done < limit:
            inputs, targets = next(stream)
            with ExitStack() as contexts:
                contexts.enter_context(torch.autocast(device_type="cuda", dtype=torch.float16))
                error = torch.nn.functional.l1_loss(self.net(inputs.cuda()), targets.cuda())
            self.optim.zero_grad(set_to_none=True)
            error.backward()
            self.optim.step()
            done += 1
