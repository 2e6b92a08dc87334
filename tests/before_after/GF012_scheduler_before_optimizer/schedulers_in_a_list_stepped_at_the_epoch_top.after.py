import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR, StepLR

encoder = nn.Linear(6, 12)
classifier = nn.Linear(12, 3)
enc_opt = torch.optim.SGD(encoder.parameters(), lr=0.05, momentum=0.9)
cls_opt = torch.optim.Adam(classifier.parameters(), lr=1e-3)
lr_schedulers = [StepLR(enc_opt, step_size=2), CosineAnnealingLR(cls_opt, T_max=6)]
data = [(torch.randn(5, 6), torch.randint(0, 3, (5,))) for _ in range(4)]

for epoch in range(6):
    for x, y in data:
        enc_opt.zero_grad(set_to_none=True)
        cls_opt.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(classifier(encoder(x)), y).backward()
        enc_opt.step()
        cls_opt.step()
    for sched in lr_schedulers:
        sched.step()
