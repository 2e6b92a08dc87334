import functools

import torch
import torch.nn.functional as F

ACCUM = 8


def micro_step(net, optimizer, step, images, labels):
    loss = F.cross_entropy(net(images), labels) / ACCUM
    loss.backward()
    if step % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def train(net, train_loader, epochs):
    optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
    run_step = functools.partial(micro_step, net, optimizer)
    for epoch in range(epochs):
        for step, (images, labels) in enumerate(train_loader):
            run_step(step + 1, images, labels)
        optimizer.step()
        optimizer.zero_grad()
