import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, num_epochs):
        self.model = model
        self.num_epochs = num_epochs
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def train_one_epoch(self, epoch_loader):
        cosine = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=self.num_epochs)
        self.model.train()
        for batch in epoch_loader:
            self.opt.zero_grad(set_to_none=True)
            F.mse_loss(self.model(batch["x"]), batch["y"]).backward()
            self.opt.step()
        cosine.step()
        return {"lr": self.opt.param_groups[0]["lr"]}

    def train(self, loader):
        history = []
        for _ in range(self.num_epochs):
            metrics = self.train_one_epoch(loader)
            history.append(metrics)
        return history
