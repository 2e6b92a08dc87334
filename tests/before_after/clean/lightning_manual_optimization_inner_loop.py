import lightning as L
import torch


class UnrolledModel(L.LightningModule):
    def __init__(self, net, inner_steps=3):
        super().__init__()
        self.net = net
        self.inner_steps = inner_steps
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        for _ in range(self.inner_steps):
            loss = torch.nn.functional.cross_entropy(self.net(x), y)
            self.manual_backward(loss)
            opt.step()
            opt.zero_grad()
        self.log("train_loss", loss)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)
