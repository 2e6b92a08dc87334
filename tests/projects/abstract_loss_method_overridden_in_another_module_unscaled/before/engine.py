class AccumulatingLoop:
    """Runs `chunks` micro-batches per optimizer step; subclasses say what the loss is."""

    chunks = 2

    def __init__(self, network, optimizer):
        self.network, self.optimizer = network, optimizer

    def compute_loss(self, features, target):
        raise NotImplementedError

    def fit_once(self, pairs):
        self.optimizer.zero_grad()
        for index, (features, target) in enumerate(pairs):
            loss = self.compute_loss(features, target)
            loss.backward()
            if (index + 1) % self.chunks == 0 or index + 1 == len(pairs):
                self.optimizer.step()
                self.optimizer.zero_grad()
