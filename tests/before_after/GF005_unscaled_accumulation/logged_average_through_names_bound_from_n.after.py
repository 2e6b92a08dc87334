# `denom = N` and `avg = running / denom` feed only a logging call; the loss is backpropagated
# whole.
import logging

import torch

logger = logging.getLogger(__name__)


def train(model, opt, loader, criterion, N):
    running = 0.0
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        (loss / N).backward()
        running += loss.item()
        denom = N
        avg = running / denom
        if (i + 1) % N == 0:
            opt.step()
            opt.zero_grad()
            logger.info("window loss %.4f", avg)
            running = 0.0
