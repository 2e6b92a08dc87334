class Fitter:
    def __init__(self, model, optimizer, data, callbacks):
        self.model = model
        self.optimizer = optimizer
        self.data = data
        self.callbacks = callbacks

    def compute_loss(self, x, y):
        raise NotImplementedError

    def fit(self, steps):
        i = 0
        while i < steps:
            x, y = self.data[i % len(self.data)]
            for cb in self.callbacks:
                cb.before_batch(self)
            self.compute_loss(x, y).backward()
            self.optimizer.step()
            for cb in self.callbacks:
                cb.after_batch(self)
            i += 1
