# Correct: the scaler is built with `enabled=False` (bf16 training): `scale(loss)` hands the
# loss back as it is, so a plain step applies the true gradients.
import torch

model = Net()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
scaler = torch.amp.GradScaler("cuda", enabled=False)
for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.bfloat16):
        loss = model(x, y)
    scaler.scale(loss).backward()
    optimizer.step()
