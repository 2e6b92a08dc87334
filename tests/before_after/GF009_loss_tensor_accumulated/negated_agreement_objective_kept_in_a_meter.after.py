import torch.nn.functional as F


class Meter:
    def __init__(self):
        self.sum = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.sum += value * n
        self.count += n


def adapt(model, loader, optimizer):
    meter = Meter()
    model.eval()
    for view_a, view_b in loader:
        za = F.softmax(model(view_a), dim=1)
        zb = F.softmax(model(view_b), dim=1)
        agreement = F.cosine_similarity(za, zb, dim=1).mean()
        loss = - agreement
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        meter.update(agreement.detach(), view_a.size(0))
    print(meter.sum / max(meter.count, 1))
