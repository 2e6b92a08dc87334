# The model's class comes from its package, which re-exports it from nets/classifier.py; the
# loop runs the class's `fit_batch`, which steps the optimizer it is handed.
import torch

from nets import Classifier

model = Classifier()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(4)]
for epoch in range(3):
    for batch in batches:
        model.fit_batch(batch, optimizer)
