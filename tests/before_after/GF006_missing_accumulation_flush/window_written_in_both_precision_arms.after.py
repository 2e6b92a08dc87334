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
        k = -1  # the flush after the loop reads it, also when the loop runs no batch
        for k, (inputs, targets) in enumerate(batches):
            if self.half:
                with torch.autocast("cuda"):
                    loss = nn.functional.l1_loss(self.net(inputs), targets) / every
                self.scaler.scale(loss).backward()
                if (k + 1) % every == 0:
                    self.scaler.step(self.adam)
                    self.scaler.update()
                    self.adam.zero_grad()
            else:
                loss = nn.functional.l1_loss(self.net(inputs), targets) / every
                loss.backward()
                if (k + 1) % every == 0:
                    self.adam.step()
                    self.adam.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if self.half and (k + 1) % every != 0:
            self.scaler.step(self.adam)
            self.scaler.update()
            self.adam.zero_grad()
        if not self.half and (k + 1) % every != 0:
            self.adam.step()
            self.adam.zero_grad()
