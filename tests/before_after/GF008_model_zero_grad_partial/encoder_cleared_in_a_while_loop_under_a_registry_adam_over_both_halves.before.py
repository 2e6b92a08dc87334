import torch
from torch import nn

SOLVERS = {"adam": torch.optim.Adam, "rmsprop": torch.optim.RMSprop}


def fit(batches, steps):
    enc = nn.Linear(8, 4)
    dec = nn.Linear(4, 8)
    solver = SOLVERS["adam"]([*enc.parameters(), *dec.parameters()], lr=1e-3)
    done = 0
    while done < steps:
        x = batches[done % len(batches)]
        enc.zero_grad()
        nn.functional.mse_loss(dec(enc(x)), x).backward()
        solver.step()
        done += 1
    return enc, dec
