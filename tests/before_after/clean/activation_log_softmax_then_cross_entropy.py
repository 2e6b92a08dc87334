import torch.nn.functional as F

for x, y in loader:
    optimizer.zero_grad()
    log_probs = F.log_softmax(model(x), dim=1)
    loss = F.cross_entropy(log_probs, y)
    loss.backward()
    optimizer.step()
