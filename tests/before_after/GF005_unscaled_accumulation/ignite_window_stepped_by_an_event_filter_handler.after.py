import torch
import torch.nn.functional as F
from ignite.engine import Engine, Events

WINDOW = 4
regressor = torch.nn.Linear(6, 2)
sgd = torch.optim.SGD(regressor.parameters(), lr=0.05, momentum=0.9)


def window_end(engine, iteration):
    return iteration % WINDOW == 0


def accumulate_micro_batch(engine, batch):
    inputs, targets = batch
    micro_loss = F.smooth_l1_loss(regressor(inputs), targets)
    (micro_loss / WINDOW).backward()
    return micro_loss.item()


fit_engine = Engine(accumulate_micro_batch)


@fit_engine.on(Events.ITERATION_COMPLETED(event_filter=window_end))
def apply_window(engine):
    sgd.step()
    sgd.zero_grad(set_to_none=True)


@fit_engine.on(Events.ITERATION_COMPLETED(event_filter=lambda engine, count: count % 50 == 0))
def report(engine):
    print(engine.state.iteration, engine.state.output)
