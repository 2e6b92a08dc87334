import torch


def fit(net, opt, data, steps):
    criterion = torch.nn.BCEWithLogitsLoss()
    done = 0
    while done < steps:
        x, y = data
        opt.zero_grad()
        criterion(net(x), y).backward()
        opt.step()
        done += 1
