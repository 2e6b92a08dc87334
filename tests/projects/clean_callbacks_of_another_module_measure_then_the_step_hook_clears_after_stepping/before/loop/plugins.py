class Plugin:
    def after_backward(self, runner):
        pass

    def after_batch(self, runner):
        pass


class NormMeter(Plugin):
    """Records the gradient norm; the update's plugin clears after it steps."""

    def __init__(self):
        self.norms = []

    def after_backward(self, runner):
        total = 0.0
        for p in runner.net.parameters():
            if p.grad is not None:
                total += p.grad.norm().item() ** 2
        self.norms.append(total**0.5)


class ApplyUpdate(Plugin):
    def after_batch(self, runner):
        runner.opt.step()
        runner.opt.zero_grad(set_to_none=True)
