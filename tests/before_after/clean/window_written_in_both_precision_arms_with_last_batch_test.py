import torch
import torch.nn as nn


class Learner:
    def __init__(self, net, half=False):
        self.net = net
        self.half = half
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.scaler = torch.amp.GradScaler("cuda", enabled=half)

    def one_pass(self, batches, every=3):
        self.net.train()
        for k, (inputs, targets) in enumerate(batches):
            if self.half:
                with torch.autocast("cuda"):
                    loss = nn.functional.l1_loss(self.net(inputs), targets) / every
                self.scaler.scale(loss).backward()
                if (k + 1) % every == 0 or k + 1 == len(batches):
                    self.scaler.step(self.adam)
                    self.scaler.update()
                    self.adam.zero_grad()
            else:
                loss = nn.functional.l1_loss(self.net(inputs), targets) / every
                loss.backward()
                if (k + 1) % every == 0 or k + 1 == len(batches):
                    self.adam.step()
                    self.adam.zero_grad()
