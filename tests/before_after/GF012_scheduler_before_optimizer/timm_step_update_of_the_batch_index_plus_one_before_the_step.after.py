import torch
import torch.nn as nn
from timm.scheduler import cosine_lr

head = nn.Sequential(nn.Linear(12, 12), nn.GELU(), nn.Linear(12, 3))
pairs = [(torch.randn(5, 12), torch.randint(0, 3, (5,))) for _ in range(8)]
n_epochs = 4
sgd = torch.optim.SGD(head.parameters(), lr=0.2, momentum=0.9)
cosine = cosine_lr.CosineLRScheduler(sgd, t_initial=n_epochs * len(pairs), warmup_t=4, warmup_lr_init=0.01, t_in_epochs=False)

for ep in range(n_epochs):
    for step, (inputs, labels) in enumerate(pairs):
        sgd.zero_grad(set_to_none=True)
        criterion = nn.functional.cross_entropy(head(inputs), labels)
        criterion.backward()
        sgd.step()
        cosine.step_update(num_updates=ep * len(pairs) + step + 1)
