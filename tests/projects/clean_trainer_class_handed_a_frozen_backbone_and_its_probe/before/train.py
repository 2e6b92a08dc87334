import torch
from torch import nn

from trainer import ProbeTrainer

backbone = nn.Sequential(nn.Linear(8, 32), nn.BatchNorm1d(32), nn.ReLU())
backbone.requires_grad_(False)
backbone.eval()  # frozen: its batch-norm statistics stay as pretrained
head = nn.Linear(32, 3)
batches = [(torch.randn(16, 8), torch.randint(0, 3, (16,))) for _ in range(10)]
trainer = ProbeTrainer(backbone, head, torch.optim.SGD(head.parameters(), lr=0.1), batches, batches[:2])
trainer.fit(20)
