class Plugin:
    def after_batch(self, runner):
        pass


class Warmup(Plugin):
    """Steps the rate schedule after every batch, listed after the update."""

    def __init__(self, schedule):
        self.schedule = schedule

    def after_batch(self, runner):
        self.schedule.step()


class ApplyUpdate(Plugin):
    def after_batch(self, runner):
        runner.opt.step()
