import torch
from torch import nn

from trainer import Trainer

net = nn.Sequential(nn.Linear(8, 32), nn.Dropout(0.3), nn.Linear(32, 3))
batches = [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(10)]
trainer = Trainer(net, torch.optim.SGD(net.parameters(), lr=0.1), batches, batches[:2])
trainer.fit(20)
