# Correct: a decrementing counter that is no accumulation window. The optimizer steps on every
# batch; `patience -= 1` ... `if patience == 0: break` is early stopping, and `budget -= 1` ...
# `if budget == 0: optimizer.step()` (a last step on the batches of a shortened run, never
# reset) counts no window: GF005, GF006 and GF011 must stay silent.
import torch


def train(model, optimizer, loader, validate, epochs, patience=3):
    best = float("inf")
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
        score = validate(model)
        if score < best:
            best, patience = score, 3
        else:
            patience -= 1
            if patience == 0:
                break
    return model


def finetune(model, optimizer, loader, budget=16):
    optimizer.zero_grad()
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        budget -= 1
        if budget == 0:
            optimizer.step()
            optimizer.zero_grad()
            break
    return model
