# Ignite's `create_supervised_trainer` runs `loss_fn(model(x), y)` itself and backpropagates it.
# `Classifier.forward` ends with a softmax and the criterion is a cross-entropy, which applies
# its own log-softmax: the gradients shrink. The second trainer, built from
# `supervised_training_step`, trains a detector ending in `nn.Sigmoid()` with
# `BCEWithLogitsLoss`. No fix: the activation is a layer of the model.
import torch
import torch.nn as nn
import torch.nn.functional as F
from ignite.engine import Engine, Events, create_supervised_trainer, supervised_training_step


class Classifier(nn.Module):
    def __init__(self, width: int = 32, classes: int = 5):
        super().__init__()
        self.hidden = nn.Linear(16, width)
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        return F.softmax(self.head(torch.relu(self.hidden(x))), dim=-1)


def fit(loader, epochs: int = 4):
    clf = Classifier()
    optimizer = torch.optim.AdamW(clf.parameters(), lr=3e-4)
    loss = nn.CrossEntropyLoss(label_smoothing=0.1)
    engine = create_supervised_trainer(clf, optimizer, loss, device="cpu")

    @engine.on(Events.EPOCH_COMPLETED)
    def report(e):
        print(e.state.epoch, e.state.output)

    engine.run(loader, max_epochs=epochs)
    return clf


detector = nn.Sequential(nn.Linear(16, 8), nn.ReLU(), nn.Linear(8, 1), nn.Sigmoid())
det_opt = torch.optim.SGD(detector.parameters(), lr=0.05, momentum=0.9)
det_step = supervised_training_step(model=detector, optimizer=det_opt, loss_fn=nn.BCEWithLogitsLoss())
det_trainer = Engine(det_step)
