import torch
import torch.nn.functional as F
from torch import nn


class DetectionLoss(nn.Module):
    """Every term sums over the micro-batch (Darknet style): the learning rate is set per image."""

    def forward(self, pred, target):
        box = F.smooth_l1_loss(pred[:, :4], target[:, :4], reduction="sum")
        obj = F.binary_cross_entropy_with_logits(pred[:, 4], target[:, 4], reduction="sum")
        return box + obj, box.detach(), obj.detach()


def train(model, loader, batch=64, subdivisions=4, base_lr=1e-3, epochs=1):
    optimizer = torch.optim.SGD(model.parameters(), lr=base_lr / batch, momentum=0.9)
    criterion = DetectionLoss()
    for epoch in range(epochs):
        for i, (images, targets) in enumerate(loader):
            loss, box_loss, obj_loss = criterion(model(images), targets)
            loss.backward()
            if (i + 1) % subdivisions == 0 or i + 1 == len(loader):
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
