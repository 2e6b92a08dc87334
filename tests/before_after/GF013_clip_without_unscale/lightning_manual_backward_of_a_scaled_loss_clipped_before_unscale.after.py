# Lightning manual optimization with a hand GradScaler held on the module: `manual_backward`
# of the scaled loss leaves the gradients scaled, and the clip cuts them before any `unscale_`.
import lightning.pytorch as L
import torch


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(4, 1)
        self.scaler = torch.amp.GradScaler("cpu")

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(self.body(batch[0]), batch[1])
        self.manual_backward(self.scaler.scale(loss))
        self.scaler.unscale_(opt)
        torch.nn.utils.clip_grad_norm_(self.body.parameters(), 1.0)
        self.scaler.step(opt)
        self.scaler.update()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
