import torch
from torch import nn

from engine import Engine

classifier = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.2), nn.Linear(32, 3))
engine = Engine(classifier, torch.optim.Adam(classifier.parameters(), lr=1e-3))
batches = [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(12)]
held_out = batches[:2]
for epoch in range(5):
    for it, (inputs, labels) in enumerate(batches):
        engine.update(inputs, labels)
        if it % 4 == 3:
            print(epoch, it, engine.evaluate(*held_out[0]))
