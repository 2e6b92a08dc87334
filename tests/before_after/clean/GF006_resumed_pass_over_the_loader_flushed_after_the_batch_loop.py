import torch
from torch import nn

ACCUM = 4


def train(model, data, ckpt):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    epoch = ckpt["epoch"]
    while epoch < 5:
        optimizer.zero_grad()
        start = ckpt["step"] if epoch == ckpt["epoch"] else 0
        for i in range(start, len(data)):
            inputs, targets = data[i]
            loss = nn.functional.mse_loss(model(inputs), targets) / ACCUM
            loss.backward()
            if i % ACCUM == ACCUM - 1:
                optimizer.step()
                optimizer.zero_grad()
        if i % ACCUM != ACCUM - 1:
            optimizer.step()
            optimizer.zero_grad()
        epoch += 1
    return model


def fit(net, batches, args, every):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(args.first_epoch, args.epochs):
        first = args.resume_batch if epoch == args.first_epoch else 0
        for k in range(first, len(batches)):
            x, y = batches[k]
            (nn.functional.l1_loss(net(x), y) / every).backward()
            if (k + 1) % every == 0 or k + 1 == len(batches):
                opt.step()
                opt.zero_grad()
    return net
