class EpochHook:
    """Given the sampler once; called at the start of every epoch."""

    def __init__(self, sampler):
        self.sampler = sampler

    def __call__(self, epoch):
        self.sampler.set_epoch(epoch)

    def on_epoch_start(self, epoch):
        self(epoch)
