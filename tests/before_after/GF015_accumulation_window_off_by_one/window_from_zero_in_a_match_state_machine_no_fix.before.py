import torch
import torch.nn.functional as F


def train(net, loader, epochs, accum=4):
    """A `match` state machine whose last arm is `case _:`; the window tests the enumerate
    index from 0: its first window steps after one micro-batch."""
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    where = "head"
    epoch = 0
    pairs = None
    j = 0
    while where != "end":
        match where:
            case "head":
                opt.zero_grad()
                pairs = enumerate(loader)
                where = "body"
            case "body":
                pair = next(pairs, None)
                if pair is None:
                    where = "tail"
                    continue
                j, (x, y) = pair
                (F.mse_loss(net(x), y) / accum).backward()
                if j % accum == 0:
                    opt.step()
                    opt.zero_grad()
            case _:
                if j % accum != 0:
                    opt.step()
                    opt.zero_grad()
                epoch += 1
                where = "head" if epoch < epochs else "end"
