import torch.nn.functional as F


def compute_loss(model, batch):
    x, y = batch
    logits = model(x)
    return F.cross_entropy(logits, y)


for batch in loader:
    optimizer.zero_grad()
    loss = compute_loss(model, batch)
    loss.backward()
    optimizer.step()
