# timm's accumulation with the window's test bound to a flag before the scaler's call and the
# clear under `if flag:` (no `continue`): the scaler steps only when told, the loss handed to it
# is the whole micro-batch's, so each step applies the window's sum.
import torch
import torch.nn.functional as F
from timm.utils import NativeScaler


class Trainer:
    def __init__(self, model, optimizer, grad_accum=3):
        self.model = model
        self.optimizer = optimizer
        self.grad_accum = grad_accum
        self.loss_scaler = NativeScaler()

    def epoch(self, loader):
        self.model.train()
        for it, (x, y) in enumerate(loader):
            boundary = (it + 1) % self.grad_accum == 0 or it + 1 == len(loader)
            logits = self.model(x)
            loss = F.cross_entropy(logits, y)
            self.loss_scaler(loss / self.grad_accum, self.optimizer, need_update=boundary)
            if boundary:
                self.optimizer.zero_grad()
