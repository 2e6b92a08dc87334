import torch
import torch.nn.functional as F


class Runner:
    # the state set in `__init__` only, cleared on every batch
    def __init__(self, net, data, rounds):
        self.net = net
        self.data = data
        self.rounds = rounds
        self.optim = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.mode = "load"

    def train(self):
        done = 0
        stream = None
        while self.mode != "stop":
            if self.mode == "load":
                stream = enumerate(self.data)
                self.mode = "fit"
            elif self.mode == "fit":
                nxt = next(stream, None)
                if nxt is None:
                    self.mode = "wrap"
                    continue
                k, (inputs, labels) = nxt
                self.optim.zero_grad()
                F.cross_entropy(self.net(inputs), labels).backward()
                self.optim.step()
            elif self.mode == "wrap":
                done += 1
                self.mode = "load" if done < self.rounds else "stop"


def fit(model, batches, epochs, accum=4):
    # one epoch per machine run, its window tail flushed where the data ran out
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        step = "prime"
        while True:
            if step == "prime":
                opt.zero_grad()
                source = enumerate(batches)
                step = "work"
            elif step == "work":
                try:
                    n, (x, y) = next(source)
                except StopIteration:
                    if (n + 1) % accum != 0:
                        opt.step()
                        opt.zero_grad()
                    break
                loss = torch.nn.functional.mse_loss(model(x), y) / accum
                loss.backward()
                if (n + 1) % accum == 0:
                    opt.step()
                    opt.zero_grad()


def train(net, loader, epochs, every=2):
    # cleared after each window's step, the tail stepped after the machine
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        phase = "start"
        count = 0
        opt.zero_grad()
        while True:
            if phase == "start":
                it = iter(loader)
                phase = "feed"
            elif phase == "feed":
                batch = next(it, None)
                if batch is None:
                    break
                x, y = batch
                loss = torch.nn.functional.cross_entropy(net(x), y) / every
                loss.backward()
                count += 1
                if count % every == 0:
                    opt.step()
                    opt.zero_grad()
        if count % every:
            opt.step()
            opt.zero_grad()
