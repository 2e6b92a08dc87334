import torch
import torch.nn.functional as F


def train(model, loader, epochs, use_amp=True):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.cuda.amp.GradScaler(enabled=use_amp)
    eval_scaler = torch.cuda.amp.GradScaler(enabled=False)  # unused for training
    for _ in range(epochs):
        for images, labels in loader:
            images, labels = images.cuda(), labels.cuda()
            with torch.autocast("cuda", dtype=torch.float16, enabled=use_amp):
                loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad(set_to_none=True)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
    return eval_scaler
