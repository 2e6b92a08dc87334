class WarmupCosine:
    def __init__(self, optimizer, epochs):
        self.optimizer = optimizer
        self.epochs = epochs
        self.count = 0

    def step(self):
        self.count += 1
