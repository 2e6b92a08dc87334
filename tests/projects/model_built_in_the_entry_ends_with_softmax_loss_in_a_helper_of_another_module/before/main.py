import torch

from engine import train_one_epoch
from models import build_classifier

model = build_classifier()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(4, 8), torch.tensor([0, 1, 2, 3]))]
for epoch in range(3):
    train_one_epoch(model, optimizer, loader)
