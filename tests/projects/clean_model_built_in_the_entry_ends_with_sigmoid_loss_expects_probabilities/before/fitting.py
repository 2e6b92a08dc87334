import torch

from logs import report


def fit(net, opt, data, steps):
    criterion = torch.nn.BCELoss()
    done = 0
    while done < steps:
        x, y = data
        opt.zero_grad()
        loss = criterion(net(x), y)
        loss.backward()
        opt.step()
        report(done, loss.item())
        done += 1
