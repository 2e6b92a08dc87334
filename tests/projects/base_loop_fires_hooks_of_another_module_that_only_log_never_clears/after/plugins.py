import time


class Timer:
    def on_batch_start(self, engine):
        self.started = time.perf_counter()

    def on_after_backward(self, engine):
        engine.elapsed = time.perf_counter() - self.started


class History:
    def __init__(self):
        self.lrs = []

    def on_batch_start(self, engine):
        self.lrs.append(engine.opt.param_groups[0]["lr"])

    def on_after_backward(self, engine):
        pass
