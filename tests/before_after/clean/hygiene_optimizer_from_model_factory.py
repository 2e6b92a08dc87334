import torch


class Trainer:
    def __init__(self, model, config):
        self.model = model
        self.config = config

    def run(self, loader):
        model = self.model
        self.optimizer = model.configure_optimizers(self.config)
        for x, y in loader:
            logits, loss = model(x, y)
            model.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), self.config.grad_norm_clip)
            self.optimizer.step()
