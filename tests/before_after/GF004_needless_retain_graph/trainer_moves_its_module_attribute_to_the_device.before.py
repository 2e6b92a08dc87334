# `self.unet = self.unet.to(device)` moves the module: it carries no graph from one step to the
# next, and nothing backpropagates through the step's loss again. (A commented-out line
# `# self.ema = self.ema.to(device)` runs nothing either.) Unsafe fix: the loop's function
# is a method whose batches come from the object.
import torch
from torch import nn


class DiffusionTrainer:
    def __init__(self, unet, loader, device="cpu"):
        self.unet = unet
        self.unet = self.unet.to(device)
        # self.ema = self.ema.to(device)
        self.loader = loader
        self.opt = torch.optim.AdamW(self.unet.parameters(), lr=2e-4)

    def train_epoch(self):
        for images, noise in self.loader:
            loss = nn.functional.mse_loss(self.unet(images), noise)
            self.opt.zero_grad()
            loss.backward(retain_graph=True)
            self.opt.step()
