# The scaler is built with `enabled=LOSS_SCALING`, a module flag bound once to `False`: its
# `scale(loss)` hands the loss back unscaled, so the float16 forward trains without loss scaling.
import torch
import torch.nn.functional as F

LOSS_SCALING = False


def train(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cuda", enabled=LOSS_SCALING)
    for _ in range(epochs):
        for images, labels in loader:
            images, labels = images.cuda(), labels.cuda()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad(set_to_none=True)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
