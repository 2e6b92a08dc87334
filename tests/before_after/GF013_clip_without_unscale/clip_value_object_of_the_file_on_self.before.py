import torch
from torch.cuda.amp import GradScaler, autocast


class ValueClipper:
    """Clips every gradient entry to [-limit, limit]."""

    def __init__(self, limit=1.0):
        self.limit = limit

    def __call__(self, params):
        torch.nn.utils.clip_grad_value_(params, clip_value=self.limit)


class SegmentationTrainer:
    def __init__(self, net, loader, cfg):
        self.net = net.cuda()
        self.loader = loader
        self.optimizer = torch.optim.SGD(net.parameters(), lr=cfg.lr, momentum=0.9, weight_decay=1e-4)
        self.scaler = GradScaler()
        self.clip_grad_value = ValueClipper(cfg.clip) if cfg.clip else None

    def run_epoch(self):
        self.net.train()
        for images, masks in self.loader:
            images, masks = images.cuda(non_blocking=True), masks.cuda(non_blocking=True)
            self.optimizer.zero_grad(set_to_none=True)
            with autocast():
                loss = torch.nn.functional.cross_entropy(self.net(images), masks, ignore_index=255)
            self.scaler.scale(loss).backward()
            if self.clip_grad_value is not None:
                self.clip_grad_value(self.net.parameters())
            self.scaler.step(self.optimizer)
            self.scaler.update()
