import pytorch_lightning as pl
import torch


class Model(pl.LightningModule):
    def __init__(self, hidden=64):
        super().__init__()
        self.automatic_optimization = False
        self.encoder = torch.nn.Sequential(torch.nn.Linear(20, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, 2))

    def apply_gradients(self, loss):
        opt = self.optimizers()
        opt.zero_grad(set_to_none=True)
        self.manual_backward(loss)
        self.clip_gradients(opt, gradient_clip_val=1.0)
        opt.step()

    def training_step(self, batch, batch_idx):
        inputs, labels = batch
        loss = torch.nn.functional.cross_entropy(self.encoder(inputs), labels)
        self.apply_gradients(loss)
        self.log("train_loss", loss)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
