import torch
import torch.nn as nn
from lightning_fabric import Fabric

fabric = Fabric(accelerator="cpu", devices=1)
encoder = nn.Sequential(nn.Linear(16, 32), nn.ReLU())
classifier = nn.Linear(32, 4)
encoder_opt = torch.optim.SGD(encoder.parameters(), lr=0.05, momentum=0.9)
classifier_opt = torch.optim.Adam(classifier.parameters(), lr=1e-3)
encoder, encoder_opt = fabric.setup(encoder, encoder_opt)
classifier, classifier_opt = fabric.setup(classifier, classifier_opt)


def train(loader, epochs):
    for epoch in range(epochs):
        for features, labels in loader:
            encoder_opt.zero_grad()
            classifier_opt.zero_grad()
            loss = nn.functional.cross_entropy(classifier(encoder(features)), labels)
            fabric.backward(loss)
            fabric.clip_gradients(encoder, encoder_opt, max_norm=1.0)  # the encoder's step is over
            encoder_opt.step()
            classifier_opt.step()
