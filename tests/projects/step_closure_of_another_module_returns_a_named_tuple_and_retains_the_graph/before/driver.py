class Driver:
    def __init__(self, update, samples):
        self.update = update
        self.samples = samples

    def go(self, rounds):
        reports = []
        n = 0
        while n < rounds:
            for sample in self.samples:
                reports.append(self.update(sample))
            n += 1
        return reports
