import torch
from ignite.engine import Engine
from torch import nn


def adapt(engine, batch):
    # a new model per batch (meta-learning style): its optimizer is new too
    learner = nn.Linear(5, 2)
    opt = torch.optim.Adam(learner.parameters(), lr=1e-2)
    x, y = batch
    opt.zero_grad()
    nn.functional.cross_entropy(learner(x), y).backward()
    opt.step()
    return 0.0


def tune(engine, batch):
    # the model comes with the engine's state, maybe another one each time
    opt = torch.optim.Adam(engine.state.model.parameters(), lr=1e-2)
    x, y = batch
    opt.zero_grad()
    nn.functional.cross_entropy(engine.state.model(x), y).backward()
    opt.step()
    return 0.0


net = nn.Linear(5, 2)


def plain(engine, batch):
    # SGD without momentum keeps no state: rebuilt, it steps the same
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    x, y = batch
    sgd.zero_grad()
    nn.functional.cross_entropy(net(x), y).backward()
    sgd.step()
    return 0.0


Engine(adapt).run([], max_epochs=1)
Engine(tune).run([], max_epochs=1)
Engine(plain).run([], max_epochs=1)
