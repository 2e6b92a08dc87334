# The window test also fires on every micro-batch when there is one per window
# (`or virtual_bs_n == 1`): with more, the loop accumulates, and the clear at the top of each
# micro-batch wipes the window. The window already clears after its step: the fix only deletes.
import torch


def observe(model, opt, loader, criterion, virtual_bs_n):
    for epoch in range(3):
        for i, (x, y) in enumerate(loader):
            opt.zero_grad()
            loss = criterion(model(x), y) / virtual_bs_n
            loss.backward()
            if (i + 1) % virtual_bs_n == 0 or virtual_bs_n == 1:
                opt.step()
                opt.zero_grad()
        if (i + 1) % virtual_bs_n != 0:
            opt.step()
            opt.zero_grad()
