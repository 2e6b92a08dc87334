"""A loss scaler object held in `self.amp_step` (built in `__init__`, its `__call__` stepping
only under `update_grad`), told the window, the clear right after the call under the same test;
and one stepping on every batch (`update_grad=True`), cleared on every batch."""
import torch


class AmpAccumulator:
    def __init__(self):
        self._amp = torch.amp.GradScaler("cuda")

    def __call__(self, loss, optimizer, clip_grad=None, parameters=None, update_grad=True):
        self._amp.scale(loss).backward()
        if update_grad:
            if clip_grad is not None:
                self._amp.unscale_(optimizer)
                torch.nn.utils.clip_grad_norm_(parameters, clip_grad)
            self._amp.step(optimizer)
            self._amp.update()


class Finetuner:
    def __init__(self, backbone, optimizer, accum_iter):
        self.backbone = backbone
        self.optimizer = optimizer
        self.accum_iter = accum_iter
        self.amp_step = AmpAccumulator()

    def train_epoch(self, loader):
        for it, (images, targets) in enumerate(loader):
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(self.backbone(images), targets) / self.accum_iter
            boundary = (it + 1) % self.accum_iter == 0
            self.amp_step(loss, self.optimizer, parameters=self.backbone.parameters(), update_grad=boundary)
            if boundary:
                self.optimizer.zero_grad()

    def train_plain(self, loader):
        for images, targets in loader:
            self.optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(self.backbone(images), targets)
            self.amp_step(loss, self.optimizer, clip_grad=1.0, parameters=self.backbone.parameters(), update_grad=True)
