import torch
import torch.nn.functional as F

for x, y in loader:
    optimizer.zero_grad()
    probs = F.softmax(model(x), dim=1)
    loss = F.nll_loss(torch.log(probs + 1e-8), y)
    loss.backward()
    optimizer.step()
