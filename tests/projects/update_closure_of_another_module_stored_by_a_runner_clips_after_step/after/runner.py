class Runner:
    def __init__(self, update_fn, batches, max_steps):
        self.update = update_fn
        self.batches = batches
        self.max_steps = max_steps

    def run(self):
        done = 0
        losses = []
        while done < self.max_steps:
            inputs, targets = self.batches[done % len(self.batches)]
            losses.append(self.update(inputs, targets))
            done += 1
        return losses
