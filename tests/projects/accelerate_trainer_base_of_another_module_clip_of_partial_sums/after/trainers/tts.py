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
