import torch
import torch.nn.functional as F


class Runner:
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
                if k == 0:
                    self.optim.zero_grad()
                F.cross_entropy(self.net(inputs), labels).backward()
                self.optim.step()
            elif self.mode == "wrap":
                done += 1
                self.mode = "load" if done < self.rounds else "stop"
