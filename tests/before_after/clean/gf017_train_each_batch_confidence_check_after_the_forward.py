# The classifier is put in train mode at the top of every batch; a confidence check in eval
# mode runs after the training forward and before its backward. The backward goes through the
# graph built in train mode, and the next forward follows the next batch's `train()`.
import torch
from torch import nn
from torch.nn import functional as F


def confidence(model, inputs):
    model.eval()
    with torch.no_grad():
        probs = model(inputs).softmax(dim=1)
    return probs.max(dim=1).values.mean().item()


classifier = nn.Sequential(nn.Linear(10, 24), nn.BatchNorm1d(24), nn.Dropout(0.2), nn.ReLU(), nn.Linear(24, 4))
optimizer = torch.optim.Adam(classifier.parameters(), lr=1e-3)
batches = [(torch.randn(6, 10), torch.randint(0, 4, (6,))) for _ in range(8)]

for epoch in range(5):
    for index, (inputs, labels) in enumerate(batches):
        classifier.train()
        optimizer.zero_grad()
        scores = classifier(inputs)
        loss = F.cross_entropy(scores, labels)
        if epoch >= 2 and index % 3 == 0:
            print(epoch, index, confidence(classifier, inputs))
        loss.backward()
        optimizer.step()
