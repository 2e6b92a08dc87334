import torch


class Trainer:
    def __init__(self, model, optimizer, grad_norm_clip, use_amp):
        self.model = model
        self.optimizer = optimizer
        self.grad_norm_clip = grad_norm_clip
        self.use_amp = use_amp
        if use_amp:
            self.scaler = torch.amp.GradScaler("cuda")

    def _run_batch(self, source, targets):
        with torch.set_grad_enabled(True), torch.amp.autocast("cuda", enabled=self.use_amp):
            _, loss = self.model(source, targets)
        self.optimizer.zero_grad(set_to_none=True)
        if self.use_amp:
            self.scaler.scale(loss).backward()
            self.scaler.unscale_(self.optimizer)
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.grad_norm_clip)
            self.scaler.step(self.optimizer)
            self.scaler.update()
        else:
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.grad_norm_clip)
            self.optimizer.step()
        return loss.item()

    def _run_epoch(self, loader):
        for source, targets in loader:
            self._run_batch(source, targets)
