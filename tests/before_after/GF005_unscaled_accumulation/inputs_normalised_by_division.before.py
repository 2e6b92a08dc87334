import torch
import torch.nn.functional as F


def train(model, optimizer, loader, accumulation_steps, mean, std):
    model.train()
    for i, (images, masks) in enumerate(loader):
        images = images.float() / 255.0
        images = (images - mean) / std
        masks = masks.div(255.0)
        logits = model(images)
        loss = F.binary_cross_entropy_with_logits(logits, masks)
        loss.backward()
        if (i + 1) % accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
