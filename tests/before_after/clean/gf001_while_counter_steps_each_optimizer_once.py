# Correct: a one-off check that two implementations take the same first step, written with a
# `while` loop and a counter (set right before it, bumped once at the end): each iteration
# trains its own model with its own optimizer, once; nothing piles up.
import torch


def first_step_matches(models, optimizers, batch, target):
    i = 0
    while i < len(models):
        loss = torch.nn.functional.mse_loss(models[i](batch), target)
        loss.backward()
        optimizers[i].step()
        i += 1
    return all(torch.allclose(a, b) for a, b in zip(models[0].parameters(), models[1].parameters()))
