import pytorch_lightning as pl
import torch


class TwoStage(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(6, 4)
        self.out = torch.nn.Linear(4, 2)

    def training_step(self, batch, batch_idx):
        optims = self.optimizers()
        optims[0].zero_grad(set_to_none=True)
        inputs, targets = batch
        optims[1].zero_grad(set_to_none=True)
        error = torch.nn.functional.cross_entropy(self.out(self.body(inputs).relu()), targets)
        self.manual_backward(error)
        for optim in optims:
            optim.step()

    def configure_optimizers(self):
        return (
            torch.optim.SGD(self.body.parameters(), lr=0.05),
            torch.optim.Adam(self.out.parameters(), lr=0.01),
        )


class ThreeHeads(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.trunk = torch.nn.Linear(6, 4)
        self.left = torch.nn.Linear(4, 1)
        self.right = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        opt_list = self.optimizers()
        opt_list[1].zero_grad(set_to_none=True)
        x, y = batch
        opt_list[0].zero_grad()
        opt_list[2].zero_grad()
        h = self.trunk(x).tanh()
        self.manual_backward(torch.nn.functional.mse_loss(self.left(h) + self.right(h), y))
        for each_opt in opt_list:
            each_opt.step()

    def configure_optimizers(self):
        trunk = torch.optim.SGD(self.trunk.parameters(), lr=0.1)
        left = {"optimizer": torch.optim.SGD(self.left.parameters(), lr=0.1)}
        right = {"optimizer": torch.optim.Adam(self.right.parameters())}
        return [{"optimizer": trunk}, left, right]
