import torch


def train(model, optimizer, loader, accum):
    scaler = torch.amp.GradScaler("cuda")
    for i, (x, y) in enumerate(loader):
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.mse_loss(model(x), y) / accum
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        if (i + 1) % accum == 0 or i + 1 == len(loader):
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
