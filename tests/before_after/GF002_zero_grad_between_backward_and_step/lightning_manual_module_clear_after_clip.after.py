import lightning as L
import torch


class Classifier(L.LightningModule):
    def __init__(self, classes):
        super().__init__()
        self.automatic_optimization = False
        self.head = torch.nn.Linear(128, classes)

    def training_step(self, batch, batch_idx):
        self.zero_grad()
        optimizer = self.optimizers()
        features, labels = batch
        loss = torch.nn.functional.cross_entropy(self.head(features), labels)
        self.manual_backward(loss)
        self.clip_gradients(optimizer, gradient_clip_val=1.0, gradient_clip_algorithm="norm")
        optimizer.step()
        self.log("loss", loss)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)
