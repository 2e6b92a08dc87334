# Correct: an accumulation window in a `while i < len(data):` loop over the data by index, the
# index also the window's counter, and the leftover micro-batches stepped after the loop when
# the length is no multiple of the window. GF006 must stay silent.
import torch
import torch.nn.functional as F

ACC = 3


def train(net, data):
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    i = 0
    while i < len(data):
        x, y = data[i]
        (F.mse_loss(net(x), y) / ACC).backward()
        i += 1
        if i % ACC == 0:
            opt.step()
            opt.zero_grad()
    if len(data) % ACC:
        opt.step()
        opt.zero_grad()
