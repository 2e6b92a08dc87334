import pytorch_lightning as pl
import torch


class Pair(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(6, 4)
        self.out = torch.nn.Linear(4, 2)

    def training_step(self, batch, batch_idx):
        opts = self.optimizers()
        x, y = batch
        opts[0].zero_grad(set_to_none=True)
        opts[1].zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(self.out(self.body(x).relu()), y)
        self.manual_backward(loss)
        for opt in opts:
            opt.step()

    def configure_optimizers(self):
        body = torch.optim.SGD(self.body.parameters(), lr=0.05)
        out = torch.optim.Adam(self.out.parameters(), lr=0.01)
        return [body, out], [torch.optim.lr_scheduler.StepLR(out, step_size=5)]


class FirstOnlyStepped(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(6, 4)
        self.out = torch.nn.Linear(4, 2)

    def training_step(self, batch, batch_idx):
        opts = self.optimizers()
        x, y = batch
        opts[0].zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(self.out(self.body(x).relu()), y)
        self.manual_backward(loss)
        opts[0].step()

    def configure_optimizers(self):
        return (
            torch.optim.SGD(self.body.parameters(), lr=0.05),
            torch.optim.SGD(self.out.parameters(), lr=0.05),
        )


class Looped(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(6, 4)
        self.out = torch.nn.Linear(4, 2)

    def training_step(self, batch, batch_idx):
        opts = self.optimizers()
        for opt in opts:
            opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(self.out(self.body(batch[0]).relu()), batch[1])
        self.manual_backward(loss)
        for opt in opts:
            opt.step()

    def configure_optimizers(self):
        return [{"optimizer": torch.optim.SGD(self.body.parameters(), lr=0.05)}, {"optimizer": torch.optim.SGD(self.out.parameters(), lr=0.05)}]
