import torch
import torch.nn.functional as F
from ignite.engine import Engine, supervised_training_step

ACCUM = 4


def fit(net, batches, epochs=2):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    update = supervised_training_step(net, opt, lambda logits, target: F.cross_entropy(logits, target) / ACCUM, gradient_accumulation_steps=ACCUM)
    engine = Engine(update)
    engine.run(batches, max_epochs=epochs)
    return engine.state.output
