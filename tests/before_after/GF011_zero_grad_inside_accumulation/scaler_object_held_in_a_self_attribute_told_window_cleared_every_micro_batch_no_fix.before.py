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
            self.optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = torch.nn.functional.cross_entropy(self.backbone(images), targets) / self.accum_iter
            self.amp_step(loss, self.optimizer, parameters=self.backbone.parameters(), update_grad=(it + 1) % self.accum_iter == 0)
