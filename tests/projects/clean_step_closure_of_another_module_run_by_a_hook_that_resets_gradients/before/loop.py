class Loop:
    def __init__(self, step_fn, data, before_batch):
        self.step_fn = step_fn
        self.data = data
        self.before_batch = before_batch

    def run(self):
        for batch in self.data:
            self.before_batch()
            self.step_fn(batch)
