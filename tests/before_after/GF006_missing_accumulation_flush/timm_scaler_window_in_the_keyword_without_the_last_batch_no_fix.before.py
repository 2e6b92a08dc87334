import torch
from timm.utils import NativeScaler

ACCUM = 8


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.loss_scaler = NativeScaler()

    def epoch(self):
        for it, (x, y) in enumerate(self.loader):
            loss = torch.nn.functional.l1_loss(self.model(x), y) / ACCUM
            self.loss_scaler(loss, self.optimizer, need_update=(it + 1) % ACCUM == 0)
            if (it + 1) % ACCUM == 0:
                self.optimizer.zero_grad()
