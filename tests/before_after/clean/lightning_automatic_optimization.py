import lightning as L
import torch


class Classifier(L.LightningModule):
    """Automatic optimization: Lightning clears, backpropagates and steps; training_step only returns the loss."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


def fit(net, loader):
    trainer = L.Trainer(max_epochs=3, accumulate_grad_batches=4)
    trainer.fit(Classifier(net), loader)
