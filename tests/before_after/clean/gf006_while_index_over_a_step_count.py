# Correct: a `while step < max_steps:` loop drawing a fresh batch each step is a count of steps,
# not a pass over data (as `for step in range(max_steps):` is): the number of micro-batches is
# chosen, not left over, and GF006 stays silent.
import torch
import torch.nn.functional as F

ACC = 4


def train(net, sample, max_steps):
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    step = 0
    while step < max_steps:
        x, y = sample()
        (F.mse_loss(net(x), y) / ACC).backward()
        step += 1
        if step % ACC == 0:
            opt.step()
            opt.zero_grad()
