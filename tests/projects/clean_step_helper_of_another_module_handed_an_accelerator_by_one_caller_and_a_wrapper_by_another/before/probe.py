import torch

from steps import training_step


class Recorder:
    """Keeps the losses it is handed; the gradients stay as they were."""

    def __init__(self):
        self.seen = []

    def backward(self, loss):
        self.seen.append(float(loss))


def probe(model, optimizer, batches):
    rec = Recorder()
    for batch in batches:
        training_step(rec, model, optimizer, batch)
    return rec.seen
