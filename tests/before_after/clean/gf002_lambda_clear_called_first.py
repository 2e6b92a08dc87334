import torch


def fit(net, sgd, loader):
    wipe = lambda: sgd.zero_grad(set_to_none=True)
    for inputs, labels in loader:
        wipe()
        loss = torch.nn.functional.cross_entropy(net(inputs), labels)
        loss.backward()
        sgd.step()
