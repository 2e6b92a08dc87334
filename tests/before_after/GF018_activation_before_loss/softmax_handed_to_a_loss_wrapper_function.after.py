"""Softmax probabilities handed to a loss wrapper function of the file, which passes its first
parameter unchanged to `F.cross_entropy` (that applies log-softmax itself): the loss sees the
softmax of probabilities. The fix passes the logits to the wrapper."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def smoothed_ce(scores, labels, eps=0.1):
    return F.cross_entropy(scores.float(), labels, label_smoothing=eps)


def train(model, loader, opt, epochs):
    for _ in range(epochs):
        for tokens, labels in loader:
            opt.zero_grad()
            logits = model(tokens)
            loss = smoothed_ce(logits, labels)
            loss.backward()
            opt.step()
