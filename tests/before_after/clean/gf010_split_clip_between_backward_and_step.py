# torch's two-part clip between backward and step (the norm measured, logged, then used to
# clip), and under a GradScaler after `unscale_`: both clip what the step applies. Correct.
import torch
import torch.nn as nn
from torch.nn.utils import clip_grads_with_norm_, get_total_norm

model = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 10))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
scaler = torch.amp.GradScaler("cuda")
norms = []
for epoch in range(10):
    for images, labels in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.cross_entropy(model(images), labels)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        total = get_total_norm([p.grad for p in model.parameters() if p.grad is not None])
        norms.append(total.item())
        clip_grads_with_norm_(model.parameters(), 1.0, total)
        scaler.step(optimizer)
        scaler.update()
