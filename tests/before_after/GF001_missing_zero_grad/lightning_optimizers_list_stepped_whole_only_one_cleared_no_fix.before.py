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
