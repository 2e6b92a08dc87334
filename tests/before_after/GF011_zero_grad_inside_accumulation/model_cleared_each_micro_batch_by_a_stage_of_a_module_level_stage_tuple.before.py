import torch
from torch import nn

ACCUM = 4


def micro_step(state):
    model = state["model"]
    model.zero_grad()
    loss = nn.functional.cross_entropy(model(state["x"]), state["y"]) / ACCUM
    loss.backward()
    if (state["i"] + 1) % ACCUM == 0:
        opt = state["opt"]
        opt.step()
    return state


def log(state):
    print(state["i"])
    return state


STAGES = (micro_step, log)


def main(model, loader):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    state = {"model": model, "opt": opt}
    for i, (x, y) in enumerate(loader):
        state.update(i=i, x=x, y=y)
        for run in STAGES:
            state = run(state)
