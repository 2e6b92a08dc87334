class Worker:
    def __init__(self, fn, data):
        self.fn = fn
        self.data = data

    def work(self, rounds):
        history = []
        i = 0
        while i < rounds:
            inputs, targets = self.data[i % len(self.data)]
            history.append(self.fn(inputs, targets))
            i += 1
        return history
