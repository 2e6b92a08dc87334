import torch


class NormClip:
    def __init__(self, limit):
        self.limit = limit

    def on_backward_end(self, engine):
        torch.nn.utils.clip_grad_norm_(engine.net.parameters(), self.limit)

    def on_step_end(self, engine):
        pass


class StepCounter:
    def __init__(self):
        self.count = 0

    def on_backward_end(self, engine):
        pass

    def on_step_end(self, engine):
        self.count += 1
