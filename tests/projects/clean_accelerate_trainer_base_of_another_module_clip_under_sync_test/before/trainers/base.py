import accelerate
import torch


class BaseTrainer:
    """Builds the accelerator and prepares the model, the optimizer and the loader."""

    def __init__(self, cfg, model, loader):
        self.cfg = cfg
        self.accelerator = accelerate.Accelerator(gradient_accumulation_steps=cfg.accumulate)
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
        self.loader = loader
        self._prepare()

    def _prepare(self):
        self.loader, self.model, self.optimizer = self.accelerator.prepare(self.loader, self.model, self.optimizer)

    def _loss(self, batch):
        inputs, target = batch
        return torch.nn.functional.mse_loss(self.model(inputs), target)
