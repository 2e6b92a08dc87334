from pytorch_lightning import Callback, LightningModule, Trainer
from torch import nn, optim
from torch.nn.utils import clip_grad_value_


class GradValueClip(Callback):
    def __init__(self, limit):
        self.limit = limit

    def on_train_batch_end(self, trainer, module, outputs, batch, batch_idx):
        clip_grad_value_(module.parameters(), self.limit)


class Autoencoder(LightningModule):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Linear(784, 32)
        self.decoder = nn.Linear(32, 784)

    def training_step(self, batch, batch_idx):
        images = batch[0].flatten(1)
        return nn.functional.mse_loss(self.decoder(self.encoder(images)), images)

    def configure_optimizers(self):
        return optim.Adam(self.parameters(), lr=1e-3)


def train(loader):
    Trainer(max_epochs=3, callbacks=[GradValueClip(0.1)]).fit(Autoencoder(), loader)
