import torch.nn.functional as F

for x, y in loader:
    optimizer.zero_grad()
    out = F.softmax(model(x), dim=1)
    calibrated = temperature(out)
    out = model(x)
    loss = F.cross_entropy(out, y)
    loss.backward()
    optimizer.step()
