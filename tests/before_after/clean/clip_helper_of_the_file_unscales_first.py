# The file's own `clip_gradients` helper unscales the optimizer before it clips: the clip sees
# true gradients (not a library's clip of that name).
import torch
import torch.nn.functional as F


def clip_gradients(scaler, optimizer, parameters, max_norm):
    scaler.unscale_(optimizer)
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
