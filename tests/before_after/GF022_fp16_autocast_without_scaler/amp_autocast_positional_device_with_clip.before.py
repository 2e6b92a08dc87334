import torch

for step, (x, y) in enumerate(loader):
    with torch.amp.autocast("cuda"):
        out = model(x)
        loss = criterion(out, y)
    optimizer.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
