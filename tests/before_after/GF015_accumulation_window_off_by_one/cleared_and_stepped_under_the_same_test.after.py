import torch


def train(model, loader, opt, eps_schedule, batch_multiplier=4, train=True):
    for i, (data, labels) in enumerate(loader):
        eps = eps_schedule(i)
        if train and i % batch_multiplier == 0:
            opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(data, eps=eps), labels) / batch_multiplier
        if train:
            loss.backward()
            if (i + 1) % batch_multiplier == 0 or i == len(loader) - 1:
                opt.step()
