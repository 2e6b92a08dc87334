import torch.nn.functional as F


def self_influence(model, train_set, lr):
    influences = []
    for x, y in train_set:
        out = model(x)
        loss = F.cross_entropy(out, y)
        loss.backward()
        score = sum((p.grad * p.grad).sum() for p in model.parameters())
        influences.append(lr * score)
    return influences
