import enum

import torch.nn.functional as F

ACCUM = 4


class Phase(enum.Enum):
    START = enum.auto()
    BATCH = enum.auto()
    FINISH = enum.auto()
    DONE = enum.auto()


def train(net, opt, loader, epochs):
    phase, epoch = Phase.START, 0
    while phase is not Phase.DONE:
        if phase is Phase.START:
            batches = enumerate(loader)
            step = -1
            phase = Phase.BATCH
        elif phase is Phase.BATCH:
            item = next(batches, None)
            if item is None:
                phase = Phase.FINISH
                continue
            step, (xb, yb) = item
            (F.mse_loss(net(xb), yb) / ACCUM).backward()
            if (step + 1) % ACCUM == 0:
                opt.step()
                opt.zero_grad(set_to_none=True)
        elif phase is Phase.FINISH:
            if (step + 1) % ACCUM != 0:
                opt.step()
                opt.zero_grad(set_to_none=True)
            epoch += 1
            phase = Phase.START if epoch < epochs else Phase.DONE


def train_window_or_last(net, opt, loader, epochs):
    phase, epoch = Phase.START, 0
    while phase is not Phase.DONE:
        if phase is Phase.START:
            batches = enumerate(loader)
            phase = Phase.BATCH
        elif phase is Phase.BATCH:
            item = next(batches, None)
            if item is None:
                phase = Phase.FINISH
                continue
            step, (xb, yb) = item
            (F.mse_loss(net(xb), yb) / ACCUM).backward()
            if (step + 1) % ACCUM == 0 or step + 1 == len(loader):
                opt.step()
                opt.zero_grad(set_to_none=True)
        elif phase is Phase.FINISH:
            epoch += 1
            phase = Phase.START if epoch < epochs else Phase.DONE


def train_compared_by_equality(net, opt, loader, epochs):
    phase = Phase.START
    epoch = 0
    while phase != Phase.DONE:
        if phase == Phase.START:
            batches = enumerate(loader)
            step = -1
            phase = Phase.BATCH
        elif phase == Phase.BATCH:
            item = next(batches, None)
            if item is None:
                phase = Phase.FINISH
                continue
            step, (xb, yb) = item
            (F.mse_loss(net(xb), yb) / ACCUM).backward()
            if (step + 1) % ACCUM == 0:
                opt.step()
                opt.zero_grad(set_to_none=True)
        elif phase == Phase.FINISH:
            if (step + 1) % ACCUM != 0:
                opt.step()
                opt.zero_grad(set_to_none=True)
            epoch += 1
            phase = Phase.START if epoch < epochs else Phase.DONE
