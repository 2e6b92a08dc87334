import torch.nn.functional as F


class Trainer:
    def __init__(self, encoder, classifier, optimizer):
        self.encoder = encoder
        self.classifier = classifier
        self.optimizer = optimizer

    def fit(self, batches, epochs):
        for _ in range(epochs):
            for inputs, targets in batches:
                self.encoder.zero_grad()
                loss = F.cross_entropy(self.classifier(self.encoder(inputs)), targets)
                loss.backward()
                self.optimizer.step()
