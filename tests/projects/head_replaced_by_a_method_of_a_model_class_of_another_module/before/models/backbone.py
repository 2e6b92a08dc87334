from torch import nn


class Backbone(nn.Module):
    def __init__(self, width=16, classes=100):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(8, width), nn.ReLU())
        self.width = width
        self.classifier = nn.Linear(width, classes)

    def reset_classifier(self, classes):
        self.classifier = nn.Linear(self.width, classes)

    def forward(self, x):
        return self.classifier(self.features(x))
