import torch


class Runner:
    def __init__(self, net, opt, loss_fn, accum):
        self.net, self.opt, self.loss_fn, self.accum = net, opt, loss_fn, accum

    def epoch(self, batches):
        step = 0
        while step < len(batches):
            xb, yb = batches[step]
            # a note about the inputs

            loss = self.loss_fn(self.net(xb), yb) / self.accum
            loss.backward()
            if (step + 1) % self.accum == 0:
                self.opt.step()
                # clear the gradients
                self.opt.zero_grad()
            step += 1
        if step % self.accum != 0:
            self.opt.step()
            self.opt.zero_grad()
