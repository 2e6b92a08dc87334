import torch

from models import Scorer  # whose training_step may clear the optimizer it was given


def fit(scorer: Scorer, batches, optim):
    for batch in batches:
        loss = scorer.training_step(batch, optim)
        loss.backward()
        optim.step()
