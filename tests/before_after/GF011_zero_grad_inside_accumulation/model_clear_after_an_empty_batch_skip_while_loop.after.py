import torch


def fit(net, batches, accum):
    sgd = torch.optim.SGD(net.parameters(), lr=0.01)
    seen = 0
    pos = 0
    while pos < len(batches):
        feats, labels = batches[pos]
        pos += 1
        if labels.numel() == 0:
            continue
        (torch.nn.functional.mse_loss(net(feats), labels) / accum).backward()
        seen += 1
        if seen % accum == 0:
            sgd.step()
            net.zero_grad()
    if seen % accum:
        sgd.step()
        net.zero_grad()
