# The file's own `clip_gradients` helper clips scaled gradients: nothing unscales them first.
import torch
import torch.nn.functional as F


def clip_gradients(scaler, optimizer, parameters, max_norm):
    return torch.nn.utils.clip_grad_norm_(parameters, max_norm)


def train(model, optimizer, loader, steps):
    scaler = torch.cuda.amp.GradScaler()
    step = 0
    while step < steps:
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=torch.float16):
                loss = F.cross_entropy(model(x), y)
            scaler.scale(loss).backward()
            clip_gradients(scaler, optimizer, model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            step += 1
