import torch
import torch.nn.functional as F

for x, y in loader:
    optimizer.zero_grad()
    logits = model(x)
    probs = F.softmax(logits, dim=1)
    loss = F.cross_entropy(probs, y)
    correct = (probs.argmax(dim=1) == y).sum().item()
    loss.backward()
    optimizer.step()
