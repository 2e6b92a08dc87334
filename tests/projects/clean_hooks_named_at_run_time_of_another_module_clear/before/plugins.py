class ResetGrads:
    def on_batch_start(self, engine):
        engine.opt.zero_grad(set_to_none=True)

    def on_after_backward(self, engine):
        pass


class History:
    def __init__(self):
        self.seen = 0

    def on_batch_start(self, engine):
        self.seen += 1

    def on_after_backward(self, engine):
        pass
