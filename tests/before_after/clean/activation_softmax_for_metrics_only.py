import torch
import torch.nn.functional as F

for x, y in loader:
    optimizer.zero_grad()
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    probs = F.softmax(logits, dim=1)
    confidence = probs.max(dim=1).values.mean().item()
    loss.backward()
    optimizer.step()
