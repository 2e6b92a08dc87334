import torch


def train(model, loader, optimizer, accum_steps):
    scaler = torch.amp.GradScaler("cuda")
    for epoch in range(10):
        for i, (x, y) in enumerate(loader):
            with torch.autocast("cuda"):
                loss = torch.nn.functional.mse_loss(model(x), y) / accum_steps
            scaler.scale(loss).backward()
            if (i + 1) % accum_steps == 0:
                scaler.unscale_(optimizer)
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                scaler.step(optimizer)
                scaler.update()
                optimizer.zero_grad(set_to_none=True)
