import torch
from timm.utils import NativeScaler


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)
        self.scaler = NativeScaler()

    def step(self, images, labels):
        self.opt.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(self.model(images), labels)
        self.scaler(loss, self.opt, clip_grad=1.0, parameters=self.model.parameters())
        return loss.detach()

    def epoch(self, loader):
        for images, labels in loader:
            self.step(images, labels)
