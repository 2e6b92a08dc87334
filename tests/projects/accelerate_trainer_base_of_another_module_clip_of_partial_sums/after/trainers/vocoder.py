import torch

from trainers.tts import TTSTrainer


class VocoderTrainer(TTSTrainer):
    """Two levels below the base that prepares the optimizer; a `while` loop over an iterator."""

    def train_epoch(self):
        batches = iter(self.loader)
        while True:
            try:
                batch = next(batches)
            except StopIteration:
                break
            with self.accelerator.accumulate(self.model):
                total = self._loss(batch) + 0.1 * self._loss(batch).abs()
                self.accelerator.backward(total)
                if self.accelerator.sync_gradients:
                    torch.nn.utils.clip_grad_value_(self.model.parameters(), 0.5)
                self.optimizer.step()
                self.optimizer.zero_grad()
