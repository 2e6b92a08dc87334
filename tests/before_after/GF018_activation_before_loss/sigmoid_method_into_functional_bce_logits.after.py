import torch
import torch.nn.functional as F

for x, target in loader:
    optimizer.zero_grad()
    scores = model(x)
    loss = F.binary_cross_entropy_with_logits(scores, target)
    loss.backward()
    optimizer.step()
