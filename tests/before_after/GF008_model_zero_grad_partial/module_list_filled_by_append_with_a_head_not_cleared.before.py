# The optimizer is built over a ModuleList filled by `append` with the encoder and a head;
# the loop clears only the encoder: the head's gradients pile up from batch to batch.
import torch
from torch import nn

encoder = nn.Sequential(nn.Linear(10, 16), nn.ReLU())
head = nn.Linear(16, 4)

trainable = nn.ModuleList()
trainable.append(encoder)
trainable.append(head)

criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(trainable.parameters(), lr=0.1, momentum=0.9, nesterov=True)
batches = [(torch.randn(5, 10), torch.randint(0, 4, (5,))) for _ in range(6)]

for epoch in range(3):
    for inputs, labels in batches:
        encoder.zero_grad()
        loss = criterion(head(encoder(inputs)), labels)
        loss.backward()
        optimizer.step()
