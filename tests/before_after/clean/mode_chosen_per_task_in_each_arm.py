import torch
from torch import nn
from torch.nn import functional as F


class IncrementalLearner:
    def __init__(self, backbone, classifier):
        self.backbone = backbone
        self.classifier = classifier
        self.network = nn.Sequential(backbone, classifier)
        self.task_id = 0

    def learn(self, loader, optimizer, epochs):
        for epoch in range(epochs):
            if self.task_id == 0:
                self.network.train()
            else:
                # later tasks train the classifier alone on frozen features: batch norm and
                # dropout of the backbone stay in inference mode on purpose
                self.network.eval()
            for x, y in loader:
                if self.task_id == 0:
                    logits = self.network(x)
                else:
                    with torch.no_grad():
                        feats = self.backbone(x)
                    logits = self.classifier(feats)
                loss = F.cross_entropy(logits, y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
        self.task_id += 1
