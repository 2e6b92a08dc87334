import torch
from torch import nn

from engine import train_one_epoch
from evaluation import evaluate

model = nn.Sequential(nn.Linear(4, 16), nn.Dropout(0.2), nn.Linear(16, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(4)]
for epoch in range(3):
    train_one_epoch(model, batches, optimizer, nn.CrossEntropyLoss())
    print(evaluate(model, batches))
    model.train()
