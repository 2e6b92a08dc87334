from types import SimpleNamespace

import torch
from timm import optim as timm_optim
from torch import nn

from lib.loop import Runner


def main():
    model = nn.Sequential(nn.Linear(5, 10), nn.BatchNorm1d(10), nn.ReLU(), nn.Linear(10, 3))
    hparams = SimpleNamespace(opt="sgd", lr=0.05, weight_decay=0.0, momentum=0.9)
    optimizer = timm_optim.create_optimizer(hparams, model)
    runner = Runner(model, optimizer)
    batch = (torch.randn(8, 5), torch.randint(0, 3, (8,)))
    done = 0
    while done < 12:
        runner.update(batch)
        if done % 4 == 3:
            print(runner.evaluate(batch))
        done += 1


if __name__ == "__main__":
    main()
