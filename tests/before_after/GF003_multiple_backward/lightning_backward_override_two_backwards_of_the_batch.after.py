from pytorch_lightning import LightningModule
import torch.nn.functional as F
from torch import optim


class Base(LightningModule):
    def configure_optimizers(self):
        return optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


class WithReg(Base):
    def __init__(self, backbone, classes):
        super().__init__()
        self.backbone = backbone
        self.classifier = classes

    def training_step(self, batch, batch_idx):
        images, labels = batch
        feats = self.backbone(images)
        self.reg = 1e-3 * feats.norm(dim=1).mean()
        return F.cross_entropy(self.classifier(feats), labels)

    def backward(self, loss, *args, **kwargs):
        total_loss = loss + self.reg
        total_loss.backward()
