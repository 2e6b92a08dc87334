# A trainer builds its scaler with a method of its own that returns torch's `GradScaler`
# (imported from torch.amp, its `enabled` left at its default); the step bypasses it.
import torch
from torch.amp import GradScaler


class Trainer:
    def __init__(self, net, lr):
        self.net = net
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=lr)
        self.loss_scaler = self.build_scaler()

    def build_scaler(self, enabled=True):
        return GradScaler("cuda", init_scale=2.0**14, enabled=enabled)

    def fit(self, batches):
        while batches:
            inputs, targets = batches.pop()
            self.optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = torch.nn.functional.l1_loss(self.net(inputs), targets)
            self.loss_scaler.scale(loss).backward()
            self.loss_scaler.step(self.optimizer)
            self.loss_scaler.update()
