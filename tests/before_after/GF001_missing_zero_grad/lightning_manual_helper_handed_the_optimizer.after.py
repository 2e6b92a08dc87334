import lightning.pytorch as lp
import torch


class Model(lp.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(4, 1)

    def _optimise(self, optimizer, loss):
        optimizer.zero_grad(set_to_none=True)
        self.manual_backward(loss)
        optimizer.step()

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        x, y = batch
        self._optimise(optimizer, torch.nn.functional.mse_loss(self.net(x), y))

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
