import enum

import torch.nn.functional as F

ACCUM = 4


class Stage(enum.Enum):
    WARM = "warm"
    RUN = "run"
    CLOSE = "close"
    STOP = "stop"


class Loop:
    def __init__(self, net, opt, loader, epochs):
        self.net, self.opt, self.loader, self.epochs = net, opt, loader, epochs

    def fit(self):
        stage = Stage.WARM
        epoch = 0
        while True:
            if stage == Stage.WARM:
                it = enumerate(self.loader)
                stage = Stage.RUN
                step = -1  # the flush after the loop reads it, also when the loop runs no batch
            elif stage == Stage.RUN:
                item = next(it, None)
                if item is None:
                    stage = Stage.CLOSE
                    continue
                step, (xb, yb) = item
                (F.mse_loss(self.net(xb), yb) / ACCUM).backward()
                if (step + 1) % ACCUM == 0:
                    self.opt.step()
                    self.opt.zero_grad(set_to_none=True)
            elif stage == Stage.CLOSE:
                # the last micro-batches did not fill a whole window: step on them too
                if (step + 1) % ACCUM != 0:
                    self.opt.step()
                    self.opt.zero_grad(set_to_none=True)
                epoch += 1
                stage = Stage.WARM if epoch < self.epochs else Stage.STOP
            elif stage is Stage.STOP:
                break
