import torch
import torch.nn.functional as F

from models.backbone import Backbone

model = Backbone()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
model.reset_classifier(5)  # the new classifier is not in the optimizer
batches = [(torch.randn(4, 8), torch.randint(0, 5, (4,))) for _ in range(20)]
for epoch in range(2):
    for x, y in batches:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
