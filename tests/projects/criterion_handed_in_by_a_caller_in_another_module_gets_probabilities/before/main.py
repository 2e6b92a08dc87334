import torch
import torch.nn as nn

from distill import distill_epoch

pupil = nn.Linear(12, 5)
mentor = nn.Linear(12, 5)
sgd = torch.optim.SGD(pupil.parameters(), lr=0.05)
batches = [(torch.randn(4, 12), torch.randint(0, 5, (4,))) for _ in range(4)]
soft_crit = nn.KLDivLoss(reduction="batchmean")
for round_no in range(3):
    distill_epoch(pupil, mentor, batches, soft_crit, nn.CrossEntropyLoss(), sgd)
