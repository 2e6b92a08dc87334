# The base loop's module says no gradient word: it only hands each batch to a method that
# subclasses write.
class Engine:
    def __init__(self, net, optimizer, batches):
        self.net, self.optimizer, self.batches = net, optimizer, batches

    def run(self, epochs):
        for epoch in range(epochs):
            for index, batch in enumerate(self.batches):
                self.handle(batch, index)
