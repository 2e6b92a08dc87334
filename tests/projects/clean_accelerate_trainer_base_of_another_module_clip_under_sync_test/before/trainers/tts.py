from torch import nn

from trainers.base import BaseTrainer


class TTSTrainer(BaseTrainer):
    def train_epoch(self):
        self.model.train()
        for batch in self.loader:
            with self.accelerator.accumulate(self.model):
                loss = self._loss(batch)
                self.accelerator.backward(loss)
                if self.accelerator.sync_gradients:
                    nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.max_norm)
                self.optimizer.step()
                self.optimizer.zero_grad()


class OwnOptimizer(BaseTrainer):
    """Rebinds the optimizer itself, unprepared: its step is not gated, and the clip each
    micro-batch comes before a step that acts each micro-batch too."""

    def __init__(self, cfg, model, loader):
        super().__init__(cfg, model, loader)
        self.optimizer = None

    def train_epoch(self):
        for batch in self.loader:
            with self.accelerator.accumulate(self.model):
                self.accelerator.backward(self._loss(batch))
                nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.optimizer.step()
                self.optimizer.zero_grad()
