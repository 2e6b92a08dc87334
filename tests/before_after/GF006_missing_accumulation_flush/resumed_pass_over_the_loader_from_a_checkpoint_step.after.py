import torch
from torch import nn

ACCUM = 4


def train(model, data, ckpt):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    epoch = ckpt["epoch"]
    while epoch < 5:
        optimizer.zero_grad()
        start = ckpt["step"] if epoch == ckpt["epoch"] else 0
        i = -1  # the flush after the loop reads it, also when the loop runs no batch
        for i in range(start, len(data)):
            inputs, targets = data[i]
            loss = nn.functional.mse_loss(model(inputs), targets) / ACCUM
            loss.backward()
            if i % ACCUM == ACCUM - 1:
                optimizer.step()
                optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if i % ACCUM != ACCUM - 1:
            optimizer.step()
            optimizer.zero_grad()
        epoch += 1
    return model
