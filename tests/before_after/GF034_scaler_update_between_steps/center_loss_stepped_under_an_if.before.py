"""A re-identification trainer: one scaled backward fills the model's and the centers'
gradients; the scaler updates after the first step, then steps the centers' optimizer."""

import torch


def train_epoch(model, center_criterion, loader, optimizer, optimizer_center, scaler, use_center, center_weight):
    model.train()
    for img, target in loader:
        optimizer.zero_grad()
        optimizer_center.zero_grad()
        with torch.autocast("cuda"):
            score, feat = model(img)
            loss = torch.nn.functional.cross_entropy(score, target)
            if use_center:
                loss = loss + center_weight * center_criterion(feat, target)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        if use_center:
            for param in center_criterion.parameters():
                param.grad.data *= 1.0 / center_weight
            scaler.step(optimizer_center)
            scaler.update()
