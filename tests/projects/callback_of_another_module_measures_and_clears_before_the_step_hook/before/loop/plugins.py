class Plugin:
    def after_backward(self, runner):
        pass

    def after_batch(self, runner):
        pass


class NormMeter(Plugin):
    """Records the gradient norm, then resets the gradients: they are wiped before the update."""

    def __init__(self):
        self.norms = []

    def after_backward(self, runner):
        total = 0.0
        for p in runner.net.parameters():
            if p.grad is not None:
                total += p.grad.norm().item() ** 2
        self.norms.append(total**0.5)
        runner.opt.zero_grad(set_to_none=True)


class ApplyUpdate(Plugin):
    def after_batch(self, runner):
        runner.opt.step()
