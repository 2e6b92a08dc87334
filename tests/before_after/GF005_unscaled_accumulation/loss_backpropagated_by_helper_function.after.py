import torch
import torch.nn.functional as F


def backpropagate(loss, retain_graph=False):
    """One place for the backward pass (profiling, anomaly detection...)."""
    loss.backward(retain_graph=retain_graph)


def fit(model, optimizer, batches, accumulation_steps=2):
    for step, (x, y) in enumerate(batches):
        logits = model(x)
        backpropagate((F.cross_entropy(logits, y) + 0.01 * logits.pow(2).mean()) / accumulation_steps)
        if (step + 1) % accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
