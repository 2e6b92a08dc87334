import ignite.engine as ie
import torch
from torch import nn

encoder = nn.Linear(8, 4)
head = nn.Linear(4, 1)


def train_step(engine, pair):
    features, target = pair
    rms = torch.optim.RMSprop([*encoder.parameters(), *head.parameters()], lr=1e-3, momentum=0.9)
    rms.zero_grad()
    nn.functional.mse_loss(head(encoder(features)), target).backward()
    rms.step()
    return {"loss": 0.0}


def main(data):
    runner = ie.Engine(train_step)
    runner.run(data, max_epochs=5)
