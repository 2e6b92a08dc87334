import torch
import torch.nn as nn


class Runner:
    def __init__(self, net, pairs, window=4, half=False):
        self.net = net
        self.pairs = pairs
        self.window = window
        self.half = half
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.01)
        self.scaler = torch.amp.GradScaler("cuda", enabled=half)

    def run(self):
        for step, (feats, labels) in enumerate(self.pairs):
            if self.half:
                with torch.autocast("cuda"):
                    loss = nn.functional.cross_entropy(self.net(feats), labels)
                loss = loss / self.window
                self.scaler.scale(loss).backward()
            else:
                loss = nn.functional.cross_entropy(self.net(feats), labels)
                loss = loss / self.window
                loss.backward()
            print(loss.item())
            if (step + 1) % self.window == 0 or step + 1 == len(self.pairs):
                if self.half:
                    self.scaler.step(self.sgd)
                    self.scaler.update()
                else:
                    self.sgd.step()
                self.sgd.zero_grad()
