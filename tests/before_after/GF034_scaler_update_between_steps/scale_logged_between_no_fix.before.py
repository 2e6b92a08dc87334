"""The update between two steps of one scaled backward, and the scale logged right after it:
reported, no fix (moving the update would change the value logged)."""

import torch


def train(model, aux, loader, opt_main, opt_aux, scaler, history):
    for x, y in loader:
        opt_main.zero_grad()
        opt_aux.zero_grad()
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y) + aux(x).pow(2).mean()
        scaler.scale(loss).backward()
        scaler.step(opt_main)
        scaler.update()
        history.append(scaler.get_scale())
        scaler.step(opt_aux)
