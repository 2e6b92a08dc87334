import torch


def train(model, loader, optimizer):
    scaler = torch.cuda.amp.GradScaler()
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            pred = model(x)
            task = torch.nn.functional.cross_entropy(pred, y)
            entropy = -(pred.softmax(-1) * pred.log_softmax(-1)).sum(-1).mean()
        total_loss = task + 0.01 * entropy
        scaler.scale(total_loss).backward()
        scaler.step(optimizer)
        scaler.update()
