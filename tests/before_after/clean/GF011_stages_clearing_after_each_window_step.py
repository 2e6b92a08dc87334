import torch
from torch import nn

ACCUM = 4


def micro_step(state):
    model = state["model"]
    loss = nn.functional.cross_entropy(model(state["x"]), state["y"]) / ACCUM
    loss.backward()
    if (state["i"] + 1) % ACCUM == 0 or state["i"] + 1 == state["n"]:
        opt = state["opt"]
        opt.step()
        opt.zero_grad(set_to_none=True)
    return state


def log(state):
    print(state["i"])
    return state


def main(model, loader):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    state = {"model": model, "opt": opt, "n": len(loader)}
    for i, (x, y) in enumerate(loader):
        state.update(i=i, x=x, y=y)
        for run in (micro_step, log):
            state = run(state)
